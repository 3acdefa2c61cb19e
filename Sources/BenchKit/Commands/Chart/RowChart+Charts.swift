import BenchResults
import Foundation
import JobRunners

/// The row charts `bench` draws: a sweep's cost per job and its latency, `compare`'s ratios and `interleave`'s.
extension RowChart {
    /// The marks of a row's slots: one slot per configuration, and per file within it where there are several
    /// (each file a colour, each configuration a marker); with one file, each configuration its own marker and
    /// colour.
    private struct Slots {
        let configurations: [RunConfiguration]
        let files: [String]
        /// The number, among every file the command read, of the first file drawn: a file keeps its colour
        /// (``RowChart/fileColour(_:)``) in every table and chart of a page, the baseline's too where it is not drawn.
        var firstFile = 0

        var count: Int {
            configurations.count * files.count
        }

        func slot(configuration: Int, file: Int) -> Int {
            configuration * files.count + file
        }

        func style(configuration: Int, file: Int) -> (marker: Marker, colour: String) {
            let marker = RowChart.style(configuration).marker
            return (marker, files.count == 1 ? RowChart.style(configuration).colour : RowChart.fileColour(firstFile + file))
        }

        /// One item per configuration (its marker, in its colour, or grey with several files), then one per file.
        var legend: [LegendItem] {
            let configurationItems = configurations.indices.map { index in
                LegendItem(
                    marker: RowChart.style(index).marker,
                    colour: files.count == 1 ? RowChart.style(index).colour : "#555",
                    text: configurations[index].description)
            }
            guard files.count > 1 else {
                return configurationItems
            }
            return configurationItems
                + files.indices.map { LegendItem(marker: nil, colour: RowChart.fileColour(firstFile + $0), text: files[$0]) }
        }
    }

    /// What each runner costs per job in each configuration, from one or more files (several: each file a colour):
    /// the median of the runs, its 95% interval, and the modes of a cell whose runs form several. A job is the
    /// shape's (a round trip in ping-pong) where the configurations are of one shape; `titlePrefix` goes before
    /// the title (`Ping-pong: `).
    static func costPerJob(
        _ reports: [(label: String, report: Report)], configurations: [RunConfiguration], catalogue: RunnerCatalogue,
        titlePrefix: String = ""
    ) -> RowChart {
        let shapes = Set(configurations.map(\.shape))
        let job = shapes.count == 1 ? shapes.first?.jobName ?? "job" : "job"
        let slots = Slots(configurations: configurations, files: reports.map(\.label))
        let groups = rows(of: reports, slots: slots, catalogue: catalogue) { cell in
            let jobs = Double(cell.configuration.jobs)
            let interval = cell.interval.map { ($0.lowerBound / jobs)...($0.upperBound / jobs) }
            let value = cell.headlineNanosecondsPerJob
            let numbers =
                value.map { value in
                    "\(Format.perJob(nanoseconds: value)) per \(job)"
                        + (interval.map { ", 95% interval \(Format.range($0, Format.perJob))" } ?? "")
                } ?? "no ok run"
            return (
                value, interval, cell.modes.isMultimodal ? cell.modes.modes.map(\.location) : [],
                numbers + ", \(cell.okRuns) ok of \(Format.count(cell.runs, "run"))"
                    + (cell.modesText.map { "; modes: \($0)" } ?? "")
                    + (cell.interferedRuns > 0 ? "; ! \(cell.interferedRuns) made during interference" : "")
            )
        }
        return RowChart(
            title: titlePrefix + "What each runner costs per \(job), by configuration",
            subtitles: [
                "A row per runner, a mark per configuration (\(Self.configurationWords(shapes))): the median cost per "
                    + "\(job) of its runs, on a log scale, its line the 95% interval. Short bars across a line, in its "
                    + "colour: the modes of a cell whose runs form clusters apart. C floor: the same pattern written "
                    + "in C, under its runner."
            ],
            axis: .nanoseconds, axisTitle: "cost per \(job) (log scale)", slots: slots.count, legend: slots.legend,
            groups: groups, band: nil, footnotes: interferenceFootnotes(reports, configurations: configurations))
    }

    /// What a chart of `reports` says of the cells the summary marks `!`: those with runs made while other programs
    /// used the machine, which the marks alone do not show; one line a file that has some, none where no file has.
    static func interferenceFootnotes(
        _ reports: [(label: String, report: Report)], configurations: [RunConfiguration]
    ) -> [String] {
        reports.compactMap { file in
            let cells = file.report.cells.filter { configurations.contains($0.configuration) }
            let marked = cells.filter { $0.interferedRuns > 0 }.count
            guard marked > 0 else {
                return nil
            }
            let place = reports.count > 1 ? " of \(file.label)" : ""
            return "In \(marked) of \(Format.count(cells.count, "cell"))\(place) some runs were made while other "
                + "programs used the machine (the summary's !; a pointer over a mark says how many): they may be off."
        }
    }

