import BenchResults
import Foundation
import JobRunners

/// A sweep's results for people and programs: for people, tables of runners (rows, grouped by family) by
/// configurations (columns), shape by shape, the cost per job with its uncertainty first; for programs, the summary
/// CSV and JSON, one row per cell with every statistic and warning.
///
/// What a person sees by default is what they came for: the cost per job, its ratio to single-threaded and to each
/// runner's C floor, latency and fan-out where measured, the cells whose runs form modes, and only the warnings
/// about a particular cell that call for action, with what is true of the machine as a whole said once. Seconds
/// per run (the 2010 table's layout), each cell's spread and every warning of every cell are in the summary CSV and,
/// with `--verbose`, in the tables.
struct SweepSummary {
    let report: Report
    let machine: MachineInfo
    /// Where each runner's C floor is found.
    let catalogue: RunnerCatalogue
    /// Whether the tables show what the runs cost the machine.
    var showsMetrics = false
    /// Whether the tables show seconds per run, each cell's spread and every warning of every cell.
    var isVerbose = false
    /// The runs to draw, a chart per shape and one of latency where sampled, where a page can show them (HTML);
    /// none without. The summary does not need them otherwise: it is the report's statistics.
    var drawing: ResultSet?
    /// The 2010 table, for a report of a chain sweep: its cells beside this sweep's (``FileComparison``).
    var reference: ResultSet?

    /// The summary in every format: the tables; the summary CSV (``SummarySchema``'s columns, one row per cell);
    /// the same cells in JSON, with every sample, and the machine.
    var output: CommandOutput {
        CommandOutput(
            title: "\(Program.name): the cost per job of \(Format.count(report.runners.count, "runner")), "
                + Format.count(report.configurations.count, "configuration")
                + (machine.host.isEmpty ? "" : ", on \(machine.host)"),
            document: document,
            csv: {
                ([SummarySchema.columns] + report.cells.map { SummarySchema.fields(of: $0, machine: machine) })
                    .map(CSV.line).joined()
            },
            json: {
                .object([
                    "machine": .object(
                        Dictionary(uniqueKeysWithValues: machine.fields.map { ($0.column, .string($0.value)) })),
                    "cells": .array(
                        report.cells.map { cell in
                            JSONValue.record(SummarySchema.cellColumns, cell)
                                .adding(["samples_seconds": .array(cell.samples.map(JSONValue.number))])
                        }),
                ])
            })
    }

    private func document() -> Document {
        var document = Document()
        guard !report.cells.isEmpty else {
            document.lines("No run was recorded.")
            return document
        }
        document.paragraph(Self.machineLine(machine, report: report))
        let shapes = report.configurations.map(\.shape).uniqued()
        for shape in shapes {
            // On a page, each shape's chart comes first: the picture, then the numbers.
            if let drawing {
                let runs = ResultSet(
                    path: drawing.path, records: drawing.records.filter { $0.configuration.shape == shape })
                var chart = BarChart(files: [runs], catalogue: catalogue, title: nil, logarithmic: true)
                let what = chart.title.prefix(1).lowercased() + chart.title.dropFirst()
                chart.title = "\(shape.rawValue.capitalized): \(what)"
                document.chart(chart)
            }
            document += costSection(shape)
        }
        document += latencySection()
        if let drawing, report.cells.contains(where: { !$0.latencies.isEmpty }) {
            document.chart(
                BarChart(files: [drawing], catalogue: catalogue, title: nil, logarithmic: true, latency: true))
        }
        document += fanOutSection()
        if showsMetrics {
            document.heading("What the runs cost the machine (medians of the ok runs; threads and memory: the most seen)")
            document.table(Self.metricsTable(report.cells))
        }
        if isVerbose {
            document += verboseSection()
        }
        // The modes of the shapes with one configuration are in their table.
        let listed = report.cells.filter { cell in
            report.configurations.filter { $0.shape == cell.configuration.shape }.count > 1
        }
        let multimodal = listed.compactMap { cell in cell.modesText.map { (cell, $0) } }
        if !multimodal.isEmpty {
            document.heading("Modes (~): cells whose runs form clusters apart, each mode's cost per job and share of runs")
            document.list(multimodal.map { cell, text in "\(cell.key): \(text)" })
        }
        document += warningsSection()
        var notes: [String] = []
        if report.cells.contains(where: \.modes.isMultimodal) {
            notes.append("~ : the runs form clusters apart (modes): the median is one of them")
        }
        if report.cells.contains(where: { $0.interferedRuns > 0 }) {
            notes.append("! : some runs were made while other programs used the machine (see Interference above)")
        }
        if report.cells.contains(where: { $0.okRuns > 0 && $0.okRuns < $0.runs }) {
            notes.append("* : some runs failed or stalled: the statistics are of the ok ones (see the detail column)")
        }
        if report.cells.count < report.runners.count * report.configurations.count {
            notes.append("- : not run (left out of the sweep; the notes before it say why)")
        }
        if !notes.isEmpty {
            document.heading("Marks")
            document.lines(notes)
        }
        if let reference, let drawing {
            document += referenceSection(reference, drawing)
        }
        return document
    }

