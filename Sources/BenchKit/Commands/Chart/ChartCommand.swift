import BenchResults
import Foundation
import JobRunners

/// `bench chart FILE… -o chart.svg`: the result files as an SVG chart: a row per runner (``RowChart``), or the
/// 2010 post's grouped bars (``BarChart``) with `--bars`.
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
        let reports = files.map { Report(records: $0.records) }
        if options.latency, !reports.contains(where: { $0.cells.contains { !$0.latencies.isEmpty } }) {
            console.error(
                "Error: no run in \(options.paths.joined(separator: ", ")) sampled latency; "
                    + "'\(Program.name) --shape ping-pong' and '\(Program.name) --latency' do\n")
            return .failure
        }
        let svg: String
        // A row gives each file a place per configuration: past a few files the rows grow too tall to read, and the
        // files are drawn side by side as bars instead, saying so.
        if !options.bars, files.count > RowChart.mostFiles {
            console.error(
                "\(Program.name) chart: \(files.count) files: drawn as bars (\(ChartCommand.bars.flag)), side by side; "
                    + "a row chart holds up to \(RowChart.mostFiles)\n")
        }
        if options.bars || files.count > RowChart.mostFiles {
            svg = BarChart(
                files: files, catalogue: catalogue, title: options.title,
                logarithmic: options.logarithmic || options.latency, latency: options.latency
            ).svg()
        } else {
            // Each file a series; its label as the legend gives it (a file of two builds, each build's).
            let labelled = zip(files.indices, reports).map { index, report in
                (label: "\(FileComparison.label(index)): \(files[index].path)", report: report)
            }
            var chart =
                options.latency
                ? RowChart.latency(labelled, catalogue: catalogue)
                : RowChart.costPerJob(
                    labelled, configurations: reports.flatMap(\.configurations).uniqued(), catalogue: catalogue)
            chart.title = options.title ?? chart.title
            svg = chart.svg(width: Double(options.width))
        }
        let path = options.outputPath ?? ""
        do {
            let output = try OutputFile(.file(path: path), console: console)
            try output.write(svg)
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
        ChartCommand.self, name: "chart", abstract: "Draw result files as an SVG chart: a row per runner.",
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
            OVERVIEW: Draws result files as an SVG chart of what each runner costs per job: a row per runner, grouped
            by family, each C floor under its runner; a mark per configuration at the median cost per job, its line
            the 95% interval, on a logarithmic axis.

            \(usage(.chart))
            \(paragraph("With several files (up to \(RowChart.mostFiles); more are drawn as bars), each file is a colour and each configuration a marker, a file's marks next to the others' in each row; a file of two builds (\(Program.name) interleave) is drawn as two, one per build. \(ChartCommand.latency.flag) draws the sampled latency instead, from p50 to p99. \(ChartCommand.bars.flag) draws the 2010 post's picture: grouped bars of seconds per run (the cost per job when the configurations differ in their number of jobs), a colour per runner, the runners that start a thread per job (\(perJob)) in a panel of their own, the files side by side in rows as wide as fit \(Int(BarChart.maximumRowWidth)) pixels.", indent: 0))

            OPTIONS:
            \(ChartCommand.definition.optionsSection)

            EXIT CODES:
              0   written   1   a file cannot be read or written   64   the command line was wrong

            """
    }
}
