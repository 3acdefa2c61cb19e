// What the floor runners share: the job and the run. The few Dispatch and CoreFoundation functions they call are
// declared by the system headers on Apple platforms; on Linux those headers sit in the Swift toolchain, out of a C
// target's reach without an unsafe flag, so the file that calls them declares them (exported by libdispatch and
// Foundation) with the same C signatures.
#ifndef THREADING_OVERHEADS_FLOORS_INTERNAL_H
#define THREADING_OVERHEADS_FLOORS_INTERNAL_H

#include "CFloors.h"
#include <pthread.h>
#include <stdatomic.h>

/// One queue's job. Aligned to its own cache lines, so that jobs on different threads don't share one.
typedef struct floor_job {
    _Alignas(THREADING_OVERHEADS_CACHE_LINE) _Atomic long executed;
    long remaining;
    long work_spins;
    floor_run *run;
    /// The mechanism's part of the job's queue: a serial queue, a run-loop worker, a FIFO.
    void *queue;
    /// In ping-pong and contention, the other party's queue, swapped with `queue` at every hand-off; NULL in a
    /// chain.
    void *partner;
    /// Which hand-offs are timed (latency_plan_none unless the run samples latency), and the samples.
    latency_plan latency_plan;
    latency_sampler *latency;
} floor_job;

struct floor_run {
    floor_kind kind;
    floor_shape shape;
    long queues;
    /// The queues the mechanism made (serial queues, run-loop workers, FIFOs): `made_count` of them, one per job
    /// in a chain, two per job in ping-pong, one per job and one shared in contention. floors.c hands them to the
    /// jobs once made, and the mechanism frees them from here (a job's own two are swapped at every hand-off).
    long made_count;
    void **made;
    floor_job *jobs;
    floor_report report;
    void *context;
    /// Hands `job` to the mechanism, which must call floor_iterate(job) once for it.
    void (*queue)(floor_job *job);
    /// The mechanism's state for the whole run.
    void *mechanism;
};

/// How long a floor waits for the threads it makes to start, in seconds, before it gives up (ETIMEDOUT).
#define FLOOR_START_TIMEOUT 10

/// Unless `error` is already set, waits up to FLOOR_START_TIMEOUT for `*count`, guarded by `lock` and announced on
/// `changed`, to reach `target`: the threads a floor made have started. 0, or the error.
int floor_wait_started(int error, pthread_mutex_t *lock, pthread_cond_t *changed, const long *count, long target);

/// The job's work: `count` steps of the same spin loop as the Swift runners' (Work).
void floor_spin(long count);

/// One iteration: the relaxed increment that counts it, the job's work, then the job queued again or reported.
void floor_iterate(floor_job *job);

/// floor_iterate, with the signature of a dispatch function.
void floor_iterate_context(void *job);

// Each mechanism: sets run->queue and run->mechanism, and frees what it made.
int floor_single_threaded_create(floor_run *run);
void floor_single_threaded_destroy(floor_run *run);
int floor_dispatch_create(floor_run *run, int serial);
void floor_dispatch_destroy(floor_run *run);
int floor_detach_thread_create(floor_run *run);
void floor_detach_thread_destroy(floor_run *run);
int floor_run_loop_create(floor_run *run);
void floor_run_loop_destroy(floor_run *run);
int floor_mutex_create(floor_run *run);
void floor_mutex_destroy(floor_run *run);
int floor_thread_pool_create(floor_run *run);
void floor_thread_pool_destroy(floor_run *run);

#endif
