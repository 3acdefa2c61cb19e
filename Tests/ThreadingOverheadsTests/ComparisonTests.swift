import BenchResults
import Foundation
import JobRunners
import Testing

extension ThreadingOverheadsTests {
    @Suite struct ComparisonTests {
        static let configuration = RunConfiguration(queues: 1, iterations: 1000)
        static let other = RunConfiguration(queues: 2, iterations: 500)

        static func report(_ cells: [String: [Int64]], configuration: RunConfiguration = configuration) -> Report {
            Report(records: cells.sorted { $0.key < $1.key }.flatMap { runner, times in
                times.enumerated().map { index, nanoseconds in
                    ResultRecord(
                        runner: runner, configuration: configuration, repetition: index + 1,
                        outcome: RunOutcome(status: .ok, nanoseconds: nanoseconds, detail: "", completedIterations: configuration.jobs, startedAt: nil),
                        machine: .current())
                }
            })
        }

        static func verdict(_ before: [Int64], _ after: [Int64]) -> Comparison.Verdict? {
            Comparison(baseline: report(["serial-queue": before]), candidate: report(["serial-queue": after]))
                .rows.first?.verdict
        }

        static let knownVerdicts: [([Int64], [Int64], Comparison.Verdict)] = [
            // Twice as slow, every run: the whole interval lies above 1.
            ([100, 101, 102], [200, 201, 202], .slower),
            ([100, 101, 102], [50, 51, 52], .faster),
            // 1% apart: within the 5% threshold.
            ([100, 101, 102], [101, 102, 103], .same),
            ([100, 101, 102], [100, 101, 102], .same),
            // 7% apart in the medians, but the runs overlap so much that the interval includes 1.
            ([100, 150, 200], [110, 160, 400], .unsure),
            // One run per cell, as in the 2010 file: no interval, so only the threshold can decide.
            ([100], [300, 300, 300], .unsure),
            ([100], [102], .same),
            ([300, 300, 300], [100], .unsure),
        ]

        @Test("verdicts on synthetic files with known answers", arguments: knownVerdicts)
        func verdicts(before: [Int64], after: [Int64], expected: Comparison.Verdict) {
            #expect(Self.verdict(before, after) == expected)
        }

        @Test("a wider threshold turns a small real difference into same")
        func threshold() {
            let before = Self.report(["serial-queue": [100, 101, 102]])
            let after = Self.report(["serial-queue": [110, 111, 112]])
            #expect(Comparison(baseline: before, candidate: after).rows.first?.verdict == .slower)
            #expect(Comparison(baseline: before, candidate: after, threshold: 0.15).rows.first?.verdict == .same)
        }

        @Test("ratios, normalized ratios and the interval")
        func ratios() throws {
            let before = Self.report(["single-threaded": [100, 100, 100], "serial-queue": [200, 200, 200]])
            let after = Self.report(["single-threaded": [50, 50, 50], "serial-queue": [150, 150, 150]])
            let comparison = Comparison(baseline: before, candidate: after)
            let row = try #require(comparison.rows.first { $0.key.runner == "serial-queue" })
            #expect(row.ratio == 0.75)
            // (150 / 50) / (200 / 100): relative to its machine's control, serial-queue got 1.5 times dearer.
            #expect(abs((row.normalizedRatio ?? 0) - 1.5) < 1e-12)
            #expect(row.interval == 0.75...0.75)
            // Two cells, 0.5 and 0.75: the files differ as a whole by their median, 0.625.
            let shift = try #require(comparison.commonShift)
            #expect(abs(shift.median - 0.625) < 1e-12)
            #expect(abs(shift.middleHalf.lowerBound - 0.5625) < 1e-12 && abs(shift.middleHalf.upperBound - 0.6875) < 1e-12)
            #expect(row.verdict == .faster)
            let control = try #require(comparison.rows.first { $0.key.runner == "single-threaded" })
            #expect(control.normalizedRatio == 1)
        }

