import BenchResults
import JobRunners

/// The options of `bench validate`.
public struct ValidateOptions: CommandOptions {
    /// `compare`'s threshold and format.
    public var compare = CompareOptions()
    /// The sweep to make twice when no files are given: the default sweep unless these say otherwise.
    public var run = RunOptions()
    /// The factor the second file's runs are scaled by for the injected-shift test.
    public var shift = Self.defaultShift
    /// Whether to keep the session terms the pair measures for its machine, beside the first file, for compare.
    public var keep = false

    public init() {}

    public static let defaultShift = 1.2
}

extension ValidateCommand {
    static let shift = Option<ValidateOptions>(
        "shift", value: "factor",
        help: "The injected shift: the second file's times are multiplied by this, and compare should call the cells "
            + "slower.",
        \.shift, .factor)

    static let keep = Option<ValidateOptions>.flag(
        "keep",
        help: "Keep the session terms this pair measures (how far a cell moves beside the machine, and the machine as "
            + "a whole, between sessions) for its machine in MACHINE.session-terms.json beside the first file (named "
            + "as its result files are: host, processor, CPUs), with those kept before: compare then uses them for "
            + "files of this machine in that folder, instead of the default; the same pair kept again replaces its "
            + "earlier measurement.",
        \.keep)

    /// compare's `--format`, whose html is a page of the same tables here: validate draws no chart.
    static let format = SharedOption.format(
        \ValidateOptions.compare.format, help: "\(SharedOption.formatList); html a page of the same tables.")

    /// The options that shape the sweep made twice when no files are given: `bench`'s own.
    static let sweepOptions: [Option<ValidateOptions>] = [
        RunOption.shapes, RunOption.queues, RunOption.iterations, RunOption.jobs, RunOption.runners,
        RunOption.repetitions, RunOption.budget, RunOption.processes,
    ].map { $0.lifted(\ValidateOptions.run) }

    /// `bench validate`'s arguments and options, in the order the help lists them.
    static let definition = CommandDefinition<ValidateOptions>(
        subcommand: "validate", arguments: "[<first.csv> <second.csv>]",
        options: [shift, keep, CompareCommand.threshold.lifted(\ValidateOptions.compare), format,
            CompareCommand.color.lifted(\ValidateOptions.compare)] + sweepOptions)
}
