// floor-serial-queue and floor-global-queue: dispatch_async_f onto a serial queue per queue, or onto the
// default-priority global queue; the floors of `serial-queue` and `global-queue`.
#include "internal.h"

#include <errno.h>
#include <stdlib.h>

#if __APPLE__
#include <dispatch/dispatch.h>
#else
typedef struct dispatch_queue_s *dispatch_queue_t;
extern dispatch_queue_t dispatch_queue_create(const char *label, void *attributes);
extern dispatch_queue_t dispatch_get_global_queue(long identifier, unsigned long flags);
extern void dispatch_async_f(dispatch_queue_t queue, void *context, void (*work)(void *));
extern void dispatch_release(void *object);
#endif

static void floor_dispatch_queue(floor_job *job) {
    dispatch_async_f((dispatch_queue_t)job->queue, job, floor_iterate_context);
}

int floor_dispatch_create(floor_run *run, int serial) {
    for (long index = 0; index < run->made_count; index++) {
        dispatch_queue_t queue =
            serial ? dispatch_queue_create("ThreadingOverheads.floor-serial-queue", NULL)
                   : dispatch_get_global_queue(0, 0);
        if (queue == NULL) {
            return ENOMEM;
        }
        run->made[index] = (void *)queue;
    }
    run->mechanism = serial ? run : NULL;
    run->queue = floor_dispatch_queue;
    return 0;
}

void floor_dispatch_destroy(floor_run *run) {
    // Serial queues were made for the run; the global queue is the system's.
    if (run->mechanism == NULL) {
        return;
    }
    for (long index = 0; index < run->made_count; index++) {
        void *queue = run->made[index];
        if (queue != NULL) {
            dispatch_release(queue);
        }
    }
}
