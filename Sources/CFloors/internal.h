// What the floor runners share: the job and the run. The few Dispatch and CoreFoundation functions they call are
// declared by the system headers on Apple platforms; on Linux those headers sit in the Swift toolchain, out of a C
// target's reach without an unsafe flag, so the file that calls them declares them (exported by libdispatch and
// Foundation) with the same C signatures.
#ifndef THREADING_OVERHEADS_FLOORS_INTERNAL_H
#define THREADING_OVERHEADS_FLOORS_INTERNAL_H

#include "CFloors.h"
#include <stdatomic.h>

/// One queue's job. Aligned to its own cache lines, so that jobs on different threads don't share one.
typedef struct floor_job {
    _Alignas(THREADING_OVERHEADS_CACHE_LINE) _Atomic long executed;
    long remaining;
    long work_spins;
    floor_run *run;
    /// The mechanism's part of the job's queue: a serial queue, a run-loop worker, a FIFO.
    void *queue;
    /// In ping-pong, the other party's queue, swapped with `queue` at every hand-off; NULL in a chain.
    void *partner;
    /// Which hand-offs are timed (latency_plan_none unless the run samples latency), and the samples.
    latency_plan latency_plan;
    latency_sampler *latency;
} floor_job;

struct floor_run {
    floor_kind kind;
    long queues;
    /// Queues of the mechanism per job: 1, or 2 in ping-pong (floor_party).
    long parties;
    floor_job *jobs;
    floor_report report;
    void *context;
    /// Hands `job` to the mechanism, which must call floor_iterate(job) once for it.
    void (*queue)(floor_job *job);
    /// The mechanism's state for the whole run.
    void *mechanism;
};

/// One iteration: the relaxed increment that counts it, the job's work, then the job queued again or reported.
void floor_iterate(floor_job *job);

/// Where the mechanism's queue number `index` (0 to queues × parties − 1) is kept: a job's `queue` or `partner`.
void **floor_party(floor_run *run, long index);

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

#endif
