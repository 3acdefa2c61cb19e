import BenchResults
import Foundation
import JobRunners

/// `bench chart FILE… -o chart.svg`: the result files as an SVG bar chart.
enum ChartCommand {
    static func run(_ options: ChartOptions, catalogue: RunnerCatalogue, console: Console) -> ExitCode {
        // A file of two builds (bench interleave) is drawn as two, one per build, as the builds were measured.
        guard let read = ResultSet.read(options.paths, console: console, allowingBuilds: true)?.flatMap(\.builds)
        else {
            return .failure
        }
        // A file whose runners each ran configurations of their own has no group of bars to compare: left out,
        // with a line that says so, rather than failing the chart of the others.
        let files = read.filter(\.runnersShareConfigurations)
        for file in read where !file.runnersShareConfigurations {
            console.error(
                "\(Program.name) chart: left out '\(file.path)': its runners ran configurations of their own (as "
                    + "'\(Program.name) crossover' chooses each runner's iterations), which no group of bars compares; "
                    + "'\(Program.name) crossover --input \(file.path)' shows it\n")
        }
        guard !files.isEmpty else {
            console.error("Error: nothing to draw: every file was left out\n")
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
        help: { HelpText.chart($0) })
}

extension ChartOptions: Invocation {
    func run(_ context: CommandContext) -> ExitCode {
        ChartCommand.run(self, catalogue: context.catalogue, console: context.console)
    }
}

extension ResultSet {
    /// Whether the file's configurations are mostly run by two runners or more, so that a group of bars per
    /// configuration compares runners: true of a sweep, and of a file of one runner; not of one that
    /// `bench crossover` made, whose runners each run their own iterations at each work size.
    var runnersShareConfigurations: Bool {
        var runners: [RunConfiguration: Set<String>] = [:]
        for record in records {
            runners[record.configuration, default: []].insert(record.runner)
        }
        let shared = runners.values.filter { $0.count >= 2 }.count
        return Set(records.map(\.runner)).count < 2 || 2 * shared >= runners.count
    }
}

extension HelpText {
    /// The help of `bench chart`.
    static func chart(_ catalogue: RunnerCatalogue) -> String {
        let perJob = catalogue.runners.filter(\.traits.startsThreadPerJob).map(\.id).joined(separator: ", ")
        return """
            OVERVIEW: Draws result files as an SVG chart in the style of the 2010 post: grouped bars of the median
            seconds per run for each configuration and runner, with whiskers from p25 to p75.

            \(usage(.chart))
            \(paragraph("The runners that start a thread per job (\(perJob)) get a panel of their own, being orders of magnitude slower. A C floor stands right after its runner, in a pale tint of its colour. With several files, the machines stand side by side, one column each, on common axes, in rows as wide as fit \(Int(BarChart.maximumRowWidth)) pixels; a file of two builds (\(Program.name) interleave) is drawn as two, one per build. When the configurations differ in their number of jobs (as with \(RunOption.jobs.flag) and queue counts that don't divide it), the bars show the median cost per job instead of seconds per run.", indent: 0))

            OPTIONS:
            \(ChartCommand.definition.optionsSection)

            EXIT CODES:
              0   written   1   a file cannot be read or written   64   the command line was wrong

            """
    }
}
