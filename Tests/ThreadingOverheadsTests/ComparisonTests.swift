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
            // Two cells: too few for a machine factor, so no relative verdict.
            #expect(comparison.machineFactor == nil)
            #expect(row.relativeRatio == nil && row.relativeVerdict == .unsure)
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
            #expect(abs(spread.value - 1.4826 * log(1.1)) < 1e-12)
            #expect(!spread.isStandIn && spread.cells == 6)
            #expect(Self.sessionReport(later: 100, serialQueue: 100).sessionSpread?.value == 0)
            // Too few cells of enough runs: unknown, not zero.
            #expect(Self.report(["serial-queue": [100, 100, 110, 110]]).sessionSpread == nil)
        }

        @Test("a file of 3-run cells gets the stand-in spread: each cell's first run against the rest, and says so")
        func sessionSpreadStandIn() throws {
            // Six cells of 3 runs: first run 100, the rest 100 and 121, whose median is 110.5.
            let threeRuns = Self.report(Dictionary(uniqueKeysWithValues: (1...6).map { ("cell-\($0)", [100, 100, 121] as [Int64]) }))
            let spread = try #require(threeRuns.sessionSpread)
            #expect(spread.isStandIn && spread.cells == 6)
            #expect(abs(spread.value - 1.4826 * log(110.5 / 100)) < 1e-12)
            // Compared with a file that measures its own, the pair's spread is the two in quadrature, and a stand-in.
            let measured = try #require(Self.sessionReport(later: 110, serialQueue: 100).sessionSpread)
            let pair = Comparison(baseline: threeRuns, candidate: Self.sessionReport(later: 110, serialQueue: 100))
            #expect(pair.sessionSpreadIsStandIn)
            let quadrature = ((spread.value * spread.value + measured.value * measured.value) / 2).squareRoot()
            #expect(abs((pair.sessionSpread ?? 0) - quadrature) < 1e-12)
            // A cell of 3 runs has no 95% interval of its own (its range holds the median 75% of the time): the
            // range, 100–121, is widened by the file's spread.
            let interval = try #require(threeRuns.cells.first?.interval)
            let margin = 1.96 * spread.value
            #expect(abs(interval.lowerBound - 100 * exp(-margin)) < 1e-9)
            #expect(abs(interval.upperBound - 100 * exp((log(1.21) * log(1.21) + margin * margin).squareRoot())) < 1e-9)
            // From 6 runs on, order statistics reach 95% by themselves, and the spread is left out.
            let sixRuns = Self.report(Dictionary(uniqueKeysWithValues: (1...6).map { ("cell-\($0)", [100, 100, 121, 100, 100, 121] as [Int64]) }))
            #expect(sixRuns.cells.first?.interval == 100...121)
            // Four cells of 3 runs are too few even for the stand-in: unknown.
            #expect(Self.report(Dictionary(uniqueKeysWithValues: (1...4).map { ("cell-\($0)", [100, 100, 121] as [Int64]) })).sessionSpread == nil)
        }

        @Test("the smallest change a cell would see: its interval's wider side × 2.80/1.96, never below the threshold")
        func detectable() throws {
            // 0.9–1.1 around 1: the wider side is ln(1/0.9) on the log scale.
            let wide = try #require(Comparison.detectable(ratio: 1, interval: 0.9...1.1, threshold: 0.05))
            #expect(abs(log(wide) - log(1 / 0.9) * (1.959964 + 0.841621) / 1.959964) < 1e-9)
            // Off center, the wider side counts: 1.2 above 1.0, not 0.95 below.
            let skewed = try #require(Comparison.detectable(ratio: 1, interval: 0.95...1.2, threshold: 0.05))
            #expect(abs(log(skewed) - log(1.2) * (1.959964 + 0.841621) / 1.959964) < 1e-9)
            // A tight interval sees what the threshold lets through, no less; no interval, nothing.
            #expect(Comparison.detectable(ratio: 2, interval: 1.99...2.01, threshold: 0.05) == 1.05)
            #expect(Comparison.detectable(ratio: 2, interval: nil, threshold: 0.05) == nil)
            // A cell whose "sees" is at most a shift is called at that shift when its ratio is 1: the interval
            // moves past 1 with room.
            let comparison = Comparison(
                baseline: Self.report(["serial-queue": [100, 101, 102, 100, 99, 101]]),
                candidate: Self.report(["serial-queue": [101, 100, 99, 102, 100, 101]]))
            let row = try #require(comparison.rows.first)
            let sees = try #require(row.detectable)
            #expect(sees < 1.2)
            #expect(comparison.shifting([row.key], by: sees).rows.first?.verdict == .slower)
        }

        @Test("the session spread widens the interval: a difference the runs alone would call is unsure")
        func sessionSpreadWidens() throws {
            // serial-queue 8% dearer in every run of B: the bootstrap interval is 1.08 exactly.
            let steady = Comparison(
                baseline: Self.sessionReport(later: 100, serialQueue: 100),
                candidate: Self.sessionReport(later: 100, serialQueue: 108))
            let calm = try #require(steady.rows.first { $0.key.runner == "serial-queue" })
            #expect(steady.sessionSpread == 0 && !steady.sessionSpreadIsStandIn)
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

        /// Eight runners' cells of steady runs (`spread` ns apart), B's `machine` times A's, and serial-queue's
        /// `serialQueue` times that again.
        static func machinePair(machine: Double, serialQueue: Double) -> (Report, Report) {
            let runners = ["single-threaded", "run-loop", "serial-queue", "global-queue", "task", "actor", "thread-pool", "null"]
            func cells(_ scale: (String) -> Double) -> [String: [Int64]] {
                Dictionary(uniqueKeysWithValues: runners.enumerated().map { index, runner in
                    let base = 1_000.0 * Double(index + 1)
                    return (runner, [0.99, 1.0, 1.01, 1.0, 0.995, 1.005].map { Int64((base * $0 * scale(runner)).rounded()) })
                })
            }
            return (report(cells { _ in 1 }), report(cells { machine * ($0 == "serial-queue" ? serialQueue : 1) }))
        }

        /// The runs of one cell made by two builds, pair k being A's run k and B's: `ratios` gives B/A of each pair.
        static func interleaved(_ ratios: [Double]) -> [ResultRecord] {
            ratios.enumerated().flatMap { index, ratio in
                [("A", 1000.0), ("B", 1000 * ratio)].map { label, nanoseconds in
                    ResultRecord(
                        runner: "serial-queue", configuration: configuration, repetition: index + 1,
                        outcome: RunOutcome(
                            status: .ok, nanoseconds: Int64(nanoseconds.rounded()), detail: "",
                            completedIterations: configuration.jobs, startedAt: nil),
                        machine: .current(), variant: ResultRecord.Variant(label: label, executable: "./bench-\(label)"))
                }
            }
        }

        @Test("interleaved builds: the pairs' 20% trimmed mean, an interval from 6 pairs on, a verdict only with one")
        func interleavedPairs() throws {
            // Six pairs at 1 and four at 1.3: the median of the log ratios is ln 1 (a mode's edge), the trimmed mean
            // drops two of each end and averages four 1s and two 1.3s: 1.3^(1/3) = 1.0914.
            let mixed = try #require(try InterleavedComparison(records: Self.interleaved([1, 1, 1, 1, 1, 1, 1.3, 1.3, 1.3, 1.3])).rows.first)
            #expect(mixed.pairs == 10)
            #expect(abs(try #require(mixed.ratio) - pow(1.3, 1.0 / 3)) < 1e-3)
            #expect(mixed.interval != nil)
            // Every pair 20% slower, give or take 1%: found, from 6 pairs; with 5, the same pairs give no interval.
            let slower = [1.19, 1.2, 1.21, 1.2, 1.19, 1.21]
            let six = try #require(try InterleavedComparison(records: Self.interleaved(slower)).rows.first)
            #expect(six.verdict == .slower)
            let five = try #require(try InterleavedComparison(records: Self.interleaved(Array(slower.prefix(5)))).rows.first)
            #expect(five.pairs == InterleavedComparison.fewestPairsForInterval - 1)
            #expect(five.interval == nil && five.verdict == .unsure)
            // The same build twice: same.
            let same = try #require(try InterleavedComparison(records: Self.interleaved([1, 1.01, 0.99, 1, 1.01, 0.99])).rows.first)
            #expect(same.verdict == .same)
        }

        @Test("the machine factor: the median of the cells' ratios, with an interval; a cell judged relative to it")
        func machineFactor() throws {
            // B's machine runs every cell 20% faster, and serial-queue 30% dearer than that.
            let (a, b) = Self.machinePair(machine: 0.8, serialQueue: 1.3)
            let comparison = Comparison(baseline: a, candidate: b)
            let factor = try #require(comparison.machineFactor)
            #expect(abs(factor.estimate - 0.8) < 1e-9)
            #expect(factor.interval.contains(0.8) && factor.interval.upperBound < 1)
            #expect(factor.cells == 8)
            // Raw, every cell is faster; relative to the machine, all moved with it but serial-queue, dearer.
            for row in comparison.rows {
                let serial = row.key.runner == "serial-queue"
                #expect(row.verdict == (serial ? .same : .faster), "\(row.key)")
                #expect(row.relativeVerdict == (serial ? .dearer : .withMachine), "\(row.key)")
                #expect(abs((row.relativeRatio ?? 0) - (serial ? 1.3 : 1)) < 1e-9)
            }
            // The relative interval holds the factor's uncertainty too: it is wider than the raw one over the factor.
            let serial = try #require(comparison.rows.first { $0.key.runner == "serial-queue" })
            let raw = try #require(serial.interval)
            let relative = try #require(serial.relativeInterval)
            #expect(relative.lowerBound <= raw.lowerBound / 0.8 + 1e-12 && relative.upperBound >= raw.upperBound / 0.8 - 1e-12)
        }

        @Test("shifting some cells of B: exactly what scaling their runs gives, judged again")
        func shifting() throws {
            let (a, b) = Self.machinePair(machine: 1, serialQueue: 1)
            let comparison = Comparison(baseline: a, candidate: b)
            #expect(comparison.rows.allSatisfy { $0.verdict == .same && $0.relativeVerdict == .withMachine })
            let keys = Set(comparison.rows.filter { $0.key.runner == "task" || $0.key.runner == "actor" }.map(\.key))
            let shifted = comparison.shifting(keys, by: 1.2)
            let scaled = Comparison(
                baseline: a,
                candidate: Report(records: b.records.map { record in
                    var record = record
                    if record.runner == "task" || record.runner == "actor" {
                        record.outcome.nanoseconds = record.outcome.nanoseconds.map { Int64((Double($0) * 1.2).rounded()) }
                    }
                    return record
                }))
            for (made, measured) in zip(shifted.rows, scaled.rows) {
                #expect(abs((made.ratio ?? 0) - (measured.ratio ?? 0)) < 1e-3)
                #expect(made.verdict == measured.verdict)
                #expect(made.relativeVerdict == measured.relativeVerdict)
            }
            #expect(shifted.rows.filter { keys.contains($0.key) }.allSatisfy { $0.relativeVerdict == .dearer })
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
