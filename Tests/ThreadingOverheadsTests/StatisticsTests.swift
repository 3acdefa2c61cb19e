import Foundation
import JobRunners
import Testing

@testable import BenchResults

extension ThreadingOverheadsTests {
    @Suite struct StatisticsTests {
        func close(_ value: Double?, _ expected: Double, within tolerance: Double = 1e-9) -> Bool {
            guard let value else {
                return false
            }
            return abs(value - expected) <= tolerance
        }

        @Test("quantiles interpolate between closest ranks (R type 7), computed by hand")
        func quantiles() {
            let values = [1.0, 2, 3, 4, 10]
            #expect(Statistics.quantile(values, 0) == 1)
            #expect(Statistics.quantile(values, 0.25) == 2)
            #expect(Statistics.quantile(values, 0.5) == 3)
            #expect(Statistics.quantile(values, 0.75) == 4)
            // Position 0.9 × 4 = 3.6: 4 + 0.6 × (10 − 4).
            #expect(close(Statistics.quantile(values, 0.9), 7.6))
            #expect(Statistics.quantile(values, 1) == 10)
            let even = [1.0, 2, 3, 4]
            #expect(Statistics.quantile(even, 0.25) == 1.75)
            #expect(Statistics.median(even) == 2.5)
            #expect(close(Statistics.quantile(even, 0.9), 3.7))
            #expect(Statistics.quantile([42], 0.9) == 42)
            #expect(Statistics.median([]) == nil)
        }

        @Test("mean and sample standard deviation, computed by hand")
        func spread() {
            // Deviations −3, −2, −1, 0, 6: squares sum to 50; 50 / (5 − 1) = 12.5.
            #expect(Statistics.mean([1, 2, 3, 4, 10]) == 4)
            #expect(close(Statistics.standardDeviation([1, 2, 3, 4, 10]), 12.5.squareRoot()))
            #expect(Statistics.standardDeviation([5]) == nil)
            #expect(Statistics.standardDeviation([5, 5]) == 0)
        }

        @Test("20% trimmed mean, computed by hand: a wild value cannot pull it, and it counts more than the median")
        func trimmedMean() {
            // Ten values: ⌊0.2 × 10⌋ = 2 set aside at each end; (3 + 4 + 5 + 6 + 7 + 8) / 6 = 5.5.
            #expect(Statistics.trimmedMean([1, 2, 3, 4, 5, 6, 7, 8, 9, 1000], trimming: 0.2) == 5.5)
            // Four values: none set aside (⌊0.8⌋ = 0), so the plain mean.
            #expect(Statistics.trimmedMean([1, 2, 3, 10], trimming: 0.2) == 4)
            // Three values, one set aside at each end: the middle one. Two: nothing would be left, so the median.
            #expect(Statistics.trimmedMean([1, 2, 9], trimming: 0.5) == 2)
            #expect(Statistics.trimmedMean([1, 2], trimming: 0.5) == 1.5)
            #expect(Statistics.trimmedMean([], trimming: 0.2) == nil)
        }

        @Test("Yuen's standard error of a 20% trimmed mean, computed by hand from the winsorized values")
        func trimmedMeanStandardError() throws {
            // Ten values, two set aside at each end and replaced by the nearest kept (−0.04 and 0.15):
            // s_w = 0.080007, √(9 s_w² / (6 × 5)) = 0.043822, on 5 degrees.
            let values = [0.1, -0.2, 0.05, 0.3, 0.02, -0.04, 0.15, 0.07, -0.1, 0.5]
            let (error, degrees) = try #require(Statistics.trimmedMeanStandardError(values, trimming: 0.2))
            #expect(abs(error - 0.0438216) < 1e-6 && degrees == 5)
            // Nothing set aside from four values: the plain mean's standard error, on 3 degrees.
            let four = try #require(Statistics.trimmedMeanStandardError([1, 2, 3, 10], trimming: 0.2))
            #expect(close(four.error, try #require(Statistics.standardDeviation([1, 2, 3, 10])) / 2) && four.degrees == 3)
            // Fewer than two kept: none.
            #expect(Statistics.trimmedMeanStandardError([1, 2, 3], trimming: 0.4) == nil)
            #expect(Statistics.trimmedMeanStandardError([7], trimming: 0.2) == nil)
        }

