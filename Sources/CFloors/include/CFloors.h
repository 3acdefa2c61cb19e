// The floor runners: minimal C versions of seven of bench's runners, with the same shape and the same timing and
// counting rules, to show how much of a Swift runner's cost is its mechanism's and how much is Swift's or the
// harness's.
#ifndef THREADING_OVERHEADS_FLOORS_H
#define THREADING_OVERHEADS_FLOORS_H

/// The bytes that keep data written by different threads apart, in the floors and in the Swift harness alike (Swift
/// reads it from here): 128, Apple Silicon's cache line, and on x86 the pair of 64-byte lines that its adjacent-line
/// prefetcher fetches together.
#define THREADING_OVERHEADS_CACHE_LINE 128

#include <stdint.h>

#include "monotonic_clock.h"

// MARK: Latency

/// A latency histogram of fixed size, so that recording allocates nothing: values in nanoseconds, exact below 32,
/// then 32 buckets per power of two (each under 3.2% wide) up to 2^41 ns (36 minutes); larger values go in the
/// last bucket. The largest value is kept exactly.
#define LATENCY_SUB_BUCKETS 32
#define LATENCY_BUCKETS (LATENCY_SUB_BUCKETS * 37)

typedef struct latency_histogram {
    uint64_t count;
    uint64_t max;
    uint32_t buckets[LATENCY_BUCKETS];
} latency_histogram;

/// Which of a job's hand-offs are timed: one queuing in `every` (a power of two, at least `cycle`), from the
/// queuing to the job's arrival back on the party that queued it, `cycle` hand-offs later (1 in a chain, where the
/// job comes back to its own queue: the enqueue-to-start delay; 2 in ping-pong: the round trip). Decided from the
/// job's count of hand-offs left alone, so that a hand-off that is not timed touches nothing the job doesn't
/// already (a sampler of its own, on cache lines the other party would otherwise have to fetch, cost thread-pool's
/// ping-pong 30% where this costs 8%). A sample starts on the job's own party (in contention, the sender), never on
/// the partner. A job of H hand-offs gets the multiples of `every` between cycle + offset and H − 1 + offset as
/// samples: ⌊(H − 1) / every⌋ in a chain, ⌊H / every⌋ with two parties. The Swift runners and the C floors share
/// this code.
typedef struct latency_plan {
    /// every − 1; all ones when nothing is timed.
    long mask;
    long cycle;
    /// The most hand-offs left at an arrival that ends a sample: H − cycle (earlier arrivals were queued by the
    /// harness, not timed).
    long last;
    /// cycle − 1: with two parties, a job leaves its own party with an odd count of hand-offs left.
    long offset;
} latency_plan;

/// What times nothing: no count of hand-offs left from 1 up matches the mask, nor is at most `last`.
static const latency_plan latency_plan_none = {-1, 1, -1, 0};

/// A job's timed samples: the start of the one under way, and the histogram of those done.
typedef struct latency_sampler {
    uint64_t stamp;
    latency_histogram histogram;
} latency_sampler;

/// The bucket of `nanoseconds`.
static inline long latency_bucket(uint64_t nanoseconds) {
    if (nanoseconds < LATENCY_SUB_BUCKETS) {
        return (long)nanoseconds;
    }
    long shift = 63 - __builtin_clzll(nanoseconds) - 5;
    long index = (shift + 1) * LATENCY_SUB_BUCKETS + (long)(nanoseconds >> shift) - LATENCY_SUB_BUCKETS;
    return index < LATENCY_BUCKETS ? index : LATENCY_BUCKETS - 1;
}

static inline void latency_record(latency_histogram *histogram, uint64_t nanoseconds) {
    histogram->count += 1;
    if (nanoseconds > histogram->max) {
        histogram->max = nanoseconds;
    }
    histogram->buckets[latency_bucket(nanoseconds)] += 1;
}

/// Whether a job queued with `remaining` hand-offs left (this one included) starts a sample: it will come back.
static inline int latency_starts(latency_plan plan, long remaining) {
    return ((remaining + plan.offset) & plan.mask) == 0 && remaining >= plan.cycle;
}

/// Whether a job arriving with `remaining` hand-offs left ends a sample: it was queued `cycle` hand-offs ago, with
/// remaining + cycle − 1 left, by the job itself.
static inline int latency_ends(latency_plan plan, long remaining) {
    return ((remaining + plan.cycle - 1 + plan.offset) & plan.mask) == 0 && remaining <= plan.last && remaining > 0;
}

static inline void latency_start(latency_sampler *sampler) {
    sampler->stamp = monotonic_clock_now();
}

static inline void latency_end(latency_sampler *sampler) {
    latency_record(&sampler->histogram, monotonic_clock_now() - sampler->stamp);
}

/// The plan of a job of `hand_offs`, timing one queuing in `every` (rounded up to a power of two, at least
/// `cycle`), each `cycle` hand-offs long.
latency_plan latency_plan_make(long every, long cycle, long hand_offs);

/// Adds `from`'s values to `into`.
void latency_merge(latency_histogram *into, const latency_histogram *from);

/// Adds the values `sampler` recorded to `into`.
void latency_merge_sampler(latency_histogram *into, const latency_sampler *sampler);

/// The `quantile` (0 to 1) of the histogram's values by nearest rank, as its bucket's middle, at most the largest
/// value; 0 for an empty histogram.
uint64_t latency_quantile(const latency_histogram *histogram, double quantile);

// MARK: Floor runs

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
    /// A sender thread per queue taking one pthread mutex per message, around an increment of a shared value
    /// (contention only).
    floor_mutex,
    /// A pool of worker threads, one per online core, sharing one FIFO under a pthread mutex and condition.
    floor_thread_pool,
} floor_kind;

/// How a run's jobs move between the mechanism's queues (the Swift side's `Shape`).
typedef enum floor_shape {
    /// Each job on a queue of its own, queuing itself again there.
    floor_chain,
    /// Each job alternating between two queues of its own.
    floor_ping_pong,
    /// Each job alternating between a queue of its own and one that all jobs share.
    floor_contention,
} floor_shape;

/// One run: N jobs of M iterations, each queuing itself again on its queue until its iterations run out.
typedef struct floor_run floor_run;

/// Called once per job when it ends, on the thread it ends on: `error` is 0 when the job ran all its iterations,
/// else the error that stopped it (pthread_create's).
typedef void (*floor_report)(void *context, int error);

/// Makes a run and what its mechanism needs (queues, worker threads). Not timed. NULL, with `*error` set, if the
/// mechanism cannot be set up.
///
/// Each job moves between the queues its `shape` gives it after every iteration; `iterations` counts its
/// hand-offs. With `latency_every` above 0, each job times one queuing in that many (latency_plan).
floor_run *floor_run_create(
    floor_kind kind, floor_shape shape, long queues, long iterations, long work_spins, long latency_every,
    floor_report report, void *context, int *error);

/// Queues every job's first iteration: the start of the timed region. Jobs then report through `report`.
void floor_run_queue_jobs(floor_run *run);

/// Iterations executed so far, summed over the jobs' counters (one relaxed atomic increment per iteration).
long floor_run_executed(const floor_run *run);

/// The jobs' latency samples, merged into `histogram`; empty without sampling.
void floor_run_latency(const floor_run *run, latency_histogram *histogram);

/// Stops the mechanism (worker threads) and frees the run. Not timed.
void floor_run_destroy(floor_run *run);

#endif
