import BenchResults
import Foundation
import JobRunners

/// `bench chart FILE… -o chart.svg`: the result files as an SVG bar chart.
enum ChartCommand {
    static func run(_ options: ChartOptions, catalogue: RunnerCatalogue, console: Console) -> ExitCode {
        guard let files = ResultSet.read(options.paths, console: console) else {
            return .failure
        }
        let chart = BarChart(
            files: files, catalogue: catalogue, title: options.title,
            logarithmic: options.logarithmic || options.latency, latency: options.latency)
        if options.latency, !chart.reports.contains(where: { $0.cells.contains { !$0.latencies.isEmpty } }) {
            console.error(
                "Error: no run in \(options.paths.joined(separator: ", ")) sampled latency; "
                    + "'\(Program.name) --shape ping-pong' and '\(Program.name) --latency' do\n")
            return .failure
        }
        let path = options.outputPath ?? ""
        do {
            let output = try OutputFile(.file(path: path), console: console)
            try output.write(chart.svg())
            try output.finish()
        } catch {
            console.error("Error: \(error)\n")
            return .failure
        }
        console.error("\(Program.name) chart: wrote \(path)\n")
        return .success
    }
}

extension ChartCommand: ParsableCommand {}

extension Subcommand {
    /// `bench chart`.
    static let chart = Subcommand(
        ChartCommand.self, name: "chart", abstract: "Draw result files as an SVG bar chart.",
        help: { HelpText.chart($0) },
        run: { command, context in
            guard case .chart(let options) = command else {
                return nil
            }
            return ChartCommand.run(options, catalogue: context.catalogue, console: context.console)
        })
}
