import JobRunners

/// The options of `bench chart`.
public struct ChartOptions: CommandOptions {
    public var paths: [String] = []
    /// The SVG file to write; required.
    public var outputPath: String?
    public var title: String?
    /// A logarithmic y axis.
    public var logarithmic = false
    /// Chart the latency percentiles instead of the times.
    public var latency = false

    public init() {}
}

extension ChartCommand {
    static let output = Option<ChartOptions>(
        "output", short: "o", value: "chart.svg", help: "The SVG file to write.", \.outputPath,
        ValueParser(
            parse: { text, option throws(UsageError) in
                guard text != "-" else {
                    throw UsageError("'\(Program.name) chart' writes a file: give '--\(option) <chart.svg>' a path, not -")
                }
                return try ValueParser<String>.text(valueName: "chart.svg").parse(text, option)
            },
            text: { $0 }, describe: { $0 })
    ).required()
    static let title = Option<ChartOptions>(
        "title", value: "text", help: "The chart's title.", defaultText: "what the bars show", \.title,
        .text(valueName: "text"))
    static let logarithmic = Option<ChartOptions>.flag(
        "log",
        help: "A logarithmic y axis, for costs that differ by orders of magnitude (chosen without it where a panel's "
            + "costs span \(Int(BarChart.logarithmicSpan))× or more, as a linear axis would flatten the cheaper ones).",
        \.logarithmic)

    static let latency = Option<ChartOptions>.flag(
        "latency",
        help: "Chart the sampled latency instead (ping-pong's round trips, a chain's with '\(Program.name) --latency'): the p50 "
            + "as bars, p90 to p99 as whiskers, on a logarithmic axis.",
        \.latency)

    /// `bench chart`'s arguments and options, in the order the help lists them.
    static let definition = CommandDefinition<ChartOptions>(
        subcommand: "chart", arguments: "<file.csv>...", options: [output, title, logarithmic, latency])

    /// The chart a command line asks for.
    static func command(_ line: ParsedCommandLine<ChartOptions>, _: ParseContext) throws(UsageError) -> any Invocation {
        guard !line.arguments.isEmpty else {
            throw UsageError("'\(Program.name) chart' needs one or more result files")
        }
        var options = line.options
        options.paths = line.arguments
        return options
    }
}