    /// `Machine: vm · AMD EPYC 7B13 · 2 CPUs · Debian GNU/Linux 12 · Swift 6.3.1, release · clock 20 ns · 1,234 runs`.
    static func machineLine(_ machine: MachineInfo, report: Report) -> String {
        let runs = report.cells.map(\.runs)
        let perCell = runs.min() == runs.max() ? "\(runs.max() ?? 0)" : "\(runs.min() ?? 0) to \(runs.max() ?? 0)"
        let parts = [
            machine.host, machine.cpuModel, machine.logicalCPUs.map { "\($0) CPUs" } ?? "", machine.os,
            "Swift \(machine.swiftVersion) \(machine.build)",
            machine.clockResolutionNanoseconds.map { "clock \($0) ns" } ?? "",
            "\(report.records.count) runs (\(perCell) a cell)",
        ]
        return "Machine: " + parts.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    // MARK: Cost per job

    /// The cost tables of `shape`'s configurations: with one configuration, one table of the cost and both ratios;
    /// with several, a table of each.
    private func costSection(_ shape: Shape) -> Document {
        var document = Document()
        let configurations = report.configurations.filter { $0.shape == shape }
        let unit = shape.jobName
        let prefix = shape == .chain ? "Cost" : "\(shape.rawValue.prefix(1).uppercased() + shape.rawValue.dropFirst()): cost"
        let runners = report.runners.filter { runner in configurations.contains { report.cell(runner, at: $0) != nil } }
        let hasControl = runners.contains(Report.controlRunner)
        // The runners whose C floor ran in these configurations too.
        let floored = runners.filter { runner in catalogue.floor(of: runner).map { runners.contains($0.id) } ?? false }
        if configurations.count == 1, let configuration = configurations.first {
            document.heading(
                "\(prefix) per \(unit) at \(Self.columnLabel(configuration)): median of the runs ± its 95% interval"
                    + intervalNote(configurations))
            var columns: [(String, (CellSummary) -> String?)] = [("cost per \(unit)", Self.costText)]
            if hasControl {
                columns.append(("× \(Report.controlRunner)", { $0.ratioToControl.map(Self.times) }))
            }
            if !floored.isEmpty {
                columns.append(("× its C floor", { floorRatio($0).map(Self.times) ?? "" }))
            }
            // With one configuration, a cell's modes fit on its row, where a list would repeat every runner.
            let showsModes = runners.contains { report.cell($0, at: configuration)?.modes.isMultimodal ?? false }
            if showsModes {
                columns.append(("modes (~)", { $0.modesText?.replacingOccurrences(of: "; ", with: " · ") ?? "" }))
            }
            var table = groupedTable(runners: runners, columns: columns.map(\.0)) { runner in
                guard let cell = report.cell(runner, at: configuration) else {
                    return columns.map { _ in "-" }
                }
                return columns.map { column in Self.marked(cell, column.1(cell)) }
            }
            if showsModes {
                table.rightAligned.remove(columns.count)
            }
            document.table(table)
            return document
        }
        document.heading("\(prefix) per \(unit): median of the runs ± its 95% interval\(intervalNote(configurations))")
        document.table(grid(runners: runners, configurations) { Self.costText($0) })
        if hasControl {
            document.heading("\(prefix) per \(unit) relative to \(Report.controlRunner) in the same configuration")
            document.table(grid(runners: runners, configurations) { $0.ratioToControl.map(Self.times) })
        }
        if !floored.isEmpty {
            document.heading("\(prefix) per \(unit), each runner over its C floor's")
            document.table(grid(runners: floored, configurations) { floorRatio($0).map(Self.times) })
        }
        return document
    }

    /// The cell's cost over its C floor's in the same configuration; nil without a floor or a cost.
    private func floorRatio(_ cell: CellSummary) -> Double? {
        guard let floor = catalogue.floor(of: cell.runner), let cost = cell.headlineNanosecondsPerJob,
            let floorCost = report.cell(floor.id, at: cell.configuration)?.headlineNanosecondsPerJob, floorCost > 0
        else {
            return nil
        }
        return cost / floorCost
    }

    /// What a cost table's title says of how its intervals are made (``CellSummary/interval``): a bootstrap over
    /// the worker processes and their runs where a cell's runs come from several, else from order statistics; and,
    /// where some cells have fewer runs than order statistics need for 95%, whether the file's session spread
    /// widened them or they hold less.
    private func intervalNote(_ configurations: [RunConfiguration]) -> String {
        let cells = report.cells.filter { configurations.contains($0.configuration) }
        let method =
            switch cells.filter({ $0.sample.groups.count >= 2 }).count {
            case cells.count: "bootstrap of processes, then runs"
            case 0: "order statistics"
            default: "bootstrap of processes where runs span several, else order statistics"
            }
        // Terse, to keep the title within a screen's 120 columns: the warnings' line on few runs says the rest.
        let few = cells.filter { $0.okRuns < Estimate.fewestRunsForInterval }
        guard !few.isEmpty else {
            return " (\(method))"
        }
        let widened = few.allSatisfy { $0.sessionSpread != nil }
        return " (\(method); under \(Estimate.fewestRunsForInterval) runs, \(widened ? "widened" : "under 95%"))"
    }

    /// `48.4 ns ±3%`, `~` for a cell whose runs form modes, `!` for one with runs made while other programs used
    /// the machine (``interferenceText(_:)``); nil without an ok run.
    static func costText(_ cell: CellSummary) -> String? {
        guard let cost = cell.headlineNanosecondsPerJob else {
            return nil
        }
        var text = Format.perJob(nanoseconds: cost)
        if cell.okRuns >= 2, let halfWidth = cell.relativeHalfWidth {
            text += " ±" + percent(halfWidth)
        }
        return text + (cell.modes.isMultimodal ? "~" : "") + (cell.interferedRuns > 0 ? "!" : "")
    }

    /// What the summary says when other programs used the machine during some runs (``RunLoad/isInterference``):
    /// how many runs, when in the sweep, how much of the machine, which cells; nil when none.
    static func interferenceText(_ report: Report) -> String? {
        let runs = report.records.filter { $0.load != nil }
        let marked = runs.filter { $0.load?.isInterference == true }
        guard !marked.isEmpty else {
            return nil
        }
        // When: how many of the marked runs fall in each third of the sweep, by the order the runs were made.
        let places = marked.compactMap(\.sequence)
        let thirds = (0..<3).map { third in
            places.filter { ($0 - 1) * 3 / max(1, runs.count) == third }.count
        }
        let when = places.isEmpty ? "" : ", by thirds of the sweep \(thirds[0]), \(thirds[1]) and \(thirds[2])"
        let others = marked.compactMap(\.load?.others).reduce(0, +) / Double(marked.count)
        let steal = marked.compactMap(\.load?.steal).reduce(0, +) / Double(marked.count)
        // What the marked runs share: the other programs' use, the other guests' (steal), or both.
        let who = [
            others >= 0.005 || steal < 0.005 ? "other programs used \(percent(others))" : nil,
            steal >= 0.005 ? "the hypervisor gave \(percent(steal)) to other guests" : nil,
        ].compactMap { $0 }.joined(separator: " and ")
        let cells = report.cells.filter { $0.interferedRuns > 0 }.count
        return "Interference: \(who) of the machine's CPU time during "
            + "\(marked.count) of \(runs.count) runs\(when). \(Format.count(cells, "cell")) marked ! in the tables (the "
            + "CSV's other_load and steal_load give each run's share) may be off: measure them again on a quiet machine."
    }

    /// `12%`, `3%`, `0.4%`.
    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        return value < 0.95 ? String(format: "%.1f%%", value) : "\(Int(value.rounded()))%"
    }

