// The floor runners: minimal C versions of five of bench's runners, with the same shape and the same timing and
// counting rules, to show how much of a Swift runner's cost is its mechanism's and how much is Swift's or the
// harness's.
#ifndef THREADING_OVERHEADS_FLOORS_H
#define THREADING_OVERHEADS_FLOORS_H

/// The bytes that keep data written by different threads apart, in the floors and in the Swift harness alike (Swift
/// reads it from here): 128, Apple Silicon's cache line, and on x86 the pair of 64-byte lines that its adjacent-line
/// prefetcher fetches together.
#define THREADING_OVERHEADS_CACHE_LINE 128

/// The mechanism of a floor run.
typedef enum floor_kind {
    /// A FIFO of function pointers (a ring buffer) drained on the calling thread.
    floor_single_threaded,
    /// `dispatch_async_f` onto one serial queue per queue.
    floor_serial_queue,
    /// `dispatch_async_f` onto the default-priority global queue.
    floor_global_queue,
    /// `pthread_create` of a detached thread for every job.
    floor_detach_thread,
    /// A worker thread per queue running its CFRunLoop; a job is delivered as `run-loop` delivers it,
    /// `CFRunLoopPerformBlock` + `CFRunLoopWakeUp`.
    floor_run_loop,
} floor_kind;

/// One run: N jobs of M iterations, each queuing itself again on its queue until its iterations run out.
typedef struct floor_run floor_run;

/// Called once per job when it ends, on the thread it ends on: `error` is 0 when the job ran all its iterations,
/// else the error that stopped it (pthread_create's).
typedef void (*floor_report)(void *context, int error);

/// Makes a run and what its mechanism needs (queues, worker threads). Not timed. NULL, with `*error` set, if the
/// mechanism cannot be set up.
floor_run *floor_run_create(
    floor_kind kind, long queues, long iterations, long work_spins, floor_report report, void *context,
    int *error);

/// Queues every job's first iteration: the start of the timed region. Jobs then report through `report`.
void floor_run_queue_jobs(floor_run *run);

/// Iterations executed so far, summed over the jobs' counters (one relaxed atomic increment per iteration).
long floor_run_executed(const floor_run *run);

/// Stops the mechanism (worker threads) and frees the run. Not timed.
void floor_run_destroy(floor_run *run);

#endif
