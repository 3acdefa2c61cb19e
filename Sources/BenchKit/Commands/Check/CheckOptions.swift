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

    /// The cells the checks read, and where each check is decided: each side's runner in the configuration that
    /// side names, or else the one the other side names, or else each configuration of the run options in which both
    /// sides' runners run its shape, with a note for each other one; as many runs of each as the first look takes. A
    /// check that can be decided nowhere is a usage error (a misspelt plan, not a failed check).
    static func plan(
        _ expressions: [CheckExpression], _ options: RunOptions, _ catalogue: RunnerCatalogue
    ) throws(UsageError) -> (plan: SweepPlan, decidedIn: [[RunConfiguration]], notes: [String]) {
        let general = try options.cells.configurations()
        var cells: [SweepPlan.Cell] = []
        var decidedIn: [[RunConfiguration]] = []
        var notes: [String] = []
        for expression in expressions {
            var operands: [(CheckExpression.Operand, RunnerKind)] = []
            for operand in expression.operands {
                operands.append((operand, try catalogue.runner(operand.runner, namedIn: nil)))
            }
            var configurations: [RunConfiguration] = []
            var refusal: String?
            for configuration in expression.namedConfiguration.map({ [$0] }) ?? general {
                let placed = operands.map { operand, runner in
                    SweepPlan.Cell(runner: runner, configuration: operand.configuration ?? configuration)
                }
                let cannot = placed.compactMap { cell in
                    cell.runner.reasonItCannotRun(cell.configuration.shape).map { "\(cell.runner.id) \($0)" }
                }
                if cannot.isEmpty {
                    configurations.append(configuration)
                    cells += placed
                } else {
                    refusal = refusal ?? cannot.first
                    notes.append("not deciding '\(expression)' at \(configuration): \(cannot.joined(separator: "; "))")
                }
            }
            if configurations.isEmpty, let refusal {
                let hint = expression.namedConfiguration == nil ? "; choose one with \(RunOption.shapes.flag)" : ""
                throw UsageError("'\(expression)': \(refusal)\(hint)")
            }
            decidedIn.append(configurations)
        }
        // The budget is the check's own, for looking again; each look's runs are fixed.
        let plan = try options.plan(
            cells: cells, sampling: .repetitions(options.sampling.repetitions ?? CheckOptions.looks[0]))
        return (plan, decidedIn, notes)
    }
}
