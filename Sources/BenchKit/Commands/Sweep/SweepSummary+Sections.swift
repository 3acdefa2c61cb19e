import BenchResults
import Foundation
import JobRunners

/// The summary's sections beyond the cost per job: latency, fan-out, what the runs cost the machine, and the verbose
/// tables.
extension SweepSummary {
    /// The 2010 table beside this sweep's cells of its runners and configurations: `bench compare`'s tables, of
    /// those cells only, so that the 20 runners 2010 did not have are not listed as missing from it.
    func referenceSection(_ reference: ResultSet, _ runs: ResultSet) -> Document {
        let keys = Set(reference.records.map(\.key))
        let common = runs.records.filter { keys.contains($0.key) }
        var document = Document()
        guard !common.isEmpty else {
            return document
        }
        document.heading("Against the 2010 table (\(reference.path)): bench compare, its cells only")
        // The 2010 post's own picture: seconds per run in grouped bars, the post's machine beside this one.
        document.chart(
            BarChart(
                files: [reference, ResultSet(path: runs.path, records: common)], catalogue: catalogue,
                title: "Seconds per run, as the 2010 post drew them: its Mac Pro beside this machine"))
        document += FileComparison(files: [reference, ResultSet(path: runs.path, records: common)], threshold: 0.05)
            .output.document()
        return document
    }

    func latencySection() -> Document {
        var document = Document()
        let configurations = report.configurations.filter { configuration in
            report.cells.contains { $0.configuration == configuration && !$0.latencies.isEmpty }
        }
        guard !configurations.isEmpty else {
            return document
        }
        let shapes = configurations.map(\.shape).uniqued().map(\.wording.sampled)
        document.heading("Latency, p50 / p99: medians over the runs of each run's percentiles")
        document.paragraph("Sampled: \(shapes.joined(separator: "; ")). The longest of all is in --verbose and the CSV.")
        let runners = report.runners.filter { runner in
            configurations.contains { !(report.cell(runner, at: $0)?.latencies.isEmpty ?? true) }
        }
        let labels = configurations.map { configuration in
            configuration.shape == .chain ? Self.columnLabel(configuration) : configuration.description
        }
        document.table(
            Self.groupedTable(runners: runners, columns: labels) { runner in
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

    func fanOutSection() -> Document {
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

    func verboseSection() -> Document {
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

    func spread() -> TextTable {
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

    /// The allocations per job of every cell whose runs carry them, runners by configurations: counted in a run of
    /// their own in each process, never in a timed one. Where processes counted differently, the range. A shape of
    /// one configuration has them in its cost table (``costSection(_:)``) instead.
    func allocationSection() -> Document {
        var document = Document()
        let counted = report.cells.filter { cell in
            !cell.allocations.isEmpty
                && report.configurations.filter { $0.shape == cell.configuration.shape }.count > 1
        }
        guard !counted.isEmpty else {
            return document
        }
        document.heading(
            "Allocations per job (malloc and its family, every thread, counted in a run of their own in each process)")
        let runners = report.runners.filter { runner in counted.contains { $0.runner == runner } }
        let configurations = report.configurations.filter { configuration in
            counted.contains { $0.configuration == configuration }
        }
        document.table(
            Self.groupedTable(runners: runners, columns: configurations.map(Self.columnLabel)) { runner in
                configurations.map { report.cell(runner, at: $0).flatMap(Self.allocationText) ?? "-" }
            })
        return document
    }

    /// `2.00`, or `2.00–2.06` where the runs' processes counted differently; nil without a count.
    static func allocationText(_ cell: CellSummary) -> String? {
        guard let (low, high) = cell.allocationRange.map({ ($0.lowerBound, $0.upperBound) }) else {
            return nil
        }
        func text(_ value: Double) -> String {
            value == 0 ? "0" : String(format: value < 10 ? "%.2f" : "%.1f", value)
        }
        return text(high) == text(low) ? text(low) : "\(text(low))–\(text(high))"
    }
}
