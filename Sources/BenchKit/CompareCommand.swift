import BenchResults
import Foundation
import JobRunners

/// `bench compare A.csv B.csv [C.csv …]`: each later file against the first, cell by cell.
enum CompareCommand {
    static func run(_ options: CompareOptions, console: Console) -> ExitCode {
        let files: [ResultSet]
        do {
            files = try ResultSet.read(options.paths)
        } catch {
            console.error("Error: \(error)\n")
            return .failure
        }
        var comparison = FileComparison(files: files, threshold: options.threshold)
        comparison.showsMetrics = options.showsMetrics
        console.output(comparison.render(options.format))
        return .success
    }
}

/// Result files compared with the first: what `bench compare` prints.
struct FileComparison {
    let files: [ResultSet]
    let reports: [Report]
    let threshold: Double
    /// One per file after the first, against the first.
    let comparisons: [Comparison]
    /// Whether the tables compare what the runs cost the machine too.
    var showsMetrics = false

    init(files: [ResultSet], threshold: Double) {
        self.files = files
        self.threshold = threshold
        let reports = files.map { Report(records: $0.records) }
        self.reports = reports
        comparisons = reports.dropFirst().map { Comparison(baseline: reports[0], candidate: $0, threshold: threshold) }
    }

    /// A, B, C, … for the files in order.
    static func label(_ index: Int) -> String {
        index < 26 ? String(UnicodeScalar(UInt8(65 + index))) : "F\(index + 1)"
    }

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: text(markdown: false)
        case .markdown: text(markdown: true)
        case .csv: csv()
        case .json: json()
        }
    }

    private func text(markdown: Bool) -> String {
        func heading(_ title: String) -> String {
            markdown ? "### \(title)\n\n" : "\(title)\n"
        }
        func render(_ table: TextTable) -> String {
            markdown ? table.markdown() : table.plain()
        }
        var text = heading("Files")
        text += render(filesTable())
        text += "\n" + heading("Machines (≠: differs from A)")
        text += render(machinesTable())
        let percent = Format.number(threshold * 100)
        for (offset, comparison) in comparisons.enumerated() {
            let label = Self.label(offset + 1)
            text += "\n" + heading(
                "\(label) against A: noise threshold \(percent)%; verdict from the 95% bootstrap interval of \(label)/A")
            text += render(rowsTable(comparison, label: label))
            let counts = Comparison.Verdict.allCases.map { verdict in
                "\(comparison.rows.filter { $0.verdict == verdict }.count) \(verdict.rawValue)"
            }
            text += (markdown ? "\n" : "") + "Verdicts: \(counts.joined(separator: ", "))\n"
            if showsMetrics {
                text += "\n" + heading("\(label) against A: what the runs cost the machine (medians; threads and memory: the most seen)")
                text += render(metricsTable(comparison, label: label))
            }
            for (side, keys) in [("A", comparison.onlyInBaseline), (label, comparison.onlyInCandidate)] where !keys.isEmpty {
                text += "Only in \(side): \(keys.map(\.description).joined(separator: "; "))\n"
            }
        }
        return text
    }

    private func filesTable() -> TextTable {
        let rows = files.enumerated().map { index, file in
            let runs = reports[index].cells.map(\.runs)
            let perCell = Set(runs).count == 1 ? "\(runs[0])" : "\(runs.min() ?? 0)–\(runs.max() ?? 0)"
            let dates = file.records.compactMap(\.startedAt).sorted()
            let when = dates.first.map { first in
                let last = dates.last ?? first
                return UTCTimestamp(first).iso8601 + (last == first ? "" : " to " + UTCTimestamp(last).iso8601)
            }
            return [Self.label(index), file.path, "\(file.records.count)", perCell, when ?? "(not recorded)"]
        }
        return TextTable(columns: ["", "file", "runs", "runs per cell", "started"], rows: rows, rightAligned: [2, 3])
    }

    private func machinesTable() -> TextTable {
        let values = files.map { file -> [String] in
            let machines = file.machines
            return MachineInfo.columns.indices.map { column in
                let distinct = machines.map { $0.fields[column].value }.uniqued()
                let text = distinct.map { $0.isEmpty ? "(unknown)" : $0 }.joined(separator: " / ")
                return text.isEmpty ? "(unknown)" : text
            }
        }
        let rows = MachineInfo.columns.indices.map { column in
            [MachineInfo.columns[column]]
                + values.indices.map { file in
                    let value = values[file][column]
                    return file > 0 && value != values[0][column] ? value + " ≠" : value
                }
        }
        return TextTable(columns: ["field"] + files.indices.map(Self.label), rows: rows)
    }

    private func rowsTable(_ comparison: Comparison, label: String) -> TextTable {
        let rows = comparison.rows.map { row in
            [
                row.key.runner, row.key.configuration.description,
                row.baseline.medianNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                row.candidate.medianNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                row.ratio.map(Format.ratio) ?? "-",
                row.normalizedRatio.map(Format.ratio) ?? "-",
                row.interval.map { "\(Format.ratio($0.lowerBound))–\(Format.ratio($0.upperBound))" } ?? "-",
                row.verdict.rawValue,
            ]
        }
        return TextTable(
            columns: [
                "runner", "configuration", "A per job", "\(label) per job", "\(label)/A", "normalized \(label)/A",
                "95% interval", "verdict",
            ],
            rows: rows, rightAligned: [2, 3, 4, 5, 6])
    }

    private func metricsTable(_ comparison: Comparison, label: String) -> TextTable {
        func pair<T>(
            _ value: @escaping (CellSummary) -> T?, _ text: @escaping (T) -> String
        ) -> (CellSummary, CellSummary) -> [String] {
            { before, after in [value(before).map(text) ?? "-", value(after).map(text) ?? "-"] }
        }
        let cpu = pair(\.medianCPUNanosecondsPerJob, Format.perJob(nanoseconds:))
        let switches = pair(\.medianVoluntarySwitchesPerJob) { String(format: "%.3f", $0) }
        let threads = pair(\.peakThreads) { String($0) }
        let memory = pair(\.maxRSSBytes, Format.bytes)
        let rows = comparison.rows.map { row in
            [row.key.runner, row.key.configuration.description]
                + cpu(row.baseline, row.candidate) + switches(row.baseline, row.candidate)
                + threads(row.baseline, row.candidate) + memory(row.baseline, row.candidate)
        }
        return TextTable(
            columns: [
                "runner", "configuration", "A CPU per job", "\(label) CPU per job", "A waits per job",
                "\(label) waits per job", "A peak threads", "\(label) peak threads", "A max RSS", "\(label) max RSS",
            ],
            rows: rows, rightAligned: Set(2...9))
    }

    static let csvColumns = [
        "baseline", "candidate", "runner", "queues", "iterations", "jobs", "baseline_median_seconds",
        "candidate_median_seconds", "baseline_ns_per_job", "candidate_ns_per_job", "ratio", "normalized_ratio",
        "interval_low", "interval_high", "baseline_ok_runs", "candidate_ok_runs", "verdict",
    ]

    /// One row per cell and comparison; a cell in one file only has the verdict `only-in-baseline` or
    /// `only-in-candidate`.
    private func csv() -> String {
        func number(_ value: Double?, _ decimals: Int) -> String {
            value.map { String(format: "%.\(decimals)f", $0) } ?? ""
        }
        var lines = [CSV.line(Self.csvColumns)]
        for (offset, comparison) in comparisons.enumerated() {
            let names = [files[0].path, files[offset + 1].path]
            for row in comparison.rows {
                let configuration = row.key.configuration
                lines.append(
                    CSV.line(
                        names + [
                            row.key.runner, String(configuration.queues), String(configuration.iterations),
                            String(configuration.jobs), number(row.baseline.median, 9),
                            number(row.candidate.median, 9), number(row.baseline.medianNanosecondsPerJob, 3),
                            number(row.candidate.medianNanosecondsPerJob, 3), number(row.ratio, 4),
                            number(row.normalizedRatio, 4), number(row.interval?.lowerBound, 4),
                            number(row.interval?.upperBound, 4), String(row.baseline.okRuns),
                            String(row.candidate.okRuns), row.verdict.rawValue,
                        ]))
            }
            for (keys, verdict) in [(comparison.onlyInBaseline, "only-in-baseline"), (comparison.onlyInCandidate, "only-in-candidate")] {
                for key in keys {
                    let configuration = key.configuration
                    lines.append(
                        CSV.line(
                            names + [key.runner, String(configuration.queues), String(configuration.iterations),
                                     String(configuration.jobs)]
                                + Array(repeating: "", count: 10) + [verdict]))
                }
            }
        }
        return lines.joined()
    }

    private struct JSONFile: Encodable {
        var label: String
        var path: String
        var runs: Int
        var machines: [[String: String]]
    }

    private struct JSONRow: Encodable {
        var runner: String
        var queues: Int
        var iterations: Int
        var baselineMedianSeconds: Double?
        var candidateMedianSeconds: Double?
        var baselineNsPerJob: Double?
        var candidateNsPerJob: Double?
        var ratio: Double?
        var normalizedRatio: Double?
        var intervalLow: Double?
        var intervalHigh: Double?
        var baselineOkRuns: Int
        var candidateOkRuns: Int
        var verdict: String
    }

    private struct JSONCell: Encodable {
        var runner: String
        var queues: Int
        var iterations: Int
    }

    private struct JSONComparison: Encodable {
        var baseline: String
        var candidate: String
        var threshold: Double
        var rows: [JSONRow]
        var onlyInBaseline: [JSONCell]
        var onlyInCandidate: [JSONCell]
    }

    private struct JSONDocument: Encodable {
        var files: [JSONFile]
        var comparisons: [JSONComparison]
    }

    private func json() -> String {
        func cell(_ key: CellKey) -> JSONCell {
            JSONCell(runner: key.runner, queues: key.configuration.queues, iterations: key.configuration.iterations)
        }
        let document = JSONDocument(
            files: files.enumerated().map { index, file in
                JSONFile(
                    label: Self.label(index), path: file.path, runs: file.records.count,
                    machines: file.machines.map { machine in
                        Dictionary(uniqueKeysWithValues: machine.fields.map { ($0.column, $0.value) })
                    })
            },
            comparisons: comparisons.enumerated().map { offset, comparison in
                JSONComparison(
                    baseline: Self.label(0), candidate: Self.label(offset + 1), threshold: threshold,
                    rows: comparison.rows.map { row in
                        JSONRow(
                            runner: row.key.runner, queues: row.key.configuration.queues,
                            iterations: row.key.configuration.iterations, baselineMedianSeconds: row.baseline.median,
                            candidateMedianSeconds: row.candidate.median,
                            baselineNsPerJob: row.baseline.medianNanosecondsPerJob,
                            candidateNsPerJob: row.candidate.medianNanosecondsPerJob, ratio: row.ratio,
                            normalizedRatio: row.normalizedRatio, intervalLow: row.interval?.lowerBound,
                            intervalHigh: row.interval?.upperBound, baselineOkRuns: row.baseline.okRuns,
                            candidateOkRuns: row.candidate.okRuns, verdict: row.verdict.rawValue)
                    },
                    onlyInBaseline: comparison.onlyInBaseline.map(cell),
                    onlyInCandidate: comparison.onlyInCandidate.map(cell))
            })
        return JSON.encode(document)
    }
}