        @Test("outliers by modified z-score: flagged among few values, none when MAD is 0")
        func outliers() {
            // Median 3, MAD 1: 10 scores 0.6745 × 7 = 4.7 > 3.5; 1 scores 1.3.
            #expect(Statistics.outlierIndices([1, 2, 3, 4, 10]) == [4])
            #expect(Statistics.outlierIndices([100, 101, 300]) == [2])
            #expect(Statistics.outlierIndices([100, 101, 102]).isEmpty)
            #expect(Statistics.outlierIndices([5, 5, 5, 9]).isEmpty)
            #expect(Statistics.outlierIndices([1, 100]).isEmpty)
        }

        static let configuration = RunConfiguration(queues: 2, iterations: 500)

        static func record(_ runner: String, _ repetition: Int, _ nanoseconds: Int64?) -> ResultRecord {
            ResultRecord(
                runner: runner, configuration: configuration, repetition: repetition,
                outcome: RunOutcome(status: nanoseconds == nil ? .failed : .ok, nanoseconds: nanoseconds, detail: nanoseconds == nil ? "killed" : "", completedIterations: 1000, startedAt: nil),
                machine: .current())
        }

        @Test("a cell's statistics, ratio to control and warnings, computed by hand")
        func cell() throws {
            let report = Report(records: [
                Self.record("single-threaded", 1, 1_000_000), Self.record("single-threaded", 2, 1_000_000),
                Self.record("serial-queue", 1, 3_000_000), Self.record("serial-queue", 2, 1_000_000),
                Self.record("serial-queue", 3, 2_000_000), Self.record("serial-queue", 4, nil),
            ])
            let cell = try #require(report.cell("serial-queue", at: Self.configuration))
            #expect(cell.runs == 4)
            #expect(cell.okRuns == 3)
            #expect(cell.failedRuns == 1)
            #expect(cell.repetitions == [1, 2, 3])
            #expect(cell.minimum == 0.001)
            #expect(cell.median == 0.002)
            #expect(cell.maximum == 0.003)
            #expect(cell.p25 == 0.0015)
            #expect(cell.p75 == 0.0025)
            #expect(close(cell.p90, 0.0028))
            #expect(cell.mean == 0.002)
            #expect(cell.standardDeviation == 0.001)
            #expect(cell.coefficientOfVariation == 0.5)
            #expect(cell.medianNanosecondsPerJob == 2_000)
            #expect(cell.ratioToControl == 2)
            #expect(cell.outlierRepetitions.isEmpty)
            #expect(
                cell.warnings.map(\.description) == ["1 failed of 4 runs", "noisy: CV 50.0% (over 10%)"])
            // Its interval, 1 to 3 ms around 2 ms, is ±50%: not over the bound for an unsteady cell.
            #expect(Estimate.relativeHalfWidth(cell.nanoseconds) == CellWarning.unsteadyHalfWidth)
            #expect(cell.warnings.map(\.isAboutTheCell) == [true, false])
            let control = try #require(report.cell("single-threaded", at: Self.configuration))
            #expect(control.ratioToControl == 1)
            #expect(control.warnings.isEmpty)
            #expect(report.ratio(.serialQueue, to: .singleThreaded, at: Self.configuration) == 2)
            #expect(report.nanosecondsPerJob(.singleThreaded, at: Self.configuration) == 1_000)
            #expect(report.nanosecondsPerJob(.runLoop, at: Self.configuration) == nil)
        }

        @Test("the summary row carries every statistic in its documented column")
        func summaryRow() throws {
            let report = Report(records: [
                Self.record("serial-queue", 1, 3_000_000), Self.record("serial-queue", 2, 1_000_000),
                Self.record("serial-queue", 3, 2_000_000),
            ])
            let cell = try #require(report.cells.first)
            let fields = SummarySchema.fields(of: cell, machine: .current())
            #expect(fields.count == SummarySchema.columns.count)
            let row = Dictionary(uniqueKeysWithValues: zip(SummarySchema.columns, fields))
            #expect(row["runner"] == "serial-queue")
            #expect(row["jobs"] == "1000")
            #expect(row["runs"] == "3")
            #expect(row["ok_runs"] == "3")
            #expect(row["min_seconds"] == "0.001000000")
            #expect(row["p25_seconds"] == "0.001500000")
            #expect(row["median_seconds"] == "0.002000000")
            #expect(row["p90_seconds"] == "0.002800000")
            #expect(row["stddev_seconds"] == "0.001000000")
            #expect(row["cv"] == "0.5000")
            #expect(row["median_ns_per_job"] == "2000.000")
            #expect(row["ratio_to_control"] == "")
            #expect(row["outlier_repetitions"] == "")
            #expect(row["warnings"] == "noisy: CV 50.0% (over 10%)")
        }
    
