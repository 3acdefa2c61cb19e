import BenchResults
import JobRunners

/// The options of `bench crossover`.
public struct CrossoverOptions: CommandOptions {
    /// The runners to place, the repetitions, warm-up and timeouts, and the work sizes (0 is always measured too).
    public var run: RunOptions
    /// A result file to analyze instead of measuring.
    public var input: String?
    public var format = OutputFormat.table

    public init() {
        run = RunOptions()
        run.cells.work = Self.defaultWork
        run.sampling.repetitions = 5
    }

    /// 100 ns to 3 ms, about three steps per decade.
    public static let defaultWork = [100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000]
    /// How long each run should take, roughly: its iterations are chosen from a first, short run of the runner.
    public static let targetRunSeconds = 0.1
}

extension CrossoverCommand {
    static let work = Option<CrossoverOptions>(
        "work", value: "list", help: "Work sizes in ns per job, comma-separated; no work is measured too.",
        \.run.cells.work, .counts(minimum: 1, maximum: (RunOptions.maximumWork, "ns (1 s per job)")))
    static let input = SharedOption.input(\CrossoverOptions.input, help: "Analyze this result file instead of running.")
    static let format = SharedOption.format(\CrossoverOptions.format, help: "\(SharedOption.formatList).")
    /// The options that shape a run, which `--input` leaves nothing to do for.
    static let measuring =
        [RunOption.runners.lifted(\CrossoverOptions.run), work]
        + [
            // crossover has no budget: its runs are these repetitions, not as many as a budget pays for.
            RunOption.repetitions.withHelp("Recorded runs of each runner at each work size."), RunOption.warmup,
            RunOption.seed,
            RunOption.output.withHelp("The CSV file of the runs, or - for standard output."), RunOption.verifyTimeout,
            RunOption.stallTimeout,
        ].map { $0.lifted(\CrossoverOptions.run) }

    /// `bench crossover`'s options, in the order the help lists them.
    static let definition = CommandDefinition<CrossoverOptions>(
        subcommand: "crossover", arguments: "",
        options: measuring + [input, format, RunOption.quiet.lifted(\CrossoverOptions.run)])
}
