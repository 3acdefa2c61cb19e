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
    /// What ended the sweep early, as the summary says it first (`Interrupted by SIGINT after 71 recorded runs: the
    /// summary covers those.`), so that a report of an interrupted sweep says why cells are missing; nil for a
    /// sweep that ran to its end, or a file's summary.
    var interruption: String?

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

    func document() -> Document {
        var document = Document()
        if let interruption {
            document.lines(interruption)
        }
        guard !report.cells.isEmpty else {
            document.lines("No run was recorded.")
            return document
        }
        document.phrases(Self.machineLine(machine, report: report))
        let shapes = report.configurations.map(\.shape).uniqued()
        for shape in shapes {
            // On a page, each shape's chart comes first: the picture, then the numbers.
            if drawing != nil {
                document.chart(
                    RowChart.costPerJob(
                        [("", report)], configurations: report.configurations.filter { $0.shape == shape },
                        catalogue: catalogue,
                        titlePrefix: shape == .chain && shapes.count == 1 ? "" : "\(shape.rawValue.capitalized): "))
            }
            document += costSection(shape)
        }
        document += latencySection()
        if drawing != nil, report.cells.contains(where: { !$0.latencies.isEmpty }) {
            document.chart(RowChart.latency([("", report)], catalogue: catalogue))
        }
        document += fanOutSection()
        document += allocationSection()
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
        document += Self.modesList(listed, in: report)
        document += warningsSection()
        // `~` and `!` are explained where they are shown: the modes column's or list's heading, and the
        // interference warning, which counts the cells marked.
        var notes: [String] = []
        if report.cells.contains(where: { $0.okRuns > 0 && $0.okRuns < $0.runs }) {
            notes.append("* : some runs failed or stalled: the statistics are of the ok ones (see the detail column)")
        }
        if report.cells.count < report.runners.count * report.configurations.count {
            // Said of a file read back, too (--input), where the sweep's notes on what it left out are not shown.
            notes.append(
                "- : no runs (left out of the sweep, as its notes said, or not reached before it was interrupted)")
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

    /// `Machine: vm · AMD EPYC 7B13 · 2 CPUs · Debian GNU/Linux 12 · Swift 6.3.1 release · clock 20 ns · 1234 runs (3 to
    /// 30 a cell)`, in phrases that end in the separator (but the last), so that a terminal's line breaks only
    /// between the facts.
    static func machineLine(_ machine: MachineInfo, report: Report) -> [String] {
        let runs = report.cells.map(\.runs)
        let perCell = runs.min() == runs.max() ? "\(runs.max() ?? 0)" : "\(runs.min() ?? 0) to \(runs.max() ?? 0)"
        let parts = [
            machine.host, machine.cpuModel, machine.logicalCPUs.map { "\($0) CPUs" } ?? "", machine.os,
            "Swift \(machine.swiftVersion) \(machine.build)",
            machine.clockResolutionNanoseconds.map { "clock \($0) ns" } ?? "",
            "\(Format.count(report.records.count, "run")) (\(perCell) a cell)",
        ]
        let facts = parts.filter { !$0.isEmpty }
        return facts.indices.map { index in
            (index == 0 ? "Machine: " : "") + facts[index] + (index < facts.count - 1 ? " ·" : "")
        }
    }

    // MARK: Cost per job

    /// The cost tables of `shape`'s configurations: with one configuration, one table of the cost and both ratios;
    /// with several, a table of each.
    func costSection(_ shape: Shape) -> Document {
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
            // And so do its allocations: one column here, where a table of their own would list every runner again.
            if runners.contains(where: { !(report.cell($0, at: configuration)?.allocations.isEmpty ?? true) }) {
                columns.append(("allocs/\(unit)", { Self.allocationText($0) ?? "-" }))
            }
            func table(_ columns: [(String, (CellSummary) -> String?)]) -> TextTable {
                Self.groupedTable(runners: runners, columns: columns.map(\.0)) { runner in
                    guard let cell = report.cell(runner, at: configuration) else {
                        return columns.map { _ in "-" }
                    }
                    return columns.map { column in Self.marked(cell, column.1(cell)) }
                }
            }
            // With one configuration, a cell's modes go on its row where that keeps the table within a terminal's
            // width; those whose modes do not fit (three modes, say; the longest first) go in a list below, their
            // row saying so, rather than every cell's modes in a list, or a second table of every runner.
            let cells = runners.compactMap { report.cell($0, at: configuration) }
            // Each cell's modes, worked out once; the cells in table order, then the longest text first.
            let modes = cells.compactMap { cell in
                cell.modesText.map { (key: cell.key, text: $0, count: cell.modes.modes.count) }
            }
            let longestFirst = modes.enumerated()
                .sorted { ($0.element.text.count, $1.offset) > ($1.element.text.count, $0.offset) }.map(\.element)
            let byKey = Dictionary(uniqueKeysWithValues: modes.map { ($0.key, $0) })
            var listed = Set(modes.map(\.key))
            var withModes = table(columns)
            for count in longestFirst.indices {
                let below = Set(longestFirst.prefix(count).map(\.key))
                var candidate = table(
                    columns + [
                        ("modes (~)", { cell in
                            guard let modes = byKey[cell.key] else { return "" }
                            return below.contains(cell.key)
                                ? "\(modes.count) modes, below" : modes.text.replacingOccurrences(of: "; ", with: " · ")
                        })
                    ])
                candidate.rightAligned.remove(columns.count + 1)  // The runner's column, `columns`, then the modes.
                if PlainTextRenderer.fitsWidth(candidate) {
                    (listed, withModes) = (below, candidate)
                    break
                }
            }
            document.table(withModes)
            document += Self.modesList(cells.filter { listed.contains($0.key) }, in: report)
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

    /// A list of those of `cells` (of `report`) whose runs form modes, each with its modes' costs and shares; empty
    /// if none do.
    static func modesList(_ cells: [CellSummary], in report: Report) -> Document {
        var document = Document()
        let multimodal = cells.compactMap { cell in cell.modesText.map { (cell, $0) } }
        if !multimodal.isEmpty {
            document.heading(modesHeading)
            document.list(multimodal.map { cell, text in "\(name(cell.key, in: report)): \(text)" })
        }
        return document
    }

    /// The heading of a list of modes, which says what the `~` beside a cost means.
    static let modesHeading =
        "Modes (~): cells whose runs form clusters apart (the median is one of them), each mode's cost and share of runs"

    /// How the summary names a cell of `report`: by its runner alone where the report has one configuration, which
    /// the tables' titles name (`actor`), else with its configuration (`actor at 8×12500`). Shorter names keep one
    /// configuration's warnings within the lines a screen shows at a glance.
    static func name(_ key: CellKey, in report: Report) -> String {
        report.configurations.count == 1 ? key.runner : key.description
    }

    /// The cell's cost over its C floor's in the same configuration; nil without a floor or a cost.
    func floorRatio(_ cell: CellSummary) -> Double? {
        guard let floor = catalogue.floor(of: cell.runner), let cost = cell.headlineNanosecondsPerJob,
            let floorCost = report.cell(floor.id, at: cell.configuration)?.headlineNanosecondsPerJob, floorCost > 0
        else {
            return nil
        }
        return cost / floorCost
    }

    /// What a cost table's title says of how its intervals are made (``CellSummary/interval``): over the worker
    /// processes where a cell's runs come from several, one unit each, else over the runs.
    func intervalNote(_ configurations: [RunConfiguration]) -> String {
        let cells = report.cells.filter { configurations.contains($0.configuration) }
        // Terse, to keep the title on one line of a screen's 120 columns (a longer one wraps).
        return switch cells.filter({ $0.processCount >= 2 }).count {
        case cells.count: " (over processes)"
        case 0: " (over runs)"
        default: " (over processes where runs span several, else over runs)"
        }
    }

    /// `48.4 ns ±3%`, `~` for a cell whose runs form modes, `!` for one with runs made while other programs used
    /// the machine (``interferenceText(_:)``); nil without an ok run.
    static func costText(_ cell: CellSummary) -> String? {
        guard let cost = cell.headlineNanosecondsPerJob else {
            return nil
        }
        var text = Format.perJob(nanoseconds: cost)
        if cell.okRuns >= 2, let halfWidth = cell.relativeHalfWidth {
            text += " ±" + Format.percent(halfWidth)
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
        let who = RunLoad.mean(marked.compactMap(\.load))?.usersText ?? ""
        let cells = report.cells.filter { $0.interferedRuns > 0 }.count
        return "Interference: \(who) during "
            + "\(marked.count) of \(runs.count) runs\(when). \(Format.count(cells, "cell")) marked ! in the tables (the "
            + "CSV's other_load and steal_load give each run's share) may be off: measure them again on a quiet machine."
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
    func grid(
        runners: [String], _ configurations: [RunConfiguration], _ value: (CellSummary) -> String?
    ) -> TextTable {
        Self.groupedTable(runners: runners, columns: configurations.map(Self.columnLabel)) { runner in
            configurations.map { configuration in
                report.cell(runner, at: configuration).map { Self.marked($0, value($0)) } ?? "-"
            }
        }
    }

    /// A table of `runners`' rows, grouped under their families' titles, a runner's row `cells(runner)` after its
    /// id; every column but the runner's right-aligned.
    static func groupedTable(runners: [String], columns: [String], _ cells: (String) -> [String]) -> TextTable {
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

}
