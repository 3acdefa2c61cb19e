// floor-single-threaded: a FIFO of function pointers, a ring buffer per queue, drained on the calling thread until
// it is empty, without recursion; the floor of `single-threaded`.
#include "internal.h"

#include <errno.h>
#include <stdlib.h>

typedef struct floor_entry {
    void (*perform)(floor_job *job);
    floor_job *job;
} floor_entry;

typedef struct floor_fifo {
    floor_entry *entries;
    long capacity;  // a power of two
    long head;
    long count;
    int draining;
} floor_fifo;

static int floor_fifo_grow(floor_fifo *fifo) {
    long capacity = fifo->capacity * 2;
    floor_entry *entries = malloc(sizeof(floor_entry) * (size_t)capacity);
    if (entries == NULL) {
        return ENOMEM;
    }
    for (long offset = 0; offset < fifo->count; offset++) {
        entries[offset] = fifo->entries[(fifo->head + offset) & (fifo->capacity - 1)];
    }
    free(fifo->entries);
    fifo->entries = entries;
    fifo->capacity = capacity;
    fifo->head = 0;
    return 0;
}

static void floor_single_threaded_queue(floor_job *job) {
    floor_fifo *fifo = job->queue;
    if (fifo->count == fifo->capacity && floor_fifo_grow(fifo) != 0) {
        // Out of memory: the job is lost, the count falls short and the run fails.
        return;
    }
    fifo->entries[(fifo->head + fifo->count) & (fifo->capacity - 1)] = (floor_entry){floor_iterate, job};
    fifo->count += 1;
    if (fifo->draining) {
        return;
    }
    fifo->draining = 1;
    while (fifo->count > 0) {
        floor_entry entry = fifo->entries[fifo->head];
        fifo->head = (fifo->head + 1) & (fifo->capacity - 1);
        fifo->count -= 1;
        entry.perform(entry.job);
    }
    fifo->draining = 0;
}

int floor_single_threaded_create(floor_run *run) {
    long count = run->made_count;
    floor_fifo *fifos = calloc((size_t)count, sizeof(floor_fifo));
    if (fifos == NULL) {
        return ENOMEM;
    }
    for (long index = 0; index < count; index++) {
        fifos[index].capacity = 16;
        fifos[index].entries = malloc(sizeof(floor_entry) * 16);
        if (fifos[index].entries == NULL) {
            for (long made = 0; made < index; made++) {
                free(fifos[made].entries);
            }
            free(fifos);
            return ENOMEM;
        }
        run->made[index] = &fifos[index];
    }
    run->mechanism = fifos;
    run->queue = floor_single_threaded_queue;
    return 0;
}

void floor_single_threaded_destroy(floor_run *run) {
    floor_fifo *fifos = run->mechanism;
    for (long index = 0; index < run->made_count; index++) {
        free(fifos[index].entries);
    }
    free(fifos);
}
