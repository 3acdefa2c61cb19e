import BenchResults
import JobRunners

/// The options of `bench compare`.
public struct CompareOptions: CommandOptions {
    public var threshold = Comparison.defaultThreshold
    public var format = OutputFormat.table
    public var color = ColorChoice.auto
    /// Compare what the runs cost the machine too.
    public var showsMetrics = false

    public init() {}
}

extension CompareCommand {
    static let threshold = SharedOption.threshold(\CompareOptions.threshold)
    static let format = SharedOption.format(
        \CompareOptions.format,
        help: "\(SharedOption.formatList); markdown for pull requests, html a page with the files drawn side by side.")
    static let color = SharedOption.color(\CompareOptions.color)
    static let metrics = SharedOption.metrics(
        \CompareOptions.showsMetrics,
        help: "Compare what the runs cost the machine too: CPU time per job, context switches, peak threads, peak "
            + "memory.")

    /// `bench compare`'s arguments and options, in the order the help lists them.
    static let definition = CommandDefinition<CompareOptions>(
        subcommand: "compare", arguments: "<baseline.csv> <file.csv>... | <interleaved.csv>",
        options: [threshold, format, color, metrics])
}
