import BenchResults
import Foundation
import JobRunners

/// A sweep's results for people and programs: the 2010 table of medians, the spread of every cell, warnings; as
/// plain text, Markdown, CSV or JSON.
struct SweepSummary {
    let report: Report
    let machine: MachineInfo
    /// Whether the tables show what the runs cost the machine.
    var showsMetrics = false

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: text(markdown: false)
        case .markdown: text(markdown: true)
        case .csv: csv()
        case .json: json()
        }
    }

    /// The summary CSV: ``SummarySchema``'s columns, one row per cell.
    func csv() -> String {
        ([SummarySchema.columns] + report.cells.map { SummarySchema.fields(of: $0, machine: machine) })
            .map(CSV.line).joined()
    }

    private func text(markdown: Bool) -> String {
        guard !report.cells.isEmpty else {
            return "No run was recorded.\n"
        }
        let counts = report.cells.map(\.runs)
        let fewest = counts.min() ?? 0
        let most = counts.max() ?? 0
        let repetitions = fewest == most ? "\(most)" : "\(fewest) to \(most)"
        func render(_ table: TextTable) -> String {
            markdown ? table.markdown() : table.plain()
        }
        func heading(_ title: String) -> String {
            markdown ? "### \(title)\n\n" : "\(title)\n"
        }
        var text = heading("Median seconds per run (\(repetitions) repetition\(most == 1 ? "" : "s") each)")
        text += render(grid { cell in cell.median.map { Format.seconds(nanoseconds: $0 * 1e9) } })
        text += "\n" + heading("Median cost per job")
        text += render(grid { cell in cell.medianNanosecondsPerJob.map(Format.perJob(nanoseconds:)) })
        if report.runners.contains(Report.controlRunner) {
            text += "\n" + heading("Cost per job relative to \(Report.controlRunner)")
            text += render(grid { cell in cell.ratioToControl.map { Format.ratio($0) + "×" } })
        }
        let floors = floorTable()
        if !floors.rows.isEmpty {
            text += "\n" + heading("Each runner against its C floor (median cost per job; ratio = runner / floor)")
            text += render(floors)
        }
        text += "\n" + heading("Spread of each cell (seconds per run; CV = standard deviation / mean)")
        text += render(spread())
        if showsMetrics {
            text += "\n" + heading("What the runs cost the machine (medians of the ok runs; threads and memory: the most seen)")
            text += render(Self.metricsTable(report.cells))
        }
        let warnings = report.cells.flatMap { cell in cell.warnings.map { "\(cell.key): \($0)" } }
        if !warnings.isEmpty {
            text += "\n" + heading("Warnings")
            text += warnings.map { markdown ? "- \($0)\n" : "  \($0)\n" }.joined()
        }
        let cellCount = report.runners.count * report.configurations.count
        if report.cells.count < cellCount {
            text += "\n- : not run (left out of the sweep; the notes before it say why)\n"
        }
        if report.cells.contains(where: { $0.okRuns > 0 && $0.okRuns < $0.runs }) {
            text += "\n* some repetitions failed or stalled: the statistics are of the ok ones (see the detail column)\n"
        }
        return text
    }

    /// Configurations as rows, runners as columns, as the 2010 table has them.
    private func grid(_ value: (CellSummary) -> String?) -> TextTable {
        let runners = report.runners
        let rows = report.configurations.map { configuration in
            [Self.label(configuration)]
                + runners.map { runner -> String in
                    guard let cell = report.cell(runner, at: configuration) else {
                        return "-"
                    }
                    guard let text = value(cell) else {
                        return cell.okRuns == 0 ? (cell.failedRuns > 0 ? "failed" : "stalled") : "-"
                    }
                    return cell.okRuns < cell.runs ? text + "*" : text
                }
        }
        return TextTable(columns: ["configuration"] + runners, rows: rows, rightAligned: Set(runners.indices.map { $0 + 1 }))
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
            rows: rows, rightAligned: Set(2...9))
    }

    /// Each Swift runner beside its C floor, in every configuration where both ran.
    private func floorTable() -> TextTable {
        var rows: [[String]] = []
        for runner in report.runners {
            guard let floor = RunnerKind(id: runner)?.floor else {
                continue
            }
            for configuration in report.configurations {
                guard let cost = report.cell(runner, at: configuration)?.medianNanosecondsPerJob,
                    let floorCost = report.cell(floor.id, at: configuration)?.medianNanosecondsPerJob, floorCost > 0
                else {
                    continue
                }
                rows.append([
                    runner, configuration.description, Format.perJob(nanoseconds: cost),
                    Format.perJob(nanoseconds: floorCost), Format.ratio(cost / floorCost) + "×",
                ])
            }
        }
        return TextTable(
            columns: ["runner", "configuration", "runner", "floor", "ratio"], rows: rows, rightAligned: [2, 3, 4])
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
                "runner", "configuration", "CPU per job", "waits per job", "preemptions per job", "peak threads",
                "max RSS",
            ],
            rows: rows, rightAligned: Set(2...6))
    }

    /// `1 queue, 100000 iterations`, as the 2010 table labels its rows, with the work if any.
    static func label(_ configuration: RunConfiguration) -> String {
        let queues = configuration.queues == 1 ? "1 queue" : "\(configuration.queues) queues"
        let work =
            configuration.workNanoseconds == 0
            ? "" : ", \(Format.perJob(nanoseconds: Double(configuration.workNanoseconds))) of work"
        return "\(queues), \(configuration.iterations) iterations\(work)"
    }

    private struct JSONSummary: Encodable {
        var machine: [String: String]
        var cells: [JSONCell]
    }

    private struct JSONCell: Encodable {
        var runner: String
        var queues: Int
        var iterations: Int
        var jobs: Int
        var runs: Int
        var okRuns: Int
        var failedRuns: Int
        var stalledRuns: Int
        var samplesSeconds: [Double]
        var minSeconds: Double?
        var p25Seconds: Double?
        var medianSeconds: Double?
        var p75Seconds: Double?
        var p90Seconds: Double?
        var maxSeconds: Double?
        var meanSeconds: Double?
        var stddevSeconds: Double?
        var cv: Double?
        var medianNsPerJob: Double?
        var ratioToControl: Double?
        var outlierRepetitions: [Int]
        var warnings: [String]
        var workNs: Int
        var medianCpuNsPerJob: Double?
        var medianVoluntarySwitchesPerJob: Double?
        var medianInvoluntarySwitchesPerJob: Double?
        var peakThreads: Int?
        var maxRssBytes: Int?
    }

    /// The same statistics as the CSV, with every sample, as one JSON object.
    private func json() -> String {
        let cells = report.cells.map { cell in
            JSONCell(
                runner: cell.runner, queues: cell.configuration.queues, iterations: cell.configuration.iterations,
                jobs: cell.configuration.jobs, runs: cell.runs, okRuns: cell.okRuns,
                failedRuns: cell.failedRuns, stalledRuns: cell.stalledRuns, samplesSeconds: cell.samples,
                minSeconds: cell.minimum, p25Seconds: cell.p25, medianSeconds: cell.median, p75Seconds: cell.p75,
                p90Seconds: cell.p90, maxSeconds: cell.maximum, meanSeconds: cell.mean,
                stddevSeconds: cell.standardDeviation, cv: cell.coefficientOfVariation,
                medianNsPerJob: cell.medianNanosecondsPerJob, ratioToControl: cell.ratioToControl,
                outlierRepetitions: cell.outlierRepetitions, warnings: cell.warnings,
                workNs: cell.configuration.workNanoseconds, medianCpuNsPerJob: cell.medianCPUNanosecondsPerJob,
                medianVoluntarySwitchesPerJob: cell.medianVoluntarySwitchesPerJob,
                medianInvoluntarySwitchesPerJob: cell.medianInvoluntarySwitchesPerJob, peakThreads: cell.peakThreads,
                maxRssBytes: cell.maxRSSBytes)
        }
        let summary = JSONSummary(
            machine: Dictionary(uniqueKeysWithValues: machine.fields.map { ($0.column, $0.value) }), cells: cells)
        return JSON.encode(summary)
    }
}

/// JSON as `bench` writes it: snake_case keys, sorted, indented, ending in a line feed.
enum JSON {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs cannot fail; an empty object stands in should it ever.
        guard let data = try? encoder.encode(value) else {
            return "{}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
