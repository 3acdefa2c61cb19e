import Foundation

/// The thread that queues a run's jobs, apart from the thread that waits for them.
///
/// Queuing can block. When libdispatch cannot create a worker thread, `DispatchQueue.async` sleeps a second and
/// retries, forever, inside the call; verified-detach waits for every new thread to start. Queuing on a thread of
/// its own leaves the waiting thread free to run the watchdog, so such a run ends as `stalled` instead of hanging
/// the sweep. The thread reads the clock that starts the timed region just before it queues the first job.
final class QueuingThread: Sendable {
    private let start = Latch<ContinuousClock.Instant>()
    /// The instant queuing returned.
    private let done = Latch<ContinuousClock.Instant>()

    /// Starts a thread that reads the clock and queues every job of `trial`.
    init(queuingJobsOf trial: any RunTrial) {
        let thread = Thread { [start, done] in
            start.set(.now)
            trial.queueJobs()
            done.set(.now)
        }
        thread.name = "queuing jobs"
        thread.start()
    }

    /// The instant the timed region started; nil if the thread has not started (it never will if the system could
    /// not create it: Foundation's `Thread.start()` then fails silently).
    var startInstant: ContinuousClock.Instant? {
        start.current
    }

    /// Waits up to `timeout` for the thread to have queued every job; returns the instant it had, nil if not yet.
    func waitUntilDone(timeout: Duration) -> ContinuousClock.Instant? {
        done.wait(timeout: timeout)
    }
}
