import BenchResults
import JobRunners

/// What `bench` refuses, or leaves out, before it starts, rather than bring a machine down or run for hours.
///
/// - Threads: a runner that has threads of its own per queue (run-loop: 1; the detach runners: about 5) runs only
///   configurations that need at most ``maximumThreads`` of them at once; other cells of the sweep are left out,
///   with the reason printed. A sweep with nothing left to run is refused.
/// - Queues: at most ``maximumQueues`` per configuration, for any runner: each queue has a job and a runner of its
///   own in memory.
/// - Time: a sweep whose pessimistic estimate exceeds ``maximumEstimatedSeconds`` is refused unless given
///   `--allow-long`. The estimate takes every job of every run, warm-ups included, at its work (`--work`) plus
///   50 µs for a runner that starts a thread per job, 5 µs for one with threads per queue, and 1 µs for the
///   others: several times what they cost on the machines measured so far.
enum SweepLimits {
    static let maximumThreads = 1_024
    static let maximumQueues = 1_000_000
    static let maximumEstimatedSeconds = 3_600.0

    /// `plan` with the cells over the thread limit excluded; or why it cannot run at all.
    static func apply(to plan: SweepPlan, allowLong: Bool) throws(UsageError) -> SweepPlan {
        var plan = plan
        if let largest = plan.configurations.map(\.queues).max(), largest > maximumQueues {
            throw UsageError(
                "--queues \(largest) is more than bench runs (at most \(maximumQueues) queues: each has a job and a "
                    + "runner of its own in memory)")
        }
        for configuration in plan.configurations {
            for runner in plan.runners where runner.threadsPerQueue > 0 {
                let threads = configuration.queues * runner.threadsPerQueue
                if threads > maximumThreads {
                    plan.exclusions.append(
                        SweepPlan.Exclusion(
                            runner: runner, configuration: configuration,
                            reason: "\(configuration.queues) queues would have up to \(threads) threads of its own "
                                + "at once, over bench's limit of \(maximumThreads)"))
                }
            }
        }
        guard !Sweep(plan: plan).steps.isEmpty else {
            let reasons = plan.exclusions.map { "\($0.runner.id) at \($0.configuration): \($0.reason)" }
            throw UsageError("nothing to run: \(reasons.first ?? "no runs")")
        }
        let seconds = estimatedSeconds(plan)
        if seconds > maximumEstimatedSeconds, !allowLong {
            throw UsageError(
                "this sweep could take up to \(Progress.clockText(seconds)) (h:mm:ss, a pessimistic estimate), over "
                    + "bench's limit of \(Progress.clockText(maximumEstimatedSeconds)); add --allow-long to run it anyway")
        }
        return plan
    }

    /// A pessimistic estimate of how long `plan` takes, in seconds (see the type's description).
    static func estimatedSeconds(_ plan: SweepPlan) -> Double {
        Sweep(plan: plan).steps.reduce(0) { total, step in
            total + Double(step.configuration.jobs)
                * (pessimisticNanosecondsPerJob(step.runner) + Double(step.configuration.workNanoseconds)) / 1e9
        }
    }

    static func pessimisticNanosecondsPerJob(_ runner: RunnerKind) -> Double {
        if runner.startsThreadPerJob {
            return 50_000
        }
        return runner.threadsPerQueue > 0 ? 5_000 : 1_000
    }
}
