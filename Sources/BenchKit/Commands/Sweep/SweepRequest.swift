import BenchResults
import Foundation
import JobRunners

/// What `bench` without a subcommand is asked: a sweep of `plan`.
struct SweepRequest: Invocation, Equatable {
    var options: SweepOptions
    var plan: SweepPlan
    /// Where its runs are made.
    var placement: RunPlacement

    var needsMainThread: Bool {
        plan.needsMainThread
    }

    func run(_ context: CommandContext) -> ExitCode {
        SweepCommand.run(self, catalogue: context.catalogue, console: context.console, executable: context.executable)
    }
}

/// What `bench --input FILE` is asked: the summary of a sweep's result file, measuring nothing.
struct SummaryRequest: Invocation, Equatable {
    var options: SweepOptions

    func run(_ context: CommandContext) -> ExitCode {
        SweepCommand.summarize(options, catalogue: context.catalogue, console: context.console)
    }
}
