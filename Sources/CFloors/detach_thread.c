// floor-detach-thread: pthread_create of a detached thread for every job; the floor of `detach-thread`. Unlike
// Foundation's Thread.start(), pthread_create says when it fails: the job then reports the error and the run fails.
#include "internal.h"

#include <errno.h>
#include <pthread.h>

// The attributes every job's thread is created with: made once for the process and never destroyed. A run cannot
// own them: a thread may still be inside pthread_create, which reads the attributes after the new thread is
// running (glibc checks their flags again after clone), when that new thread's job is the run's last, the run ends
// and is torn down. Attributes freed at teardown were then read after free: glibc aborted the process with
// "create_thread: Assertion `*stopped_start' failed" in a default sweep.
static pthread_attr_t floor_detached_attributes;
static int floor_detached_attributes_error;
static pthread_once_t floor_detached_attributes_once = PTHREAD_ONCE_INIT;

static void floor_make_detached_attributes(void) {
    int error = pthread_attr_init(&floor_detached_attributes);
    if (error == 0) {
        error = pthread_attr_setdetachstate(&floor_detached_attributes, PTHREAD_CREATE_DETACHED);
    }
    floor_detached_attributes_error = error;
}

static void *floor_detach_thread_main(void *job) {
    floor_iterate((floor_job *)job);
    return NULL;
}

static void floor_detach_thread_queue(floor_job *job) {
    pthread_t thread;
    int error = pthread_create(&thread, &floor_detached_attributes, floor_detach_thread_main, job);
    if (error != 0) {
        job->run->report(job->run->context, error);
    }
}

int floor_detach_thread_create(floor_run *run) {
    int error = pthread_once(&floor_detached_attributes_once, floor_make_detached_attributes);
    if (error != 0) {
        return error;
    }
    if (floor_detached_attributes_error != 0) {
        return floor_detached_attributes_error;
    }
    run->mechanism = NULL;
    run->queue = floor_detach_thread_queue;
    return 0;
}

void floor_detach_thread_destroy(floor_run *run) {
    // Nothing of the run's own to free: the attributes outlive every run (see above).
    (void)run;
}
