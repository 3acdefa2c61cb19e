import Foundation

/// Times one run of the experiment: N queues, each running M iterations of a job that re-queues itself.
public enum Experiment {
    /// Runs `configuration` once on runners of `kind`.
    ///
    /// Setup (making runners and jobs) and teardown (``JobRunner/shutDown()``) are outside the timed region, which
    /// holds only the queuing of the first job on every runner and the wait for every job's completion report. The
    /// jobs are queued from a thread of their own (`QueuingThread`) while this thread waits with the watchdog.
    /// A run whose executed iterations (counted apart from the jobs) are not exactly queues × iterations is
    /// `failed`, never timed.
    ///
    /// With `countingAllocations`, where this build can count (``Allocations``), the run counts every allocation of
    /// the process from queuing the first job to the last job's completion, and samples no thread counts meanwhile
    /// (reading them allocates): a run made to count, whose time is not a timing to report.
    public static func run(
        _ kind: RunnerKind,
        configuration: RunConfiguration,
        settings: RunSettings = RunSettings(),
        countingAllocations: Bool = false
    ) -> RunOutcome {
        AllocationCounter.prepare()
        let startedAt = Date()
        let expectedIterations = configuration.handOffs
        let trial: any RunTrial
        do {
            trial = try kind.makeTrial(configuration: configuration, settings: settings)
        } catch {
            return RunOutcome(
                status: .failed, nanoseconds: nil, detail: "setup failed: \(error)", completedIterations: 0,
                startedAt: startedAt)
        }

        ProcessResources.resetPeakMemory()
        let usageBefore = ProcessResources.usage()
        var peakThreads = ProcessResources.threadCount()
        func countThreads() {
            if let count = ProcessResources.threadCount() {
                peakThreads = max(peakThreads ?? 0, count)
            }
        }

        // The timed region starts on the queuing thread, just before it queues the first job.
        let counting = countingAllocations && AllocationCounter.isAvailable
        let queuing = QueuingThread(queuingJobsOf: trial, countingAllocations: counting)
        let waited = trial.waitForCompletion(
            stallTimeout: settings.stallTimeout, sampleInterval: ProcessResources.threadSampleInterval,
            sample: counting ? {} : countThreads)
        let allocations = counting ? AllocationCounter.stop(jobs: configuration.jobs) : nil
        let usage = ProcessResources.usage() - usageBefore
        countThreads()
        let metrics = RunMetrics(
            cpuUserSeconds: usage.userSeconds, cpuSystemSeconds: usage.systemSeconds,
            voluntaryContextSwitches: usage.voluntaryContextSwitches,
            involuntaryContextSwitches: usage.involuntaryContextSwitches, peakThreads: peakThreads,
            maxRSSBytes: ProcessResources.peakMemoryBytes())
        let start = queuing.startInstant
        let queued = queuing.waitUntilDone(timeout: waited == .stalled ? .zero : settings.stallTimeout)
        let queuingReturned = queued != nil

        // Teardown first, so that anything still running after completion was reported shows in the count.
        trial.shutDown()
        let executed = trial.executedIterations
        let completion = trial.completion
        func outcome(_ status: RunOutcome.Status, _ detail: String, nanoseconds: Int64? = nil) -> RunOutcome {
            // Submitting ends when the producer returns, or with the run if that is sooner: a producer that runs
            // each job itself as it submits it (single-threaded, null) returns after the last job is done.
            var submitted: Int64?
            if status == .ok, configuration.shape == .fanOut, let start, let queued, let nanoseconds {
                submitted = min(MonotonicClock.nanoseconds(from: start, to: queued), nanoseconds)
            }
            return RunOutcome(
                status: status, nanoseconds: nanoseconds, detail: detail, completedIterations: executed,
                startedAt: startedAt, metrics: metrics, workSpins: trial.workSpins,
                spinsPerMicrosecond: trial.workSpins > 0 ? Work.spinsPerMicrosecond : nil,
                latency: status == .ok ? trial.latency : nil, submitNanoseconds: submitted,
                allocations: status == .ok ? allocations : nil)
        }

        guard case .completed(let end) = waited, let start else {
            if start == nil {
                return outcome(
                    .failed,
                    "the thread that queues the jobs never started (no thread could be created?); "
                        + "\(executed) of \(expectedIterations) iterations ran")
            }
            let blocked = queuingReturned ? "" : "; queuing the jobs never returned (no thread could be created?)"
            return outcome(
                .stalled,
                "no iteration completed for \(settings.stallTimeout.secondsText) s; "
                    + "\(executed) of \(expectedIterations) iterations ran\(blocked)")
        }
        let killed = completion.killedJobReasons
        if let reason = killed.first {
            let more = killed.count > 1 ? " (\(killed.count) jobs killed)" : ""
            return outcome(.failed, reason + more)
        }
        let reports = completion.reportCount
        let expectedReports = configuration.shape.completionReports(configuration)
        guard reports == expectedReports else {
            return outcome(.failed, "\(reports) completion reports for \(expectedReports) jobs")
        }
        guard executed == expectedIterations else {
            let problem =
                executed > expectedIterations
                ? "an iteration ran twice or after its job completed" : "iterations were lost"
            return outcome(.failed, "executed \(executed) iterations, expected \(expectedIterations): \(problem)")
        }
        return outcome(.ok, "", nanoseconds: MonotonicClock.nanoseconds(from: start, to: end))
    }
}