    /// `6.68×`.
    static func times(_ ratio: Double) -> String {
        Format.ratio(ratio) + "×"
    }

    /// `text` with `*` when some of the cell's runs failed or stalled; `failed` or `stalled` when none is ok;
    /// `-` when there is nothing to show.
    static func marked(_ cell: CellSummary, _ text: String?) -> String {
        guard let text else {
            return cell.okRuns == 0 ? (cell.failedRuns > 0 ? "failed" : "stalled") : "-"
        }
        return cell.okRuns < cell.runs && !text.isEmpty ? text + "*" : text
    }

    /// A configuration as a column names it: `8×12500`, `8×12500 latency`, `4×2500+1000ns`, the shape left to the
    /// table's title.
    static func columnLabel(_ configuration: RunConfiguration) -> String {
        var label = configuration.description
        let prefix = "\(configuration.shape) "
        if configuration.shape != .chain, label.hasPrefix(prefix) {
            label.removeFirst(prefix.count)
        }
        return label
    }

    /// `runners` (rows, by family) by `configurations` (columns), each cell `value`'s text.
    private func grid(
        runners: [String], _ configurations: [RunConfiguration], _ value: (CellSummary) -> String?
    ) -> TextTable {
        groupedTable(runners: runners, columns: configurations.map(Self.columnLabel)) { runner in
            configurations.map { configuration in
                report.cell(runner, at: configuration).map { Self.marked($0, value($0)) } ?? "-"
            }
        }
    }

