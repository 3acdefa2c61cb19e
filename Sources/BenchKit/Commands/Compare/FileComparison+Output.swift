import BenchResults
import Foundation
import JobRunners

/// A comparison of files for people and programs: its tables and page, a CSV row and a JSON object per cell.
extension FileComparison {
    /// The comparison in every format: the tables; a CSV row per cell and comparison; the same in JSON, with the
    /// files and their machines.
    var output: CommandOutput {
        CommandOutput(
            title: "\(Program.name) compare: " + files.map(\.path).joined(separator: ", "), document: document,
            csv: { CSV.text(Self.columns, entries()) }, json: json)
    }

    func document() -> Document {
        var document = Document()
        document.heading("Files")
        document.table(filesTable())
        if let configuration = matrixConfiguration {
            document.heading(
                "The machines side by side at \(configuration): cost per job, and × the file's own \(Report.controlRunner)")
            document.lines(legend())
            document.table(matrix(at: configuration))
            if let catalogue, files.count <= RowChart.mostFiles {
                let labelled = zip(legend(), reports).map { (label: $0, report: $1) }
                document.chart(
                    RowChart.costPerJob(
                        labelled, configurations: [configuration], catalogue: catalogue,
                        titlePrefix: "\(Self.label(0)) to \(Self.label(files.count - 1)) at \(configuration): "))
            }
        }
        document.heading("Machines (≠: differs from A)")
        document.table(machinesTable())
        if let shared = sharedHostText() {
            document.paragraph(shared)
        }
        if let debug = debugBuildText() {
            document.paragraph(debug)
        }
        if let catalogue {
            document.chart(RowChart.comparison(self, catalogue: catalogue))
        }
        let percent = Format.number(threshold * 100)
        for (offset, comparison) in comparisons.enumerated() {
            let label = Self.label(offset + 1)
            // With a machine factor the table's interval is the relative ratio's (the raw one's is in the CSV and
            // JSON): the heading says which interval decides which verdict.
            let relative = comparison.machineFactor == nil ? "" : ", relative from that of ÷ machine (interval)"
            document.heading(
                "\(label) against A: noise threshold \(percent)%; verdict from the 95% interval of \(label)/A"
                    + relative)
            document.paragraph(sessionTermsText())
            document.table(rowsTable(comparison, label: label))
            let counts = Comparison.Verdict.allCases.map { verdict in
                "\(comparison.rows.filter { $0.verdict == verdict }.count) \(verdict.rawValue)"
            }
            document.lines("Verdicts: \(counts.joined(separator: ", "))")
            document.paragraph(Self.machineFactorText(comparison, label: label, kinds: kindDifferences[offset]))
            if comparison.machineFactor != nil {
                let counts = Comparison.RelativeVerdict.allCases.map { verdict in
                    "\(comparison.rows.filter { $0.relativeVerdict == verdict }.count) \(verdict.rawValue)"
                }
                document.lines("Relative verdicts: \(counts.joined(separator: ", "))")
            }
            document.paragraph(Self.detectableText(comparison))
            if let interference = Self.interferenceText(comparison, label: label) {
                document.paragraph(interference)
            }
            let systems = Self.kindDifferences(files[0], files[offset + 1], in: Self.systemFields)
            if let allocations = Self.allocationsText(comparison, systems: systems) {
                document.paragraph(allocations.summary)
                document.list(allocations.changes)
            }
            if showsMetrics {
                document.heading(
                    "\(label) against A: what the runs cost the machine (medians; threads and memory: the most seen)")
                let kernels = Set(
                    [files[0], files[offset + 1]].flatMap(\.machines).map(\.kernelName).filter { !$0.isEmpty })
                let waitsCompare = kernels.count <= 1
                document.table(metricsTable(comparison, label: label, waitsCompare: waitsCompare))
                if !waitsCompare {
                    document.lines(
                        "Voluntary context switches per job are left out: the files come from different "
                            + "kernels (\(kernels.sorted().joined(separator: ", "))), and macOS counts most condition "
                            + "and Dispatch waits as involuntary switches, so the counts do not compare.")
                }
            }
            for (side, keys) in [("A", comparison.onlyInBaseline), (label, comparison.onlyInCandidate)]
            where !keys.isEmpty {
                document.heading("Only in \(side): \(Format.count(keys.count, "cell")), by runner")
                document.list(Self.byRunner(keys))
            }
        }
        return document
    }

