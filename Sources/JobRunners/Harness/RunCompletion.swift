import Foundation
import Synchronization

/// Collects the completion reports of one run's jobs and lets the harness wait for them, blocking, with a
/// watchdog.
final class RunCompletion: @unchecked Sendable {
    // Every stored property below but `abandoned` (an atomic) is read and written only with `condition`'s lock held.
    private let condition = NSCondition()
    private let expectedReports: Int
    private var reports = 0
    private var killReasons: [String] = []
    private var lastReportAt: ContinuousClock.Instant?
    /// Set once a job has been killed: the run will fail, so its other jobs need not go on. An atomic apart from
    /// the lock, because runners read it on their hot path.
    private let abandoned = Atomic<Bool>(false)

    /// What waiting for a run ended with.
    enum Outcome: Equatable {
        /// Every job reported; the instant is that of the last report, which ends the timed region.
        case completed(at: ContinuousClock.Instant)
        /// Nothing progressed for the stall timeout.
        case stalled
    }

    init(jobs: Int) {
        expectedReports = jobs
    }

    // Not inlined: a job reports once, after its last iteration, and inlined into the job's hot path, the report's
    // clock reading (a ContinuousClock.Instant, whose size the compiler learns only at run time) made every
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
        let now = ContinuousClock.now
        condition.withLock {
            if let reason {
                killReasons.append(reason)
            }
            reports += 1
            lastReportAt = now
            if reports >= expectedReports {
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
            while reports < expectedReports {
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
            // `reports` is at least 1 here, so `lastReportAt` is set.
            return .completed(at: lastReportAt ?? .now)
        }
    }
}
