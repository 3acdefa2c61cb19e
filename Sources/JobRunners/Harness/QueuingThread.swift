import Foundation

/// The thread that queues a run's jobs, apart from the thread that waits for them.
///
/// Queuing can block. When libdispatch cannot create a worker thread, `DispatchQueue.async` sleeps a second and
/// retries, forever, inside the call; verified-detach waits for every new thread to start. Queuing on a thread of
/// its own leaves the waiting thread free to run the watchdog, so such a run ends as `stalled` instead of hanging
/// the sweep. The thread reads the clock that starts the timed region (``MonotonicClock``) just before it queues the
/// first job.
final class QueuingThread: Sendable {
    /// The clock's reading as queuing began, in nanoseconds (``MonotonicClock``).
    private let start = Latch<UInt64>()
    /// The clock's reading as queuing returned.
    private let done = Latch<UInt64>()

    /// Starts a thread that reads the clock and queues every job of `trial`; if `countingAllocations`, it starts the
    /// process's allocation counter first (``AllocationCounter``), which the waiting thread stops.
    init(queuingJobsOf trial: any RunTrial, countingAllocations: Bool = false) {
        let thread = Thread { [start, done] in
            if countingAllocations {
                AllocationCounter.start()
            }
            start.set(MonotonicClock.now())
            trial.queueJobs()
            done.set(MonotonicClock.now())
        }
        thread.name = "queuing jobs"
        thread.start()
    }

    /// The clock's reading as the timed region started; nil if the thread has not started (it never will if the
    /// system could not create it: Foundation's `Thread.start()` then fails silently).
    var startInstant: UInt64? {
        start.current
    }

    /// Waits up to `timeout` for the thread to have queued every job; returns the clock's reading when it had, nil
    /// if not yet.
    func waitUntilDone(timeout: Duration) -> UInt64? {
        done.wait(timeout: timeout)
    }
}
