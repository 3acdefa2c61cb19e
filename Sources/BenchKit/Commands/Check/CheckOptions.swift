import BenchResults
import JobRunners

/// The options of `bench check`.
public struct CheckOptions: CommandOptions {
    /// For a fresh run: configurations, runs per cell, timeouts and where the rows go (its runners come from the
    /// checks, and no rows are written unless asked).
    public var run: RunOptions
    /// A result file to check instead of a fresh run.
    public var input: String?
    /// For a fresh run: how many times to measure a failing check's cells again before failing it.
    public var retries = 2
    public var format = OutputFormat.table

    public init() {
        run = RunOptions()
        run.output = .none
    }
}

extension CheckCommand {
    static let input = SharedOption.input(\CheckOptions.input, help: "Check this result file instead of running.")
    static let retries = Option<CheckOptions>(
        "retries", value: "n", help: "How many times a failing check is measured again before it fails; 0 for never.", \.retries,
        .count(minimum: 0))
    static let output = RunOption.output.withHelp(
        "Also write every run measured as a result file, or - for standard output.")
    static let format = SharedOption.format(
        \CheckOptions.format,
        help: "\(SharedOption.formatList): table and markdown give a line per check and configuration, csv and "
            + "json a row each.")
    /// The options that shape a fresh run, which `--input` leaves nothing to do for.
    static let measuring = [
        RunOption.queues, RunOption.iterations, RunOption.jobs, RunOption.work, RunOption.repetitions,
        RunOption.warmup, output, RunOption.isolate, RunOption.verifyTimeout, RunOption.stallTimeout,
    ].map { $0.lifted(\CheckOptions.run) }

    /// `bench check`'s arguments and options, in the order the help lists them.
    static let definition = CommandDefinition<CheckOptions>(
        name: "bench check", arguments: "<check>...",
        options: [input, retries, format] + measuring
            + [RunOption.quiet, RunOption.allowLong].map { $0.lifted(\CheckOptions.run) })

    /// The checks a command line asks for, and the fresh run that measures them (nil with `--input`).
    static func command(
        _ options: CheckOptions, arguments: [String], catalogue: RunnerCatalogue
    ) throws(UsageError) -> Command {
        guard !arguments.isEmpty else {
            throw UsageError("'bench check' needs at least one check, such as 'detach-thread >= 10x serial-queue'")
        }
        var expressions: [CheckExpression] = []
        for text in arguments {
            do {
                expressions.append(try CheckExpression(parsing: text))
            } catch {
                throw UsageError(error.description)
            }
        }
        guard options.input == nil else {
            if let given = measuring.first(where: { !$0.arguments(for: options).isEmpty }) {
                throw UsageError(
                    "'\(input.flag)' checks an existing file, so '\(given.flag)', which shapes a fresh run, does "
                        + "not apply")
            }
            if !retries.arguments(for: options).isEmpty {
                throw UsageError("'\(retries.flag)' re-measures a fresh run, so it does not apply with '\(input.flag)'")
            }
            return .check(options, expressions: expressions, plan: nil)
        }
        return .check(options, expressions: expressions, plan: try plan(expressions, options.run, catalogue))
    }

    /// The cells the checks read: each check's runners in the configuration it names, or, if it names none, in
    /// every configuration of the run options; a stage per configuration.
    private static func plan(
        _ expressions: [CheckExpression], _ options: RunOptions, _ catalogue: RunnerCatalogue
    ) throws(UsageError) -> SweepPlan {
        let general = try options.configurations()
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
        cells = cells.uniqued()
        let stages = cells.map(\.configuration).uniqued().map { configuration in
            cells.filter { $0.configuration == configuration }
        }
        return try options.plan(stages: stages)
    }
}
