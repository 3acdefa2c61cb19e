import BenchResults
import Foundation
import JobRunners

extension ChartCommand {
    /// What `bench chart` does, in a line: the main help's COMMANDS section.
    static var abstract: String {
        "Draw result files as an SVG chart: a row per runner."
    }

    /// The help of `bench chart`.
    static func help(_ catalogue: RunnerCatalogue) -> String {
        let perJob = catalogue.runners.filter(\.traits.startsThreadPerJob).map(\.id).joined(separator: ", ")
        return """
            OVERVIEW: Draws result files as an SVG chart of what each runner costs per job: a row per runner, grouped
            by family, each C floor under its runner; a mark per configuration at the median cost per job, its line
            the 95% interval, on a logarithmic axis.

            \(HelpText.usage(.chart))
            \(HelpText.paragraph("With several files (up to \(RowChart.mostFiles); more are drawn as bars), each file is a colour and each configuration a marker, a file's marks next to the others' in each row; a file of two builds (\(Program.name) interleave) is drawn as two, one per build. \(ChartCommand.latency.flag) draws the sampled latency instead, from p50 to p99. \(ChartCommand.bars.flag) draws the 2010 post's picture: grouped bars of seconds per run (the cost per job when the configurations differ in their number of jobs), a colour per runner, the runners that start a thread per job (\(perJob)) in a panel of their own, the files side by side in rows as wide as fit \(Int(BarChart.maximumRowWidth)) pixels.", indent: 0))

            OPTIONS:
            \(ChartCommand.definition.optionsSection)

            EXIT CODES:
              0   written   1   a file cannot be read or written   64   the command line was wrong

            """
    }
}
