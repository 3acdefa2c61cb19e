// floor-mutex: contention on one pthread mutex. A sender thread per queue, made before the run and released when
// its job is queued, sends its messages one after another: each takes the mutex, increments a shared value and
// releases it. The floor of `mutex`; it runs only contention.
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct floor_sender {
    pthread_t thread;
    pthread_cond_t released_changed;
    // Guarded by the lock's gate:
    int released;
} floor_sender;

typedef struct floor_lock {
    /// The contended mutex, and the value it guards.
    pthread_mutex_t mutex;
    long value;
    /// Guards the senders' `released`, `ready` and `stopping`.
    pthread_mutex_t gate;
    pthread_cond_t ready_changed;
    long ready;
    int stopping;
    long created;
    floor_sender *senders;
} floor_lock;

typedef struct floor_sender_start {
    floor_lock *lock;
    floor_job *job;
    floor_sender *sender;
} floor_sender_start;

static void *floor_sender_main(void *argument) {
    floor_sender_start start = *(floor_sender_start *)argument;
    free(argument);
    floor_lock *lock = start.lock;
    floor_job *job = start.job;
    pthread_mutex_lock(&lock->gate);
    lock->ready += 1;
    pthread_cond_broadcast(&lock->ready_changed);
    while (!start.sender->released && !lock->stopping) {
        pthread_cond_wait(&start.sender->released_changed, &lock->gate);
    }
    int go = start.sender->released;
    pthread_mutex_unlock(&lock->gate);
    if (!go) {
        return NULL;
    }
    // A message is two hand-offs, as in the other runners' contention: to the value, under the mutex, and back.
    while (job->remaining > 1) {
        long sent = job->remaining - 1;
        if (latency_starts(job->latency_plan, sent)) {
            latency_start(job->latency);
        }
        pthread_mutex_lock(&lock->mutex);
        lock->value += 1;
        atomic_fetch_add_explicit(&job->executed, 1, memory_order_relaxed);
        if (job->work_spins > 0) {
            floor_spin(job->work_spins);
        }
        pthread_mutex_unlock(&lock->mutex);
        atomic_fetch_add_explicit(&job->executed, 1, memory_order_relaxed);
        if (job->work_spins > 0) {
            floor_spin(job->work_spins);
        }
        job->remaining -= 2;
        if (latency_ends(job->latency_plan, job->remaining)) {
            latency_end(job->latency);
        }
    }
    job->run->report(job->run->context, 0);
    return NULL;
}

/// Releases the sender of `job`: the start of its messages.
static void floor_mutex_queue(floor_job *job) {
    floor_lock *lock = job->run->mechanism;
    floor_sender *sender = &lock->senders[job - job->run->jobs];
    pthread_mutex_lock(&lock->gate);
    sender->released = 1;
    pthread_cond_signal(&sender->released_changed);
    pthread_mutex_unlock(&lock->gate);
}

/// Tells every sender not yet released to leave, and waits for all to end.
static void floor_mutex_stop(floor_lock *lock) {
    pthread_mutex_lock(&lock->gate);
    lock->stopping = 1;
    for (long index = 0; index < lock->created; index++) {
        pthread_cond_signal(&lock->senders[index].released_changed);
    }
    pthread_mutex_unlock(&lock->gate);
    for (long index = 0; index < lock->created; index++) {
        pthread_join(lock->senders[index].thread, NULL);
        pthread_cond_destroy(&lock->senders[index].released_changed);
    }
    pthread_mutex_destroy(&lock->mutex);
    pthread_mutex_destroy(&lock->gate);
    pthread_cond_destroy(&lock->ready_changed);
    free(lock->senders);
    free(lock);
}

int floor_mutex_create(floor_run *run) {
    if (run->shape != floor_contention) {
        return EINVAL;
    }
    floor_lock *lock = calloc(1, sizeof(floor_lock));
    floor_sender *senders = calloc((size_t)run->queues, sizeof(floor_sender));
    if (lock == NULL || senders == NULL) {
        free(lock);
        free(senders);
        return ENOMEM;
    }
    lock->senders = senders;
    pthread_mutex_init(&lock->mutex, NULL);
    pthread_mutex_init(&lock->gate, NULL);
    pthread_cond_init(&lock->ready_changed, NULL);
    int error = 0;
    for (long index = 0; index < run->queues && error == 0; index++) {
        floor_sender_start *start = malloc(sizeof(floor_sender_start));
        if (start == NULL) {
            error = ENOMEM;
            break;
        }
        *start = (floor_sender_start){lock, &run->jobs[index], &senders[index]};
        pthread_cond_init(&senders[index].released_changed, NULL);
        error = pthread_create(&senders[index].thread, NULL, floor_sender_main, start);
        if (error != 0) {
            pthread_cond_destroy(&senders[index].released_changed);
            free(start);
        } else {
            lock->created += 1;
        }
    }
    // Every sender waits at its gate before the run starts, so that none is still being scheduled when it begins.
    error = floor_wait_started(error, &lock->gate, &lock->ready_changed, &lock->ready, lock->created);
    if (error != 0) {
        floor_mutex_stop(lock);
        return error;
    }
    run->mechanism = lock;
    run->queue = floor_mutex_queue;
    return 0;
}

void floor_mutex_destroy(floor_run *run) {
    floor_mutex_stop(run->mechanism);
}
