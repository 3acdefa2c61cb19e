// floor-thread-pool: a fixed pool of worker threads, one per online core, sharing one FIFO of jobs guarded by a
// pthread mutex and condition variable, as `thread-pool` does; its floor, and the mutex-and-condition floor of
// ping-pong.
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct floor_pool {
    pthread_mutex_t lock;
    pthread_cond_t work_ready;
    pthread_cond_t started_changed;
    // Guarded by lock: a ring of queued jobs, and the pool's state.
    floor_job **entries;
    long capacity;
    long head;
    long count;
    int stopping;
    long started;
    // Set before the workers start, then only read.
    pthread_t *threads;
    long created;
} floor_pool;

static void *floor_pool_worker(void *argument) {
    floor_pool *pool = argument;
    pthread_mutex_lock(&pool->lock);
    pool->started += 1;
    pthread_cond_broadcast(&pool->started_changed);
    for (;;) {
        while (pool->count == 0 && !pool->stopping) {
            pthread_cond_wait(&pool->work_ready, &pool->lock);
        }
        if (pool->count == 0) {
            // Stopping, and nothing left to run.
            break;
        }
        floor_job *job = pool->entries[pool->head];
        pool->head = (pool->head + 1) % pool->capacity;
        pool->count -= 1;
        pthread_mutex_unlock(&pool->lock);
        floor_iterate(job);
        pthread_mutex_lock(&pool->lock);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

static void floor_pool_queue(floor_job *job) {
    floor_pool *pool = job->queue;
    pthread_mutex_lock(&pool->lock);
    // A job is queued only when it is not queued already, so the ring, one entry per job, never fills; if it did,
    // the job would be lost, its count would fall short and the run would fail.
    if (pool->count < pool->capacity) {
        pool->entries[(pool->head + pool->count) % pool->capacity] = job;
        pool->count += 1;
        pthread_cond_signal(&pool->work_ready);
    }
    pthread_mutex_unlock(&pool->lock);
}

/// Tells the workers to finish once the FIFO is empty, waits for them, and frees the pool.
static void floor_pool_stop(floor_pool *pool) {
    pthread_mutex_lock(&pool->lock);
    pool->stopping = 1;
    pthread_cond_broadcast(&pool->work_ready);
    pthread_mutex_unlock(&pool->lock);
    for (long index = 0; index < pool->created; index++) {
        pthread_join(pool->threads[index], NULL);
    }
    pthread_mutex_destroy(&pool->lock);
    pthread_cond_destroy(&pool->work_ready);
    pthread_cond_destroy(&pool->started_changed);
    free(pool->entries);
    free(pool->threads);
    free(pool);
}

int floor_thread_pool_create(floor_run *run) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long threads = cores > 0 ? cores : 1;
    floor_pool *pool = calloc(1, sizeof(floor_pool));
    floor_job **entries = calloc((size_t)run->queues, sizeof(floor_job *));
    pthread_t *handles = calloc((size_t)threads, sizeof(pthread_t));
    if (pool == NULL || entries == NULL || handles == NULL) {
        free(pool);
        free(entries);
        free(handles);
        return ENOMEM;
    }
    pool->entries = entries;
    pool->capacity = run->queues;
    pool->threads = handles;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->work_ready, NULL);
    pthread_cond_init(&pool->started_changed, NULL);
    int error = 0;
    for (long index = 0; index < threads && error == 0; index++) {
        error = pthread_create(&handles[index], NULL, floor_pool_worker, pool);
        if (error == 0) {
            pool->created += 1;
        }
    }
    error = floor_wait_started(error, &pool->lock, &pool->started_changed, &pool->started, pool->created);
    if (error != 0) {
        floor_pool_stop(pool);
        return error;
    }
    // Every queue of the run is the one pool.
    for (long index = 0; index < run->made_count; index++) {
        run->made[index] = pool;
    }
    run->mechanism = pool;
    run->queue = floor_pool_queue;
    return 0;
}

void floor_thread_pool_destroy(floor_run *run) {
    floor_pool_stop(run->mechanism);
}