        @Test("the median's interval from order statistics: the binomial's own ranks, 95% or more and no wider")
        func medianRanks() {
            // Ranks from the binomial distribution (tables of the sign test's confidence interval): none below 6.
            #expect((1...5).map(Estimate.medianRank(count:)) == [nil, nil, nil, nil, nil])
            let ranks = [6, 8, 9, 11, 12, 20, 30, 100].map(Estimate.medianRank(count:))
            #expect(ranks == [1, 1, 2, 2, 3, 6, 10, 40])
            // Each rank holds the median 95% of the time or more, and the next one in would not.
            func coverage(_ count: Int, _ rank: Int) -> Double {
                let n = Double(count)
                var below = 0.0
                for j in 0..<rank {
                    let k = Double(j)
                    let logTerm: Double = lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) - n * log(2.0)
                    below += exp(logTerm)
                }
                return 1 - 2 * below
            }
            for count in 6...200 {
                let rank = Estimate.medianRank(count: count) ?? 0
                #expect(coverage(count, rank) >= 0.95 && coverage(count, rank + 1) < 0.95, "\(count) values")
            }
            // The interval is the values of those ranks: 2nd and 9th of 10.
            #expect(Estimate.interval((1...10).map(Double.init).reversed()) == 2...9)
            #expect(Estimate.interval([5, 1, 3]) == 1...5)
        }

        @Test("the counts a budget buys: none past 6 at which the interval's rank stays, whose extra runs widen it")
        func narrowestCounts() {
            #expect((1...30).map(Estimate.narrowestCount(atMost:)) == [
                1, 2, 3, 4, 5, 6, 6, 6, 9, 9, 9, 12, 12, 12, 15, 15, 17, 17, 17, 20, 20, 20, 23, 23, 25, 25, 25, 28,
                28, 30,
            ])
            // Why: the mean half-width of the interval of normal values, in standard deviations, over seeded samples
            // (about 1.27 at 6, 1.43 at 8, 0.93 at 9): the 8th run widens it, the 9th narrows it past the 6th's.
            var generator = SplitMix64(seed: 7)
            func meanHalfWidth(_ count: Int) -> Double {
                var total = 0.0
                for _ in 0..<4_000 {
                    let values = (0..<count).map { _ in generator.normal() }
                    if let interval = Estimate.interval(values) {
                        total += (interval.upperBound - interval.lowerBound) / 2
                    }
                }
                return total / 4_000
            }
            let widths = (6...9).map(meanHalfWidth)
            #expect(widths[0] < widths[1] && widths[1] < widths[2] && widths[3] < widths[0] * 0.8, "\(widths)")
            // The budget weighs a count by its expected half-width (Blom's approximation), close to those means; below
            // 6, Student's t's.
            for (count, width) in zip(6...9, widths) {
                #expect(abs(Estimate.expectedHalfWidth(count: count) - width) < 0.05, "\(count): \(width)")
            }
            #expect(abs(Estimate.expectedHalfWidth(count: 3) - 2.20) < 0.01)
            #expect(abs(Estimate.expectedHalfWidth(count: 5) - 1.17) < 0.01)
            #expect(abs(Statistics.normalQuantile(0.975) - 1.959964) < 1e-6)
            // And buys a cell its minimum, then only counts an interval of its own narrows at.
            #expect(SweepPlan.Budget(seconds: 150).counts().prefix(6) == [3, 6, 9, 12, 15, 17])
            #expect(SweepPlan.Budget(seconds: 150).counts().last == 58)
            // A pooled cell's minimum, 2, then the same.
            #expect(SweepPlan.Budget(seconds: 150).counts(from: 2).prefix(3) == [2, 6, 9])
        }

        @Test("Kruskal–Wallis and chi-square quantiles, against values from tables")
        func rankTest() throws {
            // Three groups of five, no ties: H = 12/(15·16) · (15²/5 + 40²/5 + 65²/5) − 3·16 = 12.5.
            let h = try #require(Statistics.kruskalWallis([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]]))
            #expect(abs(h - 12.5) < 1e-9)
            #expect(Statistics.kruskalWallis([[1, 2]]) == nil)
            // Chi-square's upper quantiles, as tables give them to three decimals.
            for (degrees, tail, value) in [(1, 0.001, 10.828), (3, 0.001, 16.266), (7, 0.001, 24.322), (2, 0.05, 5.991)] {
                #expect(abs(Statistics.chiSquareQuantile(degrees: degrees, tail: tail) - value) < 0.001)
            }
        }

        /// A cell of `runs` per process, process p's at `level(p)` ns, a few percent apart within each.
        static func cell(processes: Int, runs: Int, level: (Int) -> Double) throws -> CellSummary {
            var records: [ResultRecord] = []
            for process in 1...processes {
                for index in 0..<runs {
                    let value = level(process) * (1 + 0.01 * Double(index % 5))
                    var record = Self.record("task", records.count + 1, Int64(value))
                    record.process = process
                    records.append(record)
                }
            }
            return try #require(Report(records: records).cells.first)
        }

        @Test("runs of several processes: an interval over the processes, and a warning when they disagree")
        func processes() throws {
            // Four processes, two near 400 ns a run and two near 950: the interval reaches both, and they disagree.
            let split = try Self.cell(processes: 4, runs: 6) { $0 <= 2 ? 400_000 : 950_000 }
            let interval = try #require(split.interval)
            #expect(interval.lowerBound < 450_000 && interval.upperBound > 900_000)
            #expect(split.warnings.contains { if case .processesDisagree = $0 { true } else { false } })
            let disagreeing = try #require(split.disagreeingProcesses)
            #expect(abs(disagreeing.low - 400) < 20 && abs(disagreeing.high - 950) < 50)
            // The same runs without their processes: one sample, whose interval is the runs' own, narrower.
            var pooled = split
            pooled.processes = []
            #expect(pooled.disagreeingProcesses == nil)
            // Four processes alike: no warning, and an interval as narrow as the runs.
            let alike = try Self.cell(processes: 4, runs: 6) { _ in 500_000 }
            #expect(alike.disagreeingProcesses == nil)
            #expect((alike.relativeHalfWidth ?? 1) < 0.05)
        }

        @Test("where the spread lives: runs within a process against processes beyond their runs, computed by hand")
        func spreadLevels() throws {
            // Process 1 runs at e⁰ and e^0.2, process 2 at e^0.4 and e^0.6 (logs 0, 0.2 | 0.4, 0.6): within each,
            // squares 0.01 + 0.01, so 0.04 over 2 degrees of freedom, 0.02; between, 2 × (0.2² + 0.2²) = 0.16 over
            // 1, so the process part is (0.16 − 0.02) / 2 = 0.07.
            let steps = Bootstrap.Sample([0, 0.2, 0.4, 0.6].map(exp), processes: [1, 1, 2, 2])
            let levels = try #require(SpreadLevels.measured([steps]))
            #expect(close(levels.run, 0.02.squareRoot()) && close(levels.process, 0.07.squareRoot()))
            #expect(levels.cells == 1)
            // Processes that agree beyond their runs (means equal): the estimate is below 0, taken as 0.
            let alike = Bootstrap.Sample([0, 0.4, 0.1, 0.3].map(exp), processes: [1, 1, 2, 2])
            #expect(SpreadLevels.measured([alike])?.process == 0)
            // The median over cells: a bimodal cell beside two steady ones does not set the level.
            let bimodal = Bootstrap.Sample([0, 2, 0, 2].map(exp), processes: [1, 1, 2, 2])
            let median = try #require(SpreadLevels.measured([steps, steps, bimodal]))
            #expect(close(median.run, 0.02.squareRoot()) && median.cells == 3)
            // One run per process, or one process: nothing separates the levels.
            #expect(SpreadLevels.measured([Bootstrap.Sample([1, 2, 3], processes: [1, 2, 3])]) == nil)
            #expect(SpreadLevels.measured([Bootstrap.Sample([1, 2, 3], processes: [1, 1, 1])]) == nil)
        }
}
}