    /// A table of `runners`' rows, grouped under their families' titles, a runner's row `cells(runner)` after its
    /// id; every column but the runner's right-aligned.
    private func groupedTable(runners: [String], columns: [String], _ cells: (String) -> [String]) -> TextTable {
        var rows: [[String]] = []
        var titles: [Int: String] = [:]
        for group in RunnerCatalogue.grouped(runners) {
            titles[rows.count] = group.family.name
            rows += group.ids.map { ["  " + $0] + cells($0) }
        }
        return TextTable(
            columns: ["runner"] + columns, rows: rows, rightAligned: Set(columns.indices.map { $0 + 1 }),
            groupTitles: titles)
    }

    // MARK: Latency, fan-out, metrics

    /// The 2010 table beside this sweep's cells of its runners and configurations: `bench compare`'s tables, of
    /// those cells only, so that the 20 runners 2010 did not have are not listed as missing from it.
    private func referenceSection(_ reference: ResultSet, _ runs: ResultSet) -> Document {
        let keys = Set(reference.records.map(\.key))
        let common = runs.records.filter { keys.contains($0.key) }
        var document = Document()
        guard !common.isEmpty else {
            return document
        }
        document.heading("Against the 2010 table (\(reference.path)): bench compare, its cells only")
        document += FileComparison(files: [reference, ResultSet(path: runs.path, records: common)], threshold: 0.05)
            .output.document()
        return document
    }

    private func latencySection() -> Document {
        var document = Document()
        let configurations = report.configurations.filter { configuration in
            report.cells.contains { $0.configuration == configuration && !$0.latencies.isEmpty }
        }
        guard !configurations.isEmpty else {
            return document
        }
        let shapes = configurations.map(\.shape).uniqued().map { shape in
            switch shape {
            case .chain: "a chain's from a job's queuing to its start (one job in \(shape.latencySampleEvery))"
            case .pingPong: "a ping-pong round trip (one in \(shape.latencySampleEvery / shape.parties))"
            case .contention: "a message and its reply (one in \(shape.latencySampleEvery / shape.parties))"
            case .fanOut: "fan-out's"
            }
        }
        document.heading("Latency, p50 / p99: medians over the runs of each run's percentiles")
        document.paragraph("Sampled: \(shapes.joined(separator: "; ")). The longest of all is in --verbose and the CSV.")
        let runners = report.runners.filter { runner in
            configurations.contains { !(report.cell(runner, at: $0)?.latencies.isEmpty ?? true) }
        }
        let labels = configurations.map { configuration in
            configuration.shape == .chain ? Self.columnLabel(configuration) : configuration.description
        }
        document.table(
            groupedTable(runners: runners, columns: labels) { runner in
                configurations.map { configuration in
                    guard let cell = report.cell(runner, at: configuration), let p50 = cell.medianLatency(\.p50),
                        let p99 = cell.medianLatency(\.p99)
                    else {
                        return "-"
                    }
                    return "\(Format.perJob(nanoseconds: p50)) / \(Format.perJob(nanoseconds: p99))"
                }
            })
        return document
    }