    func filesTable() -> TextTable {
        let rows = files.enumerated().map { index, file in
            let runs = reports[index].cells.map(\.runs)
            let perCell = Set(runs).count == 1 ? "\(runs[0])" : "\(runs.min() ?? 0)–\(runs.max() ?? 0)"
            let dates = file.records.compactMap(\.startedAt).sorted()
            let when = dates.first.map { first in
                let last = dates.last ?? first
                return first.resultTimestamp + (last == first ? "" : " to " + last.resultTimestamp)
            }
            return [Self.label(index), file.path, "\(file.records.count)", perCell, when ?? "(not recorded)"]
        }
        return TextTable(columns: ["", "file", "runs", "runs per cell", "started"], rows: rows, rightAligned: [2, 3])
    }

    /// The most files compare sets side by side without a matrix of them all first: with more, a table of each
    /// against the first is not a view of the machines.
    static let filesWithoutMatrix = 2
    /// The configuration the matrix of machines shows where every file has it: the 2010 experiment's 8×12500.
    static let matrixDefault = RunConfiguration(queues: 8, iterations: 12_500)

    /// With more than ``filesWithoutMatrix`` files, the configuration their matrix shows: ``matrixDefault`` where
    /// every file has it, else the first of the first file's configurations that every file has; nil with fewer
    /// files, or where no configuration is in every file.
    var matrixConfiguration: RunConfiguration? {
        guard files.count > Self.filesWithoutMatrix else {
            return nil
        }
        let shared = reports.dropFirst().reduce(reports[0].configurations) { shared, report in
            shared.filter(report.configurations.contains)
        }
        return shared.contains(Self.matrixDefault) ? Self.matrixDefault : shared.first
    }

    /// Which machine each file's column is: `A: 4-core Mac Pro with HyperThreading (model not published), 8 CPUs`.
    func legend() -> [String] {
        files.indices.map { index in
            let machine = files[index].machines.first
            let parts = [machine?.cpuModel ?? "", machine?.logicalCPUs.map { "\($0) CPUs" } ?? ""].filter { !$0.isEmpty }
            return "\(Self.label(index)): " + (parts.isEmpty ? files[index].path : parts.joined(separator: ", "))
        }
    }

    /// Runner by file, at `configuration`: each file's cost per job and its ratio to the file's own
    /// ``Report/controlRunner``, which reads across machines where the costs cannot.
    func matrix(at configuration: RunConfiguration) -> TextTable {
        let runners = reports.flatMap { report in
            report.cells.filter { $0.configuration == configuration }.map(\.runner)
        }.uniqued()
        let columns = files.indices.flatMap { [Self.label($0), Self.label($0) + " ×"] }
        var table = SweepSummary.groupedTable(runners: runners, columns: columns) { runner in
            reports.flatMap { report in
                let cell = report.cell(runner, at: configuration)
                return [
                    cell?.headlineNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                    cell?.ratioToControl.map(SweepSummary.times) ?? "-",
                ]
            }
        }
        for index in files.indices {
            // Column 0 names the runner; file i's two columns follow.
            table.headColours[1 + 2 * index] = RowChart.fileColour(index)
            table.headColours[2 + 2 * index] = RowChart.fileColour(index)
        }
        return table
    }

    /// The machine fields that do not tell machines apart, and so are never marked as differing: the clock's
    /// resolution, measured at each start, moves from run to run.
    static let measuredMachineFields: Set<String> = ["clock_resolution_ns"]

    /// Where every file names the same host but the machines differ (cloud VMs all called `vm`), which fields tell
    /// them apart (not ``measuredMachineFields``); nil otherwise.
    func sharedHostText() -> String? {
        let machines = files.compactMap(\.machines.first)
        let hosts = machines.map(\.host).uniqued()
        guard machines.count == files.count, hosts.count == 1, let host = hosts.first else {
            return nil
        }
        let apart = MachineInfo.columns.indices.filter { column in
            let name = MachineInfo.columns[column]
            return name != "host" && !Self.measuredMachineFields.contains(name)
                && machines.map { $0.fields[column].value }.uniqued().count > 1
        }
        guard !apart.isEmpty else {
            return nil
        }
        return "Every file names its host '\(host)', but the machines differ in "
            + apart.map { MachineInfo.columns[$0] }.joined(separator: ", ") + ": tell them apart by those."
    }