    /// Each runner's sampled latency in each configuration that has some, from one or more files: from the p50
    /// (the mark) to the p99 (the line's end), the p90 a short bar; each percentile the median over the ok runs.
    static func latency(_ reports: [(label: String, report: Report)], catalogue: RunnerCatalogue) -> RowChart {
        let configurations = reports.flatMap { file in
            file.report.configurations.filter { configuration in
                file.report.cells.contains { $0.configuration == configuration && !$0.latencies.isEmpty }
            }
        }.uniqued()
        let slots = Slots(configurations: configurations, files: reports.map(\.label))
        let groups = rows(of: reports, slots: slots, catalogue: catalogue) { cell in
            guard !cell.latencies.isEmpty else {
                return nil
            }
            let (p50, p90, p99) = (cell.medianLatency(\.p50), cell.medianLatency(\.p90), cell.medianLatency(\.p99))
            let text = [("p50", p50), ("p90", p90), ("p99", p99)].compactMap { name, value in
                value.map { "\(name) \(Format.perJob(nanoseconds: $0))" }
            }
            return (
                p50, p50.flatMap { low in p99.map { low...max(low, $0) } }, p90.map { [$0] } ?? [],
                text.joined(separator: ", ") + " (medians over \(Format.count(cell.latencies.count, "run")))"
            )
        }
        return RowChart(
            title: "Latency of each runner: p50 to p99",
            subtitles: [
                "A row per runner, a mark per configuration: at the p50 of the sampled latencies, its line reaching to "
                    + "the p99, the short bar at the p90 (each the median over the ok runs); log scale. Further right "
                    + "is slower; a long line, a long tail."
            ],
            axis: .nanoseconds, axisTitle: "latency (log scale)", slots: slots.count, legend: slots.legend,
            groups: groups, band: nil)
    }

    /// What a cell's mark shows: its point, its line, its short bars, and the numbers its tooltip gives after the
    /// cell's name.
    private typealias CellMark = (value: Double?, interval: ClosedRange<Double>?, ticks: [Double], numbers: String)

    /// The rows of the files' cells in the slots' configurations: a mark for each cell that `mark` draws (nil:
    /// none), in the slot of its configuration and file; a runner with no mark is left out.
    private static func rows(
        of reports: [(label: String, report: Report)], slots: Slots, catalogue: RunnerCatalogue,
        mark: (CellSummary) -> CellMark?
    ) -> [Group] {
        var marks: [String: [Mark]] = [:]
        for runner in reports.flatMap({ $0.report.runners }).uniqued() {
            for (configurationIndex, configuration) in slots.configurations.enumerated() {
                for (fileIndex, file) in reports.enumerated() {
                    guard let cell = file.report.cell(runner, at: configuration), let drawn = mark(cell) else {
                        continue
                    }
                    let style = slots.style(configuration: configurationIndex, file: fileIndex)
                    let place = reports.count > 1 ? " in \(file.label)" : ""
                    marks[runner, default: []].append(
                        Mark(
                            slot: slots.slot(configuration: configurationIndex, file: fileIndex),
                            marker: style.marker, colour: style.colour, value: drawn.value, interval: drawn.interval,
                            ticks: drawn.ticks, tooltip: "\(runner) at \(configuration)\(place): \(drawn.numbers)"))
                }
            }
        }
        let runners = reports.flatMap { $0.report.runners }.uniqued().filter { marks[$0] != nil }
        return grouped(runners, catalogue: catalogue) { runner, isFloor in
            Row(label: isFloor ? "C floor" : runner, isFloor: isFloor, marks: marks[runner] ?? [], tooltip: runner)
        }
    }