    private func fanOutSection() -> Document {
        var document = Document()
        let configurations = report.configurations.filter { $0.shape == .fanOut }
        let runners = report.runners.filter { runner in
            configurations.contains { !(report.cell(runner, at: $0)?.submitNanoseconds.isEmpty ?? true) }
        }
        guard !runners.isEmpty else {
            return document
        }
        document.heading("Fan-out: what the producer pays to submit each job, and that share of the run (medians)")
        document.table(
            grid(runners: runners, configurations) { cell in
                guard let submit = cell.medianSubmitNanosecondsPerJob,
                    let share = Statistics.median(zip(cell.submitNanoseconds, cell.nanoseconds).map { $0 / $1 })
                else {
                    return nil
                }
                return "\(Format.perJob(nanoseconds: submit)) (\(Int((share * 100).rounded()))%)"
            })
        return document
    }

    /// CPU time and context switches per job, peak threads and memory, for each cell.
    static func metricsTable(_ cells: [CellSummary]) -> TextTable {
        let rows = cells.map { cell in
            [
                cell.runner, cell.configuration.description,
                cell.medianCPUNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                cell.medianVoluntarySwitchesPerJob.map { String(format: "%.3f", $0) } ?? "-",
                cell.medianInvoluntarySwitchesPerJob.map { String(format: "%.3f", $0) } ?? "-",
                cell.peakThreads.map(String.init) ?? "-",
                cell.maxRSSBytes.map(Format.bytes) ?? "-",
            ]
        }
        return TextTable(
            columns: [
                "runner", "configuration", "CPU/job", "voluntary switches/job", "involuntary switches/job",
                "peak threads", "max RSS",
            ],
            rows: rows, rightAligned: Set(2...6), keyColumns: 2)
    }

    // MARK: Verbose

    private func verboseSection() -> Document {
        var document = Document()
        let seconds = { (value: Double?) in value.map { Format.seconds(nanoseconds: $0 * 1e9) } }
        for shape in report.configurations.map(\.shape).uniqued() {
            let configurations = report.configurations.filter { $0.shape == shape }
            let runners = report.runners.filter { runner in configurations.contains { report.cell(runner, at: $0) != nil } }
            document.heading("\(shape == .chain ? "" : "\(shape): ")median seconds per run")
            document.table(grid(runners: runners, configurations) { seconds($0.median) })
        }
        // The 2010 table's own layout, for its six runners: configurations as rows, runners as columns.
        let reference = catalogue.reference.map(\.id).filter(report.runners.contains)
        let chains = report.configurations.filter { $0.shape == .chain }
        if !reference.isEmpty, !chains.isEmpty {
            document.heading("As the 2010 table has them: median seconds per run, configurations as rows")
            document.table(
                TextTable(
                    columns: ["configuration"] + reference,
                    rows: chains.map { configuration in
                        [Self.label(configuration)]
                            + reference.map { runner in
                                report.cell(runner, at: configuration).map { Self.marked($0, seconds($0.median)) } ?? "-"
                            }
                    }, rightAligned: Set(reference.indices.map { $0 + 1 })))
        }
        document.heading("Spread of each cell (seconds per run; CV = standard deviation / mean)")
        document.table(spread())
        let latencies = report.cells.filter { !$0.latencies.isEmpty }
        if !latencies.isEmpty {
            document.heading("Latency of each cell: medians over the runs of each run's percentiles, max the longest")
            document.table(Self.latencyTable(latencies))
        }
        let warnings = report.cells.flatMap { cell in cell.warnings.map { "\(cell.key): \($0)" } }
        if !warnings.isEmpty {
            document.heading("Every warning of every cell")
            document.list(warnings)
        }
        return document
    }

