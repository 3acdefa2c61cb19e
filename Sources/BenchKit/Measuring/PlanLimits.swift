import BenchResults
import JobRunners

/// What `bench` refuses, or leaves out, before it starts, rather than bring a machine down or run for hours.
///
/// - Threads: a runner that has threads of its own per queue (run-loop: 1; the detach runners: about 5) runs only
///   configurations that need at most ``maximumThreads`` of them at once; other cells of the plan are left out,
///   with the reason printed, as are those of a shape the runner doesn't run. A plan with nothing left to run is
///   refused.
/// - Queues: at most ``maximumQueues`` per configuration, for any runner: each queue has a job and a runner of its
///   own in memory.
/// - Time: a plan whose pessimistic estimate exceeds ``maximumEstimatedSeconds`` is refused unless given
///   `--allow-long`. The estimate takes every hand-off of every run, the most warm-ups included, at its work (`--work`)
///   plus 50 µs for a runner that starts a thread per job, 5 µs for one with threads per queue, and 1 µs for the
///   others: several times what they cost on the machines measured so far. Under a budget, the runs are its
///   budget, or each cell's minimum runs if those cost more.
enum PlanLimits {
    static let maximumThreads = 1_024
    static let maximumQueues = 1_000_000
    static let maximumEstimatedSeconds = 3_600.0

    /// Leaves the cells over the thread limit out of `plan`; throws if the plan cannot run at all.
    static func apply(to plan: inout SweepPlan, allowLong: Bool) throws(UsageError) {
        if let largest = plan.configurations.map(\.queues).max(), largest > maximumQueues {
            throw UsageError(
                "\(RunOption.queues.flag) \(largest) is more than \(Program.name) runs (at most \(maximumQueues) queues: each "
                    + "has a job and a runner of its own in memory)")
        }
        plan.exclude { cell in
            let shape = cell.configuration.shape
            if let reason = cell.runner.reasonItCannotRun(shape) {
                return reason
            }
            let queues = shape.runners(queues: cell.configuration.queues)
            let threads = queues * cell.runner.traits.threadsPerQueue
            guard threads > maximumThreads else {
                return nil
            }
            return "up to \(threads) threads of its own at once, over \(Program.name)'s limit of \(maximumThreads)"
        }
        guard !plan.cells.isEmpty else {
            let reasons = plan.exclusions.map { "\($0.cell): \($0.reason)" }
            throw UsageError("nothing to run: \(reasons.first ?? "no runs")")
        }
        let seconds = estimatedSeconds(plan)
        if seconds > maximumEstimatedSeconds, !allowLong {
            throw UsageError(
                "this sweep could take up to \(Progress.clockText(seconds)) (h:mm:ss, a pessimistic estimate), over "
                    + "\(Program.name)'s limit of \(Progress.clockText(maximumEstimatedSeconds)); add "
                    + "\(RunOption.allowLong.flag) to run it anyway")
        }
    }

    /// A pessimistic estimate of how long `plan` takes, in seconds (see the type's description).
    static func estimatedSeconds(_ plan: SweepPlan) -> Double {
        let (most, warmups) = plan.mostRunsPerCell
        func seconds(_ cell: SweepPlan.Cell, _ configuration: RunConfiguration) -> Double {
            Double(configuration.handOffs)
                * (pessimisticNanosecondsPerJob(cell.runner.traits) + Double(configuration.workNanoseconds)) / 1e9
        }
        let perRun = plan.cells.map { seconds($0, $0.configuration) }
        let warming = plan.cells.map { seconds($0, $0.warmupShape) }.reduce(0, +) * Double(warmups)
        switch plan.sampling {
        case .repetitions:
            return warming + perRun.reduce(0, +) * Double(most)
        case .budget(let budget):
            return warming + max(budget.seconds, perRun.reduce(0, +) * Double(budget.minimumRuns))
        }
    }

    /// The cost per job the estimate assumes for a runner with `traits`.
    static func pessimisticNanosecondsPerJob(_ traits: RunnerKind.Traits) -> Double {
        if traits.startsThreadPerJob {
            return 50_000
        }
        return traits.threadsPerQueue > 0 ? 5_000 : 1_000
    }
}
