// floor-detach-thread: pthread_create of a detached thread for every job; the floor of `detach-thread`. Unlike
// Foundation's Thread.start(), pthread_create says when it fails: the job then reports the error and the run fails.
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

static void *floor_detach_thread_main(void *job) {
    floor_iterate((floor_job *)job);
    return NULL;
}

static void floor_detach_thread_queue(floor_job *job) {
    pthread_t thread;
    int error = pthread_create(&thread, (pthread_attr_t *)job->run->mechanism, floor_detach_thread_main, job);
    if (error != 0) {
        job->run->report(job->run->context, error);
    }
}

int floor_detach_thread_create(floor_run *run) {
    pthread_attr_t *attributes = malloc(sizeof(pthread_attr_t));
    if (attributes == NULL) {
        return ENOMEM;
    }
    int error = pthread_attr_init(attributes);
    if (error == 0) {
        error = pthread_attr_setdetachstate(attributes, PTHREAD_CREATE_DETACHED);
    }
    if (error != 0) {
        free(attributes);
        return error;
    }
    run->mechanism = attributes;
    run->queue = floor_detach_thread_queue;
    return 0;
}

void floor_detach_thread_destroy(floor_run *run) {
    pthread_attr_destroy((pthread_attr_t *)run->mechanism);
    free(run->mechanism);
}
