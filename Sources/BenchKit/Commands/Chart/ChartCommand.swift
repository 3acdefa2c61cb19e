import BenchResults
import Foundation
import JobRunners

/// `bench chart FILE… -o chart.svg`: the result files as an SVG chart: a row per runner (``RowChart``), or the
/// 2010 post's grouped bars (``BarChart``) with `--bars`.
struct ChartCommand: Command, Equatable {
    let paths: [String]
    /// The SVG file to write.
    let outputPath: String
    /// The title, the axis, what is drawn and how wide, as given: each is settled by its default.
    let options: ChartOptions

    init(_ line: ParsedCommandLine<ChartOptions>, _: ParseContext) throws(UsageError) {
        guard !line.arguments.isEmpty else {
            throw UsageError("'\(Program.name) chart' needs one or more result files")
        }
        let options = line.options
        if line.gave(Self.logarithmic), !options.bars {
            throw UsageError(
                "'\(Self.logarithmic.flag)' draws the bars of '\(Self.bars.flag)' on a logarithmic axis; a row chart's "
                    + "is always")
        }
        if line.gave(Self.width), options.bars {
            throw UsageError(
                "'\(Self.width.flag)' lays out a row chart; the bars of '\(Self.bars.flag)' take the width they need")
        }
        paths = line.arguments
        // Required: the scan has refused a line without it.
        outputPath = options.outputPath ?? ""
        self.options = options
    }

    func run(_ context: CommandContext) -> ExitCode {
        let (catalogue, console) = (context.catalogue, context.console)
        // A file of two builds (bench interleave) is drawn as two, one per build, as the builds were measured.
        guard let read = ResultSet.read(paths, console: console, allowingBuilds: true)?.flatMap(\.builds)
        else {
            return .failure
        }
        // A file whose runners each ran configurations of their own has no group of bars to compare: left out,
        // with a line that says so, rather than failing the chart of the others.
        let files = read.filter(\.runnersShareConfigurations)
        for file in read where !file.runnersShareConfigurations {
            console.notice(
                "\(Program.name) chart: left out '\(file.path)': its runners ran configurations of their own (as "
                    + "'\(Program.name) crossover' chooses each runner's iterations), which no group of bars compares; "
                    + "'\(Program.name) crossover --input \(file.path)' shows it")
        }
        guard !files.isEmpty else {
            console.reportError("nothing to draw: every file was left out")
            return .failure
        }
        let reports = files.map { Report(records: $0.records) }
        if options.latency, !reports.contains(where: { $0.cells.contains { !$0.latencies.isEmpty } }) {
            console.reportError(
                "no run in \(paths.joined(separator: ", ")) sampled latency; "
                    + "'\(Program.name) --shape ping-pong' and '\(Program.name) --latency' do")
            return .failure
        }
        let svg: String
        // A row gives each file a place per configuration: past a few files the rows grow too tall to read, and the
        // files are drawn side by side as bars instead, saying so.
        if !options.bars, files.count > RowChart.mostFiles {
            console.notice(
                "\(Program.name) chart: \(files.count) files: drawn as bars (\(ChartCommand.bars.flag)), side by side; "
                    + "a row chart holds up to \(RowChart.mostFiles)")
        }
        if options.bars || files.count > RowChart.mostFiles {
            svg = BarChart(
                files: files, catalogue: catalogue, title: options.title,
                logarithmic: options.logarithmic || options.latency, latency: options.latency
            ).svg()
        } else {
            // Each file a series; its label as the legend gives it (a file of two builds, each build's), with its
            // machine where the files come from several (a path need not say it), in words, not as a file's name.
            let machines = files.map { $0.machines.map(\.shortDescription).uniqued().joined(separator: "; ") }
            let named = Set(machines).count > 1
            let labelled = zip(files.indices, reports).map { index, report in
                let machine = named ? " (\(machines[index]))" : ""
                return (label: "\(FileComparison.label(index)): \(files[index].path)\(machine)", report: report)
            }
            var chart =
                options.latency
                ? RowChart.latency(labelled, catalogue: catalogue)
                : RowChart.costPerJob(
                    labelled, configurations: reports.flatMap(\.configurations).uniqued(), catalogue: catalogue)
            chart.title = options.title ?? chart.title
            svg = chart.svg(width: Double(options.width))
        }
        let path = outputPath
        do {
            let output = try OutputFile(.file(path: path), console: console)
            try output.write(svg)
            try output.finish()
        } catch {
            console.reportError(error)
            return .failure
        }
        console.error("\(Program.name) chart: wrote \(path)\n")
        return .success
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