    func machinesTable() -> TextTable {
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
                    let differs = value != values[0][column]
                        && !Self.measuredMachineFields.contains(MachineInfo.columns[column])
                    return file > 0 && differs ? value + " ≠" : value
                }
        }
        return TextTable(columns: ["field"] + files.indices.map(Self.label), rows: rows)
    }

    func rowsTable(_ comparison: Comparison, label: String) -> TextTable {
        let relative = comparison.machineFactor != nil
        let rows = comparison.rows.map { row -> [String] in
            // The mark goes where interference made the verdict unsure (interferenceText says so).
            let mark = row.interfered != .neither && row.verdict == .unsure ? "!" : ""
            let relativeMark = row.interfered != .neither && row.relativeVerdict == .unsure ? "!" : ""
            let costs: [String] = [
                row.key.runner, row.key.configuration.description,
                row.baseline.headlineNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                row.candidate.headlineNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                row.ratio.map(Format.ratio) ?? "-",
            ]
            let interval = row.interval.map { Format.range($0) } ?? "-"
            let sees = row.detectable.map { "×" + Format.ratio($0) } ?? "-"
            guard relative else {
                return costs + [interval, row.verdict.rawValue + mark, sees]
            }
            // With a machine factor, the relative ratio's interval: the raw one's is in the CSV and JSON.
            let relativeRatio = row.relativeRatio.map(Format.ratio) ?? "-"
            let relativeInterval = row.relativeInterval.map { Format.range($0) } ?? "-"
            let relativeSees = row.relativeDetectable.map { "×" + Format.ratio($0) } ?? "-"
            return costs + [
                row.verdict.rawValue + mark, relativeRatio, relativeInterval,
                row.relativeVerdict.rawValue + relativeMark, relativeSees,
            ]
        }
        return TextTable(
            columns: ["runner", "configuration", "A per job", "\(label) per job", "\(label)/A"]
                + (relative
                    ? ["verdict", "÷ machine", "interval", "relative", "sees"] : ["interval", "verdict", "sees"]),
            rows: rows, rightAligned: relative ? [2, 3, 4, 6, 7, 9] : [2, 3, 4, 5, 7], keyColumns: 2)
    }

    /// `waitsCompare`: whether both files' voluntary context switches mean the same (the same kernel); if not,
    /// those columns show `-`.
    func metricsTable(_ comparison: Comparison, label: String, waitsCompare: Bool) -> TextTable {
        func pair<T>(
            _ value: @escaping (CellSummary) -> T?, _ text: @escaping (T) -> String
        ) -> (CellSummary, CellSummary) -> [String] {
            { before, after in [value(before).map(text) ?? "-", value(after).map(text) ?? "-"] }
        }
        let cpu = pair(\.medianCPUNanosecondsPerJob, Format.perJob(nanoseconds:))
        let switches = pair({ waitsCompare ? $0.medianVoluntarySwitchesPerJob : nil }) { String(format: "%.3f", $0) }
        let threads = pair(\.peakThreads) { String($0) }
        let memory = pair(\.maxRSSBytes, Format.bytes)
        let rows = comparison.rows.map { row in
            [row.key.runner, row.key.configuration.description]
                + cpu(row.baseline, row.candidate) + switches(row.baseline, row.candidate)
                + threads(row.baseline, row.candidate) + memory(row.baseline, row.candidate)
        }
        return TextTable(
            columns: [
                "runner", "configuration", "A CPU/job", "\(label) CPU/job", "A voluntary switches/job",
                "\(label) voluntary switches/job", "A peak threads", "\(label) peak threads", "A max RSS",
                "\(label) max RSS",
            ],
            // A runner and a configuration name a row: both head every part of a table too wide for a line.
            rows: rows, rightAligned: Set(2...9), keyColumns: 2)
    }

    /// A cell of a comparison's CSV and JSON: in both files, or in one only.
    struct Entry {
        var baseline: String
        var candidate: String
        var key: CellKey
        /// The cell's comparison, if it is in both files.
        var row: Comparison.Row?
        var verdict: String
        /// Whether the cell's allocations per job changed (``FileComparison/AllocationChanges``); nil where either
        /// file has no count, or the cell is in one file only.
        var allocationsChanged: Bool? = nil

        /// The row's relative verdict; empty for a cell in one file only, or without a machine factor.
        var relativeVerdict: String {
            guard let row, row.relativeRatio != nil else {
                return ""
            }
            return row.relativeVerdict.rawValue
        }
    }

    /// Every cell of every comparison: those in both files, then those in the baseline only, then those in the
    /// candidate only.
    func entries() -> [Entry] {
        comparisons.enumerated().flatMap { offset, comparison in
            let (baseline, candidate) = (files[0].path, files[offset + 1].path)
            let allocations = AllocationChanges(comparison)
            return comparison.rows.map {
                Entry(
                    baseline: baseline, candidate: candidate, key: $0.key, row: $0, verdict: $0.verdict.rawValue,
                    allocationsChanged: allocations.changed($0))
            }
                + comparison.onlyInBaseline.map {
                    Entry(baseline: baseline, candidate: candidate, key: $0, row: nil, verdict: "only-in-baseline")
                }
                + comparison.onlyInCandidate.map {
                    Entry(baseline: baseline, candidate: candidate, key: $0, row: nil, verdict: "only-in-candidate")
                }
        }
    }

    /// The columns of `bench compare --format csv`, and of each row in its JSON.
    static let columns: [DataColumn<Entry>] =
        [DataColumn("baseline") { .text($0.baseline) }, DataColumn("candidate") { .text($0.candidate) }]
        + ResultSchema.cellColumns.lifted(\Entry.key)
        + [
            DataColumn("baseline_median_seconds") { .seconds($0.row?.baseline.median) },
            DataColumn("candidate_median_seconds") { .seconds($0.row?.candidate.median) },
            DataColumn("baseline_ns_per_job") { .decimal($0.row?.baseline.headlineNanosecondsPerJob, places: 3) },
            DataColumn("candidate_ns_per_job") { .decimal($0.row?.candidate.headlineNanosecondsPerJob, places: 3) },
            DataColumn("ratio") { .decimal($0.row?.ratio, places: 4) },
            DataColumn("normalized_ratio") { .decimal($0.row?.normalizedRatio, places: 4) },
            DataColumn("interval_low") { .decimal($0.row?.interval?.lowerBound, places: 4) },
            DataColumn("interval_high") { .decimal($0.row?.interval?.upperBound, places: 4) },
            DataColumn("baseline_ok_runs") { .integer($0.row?.baseline.okRuns) },
            DataColumn("candidate_ok_runs") { .integer($0.row?.candidate.okRuns) },
            DataColumn("verdict") { .text($0.verdict) },
            DataColumn("relative_ratio") { .decimal($0.row?.relativeRatio, places: 4) },
            DataColumn("relative_interval_low") { .decimal($0.row?.relativeInterval?.lowerBound, places: 4) },
            DataColumn("relative_interval_high") { .decimal($0.row?.relativeInterval?.upperBound, places: 4) },
            DataColumn("relative_verdict") { .text($0.relativeVerdict) },
            DataColumn("detectable_change") { .decimal($0.row?.detectable, places: 4) },
            DataColumn("relative_detectable_change") { .decimal($0.row?.relativeDetectable, places: 4) },
            DataColumn("interfered") { .text($0.row?.interfered.rawValue ?? "") },
            DataColumn("baseline_allocations_per_job") { .decimal($0.row?.baseline.allocationsPerJob, places: 4) },
            DataColumn("candidate_allocations_per_job") { .decimal($0.row?.candidate.allocationsPerJob, places: 4) },
            DataColumn("allocations_changed") { entry in
                entry.allocationsChanged.map { .text($0 ? "yes" : "no") } ?? .text("")
            },
        ]

    func json() -> JSONValue {
        let entries = entries()
        return .object([
            "files": .array(
                files.enumerated().map { index, file in
                    .object([
                        "label": .string(Self.label(index)), "path": .string(file.path),
                        "runs": .integer(file.records.count),
                        "machines": .array(
                            file.machines.map { machine in
                                .object(
                                    Dictionary(uniqueKeysWithValues: machine.fields.map { ($0.column, .string($0.value)) }))
                            }),
                    ])
                }),
            "comparisons": .array(
                comparisons.enumerated().map { offset, comparison in
                    let candidate = files[offset + 1].path
                    let mine = entries.filter { $0.candidate == candidate }
                    func only(_ verdict: String) -> JSONValue {
                        .records(ResultSchema.cellColumns, mine.filter { $0.verdict == verdict }.map(\.key))
                    }
                    return .object([
                        "baseline": .string(files[0].path), "candidate": .string(candidate),
                        "threshold": .number(threshold),
                        "session_terms": Self.json(comparison.terms, from: termsSource?.path),
                        "kind_differences": .array(kindDifferences[offset].map(JSONValue.string)),
                        "machine_factor": comparison.machineFactor.map { factor in
                            .object([
                                "estimate": .number(factor.estimate),
                                "interval_low": factor.interval.map { .number($0.lowerBound) } ?? .null,
                                "interval_high": factor.interval.map { .number($0.upperBound) } ?? .null,
                                "cells": .integer(factor.cells),
                                "runners": comparison.factorRunners.map { .array($0.sorted().map(JSONValue.string)) }
                                    ?? .null,
                                "all_cells": factor.allCells.map(JSONValue.number) ?? .null,
                            ])
                        } ?? .null,
                        "rows": .records(Self.columns, mine.filter { $0.row != nil }),
                        "only_in_baseline": only("only-in-baseline"), "only_in_candidate": only("only-in-candidate"),
                    ])
                }),
        ])
    }

    /// Session terms in JSON: `cell` and `drift`, and the file they were kept in (null for the default).
    static func json(_ terms: SessionTerms, from path: String?) -> JSONValue {
        .object([
            "cell": .number(terms.cell), "drift": .number(terms.drift),
            "kept_in": path.map(JSONValue.string) ?? .null,
        ])
    }
}
