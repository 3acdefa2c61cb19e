import Foundation
import JobRunners

/// The options of `bench chart`.
public struct ChartOptions: CommandOptions {
    /// The SVG file to write; required.
    public var outputPath: String?
    public var title: String?
    /// A logarithmic y axis.
    public var logarithmic = false
    /// Chart the latency percentiles instead of the times.
    public var latency = false
    /// The 2010 post's grouped bars of seconds per run, instead of a row per runner.
    public var bars = false
    /// The width, in pixels, the row chart is laid out for.
    public var width = Int(RowChart.defaultWidth)

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
                // An SVG named `chart.png` opens in no image viewer: the name is refused rather than the file mislabelled.
                let suffix = URL(fileURLWithPath: text).pathExtension
                guard suffix.isEmpty || suffix.lowercased() == "svg" else {
                    throw UsageError(
                        "'\(text)': '\(Program.name) chart' writes SVG, so name it .svg (rsvg-convert makes a PNG of "
                            + "that)")
                }
                return try ValueParser<String>.text(valueName: "chart.svg").parse(text, option)
            },
            text: { $0 }, describe: { $0 })
    ).required()
    static let title = Option<ChartOptions>(
        "title", value: "text", help: "The chart's title.", defaultText: "what the chart shows", \.title,
        .text(valueName: "text"))
    static let latency = Option<ChartOptions>.flag(
        "latency",
        help: "Chart the sampled latency instead (ping-pong's round trips, a chain's with --latency in a sweep): "
            + "from the p50 to the p99, the p90 marked, on a logarithmic axis.",
        \.latency)
    static let width = Option<ChartOptions>(
        "width", value: "pixels",
        help: "The width to lay the chart out for: \(Int(RowChart.defaultWidth)) for a page on a laptop, 390 for a "
            + "phone's (below \(Int(RowChart.narrowBelow)), shorter labels), \(RowChart.leastWidth) at the least; the text "
            + "stays the same size.",
        \.width, .count(minimum: RowChart.leastWidth))
    static let bars = Option<ChartOptions>.flag(
        "bars",
        help: "The 2010 post's picture instead: grouped bars of the median seconds per run, a colour per runner, "
            + "whiskers from p25 to p75 (with \(latency.flag): p50 bars, p90 to p99 whiskers).",
        \.bars)
    static let logarithmic = Option<ChartOptions>.flag(
        "log",
        help: "With \(bars.flag): a logarithmic y axis, for costs that differ by orders of magnitude (chosen without it "
            + "where a panel's costs span \(Int(BarChart.logarithmicSpan))× or more). A row chart's axis is always "
            + "logarithmic.",
        \.logarithmic)

    /// `bench chart`'s arguments and options, in the order the help lists them.
    static let definition = CommandDefinition<ChartOptions>(
        subcommand: "chart", arguments: "<file.csv>...", options: [output, title, latency, width, bars, logarithmic])
}