        @Test("the same files always give the same intervals")
        func reproducible() {
            let before = Self.report(["serial-queue": [100, 130, 90, 120, 110]])
            let after = Self.report(["serial-queue": [105, 160, 95, 140, 99]])
            let first = Comparison(baseline: before, candidate: after).rows.first?.interval
            let second = Comparison(baseline: before, candidate: after).rows.first?.interval
            #expect(first != nil)
            #expect(first == second)
        }

        /// Five cells whose last two runs cost `later` where their first two cost 100, beside `serial-queue` at
        /// `serialQueue` every run.
        static func sessionReport(later: Int64, serialQueue: Int64) -> Report {
            var cells: [String: [Int64]] = ["serial-queue": [serialQueue, serialQueue, serialQueue, serialQueue]]
            for index in 1...5 {
                cells["cell-\(index)"] = [100, 100, later, later]
            }
            return report(cells)
        }

        @Test("a file's session spread: its cells' first halves of runs against the rest")
        func sessionSpread() throws {
            // Five cells moved by 10% from their first half to the second, one did not: the median of the six
            // changes is ln 1.1, scaled to a standard deviation.
            let spread = try #require(Self.sessionReport(later: 110, serialQueue: 100).sessionSpread)
            #expect(abs(spread - 1.4826 * log(1.1)) < 1e-12)
            #expect(Self.sessionReport(later: 100, serialQueue: 100).sessionSpread == 0)
            // Too few cells of enough runs: unknown, not zero.
            #expect(Self.report(["serial-queue": [100, 100, 110, 110]]).sessionSpread == nil)
            let threeRuns = Self.report(Dictionary(uniqueKeysWithValues: (1...6).map { ("cell-\($0)", [100, 100, 110] as [Int64]) }))
            #expect(threeRuns.sessionSpread == nil)
        }

        @Test("the session spread widens the interval: a difference the runs alone would call is unsure")
        func sessionSpreadWidens() throws {
            // serial-queue 8% dearer in every run of B: the bootstrap interval is 1.08 exactly.
            let steady = Comparison(
                baseline: Self.sessionReport(later: 100, serialQueue: 100),
                candidate: Self.sessionReport(later: 100, serialQueue: 108))
            let calm = try #require(steady.rows.first { $0.key.runner == "serial-queue" })
            #expect(steady.sessionSpread == 0)
            #expect(calm.verdict == .slower)
            // The same cell in files whose other cells moved by 10% within each sweep: a headline moves that much
            // between sessions here, so 8% is not enough.
            let drifting = Comparison(
                baseline: Self.sessionReport(later: 110, serialQueue: 100),
                candidate: Self.sessionReport(later: 110, serialQueue: 108))
            let row = try #require(drifting.rows.first { $0.key.runner == "serial-queue" })
            let spread = 1.4826 * log(1.1)
            #expect(abs((drifting.sessionSpread ?? 0) - spread) < 1e-12)
            let interval = try #require(row.interval)
            #expect(abs(interval.lowerBound - 1.08 * exp(-1.96 * spread)) < 1e-9)
            #expect(abs(interval.upperBound - 1.08 * exp(1.96 * spread)) < 1e-9)
            #expect(row.verdict == .unsure)
        }

        @Test("cells in one file only are listed, not dropped")
        func onlyInOne() {
            let before = Report(
                records: Self.report(["serial-queue": [100, 100], "run-loop": [900, 900]]).records
                    + Self.report(["serial-queue": [200, 200]], configuration: Self.other).records)
            let after = Self.report(["serial-queue": [100, 100], "global-queue": [300, 300]])
            let comparison = Comparison(baseline: before, candidate: after)
            #expect(comparison.rows.map(\.key.runner) == ["serial-queue"])
            #expect(
                comparison.onlyInBaseline
                    == [
                        CellKey(runner: "run-loop", configuration: Self.configuration),
                        CellKey(runner: "serial-queue", configuration: Self.other),
                    ])
            #expect(comparison.onlyInCandidate == [CellKey(runner: "global-queue", configuration: Self.configuration)])
        }
    }
}
