import BenchResults
import JobRunners

/// The options of a plain `bench` sweep.
public struct SweepOptions: CommandOptions {
    public var run = RunOptions()
    public var format = OutputFormat.table
    /// Where to write the summary CSV, if anywhere.
    public var summaryPath: String?
    /// Show what the runs cost the machine (CPU time, context switches, threads, memory) in the summary.
    public var showsMetrics = false
    /// Show seconds per run, each cell's spread and latency, and every warning of every cell in the summary.
    public var isVerbose = false

    public init() {}
}

extension SweepCommand {
    static let format = SharedOption.format(
        \SweepOptions.format,
        help: "What goes to standard output: \(SharedOption.formatList). table and markdown: runners by "
            + "configurations, the cost per job with its uncertainty, its ratio to single-threaded and to each "
            + "runner's C floor, latency and modes where measured, and the warnings that call for action; csv: the "
            + "summary CSV, every statistic and warning of every cell; json: the same with every sample.")
    static let summary = Option<SweepOptions>(
        "summary", value: "path",
        help: "Also write the summary CSV (one row per runner and configuration: min, p25, median, p75, p90, max, "
            + "mean, standard deviation, CV, …).",
        \.summaryPath,
        ValueParser(
            parse: { text, option throws(UsageError) in
                guard text != "-" else {
                    throw UsageError(
                        "'--\(option)' needs a file path (the summary goes to standard output with "
                            + "\(format.flag) csv)")
                }
                return try ValueParser<String>.text(valueName: "path").parse(text, option)
            },
            text: { $0 }, describe: { $0 }))
    static let verbose = Option<SweepOptions>.flag(
        "verbose",
        help: "Also show median seconds per run (and the 2010 table's layout), each cell's spread and latency "
            + "percentiles, and every warning of every cell.",
        \.isVerbose)
    static let metrics = SharedOption.metrics(
        \SweepOptions.showsMetrics,
        help: "Show what the runs cost the machine: CPU time and context switches per job, peak threads, peak memory "
            + "(always recorded in the CSV).")

    /// `bench`'s arguments and options, in the order the help lists them.
    static let definition = CommandDefinition<SweepOptions>(
        subcommand: nil, arguments: "",
        options: [
            RunOption.shapes, RunOption.queues, RunOption.iterations, RunOption.jobs, RunOption.work,
            RunOption.latency, RunOption.runners, RunOption.repetitions, RunOption.budget, RunOption.precision, RunOption.warmup, RunOption.seed,
            RunOption.output,
        ].map { $0.lifted(\SweepOptions.run) }
            + [format, summary, metrics, verbose]
            + [
                RunOption.isolate, RunOption.quiet, RunOption.allowLong, RunOption.verifyTimeout,
                RunOption.stallTimeout,
            ].map { $0.lifted(\SweepOptions.run) })

    /// The sweep a command line asks for: its options and its plan, within bench's limits.
    static func command(
        _ options: SweepOptions, arguments: [String], catalogue: RunnerCatalogue
    ) throws(UsageError) -> Command {
        if let unexpected = arguments.first {
            throw UsageError("Unexpected argument '\(unexpected)'")
        }
        let plan = try options.run.plan(cells: try options.run.cells(in: catalogue))
        return .sweep(options, plan)
    }

    /// The arguments of a child process that makes the recorded run of `step` (`--isolate`): a sweep of its runner
    /// in its configuration, the plan's warm-ups and one recorded repetition, its CSV on standard output.
    static func childArguments(for step: SweepPlan.Step, of plan: SweepPlan) -> [String] {
        var child = SweepOptions()
        child.run.runners = [step.runner.id]
        child.run.shapes = [step.configuration.shape]
        child.run.latency = step.configuration.measuresLatency && step.configuration.shape == .chain
        child.run.queues = [step.configuration.queues]
        child.run.iterations = [step.configuration.iterations]
        child.run.work = [step.configuration.workNanoseconds]
        child.run.repetitions = 1
        if case .runs(let count) = plan.warmup {
            child.run.warmup = count
        }
        child.run.verifyTimeout = plan.settings.verifyTimeout
        child.run.stallTimeout = plan.settings.stallTimeout
        child.run.output = .standardOutput
        child.run.quiet = true
        // The parent's plan is within its limits, or it was allowed beyond them.
        child.run.allowLong = true
        return definition.arguments(for: child)
    }
}
