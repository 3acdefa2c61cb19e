import Foundation
import Synchronization

/// Collects the completion reports of one run's jobs and lets the harness wait for them, blocking, with a
/// watchdog.
final class RunCompletion: @unchecked Sendable {
    // Every stored property below but `abandoned` and `outstanding` (atomics) is read and written only with
    // `condition`'s lock held.
    private let condition = NSCondition()
    private let expectedReports: Int
    /// Reports still to come (below 0 once a job has reported twice). Counted down without the lock, so that a
    /// report costs one atomic decrement: only the last, any beyond it and a killed job's take the lock, and only
    /// the last reads the clock. In fan-out every job reports, and a lock and a clock read each (about 65 ns
    /// here) were a third of the cheapest runners' cost per job.
    private let outstanding: Atomic<Int>
    private var killReasons: [String] = []
    /// The clock's reading (``MonotonicClock``) at the last expected report: the end of the timed region.
    private var lastReportAt: UInt64?
    /// Set once a job has been killed: the run will fail, so its other jobs need not go on. An atomic apart from
    /// the lock, because runners read it on their hot path.
    private let abandoned = Atomic<Bool>(false)

    /// What waiting for a run ended with.
    enum Outcome: Equatable {
        /// Every job reported; the reading of ``MonotonicClock`` at the last report, which ends the timed region.
        case completed(at: UInt64)
        /// Nothing progressed for the stall timeout.
        case stalled
    }

    init(jobs: Int) {
        expectedReports = jobs
        outstanding = Atomic(jobs)
    }

    /// Reports so far.
    private var reports: Int {
        expectedReports - outstanding.load(ordering: .acquiring)
    }

    // Not inlined: a job reports once, after its last iteration, and inlined into the job's hot path, the report's
    // clock reading (then a ContinuousClock.Instant, whose size the compiler learns only at run time) made every
    // iteration set up stack space for it, about 20 instructions an iteration for nothing.
    @inline(never)
    func jobFinished() {
        report(killedBecause: nil)
    }

    @inline(never)
    func jobKilled(reason: String) {
        report(killedBecause: reason)
    }

    /// Whether a job of the run has been killed, so that the run will be reported `failed` whatever the others do.
    var isAbandoned: Bool {
        abandoned.load(ordering: .relaxed)
    }

    private func report(killedBecause reason: String?) {
        if reason != nil {
            abandoned.store(true, ordering: .relaxed)
        }
        let left = outstanding.subtract(1, ordering: .acquiringAndReleasing).newValue
        guard left <= 0 || reason != nil else {
            return
        }
        let now = MonotonicClock.now()
        condition.withLock {
            if let reason {
                killReasons.append(reason)
            }
            if left == 0 {
                lastReportAt = now
            }
            if left <= 0 {
                condition.broadcast()
            }
        }
    }

    /// Reasons given by jobs that were killed, in the order they were reported.
    var killedJobReasons: [String] {
        condition.withLock { killReasons }
    }

    /// Completion reports received; more than the number of jobs means a job reported twice.
    var reportCount: Int {
        condition.withLock { reports }
    }

    /// Blocks until every job has reported, or until `progress` (a count that grows while the run makes progress)
    /// and the reports have both stood still for `stallTimeout`; calls `sample` every `sampleInterval` meanwhile.
    ///
    /// It never spins: it sleeps on the condition, waking to sample and, every quarter of the stall timeout, to
    /// look at `progress`, so a stall is declared between 1 and 1.25 stall timeouts after the last progress.
    func wait(
        stallTimeout: Duration,
        sampleInterval: Duration,
        progress: () -> Int,
        sample: () -> Void
    ) -> Outcome {
        condition.withLock {
            let clock = ContinuousClock()
            var lastMark = progress() + reports
            var lastProgressAt = clock.now
            var nextCheck = lastProgressAt + stallTimeout / 4
            var nextSample = lastProgressAt + sampleInterval
            // Done once the last report has taken the lock and set the instant: counted down to 0 and not yet
            // there is not done, or the run would end at the waiter's clock.
            while lastReportAt == nil {
                let wakeAt = min(nextCheck, nextSample)
                if condition.wait(until: Date(timeIntervalSinceNow: (wakeAt - clock.now).timeInterval)) {
                    continue
                }
                let now = clock.now
                if now >= nextSample {
                    sample()
                    nextSample = now + sampleInterval
                }
                guard now >= nextCheck else {
                    continue
                }
                nextCheck = now + stallTimeout / 4
                let mark = progress() + reports
                if mark != lastMark {
                    lastMark = mark
                    lastProgressAt = now
                } else if now - lastProgressAt >= stallTimeout {
                    return .stalled
                }
            }
            return .completed(at: lastReportAt ?? MonotonicClock.now())
        }
    }
}