    private func spread() -> TextTable {
        let seconds = { (value: Double?) in value.map { Format.seconds(nanoseconds: $0 * 1e9) } ?? "-" }
        let rows = report.cells.map { cell in
            [
                cell.runner, cell.configuration.description, "\(cell.okRuns)/\(cell.runs)",
                seconds(cell.minimum), seconds(cell.p25), seconds(cell.median), seconds(cell.p75), seconds(cell.p90),
                seconds(cell.maximum),
                cell.coefficientOfVariation.map { "\(Int(($0 * 100).rounded()))%" } ?? "-",
            ]
        }
        return TextTable(
            columns: ["runner", "configuration", "ok", "min", "p25", "median", "p75", "p90", "max", "CV"],
            rows: rows, rightAligned: Set(2...9), keyColumns: 2)
    }

    /// The latency percentiles of `cells`.
    static func latencyTable(_ cells: [CellSummary]) -> TextTable {
        let rows = cells.map { cell in
            [cell.runner, cell.configuration.description, cell.latencySamples.map(String.init) ?? "-"]
                + [\LatencyPercentiles.p50, \.p90, \.p99].map { percentile in
                    cell.medianLatency(percentile).map(Format.perJob(nanoseconds:)) ?? "-"
                }
                + [cell.maximumLatency.map { Format.perJob(nanoseconds: Double($0)) } ?? "-"]
        }
        return TextTable(
            columns: ["runner", "configuration", "samples", "p50", "p90", "p99", "max"], rows: rows,
            rightAligned: Set(2...6), keyColumns: 2)
    }

    // MARK: Warnings

    /// The warnings about particular cells, a line per kind with the cells it concerns; then what most cells carry
    /// on this machine, once, as counts.
    private func warningsSection() -> Document {
        var document = Document()
        var lines: [String] = []
        let flagged = report.cells.flatMap { cell in cell.warnings.filter(\.isAboutTheCell).map { (cell, $0) } }
        let notOK = flagged.compactMap { cell, warning -> String? in
            guard case .notOK = warning else { return nil }
            let detail = report.records.first { $0.key == cell.key && $0.status != .ok }?.detail ?? ""
            return "\(cell.key) (\(warning))" + (detail.isEmpty ? "" : ": \(Self.shortened(detail))")
        }
        if !notOK.isEmpty {
            lines.append("Runs that failed or stalled (their rows' detail column says why): " + notOK.joined(separator: "; "))
        }
        let slow = flagged.compactMap { cell, warning -> String? in
            guard case .slowFirstRepetition(let factor) = warning else { return nil }
            return "\(cell.key) (\(String(format: "%.1f", factor))×)"
        }
        if !slow.isEmpty {
            lines.append(
                "First run far off (\(Format.number(CellWarning.slowFirstRepetitionFactor))× the others' median or "
                    + "more; more warm-up runs may help): " + slow.joined(separator: ", "))
        }
        let unsteady = flagged.compactMap { cell, warning -> String? in
            guard case .unsteady(let halfWidth) = warning else { return nil }
            return "\(cell.key) (±\(Self.percent(halfWidth)))"
        }
        if !unsteady.isEmpty {
            lines.append(
                "Too unsteady for the headline to mean much (interval over ±"
                    + "\(Self.percent(CellWarning.unsteadyHalfWidth)); more runs or a quieter machine): "
                    + unsteady.joined(separator: ", "))
        }
        let disagreeing = flagged.compactMap { cell, warning -> String? in
            guard case .processesDisagree(let low, let high) = warning else { return nil }
            return "\(cell.key) (\(Format.perJob(nanoseconds: low)) to \(Format.perJob(nanoseconds: high)))"
        }
        if !disagreeing.isEmpty {
            lines.append(
                "Processes disagree (each draws its own regime for its whole life; the ± spans them, see modes): "
                    + disagreeing.joined(separator: ", "))
        }
        let cells = report.cells.count
        let noisy = report.cells.filter { $0.warnings.contains { if case .noisy = $0 { true } else { false } } }.count
        let outliers = report.cells.filter { !$0.outlierRepetitions.isEmpty }.count
        if noisy + outliers > 0 {
            lines.append(
                "Noise: \(noisy) of \(cells) cells vary over \(Self.percent(CellWarning.noisyCoefficientOfVariation)) "
                    + "from run to run (CV), \(outliers) have outlier runs (kept); the ± intervals include it.")
        }
        if let interference = Self.interferenceText(report) {
            lines.append(interference)
        }
        if let fewRuns = Self.fewRunsText(report) {
            lines.append(fewRuns)
        }
        let coarse = report.cells.filter { $0.warnings.contains { if case .coarseLatency = $0 { true } else { false } } }
        if let resolution = coarse.first?.clockResolutionNanoseconds {
            lines.append(
                "Clock: latency within \(CellWarning.coarseLatencyTicks) ticks of its \(resolution) ns resolution, "
                    + "as much the clock's as the hand-off's, in " + coarse.map(\.key.description).joined(separator: ", "))
        }
        if !lines.isEmpty {
            document.heading("Warnings")
            document.list(lines)
        }
        return document
    }

