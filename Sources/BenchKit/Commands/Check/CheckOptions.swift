import BenchResults
import JobRunners

/// The options of `bench check`.
public struct CheckOptions: CommandOptions {
    /// For a fresh run: configurations, runs per cell, timeouts and where the rows go (its runners come from the
    /// checks, and no rows are written unless asked).
    public var run: RunOptions
    /// A result file to check instead of a fresh run.
    public var input: String?
    /// The confidence of each check's interval.
    public var confidence = CheckResult.defaultConfidence
    public var format = OutputFormat.table
    public var color = ColorChoice.auto

    public init() {
        run = RunOptions()
        run.recording.output = .none
    }

    /// How long a fresh run may measure undecided checks again, in seconds, where `--budget` does not say.
    public static let defaultBudget = 60.0
    /// Recorded runs per cell at each look, while no `--repetitions` fixes them: 6, then 12, 24 and 48 in all.
    public static let looks = [6, 12, 24, 48]
}

extension CheckCommand {
    static let input = SharedOption.input(\CheckOptions.input, help: "Check this result file instead of running.")
    static let confidence = Option<CheckOptions>(
        "confidence", value: "percent",
        help: "The confidence of each check's interval: a check holds or fails only if its interval lies wholly on "
            + "one side of its bound.",
        \.confidence, .confidence)
    static let budget = RunOption.budget.withHelp(
        "How long a fresh run may go on measuring the cells of checks not yet decided.",
        defaultText: ValueParser<Double>.secondsNumber.describe(CheckOptions.defaultBudget))
    static let repetitions = RunOption.repetitions.withHelp(
        "Recorded runs per cell, exactly, decided at once, instead of measuring more while undecided.")
    static let output = RunOption.output.withHelp(
        "Also write every run measured as a result file, or - for standard output (the verdicts then go to "
            + "standard error).")
    static let format = SharedOption.format(
        \CheckOptions.format,
        help: "\(SharedOption.formatList): table and markdown give a line per check and configuration, csv and "
            + "json a row each.")
    /// The options that shape a fresh run, which `--input` leaves nothing to do for.
    static let measuring = [
        RunOption.shapes, RunOption.queues, RunOption.iterations, RunOption.jobs, RunOption.work, repetitions, budget,
        RunOption.warmup, RunOption.seed, output, RunOption.processes, RunOption.isolate, RunOption.verifyTimeout,
        RunOption.stallTimeout,
    ].map { $0.lifted(\CheckOptions.run) }

    /// `bench check`'s arguments and options, in the order the help lists them.
    static let definition = CommandDefinition<CheckOptions>(
        subcommand: "check", arguments: "<check>...",
        options: [input, confidence, format, SharedOption.color(\CheckOptions.color)] + measuring
            + [RunOption.quiet, RunOption.allowLong].map { $0.lifted(\CheckOptions.run) })

    /// The cells the checks read: each check's runners in the configuration it names, or, if it names none, in
    /// every configuration of the run options; as many runs of each as the first look takes.
    static func plan(
        _ expressions: [CheckExpression], _ options: RunOptions, _ catalogue: RunnerCatalogue
    ) throws(UsageError) -> SweepPlan {
        let general = try options.cells.configurations()
        var cells: [SweepPlan.Cell] = []
        for expression in expressions {
            var runners: [RunnerKind] = []
            for id in expression.runners {
                runners.append(try catalogue.runner(id, namedIn: nil))
            }
            for configuration in expression.namedConfiguration.map({ [$0] }) ?? general {
                cells += runners.map { SweepPlan.Cell(runner: $0, configuration: configuration) }
            }
        }
        // The budget is the check's own, for looking again; each look's runs are fixed.
        return try options.plan(cells: cells, sampling: .repetitions(options.sampling.repetitions ?? CheckOptions.looks[0]))
    }
}