    /// `compare`'s cells: for each later file, each cell's ratio to A (B/A) with its 95% interval, on a log axis
    /// centred on 1; the noise threshold a band around 1, each file's machine factor a dashed line; a mark filled
    /// where the cell moved against the machine (cheaper or dearer than the factor makes it; without a factor,
    /// faster or slower), hollow where it moved with it or the runs cannot tell.
    static func comparison(_ comparison: FileComparison, catalogue: RunnerCatalogue) -> RowChart {
        let labels = comparison.comparisons.indices.map { FileComparison.label($0 + 1) }
        let configurations = comparison.comparisons.flatMap { $0.rows.map(\.key.configuration) }.uniqued()
        let slots = Slots(configurations: configurations, files: labels, firstFile: 1)
        let runners = comparison.comparisons.flatMap { $0.rows.map(\.key.runner) }.uniqued()
        let rowsByKey = comparison.comparisons.map { cells in
            Dictionary(cells.rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let threshold = comparison.threshold
        let groups = grouped(runners, catalogue: catalogue) { runner, isFloor in
            var marks: [Mark] = []
            var moves: [Move] = []
            for (configurationIndex, configuration) in configurations.enumerated() {
                for (fileIndex, cells) in comparison.comparisons.enumerated() {
                    guard let row = rowsByKey[fileIndex][CellKey(runner: runner, configuration: configuration)] else {
                        continue
                    }
                    let moved =
                        cells.machineFactor == nil
                        ? (row.verdict == .faster || row.verdict == .slower)
                        : (row.relativeVerdict == .cheaper || row.relativeVerdict == .dearer)
                    let word = cells.machineFactor == nil ? row.verdict.rawValue : row.relativeVerdict.rawValue
                    if moved, let ratio = cells.machineFactor == nil ? row.ratio : row.relativeRatio {
                        moves.append(
                            (labels.count > 1 ? "\(labels[fileIndex]) " : "", word, ratio,
                             cells.machineFactor == nil ? "" : " × machine"))
                    }
                    let style = slots.style(configuration: configurationIndex, file: fileIndex)
                    let label = labels[fileIndex]
                    let ratioText =
                        row.ratio.map { ratio in
                            "\(label)/A \(Format.ratio(ratio))" + (row.interval.map { " (95% \(Format.range($0)))" } ?? "")
                                + ", \(row.verdict.rawValue)"
                        } ?? "no ratio (a file has no ok run)"
                    let relativeText =
                        cells.machineFactor == nil
                        ? ""
                        : "; beside the machine " + (row.relativeRatio.map(Format.ratio) ?? "-") + ", "
                            + row.relativeVerdict.rawValue
                    marks.append(
                        Mark(
                            slot: slots.slot(configuration: configurationIndex, file: fileIndex), marker: style.marker,
                            colour: style.colour, value: row.ratio, interval: row.interval, isSolid: moved,
                            tooltip: "\(runner) at \(configuration): " + ratioText + relativeText))
                }
            }
            return Row(
                label: isFloor ? "C floor" : runner, isFloor: isFloor, isMarked: !moves.isEmpty, marks: marks,
                flag: flag(moves), tooltip: runner)
        }
        let factors = zip(labels, comparison.comparisons).compactMap { label, cells in
            cells.machineFactor.map { factor in
                Reference(
                    value: factor.estimate,
                    label: "\(labels.count > 1 ? label + ": " : "")machine factor \(Format.ratio(factor.estimate)) "
                        + (factor.interval.map { "(95% \(Format.range($0)))" } ?? "(no interval)"),
                    isDashed: true,
                    caption: "\(labels.count > 1 ? label + ": " : "")machine \(Format.ratio(factor.estimate))")
            }
        }
        let later = labels.count == 1 ? "B" : "\(labels[0]) to \(labels[labels.count - 1])"
        var footnotes: [String] = []
        for (label, cells) in zip(labels, comparison.comparisons) {
            let shared = cells.rows.count
            let all = shared + cells.onlyInBaseline.count + cells.onlyInCandidate.count
            if shared < all {
                footnotes.append(
                    "A and \(label) share \(shared) of \(all) cells: only those are drawn (the others are listed below).")
            }
            if cells.machineFactor == nil {
                footnotes.append(
                    "A and \(label) share too few cells for a machine factor: filled marks are those faster or slower.")
            }
        }
        let factorLine =
            factors.isEmpty
            ? ""
            : " The dashed line: the machine factor, how the machine as a whole moved (the median of the cells: "
                + factors.map { $0.label.replacingOccurrences(of: "machine factor ", with: "") }.joined(separator: "; ")
                + ")."
        return RowChart(
            title: "\(later) against A: each cell's cost per job over A's",
            subtitles: [
                "A row per runner, a mark per configuration\(labels.count > 1 ? " and file" : ""): the ratio of the "
                    + "medians (log scale; left of 1 costs less than in A), its line the 95% interval. The grey band: "
                    + "within the noise threshold (±\(Format.number(threshold * 100))%).\(factorLine)",
                "Filled: the cell moved against the machine (cheaper or dearer than the machine factor alone makes "
                    + "it); hollow: with the machine, or the runs cannot tell. A runner's name is bold where any of its "
                    + "cells moved"
                    + (factors.isEmpty
                        ? ", and the row's end gives the verdict and the ratios of those that moved."
                        : ", and the row's end gives the verdict and the ratios over the machine factor (× machine) of "
                            + "those that moved."),
            ],
            axis: .ratio, axisTitle: "ratio of cost per job to A's (log scale)", slots: slots.count,
            legend: slots.legend, groups: groups, band: (1 - threshold)...(1 + threshold),
            references: [Reference(value: 1, label: "1: the same as A", isDashed: false)] + factors,
            footnotes: footnotes)
    }

    /// `interleave`'s cells: each cell's ratio of the two builds' runs, paired (B/A, the trimmed mean over its
    /// pairs), with its 95% interval; filled where the verdict is faster or slower.
    static func interleaved(_ comparison: InterleavedComparison, catalogue: RunnerCatalogue) -> RowChart {
        let (a, b) = (comparison.baseline.label, comparison.candidate.label)
        let configurations = comparison.rows.map(\.key.configuration).uniqued()
        let slots = Slots(configurations: configurations, files: [b])
        let runners = comparison.rows.map(\.key.runner).uniqued()
        let rowsByKey = Dictionary(comparison.rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let groups = grouped(runners, catalogue: catalogue) { runner, isFloor in
            var moves: [Move] = []
            let marks = configurations.enumerated().compactMap { index, configuration -> Mark? in
                guard let row = rowsByKey[CellKey(runner: runner, configuration: configuration)] else {
                    return nil
                }
                let moved = row.verdict == .faster || row.verdict == .slower
                if moved, let ratio = row.ratio {
                    moves.append(("", row.verdict.rawValue, ratio, ""))
                }
                let style = slots.style(configuration: index, file: 0)
                return Mark(
                    slot: index, marker: style.marker, colour: style.colour, value: row.ratio, interval: row.interval,
                    isSolid: moved,
                    tooltip: "\(runner) at \(configuration): \(b)/\(a) "
                        + (row.ratio.map(Format.ratio) ?? "-")
                        + (row.interval.map { " (95% \(Format.range($0)))" } ?? "")
                        + ", \(row.verdict.rawValue), \(Format.count(row.pairs, "pair"))")
            }
            return Row(
                label: isFloor ? "C floor" : runner, isFloor: isFloor, isMarked: !moves.isEmpty, marks: marks,
                flag: flag(moves), tooltip: runner)
        }
        let threshold = comparison.threshold
        return RowChart(
            title: "\(b) against \(a), run by run: each cell's cost per job over \(a)'s",
            subtitles: [
                "A row per runner, a mark per configuration: the ratio over its pairs of runs (log scale; left of 1 "
                    + "costs less with \(b)), its line the 95% interval. The grey band: within the noise threshold "
                    + "(±\(Format.number(threshold * 100))%).",
                "Filled: faster or slower; hollow: the same, or the pairs cannot tell. A runner's name is bold where "
                    + "any of its cells moved, and the row's end gives the verdict and the ratios of those that moved.",
            ],
            axis: .ratio, axisTitle: "ratio of cost per job, \(b)/\(a) (log scale)", slots: slots.count,
            legend: slots.legend, groups: groups, band: (1 - threshold)...(1 + threshold),
            references: [Reference(value: 1, label: "1: the same", isDashed: false)])
    }

    /// A cell's verdict that moved: its file's label (with several), the word, the ratio it was called on, and
    /// what that ratio is over (` × machine` for a ratio over the machine factor).
    private typealias Move = (file: String, word: String, ratio: Double, unit: String)

    /// A row's flag: each file's verdicts that moved, each word once with its ratio, or with several cells how many
    /// and the least and most of their ratios, in words, not as an interval's dash (`dearer 1.21 × machine`, `dearer
    /// in 3 cells, 1.21 to 1.32 × machine`); nil where none moved.
    private static func flag(_ moves: [Move]) -> String? {
        let parts = moves.map { "\($0.file)\($0.word)" }.uniqued().map { key in
            let called = moves.filter { "\($0.file)\($0.word)" == key }
            let ratios = called.map(\.ratio)
            let (low, high) = (ratios.min() ?? 1, ratios.max() ?? 1)
            let unit = called.first?.unit ?? ""
            guard called.count > 1 else {
                return "\(key) \(Format.ratio(low))\(unit)"
            }
            let each = Format.ratio(low) == Format.ratio(high) ? "each \(Format.ratio(low))" : "\(Format.ratio(low)) to \(Format.ratio(high))"
            return "\(key) in \(called.count) cells, \(each)\(unit)"
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// What a configuration's two numbers are, in the shapes drawn: `queues × iterations per queue`.
    static func configurationWords(_ shapes: Set<Shape>) -> String {
        Shape.allCases.filter(shapes.contains).map(\.wording.configuration).uniqued().joined(separator: "; ")
    }
}
