import BenchResults
import Foundation
import JobRunners

/// `bench compare A.csv B.csv [C.csv …]`: each later file against the first, cell by cell.
enum CompareCommand {
    static func run(_ options: CompareOptions, catalogue: RunnerCatalogue, console: Console) -> ExitCode {
        guard let files = ResultSet.read(options.paths, console: console, allowingBuilds: true) else {
            return .failure
        }
        // One file of two builds, made by bench interleave: compared pair by pair.
        if files.count == 1, let file = files.first {
            do {
                let comparison = try InterleavedComparison(records: file.records, threshold: options.threshold)
                console.output(InterleavedOutput(comparison).output.render(options.format))
                return .success
            } catch {
                console.error(
                    "Error: '\(file.path)': \(error); '\(Program.name) compare' needs two or more result files, the "
                        + "baseline first, or one made by '\(Program.name) interleave'\n")
                return .failure
            }
        }
        if let mixed = files.first(where: { !$0.variants.isEmpty }) {
            console.error(
                "Error: '\(mixed.path)' holds runs of two builds (\(Program.name) interleave): compare it alone, "
                    + "'\(Program.name) compare \(mixed.path)'\n")
            return .failure
        }
        var comparison = FileComparison(files: files, threshold: options.threshold)
        // A later file with no cell of the baseline's would print its tables empty and exit 0, which a CI step
        // takes for a comparison made: it is an error, saying what each file holds.
        if let offset = comparison.comparisons.firstIndex(where: { $0.rows.isEmpty }) {
            let (baseline, candidate) = (files[0], files[offset + 1])
            console.error(
                "Error: '\(baseline.path)' and '\(candidate.path)' share no cell (runner and configuration), so there "
                    + "is nothing to compare. '\(baseline.path)' holds \(FileComparison.holdings(comparison.reports[0])); "
                    + "'\(candidate.path)' holds \(FileComparison.holdings(comparison.reports[offset + 1])). Compare files "
                    + "made by the same command, such as a check's --output and a baseline made by that check.\n")
            return .failure
        }
        comparison.showsMetrics = options.showsMetrics
        if options.format == .html {
            comparison.catalogue = catalogue
        }
        console.output(comparison.output.render(options.format))
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
    /// What bench knows of the runners, to draw the files side by side where a page can show a chart; no chart
    /// without.
    var catalogue: RunnerCatalogue?

    init(files: [ResultSet], threshold: Double) {
        self.files = files
        self.threshold = threshold
        let reports = files.map { Report(records: $0.records) }
        self.reports = reports
        comparisons = reports.dropFirst().map { Comparison(baseline: reports[0], candidate: $0, threshold: threshold) }
    }

    /// What widens the intervals: `Session spread: ±4.2% (each cell's headline, its first half of runs against the
    /// rest); intervals widened by 1.96 times it.`
    static func sessionSpreadText(_ comparison: Comparison) -> String {
        guard let spread = comparison.sessionSpread else {
            return "Session spread: unknown (no file has \(Report.fewestCellsForSessionSpread) cells of 2 ok runs); "
                + "intervals from the runs' bootstrap alone."
        }
        let percent = "±\(Format.number((spread * 1000).rounded() / 10))%"
        guard !comparison.sessionSpreadIsStandIn else {
            return "Session spread: \(percent), a stand-in (a file has too few cells of "
                + "\(Report.fewestRunsForSessionSpread) ok runs to measure it, so each cell's first run against the "
                + "rest: wider, as its halves are noisier); intervals widened by 1.96 times it."
        }
        return "Session spread: \(percent) (each cell's headline, its first half of runs against the rest); intervals "
            + "widened by 1.96 times it."
    }

    /// The change compare tells ``Comparison/detectable(ratio:interval:threshold:)`` cells against.
    static let detectableChange = 1.2

    /// How many cells could have seen a change of ``detectableChange``, and what the median cell could see: `Could
    /// see ×1.2 (80% of the time): 61 of 104 cells, 55 beside the machine; the median cell ×1.18 ("sees": each
    /// cell's smallest).`
    static func detectableText(_ comparison: Comparison) -> String {
        let change = detectableChange
        let relative = comparison.machineFactor != nil
        let sees = comparison.rows.compactMap { relative ? $0.relativeDetectable : $0.detectable }
        let raw = comparison.rows.filter { ($0.detectable ?? .infinity) <= change }.count
        let beside = relative ? ", \(sees.filter { $0 <= change }.count) beside the machine" : ""
        let median = Statistics.median(sees).map { "; the median cell ×\(Format.ratio($0))" } ?? ""
        return "Could see ×\(Format.number(change)) (\(Int(Comparison.detectablePower * 100))% of the time): \(raw) of "
            + "\(Format.count(comparison.rows.count, "cell"))\(beside)\(median) (\"sees\": each cell's smallest, "
            + "from its interval's width)."
    }

    /// What compare says of the cells whose runs were made mostly during interference in one file and not in the
    /// other (``Comparison/Row/interferenceDiffers``); nil when there are none.
    static func interferenceText(_ comparison: Comparison, label: String) -> String? {
        let rows = comparison.rows.filter(\.interferenceDiffers)
        guard !rows.isEmpty else {
            return nil
        }
        let inCandidate = rows.filter { $0.candidate.isInterfered(moreThan: Comparison.interferedShare) }.count
        let where_ =
            inCandidate == rows.count ? "in \(label)" : inCandidate == 0 ? "in A" : "in one file (\(inCandidate) in \(label))"
        return "Interference: \(Format.count(rows.count, "cell")) had most of \(rows.count == 1 ? "its" : "their") runs "
            + "made while other programs used the machine \(where_) and not in the other file: their verdicts are "
            + "never faster, slower, cheaper or dearer (an unsure one is marked !), as a difference may be the other "
            + "programs'. Measure them again on a quiet machine."
    }

    /// The machine factor of `comparison` in words; a line saying there is none when there is none.
    static func machineFactorText(_ comparison: Comparison, label: String) -> String {
        guard let factor = comparison.machineFactor else {
            return "Machine factor: none (fewer than \(Comparison.fewestCellsForMachineFactor) cells with a ratio), so "
                + "no relative verdicts."
        }
        let change = Int((abs(factor.estimate - 1) * 100).rounded())
        // In time, not speed: a factor of 0.2 is 80% less time, which "80% faster" would misstate (5× as fast).
        let how =
            factor.interval.contains(1)
            ? "ran at the same speed, within its interval"
            : "took \(change)% \(factor.estimate < 1 ? "less" : "more") time per job as a whole"
        return "Machine factor \(label)/A: \(Format.ratio(factor.estimate)) (95% interval "
            + "\(Format.range(factor.interval))), the median of \(factor.cells) cells' ratios: \(label)'s machine \(how). "
            + "The relative ratio (÷ machine) divides it out; its verdict says whether a cell moved with the machine, "
            + "or became cheaper or dearer beside it."
    }

    /// `keys` as a line per runner, in the order of their first cell: `serial-queue: 1×100000, 4×25000`.
    static func byRunner(_ keys: [CellKey]) -> [String] {
        keys.map(\.runner).uniqued().map { runner in
            "\(runner): " + keys.filter { $0.runner == runner }.map(\.configuration.description).joined(separator: ", ")
        }
    }

    /// What a report's cells are, in a few words, for an error: `2 runners (serial-queue, condition-worker) at
    /// 4×25000`; at most four names of each, then how many more.
    static func holdings(_ report: Report) -> String {
        let keys = report.cells.map(\.key)
        guard !keys.isEmpty else {
            return "no cell"
        }
        func few(_ names: [String]) -> String {
            names.count <= 4
                ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
        }
        let runners = keys.map(\.runner).uniqued()
        return "\(Format.count(runners.count, "runner")) (\(few(runners))) at "
            + few(keys.map(\.configuration.description).uniqued())
    }

    /// A, B, C, … for the files in order.
    static func label(_ index: Int) -> String {
        index < 26 ? String(UnicodeScalar(UInt8(65 + index))) : "F\(index + 1)"
    }

    /// The comparison in every format: the tables; a CSV row per cell and comparison; the same in JSON, with the
    /// files and their machines.
    var output: CommandOutput {
        CommandOutput(
            title: "\(Program.name) compare: " + files.map(\.path).joined(separator: ", "), document: document,
            csv: { CSV.text(Self.columns, entries()) }, json: json)
    }

    private func document() -> Document {
        var document = Document()
        document.heading("Files")
        document.table(filesTable())
        document.heading("Machines (≠: differs from A)")
        document.table(machinesTable())
        if let catalogue {
            document.chart(BarChart(files: files, catalogue: catalogue, title: nil, logarithmic: true))
        }
        let percent = Format.number(threshold * 100)
        for (offset, comparison) in comparisons.enumerated() {
            let label = Self.label(offset + 1)
            document.heading(
                "\(label) against A: noise threshold \(percent)%; verdict from the 95% interval of \(label)/A")
            document.paragraph(Self.sessionSpreadText(comparison))
            document.table(rowsTable(comparison, label: label))
            let counts = Comparison.Verdict.allCases.map { verdict in
                "\(comparison.rows.filter { $0.verdict == verdict }.count) \(verdict.rawValue)"
            }
            document.lines("Verdicts: \(counts.joined(separator: ", "))")
            document.paragraph(Self.machineFactorText(comparison, label: label))
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

    private func filesTable() -> TextTable {
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
        let relative = comparison.machineFactor != nil
        let rows = comparison.rows.map { row -> [String] in
            // The mark goes where interference made the verdict unsure (interferenceText says so).
            let mark = row.interferenceDiffers && row.verdict == .unsure ? "!" : ""
            let relativeMark = row.interferenceDiffers && row.relativeVerdict == .unsure ? "!" : ""
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
    private func metricsTable(_ comparison: Comparison, label: String, waitsCompare: Bool) -> TextTable {
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
            rows: rows, rightAligned: Set(2...9))
    }

    /// A cell of a comparison's CSV and JSON: in both files, or in one only.
    struct Entry {
        var baseline: String
        var candidate: String
        var key: CellKey
        /// The cell's comparison, if it is in both files.
        var row: Comparison.Row?
        var verdict: String

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
    private func entries() -> [Entry] {
        comparisons.enumerated().flatMap { offset, comparison in
            let (baseline, candidate) = (files[0].path, files[offset + 1].path)
            return comparison.rows.map {
                Entry(baseline: baseline, candidate: candidate, key: $0.key, row: $0, verdict: $0.verdict.rawValue)
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
            DataColumn("interference_differs") { entry in .text(entry.row.map { $0.interferenceDiffers ? "yes" : "no" } ?? "") },
        ]

    private func json() -> JSONValue {
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
                        "session_spread": comparison.sessionSpread.map(JSONValue.number) ?? .null,
                        "session_spread_from": comparison.sessionSpread == nil
                            ? .null : .string(comparison.sessionSpreadIsStandIn ? "first-runs" : "halves"),
                        "machine_factor": comparison.machineFactor.map { factor in
                            .object([
                                "estimate": .number(factor.estimate), "interval_low": .number(factor.interval.lowerBound),
                                "interval_high": .number(factor.interval.upperBound), "cells": .integer(factor.cells),
                            ])
                        } ?? .null,
                        "rows": .records(Self.columns, mine.filter { $0.row != nil }),
                        "only_in_baseline": only("only-in-baseline"), "only_in_candidate": only("only-in-candidate"),
                    ])
                }),
        ])
    }
}

extension CompareCommand: ParsableCommand {}

extension Subcommand {
    /// `bench compare`.
    static let compare = Subcommand(
        CompareCommand.self, name: "compare", abstract: "Compare result files, from this machine or others.",
        help: { _ in HelpText.compare })
}

extension CompareOptions: Invocation {
    func run(_ context: CommandContext) -> ExitCode {
        CompareCommand.run(self, catalogue: context.catalogue, console: context.console)
    }
}

extension HelpText {
    /// The help of `bench compare`.
    static var compare: String {
        """
        OVERVIEW: Compares result files cell by cell (runner × configuration), each against the first.

        \(usage(.compare))
        \(paragraph("For each cell in both files: the median cost per job side by side, the ratio (file / baseline) and a verdict on it:", indent: 0))
          same      the ratio is within the noise threshold of 1, with or without an interval
          faster    below 1 by more than the threshold, and its 95% interval lies below 1
          slower    above 1 by more than the threshold, and its 95% interval lies above 1
          unsure    beyond the threshold, but the interval includes 1, or a file has fewer than two ok
                    repetitions in the cell (the 2010 file has one), so no interval can be made
        \(paragraph("The interval accounts for the files coming from two sessions: a bootstrap of each file's runs, widened by how far a cell's headline moves between the first and the second half of each file's runs (its session spread, printed above the table). A file with too few cells of \(Report.fewestRunsForSessionSpread) runs to measure it (a budgeted sweep on a slow day buys many cells 3) gets a stand-in, each cell's first run against the rest, which is wider and says so.", indent: 0))
        \(paragraph("The sees column is the smallest change of the cell that an interval as wide as its own would call \(Int(Comparison.detectablePower * 100))% of the time (never less than the threshold): a cell called same or unsure with sees ×1.5 could not have seen a change of 20%. A line under the verdicts counts the cells that could have seen ×\(Format.number(FileComparison.detectableChange)). \(Program.name) validate measures how often a change of each cell's own size is found.", indent: 0))
        \(paragraph("Then the machine factor: the median of the cells' ratios, with its interval, which is how much the file's machine (or its load) moved as a whole. Each cell's ratio divided by it (÷ machine), with its 95% interval, gets a relative verdict by the same rule: with-machine (within the threshold), cheaper or dearer (beyond it, the interval wholly below or above 1), or unsure. A cell that moved with the machine says nothing about the mechanism; one cheaper or dearer beside it does. With fewer than \(Comparison.fewestCellsForMachineFactor) cells there is no machine factor, and the table shows the ratio's interval and verdict alone. (\(Program.name) validate on files of separate sessions shows how far verdicts hold on your machine.)", indent: 0))
        \(paragraph("The machines of the files come first, with the values that differ from the baseline's marked; cells in one file only are listed last, and a file that shares no cell with the baseline is an error. --format csv and json give every figure, the ratio's own interval and the ratio normalized by each file's \(Report.controlRunner) control among them.", indent: 0))

        OPTIONS:
        \(CompareCommand.definition.optionsSection)

        EXIT CODES:
          0   compared, whatever the verdicts
          1   a file cannot be read or is not a result file, or shares no cell with the baseline
          64  the command line was wrong

        EXAMPLE:
          swift run -c release \(Program.name) compare results/2010-mac-pro-cocoawithlove.csv results/<yours>.csv

        """
    }
}
