import BenchResults
import Foundation
import JobRunners

/// An interleaved comparison for people and programs: `bench interleave`'s, and `bench compare`'s of one file that
/// holds runs of two builds.
struct InterleavedOutput {
    let comparison: InterleavedComparison
    /// Where the chart finds each runner's family and C floor.
    let catalogue: RunnerCatalogue

    init(_ comparison: InterleavedComparison, catalogue: RunnerCatalogue) {
        self.comparison = comparison
        self.catalogue = catalogue
    }

    var output: CommandOutput {
        CommandOutput(
            title: "\(Program.name) interleave: two builds, run by run", document: document,
            csv: { CSV.text(Self.columns, comparison.rows) }, json: json)
    }

    private func document() -> Document {
        var document = Document()
        let (a, b) = (comparison.baseline, comparison.candidate)
        document.heading("\(b.label) against \(a.label), run by run in one session")
        let builds = comparison.builds.map { "\($0.configuration) build, Swift \($0.swiftVersion)" }
        document.lines("\(a.label): \(a.executable) (\(builds[0]))", "\(b.label): \(b.executable) (\(builds[1]))")
        let debug = zip([a.label, b.label], comparison.builds).filter { $0.1.configuration == "debug" }.map(\.0)
        if let text = FileComparison.debugBuildText(debug, advice: "Build both with 'swift build -c release'.") {
            document.paragraph(text)
        }
        document.chart(RowChart.interleaved(comparison, catalogue: catalogue))
        document.paragraph(
            "Each cell's ratio is the 20% trimmed mean over its pairs of \(b.label)/\(a.label) (on the log scale), two "
                + "runs made one right after the other; the interval Yuen's for a trimmed mean, over the worker processes "
                + "(each its pairs' trimmed mean), none below \(InterleavedComparison.fewestPairsForInterval) pairs. Noise "
                + "threshold \(Format.number(comparison.threshold * 100))%. Sees: the smallest change an interval as wide "
                + "as the cell's would call \(Int(Comparison.detectablePower * 100))% of the time, as in compare: a cell "
                + "called same with sees ×1.3 could not have seen a change of 20%.")
        let rows = comparison.rows.map { row in
            [
                row.key.runner, row.key.configuration.description, "\(row.pairs)",
                row.baseline.headlineNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                row.candidate.headlineNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                row.ratio.map(Format.ratio) ?? "-", row.interval.map { Format.range($0) } ?? "-", row.verdict.rawValue,
                row.detectable.map { "×" + Format.ratio($0) } ?? "-",
            ]
        }
        document.table(
            TextTable(
                columns: [
                    "runner", "configuration", "pairs", "\(a.label) per job", "\(b.label) per job",
                    "\(b.label)/\(a.label)", "95% interval", "verdict", "sees",
                ],
                rows: rows, rightAligned: [2, 3, 4, 5, 6, 8], keyColumns: 2))
        let counts = Comparison.Verdict.allCases.map { verdict in
            "\(comparison.rows.filter { $0.verdict == verdict }.count) \(verdict.rawValue)"
        }
        document.lines("Verdicts: \(counts.joined(separator: ", "))")
        document.paragraph(FileComparison.detectableText(comparison.rows.map(\.detectable)))
        if let interference = interferenceText {
            document.paragraph(interference)
        }
        return document
    }

    /// What other programs did meanwhile, when they used the machine during any pair; nil when they did not. A
    /// pair's two runs are read one load (``RunLoad``) between them, so A's marked runs are the marked pairs.
    var interferenceText: String? {
        let marked = comparison.rows.map(\.baseline.interferedRuns).reduce(0, +)
        guard marked > 0 else {
            return nil
        }
        let runs = comparison.rows.map(\.baseline.runs).reduce(0, +)
        return "Interference: other programs used \(Format.number(RunLoad.interferenceShare * 100))% of the machine "
            + "or more during \(marked) of \(Format.count(runs, "pair")). A pair's two runs are made one right after "
            + "the other, so it fell on both builds alike: it widens the intervals (more cells unsure), and faster or "
            + "slower still needs the pairs to agree."
    }

    private func json() -> JSONValue {
        .object([
            "baseline": .object([
                "label": .string(comparison.baseline.label), "executable": .string(comparison.baseline.executable),
            ]),
            "candidate": .object([
                "label": .string(comparison.candidate.label), "executable": .string(comparison.candidate.executable),
            ]),
            "threshold": .number(comparison.threshold),
            "rows": .records(Self.columns, comparison.rows),
        ])
    }

    /// The columns of its CSV, and of each row in its JSON.
    static let columns: [DataColumn<InterleavedComparison.Row>] =
        ResultSchema.cellColumns.lifted(\InterleavedComparison.Row.key)
        + [
            DataColumn("pairs") { .integer($0.pairs) },
            DataColumn("baseline_ns_per_job") { .decimal($0.baseline.headlineNanosecondsPerJob, places: 3) },
            DataColumn("candidate_ns_per_job") { .decimal($0.candidate.headlineNanosecondsPerJob, places: 3) },
            DataColumn("ratio") { .decimal($0.ratio, places: 4) },
            DataColumn("interval_low") { .decimal($0.interval?.lowerBound, places: 4) },
            DataColumn("interval_high") { .decimal($0.interval?.upperBound, places: 4) },
            DataColumn("verdict") { .text($0.verdict.rawValue) },
            DataColumn("detectable_change") { .decimal($0.detectable, places: 4) },
        ]
}
