import BenchResults
import JobRunners

/// The options of `bench interleave`.
public struct InterleaveOptions: CommandOptions {
    /// The two bench executables: A, the baseline, then B.
    public var executables: [String] = []
    /// The plan (runners, configurations, budget…) both builds run, and where the rows go.
    public var run = RunOptions()
    public var threshold = Comparison.defaultThreshold
    public var format = OutputFormat.table
    public var color = ColorChoice.auto

    public init() {}
}

extension InterleaveCommand {
    /// The options that shape the plan, as bench's own.
    static let plan = [
        RunOption.shapes, RunOption.queues, RunOption.iterations, RunOption.jobs, RunOption.work, RunOption.latency,
        RunOption.runners, RunOption.repetitions, RunOption.budget(builds: 2),
        RunOption.precision.withHelp(
            "Under a budget, a cell stops once the 95% interval of its ratio B/A is within ± this of it."), RunOption.warmup,
        RunOption.seed, RunOption.output,
        RunOption.processes.withHelp(
            "Worker processes of each build at a time, that its runs are spread over; pair k of a cell runs in "
                + "worker k of A and worker k of B, both numbered from the cell's place, and the two retire together "
                + "for fresh ones, so that a cell's pairs come from many pairs of processes."),
        RunOption.quiet, RunOption.allowLong, RunOption.verifyTimeout, RunOption.stallTimeout,
    ].map { $0.lifted(\InterleaveOptions.run) }

    /// `bench interleave`'s arguments and options, in the order the help lists them.
    static let definition = CommandDefinition<InterleaveOptions>(
        subcommand: "interleave", arguments: "<bench-a> <bench-b>",
        options: plan
            + [
                SharedOption.threshold(\InterleaveOptions.threshold),
                SharedOption.format(
                    \InterleaveOptions.format,
                    help: "\(SharedOption.formatList): the builds compared cell by cell; csv and json a row each."),
                SharedOption.color(\InterleaveOptions.color),
            ])
}