    /// What a sweep that bought some cells fewer runs than a 95% interval needs (``Estimate/fewestRunsForInterval``:
    /// a slow or busy day's budgeted sweep) says of them, and the budget that would have bought each cell that many;
    /// nil when every cell with a run has enough.
    static func fewRunsText(_ report: Report) -> String? {
        let needed = Estimate.fewestRunsForInterval
        let timed = report.cells.filter { $0.okRuns > 0 }
        let few = timed.filter { $0.okRuns < needed }
        guard !few.isEmpty else {
            return nil
        }
        // The recorded runs' time, every cell given at least `needed` runs at its median's pace.
        let seconds = timed.reduce(0.0) { total, cell in
            total + Double(max(cell.okRuns, needed)) * (Estimate.headline(cell.nanoseconds) ?? 0) / 1e9
        }
        let budget = Int((seconds / 10).rounded(.up)) * 10
        let spread = report.sessionSpread.map { spread in
            "widened by the sweep's session spread, ±\(Self.percent(spread.value))"
                + (spread.isStandIn ? " (a stand-in from cells of 2 or 3 runs)" : "")
        }
        return "Few runs: \(few.count) of \(timed.count) cells have fewer than \(needed), which no interval of their own "
            + "holds 95% with; their ± is \(spread ?? "their own, and holds less than 95%"), and compare will call "
            + "most of their changes unsure. \(RunOption.budget.flag) \(budget) (seconds of recorded runs), or "
            + "\(RunOption.repetitions.flag) \(needed), would buy each cell \(needed) at this pace."
    }

    /// `text`, cut to 100 characters with `…` where longer.
    static func shortened(_ text: String) -> String {
        text.count <= 100 ? text : String(text.prefix(99)) + "…"
    }

    /// `1 queue, 100000 iterations`, as the 2010 table labels its rows, with the work if any; `ping-pong: 4 pairs,
    /// 2500 round trips` or `contention: 8 senders, 1250 messages each` for another shape; `, latency` where a chain
    /// sampled it.
    static func label(_ configuration: RunConfiguration) -> String {
        let work =
            configuration.workNanoseconds == 0
            ? "" : ", \(Format.perJob(nanoseconds: Double(configuration.workNanoseconds))) of work"
        let latency = configuration.measuresLatency && configuration.shape == .chain ? ", latency" : ""
        /// `1 queue`, `4 queues`: the configuration's queues, as `noun`s.
        func queues(_ noun: String) -> String {
            Format.count(configuration.queues, noun)
        }
        switch configuration.shape {
        case .chain:
            return "\(queues("queue")), \(configuration.iterations) iterations\(work)\(latency)"
        case .pingPong:
            return "ping-pong: \(queues("pair")), \(configuration.iterations) round trips\(work)"
        case .contention:
            return "contention: \(queues("sender")), \(configuration.iterations) messages each\(work)"
        case .fanOut:
            return "fan-out: \(configuration.jobs) jobs over \(queues("queue"))\(work)"
        }
    }
}
