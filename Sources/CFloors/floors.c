#include "internal.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// The same spin loop as the Swift runners' work (xorshift steps), so that `--work` costs the same here.
__attribute__((noinline)) void floor_spin(long count) {
    uint64_t state = 0x9E3779B97F4A7C15ull;
    for (long step = 0; step < count; step++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
    }
    // An empty statement that claims to use the result, so the loop must be computed. A store only when the state
    // is 0 (which a xorshift state never is), as the Swift loop does, was not enough: clang removed the call.
    __asm__ __volatile__("" : : "r"(state));
}

void floor_iterate(floor_job *job) {
    if (latency_ends(job->latency_plan, job->remaining)) {
        latency_end(job->latency);
    }
    atomic_fetch_add_explicit(&job->executed, 1, memory_order_relaxed);
    if (job->remaining <= 0) {
        // Ran after its last iteration: the count exceeds queues × iterations and the run fails.
        return;
    }
    if (job->work_spins > 0) {
        floor_spin(job->work_spins);
    }
    job->remaining -= 1;
    if (job->remaining > 0) {
        if (latency_starts(job->latency_plan, job->remaining)) {
            latency_start(job->latency);
        }
        if (job->partner != NULL) {
            void *next = job->partner;
            job->partner = job->queue;
            job->queue = next;
        }
        job->run->queue(job);
    } else {
        job->run->report(job->run->context, 0);
    }
}

int floor_wait_started(int error, pthread_mutex_t *lock, pthread_cond_t *changed, const long *count, long target) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += FLOOR_START_TIMEOUT;
    pthread_mutex_lock(lock);
    while (error == 0 && *count < target) {
        error = pthread_cond_timedwait(changed, lock, &deadline);
    }
    pthread_mutex_unlock(lock);
    return error;
}

void floor_iterate_context(void *job) {
    floor_iterate((floor_job *)job);
}

/// Hands the queues the mechanism made to the jobs, as the run's shape says.
static void floor_assign_queues(floor_run *run) {
    for (long index = 0; index < run->queues; index++) {
        floor_job *job = &run->jobs[index];
        switch (run->shape) {
        case floor_chain:
            job->queue = run->made[index];
            break;
        case floor_ping_pong:
            job->queue = run->made[2 * index];
            job->partner = run->made[2 * index + 1];
            break;
        case floor_contention:
            job->queue = run->made[index];
            job->partner = run->made[run->queues];
            break;
        }
    }
}

floor_run *floor_run_create(
    floor_kind kind, floor_shape shape, long queues, long iterations, long work_spins, long latency_every,
    floor_report report, void *context, int *error) {
    long parties = shape == floor_chain ? 1 : 2;
    long made_count = shape == floor_chain ? queues : shape == floor_ping_pong ? 2 * queues : queues + 1;
    floor_run *run = calloc(1, sizeof(floor_run));
    void **made = calloc((size_t)made_count, sizeof(void *));
    floor_job *jobs = aligned_alloc(_Alignof(floor_job), sizeof(floor_job) * (size_t)queues);
    latency_sampler *samplers = NULL;
    if (latency_every > 0
        && posix_memalign((void **)&samplers, THREADING_OVERHEADS_CACHE_LINE, sizeof(latency_sampler) * (size_t)queues)
            != 0) {
        samplers = NULL;
    }
    if (run == NULL || made == NULL || jobs == NULL || (latency_every > 0 && samplers == NULL)) {
        free(run);
        free(made);
        free(jobs);
        free(samplers);
        *error = ENOMEM;
        return NULL;
    }
    memset(jobs, 0, sizeof(floor_job) * (size_t)queues);
    run->kind = kind;
    run->shape = shape;
    run->queues = queues;
    run->made_count = made_count;
    run->made = made;
    run->jobs = jobs;
    run->report = report;
    run->context = context;
    for (long index = 0; index < queues; index++) {
        atomic_init(&jobs[index].executed, 0);
        jobs[index].remaining = iterations;
        jobs[index].work_spins = work_spins;
        jobs[index].run = run;
        jobs[index].latency_plan = latency_plan_none;
        if (samplers != NULL) {
            memset(&samplers[index], 0, sizeof(latency_sampler));
            jobs[index].latency_plan = latency_plan_make(latency_every, parties, iterations);
            jobs[index].latency = &samplers[index];
        }
    }
    int result = 0;
    switch (kind) {
    case floor_single_threaded: result = floor_single_threaded_create(run); break;
    case floor_serial_queue: result = floor_dispatch_create(run, 1); break;
    case floor_global_queue: result = floor_dispatch_create(run, 0); break;
    case floor_detach_thread: result = floor_detach_thread_create(run); break;
    case floor_run_loop: result = floor_run_loop_create(run); break;
    case floor_mutex: result = floor_mutex_create(run); break;
    case floor_thread_pool: result = floor_thread_pool_create(run); break;
    }
    if (result != 0) {
        free(samplers);
        free(made);
        free(jobs);
        free(run);
        *error = result;
        return NULL;
    }
    floor_assign_queues(run);
    return run;
}

void floor_run_queue_jobs(floor_run *run) {
    for (long index = 0; index < run->queues; index++) {
        run->queue(&run->jobs[index]);
    }
}

long floor_run_executed(const floor_run *run) {
    long total = 0;
    for (long index = 0; index < run->queues; index++) {
        total += atomic_load_explicit(&run->jobs[index].executed, memory_order_relaxed);
    }
    return total;
}

void floor_run_latency(const floor_run *run, latency_histogram *histogram) {
    memset(histogram, 0, sizeof(latency_histogram));
    for (long index = 0; index < run->queues; index++) {
        if (run->jobs[index].latency != NULL) {
            latency_merge(histogram, &run->jobs[index].latency->histogram);
        }
    }
}

void floor_run_destroy(floor_run *run) {
    switch (run->kind) {
    case floor_single_threaded: floor_single_threaded_destroy(run); break;
    case floor_serial_queue:
    case floor_global_queue: floor_dispatch_destroy(run); break;
    case floor_detach_thread: floor_detach_thread_destroy(run); break;
    case floor_run_loop: floor_run_loop_destroy(run); break;
    case floor_mutex: floor_mutex_destroy(run); break;
    case floor_thread_pool: floor_thread_pool_destroy(run); break;
    }
    // The samplers are one allocation, the first job's.
    free(run->jobs[0].latency);
    free(run->made);
    free(run->jobs);
    free(run);
}
