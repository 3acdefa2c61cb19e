import Foundation
import JobRunners
import Testing

@testable import BenchKit
@testable import BenchResults

extension ThreadingOverheadsTests {
    /// The Harrell–Davis quantiles and the lowland mode detector, against values known in closed form and samples
    /// whose modes are known by construction.
    @Suite struct ModesTests {
        @Test("the regularized incomplete beta function, against closed forms")
        func incompleteBeta() {
            // I_x(1, 1) = x; I_x(a, 1) = x^a; I_x(1, b) = 1 − (1−x)^b; I_0.5(2, 3) = 11/16.
            for x in [0.0, 0.1, 0.37, 0.5, 0.9, 1.0] {
                #expect(abs(HarrellDavis.regularizedIncompleteBeta(x, 1, 1) - x) < 1e-12)
                #expect(abs(HarrellDavis.regularizedIncompleteBeta(x, 3.5, 1) - pow(x, 3.5)) < 1e-12)
                #expect(abs(HarrellDavis.regularizedIncompleteBeta(x, 1, 2.5) - (1 - pow(1 - x, 2.5))) < 1e-12)
            }
            #expect(abs(HarrellDavis.regularizedIncompleteBeta(0.5, 2, 3) - 11.0 / 16) < 1e-12)
            // Symmetry: I_x(a, b) = 1 − I_{1−x}(b, a), also for the large parameters a sample of 200 gives.
            #expect(abs(HarrellDavis.regularizedIncompleteBeta(0.3, 60.3, 140.7) + HarrellDavis.regularizedIncompleteBeta(0.7, 140.7, 60.3) - 1) < 1e-10)
        }

        @Test("Harrell–Davis quantiles: the extremes, a symmetric sample's median, monotone in p")
        func harrellDavis() {
            let sample = [1.0, 2, 3, 4, 5]
            #expect(HarrellDavis.quantile(sample, 0) == 1)
            #expect(HarrellDavis.quantile(sample, 1) == 5)
            #expect(abs(HarrellDavis.quantile(sample, 0.5) - 3) < 1e-12)
            #expect(HarrellDavis.quantile([7], 0.3) == 7)
            let skewed = [1.0, 1, 2, 3, 10, 40]
            let quantiles = HarrellDavis.quantiles(skewed, (0...20).map { Double($0) / 20 })
            #expect(zip(quantiles, quantiles.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(quantiles.first == 1 && quantiles.last == 40)
        }

        /// `count` values spread evenly over `range`, deterministically.
        static func spread(_ count: Int, over range: ClosedRange<Double>) -> [Double] {
            (0..<count).map { range.lowerBound + (range.upperBound - range.lowerBound) * (Double($0) + 0.5) / Double(count) }
        }

        @Test("two clusters far apart: two modes, each with its share and its median")
        func twoModes() throws {
            // As task's runs at 4×25000 fell: 13 between 393 and 522 ns, 8 between 879 and 1086.
            let low = Self.spread(13, over: 393...522)
            let high = Self.spread(8, over: 879...1086)
            let modes = Modes(of: (high + low).shuffled())
            #expect(modes.modes.count == 2)
            let first = try #require(modes.modes.first)
            let second = try #require(modes.modes.last)
            #expect(first.count == 13 && second.count == 8)
            #expect(abs(first.location - 457.5) < 1e-9)
            #expect(abs(second.location - 982.5) < 1e-9)
            #expect(abs(modes.share(of: first) - 13.0 / 21) < 1e-12)
            #expect(modes.isMultimodal)
        }

        @Test("one cluster, however skewed, is one mode; so is a sample too small to tell")
        func oneMode() {
            var generator = SplitMix64(seed: 7)
            // A right-skewed sample, as timings with occasional preemptions are.
            let skewed = (0..<200).map { _ in 100 + 40 * pow(Double.random(in: 0..<1, using: &generator), 3) }
            #expect(Modes(of: skewed).modes.count == 1)
            // A bell-shaped one: each value a sum of four uniform draws.
            let bell = (0..<60).map { _ in 100 + (0..<4).map { _ in Double.random(in: 0..<10, using: &generator) }.reduce(0, +) }
            #expect(Modes(of: bell).modes.count == 1)
            let few = [100.0, 101, 900, 901]
            #expect(Modes(of: few).modes.count == 1)
            #expect(Modes(of: few).modes.first?.count == 4)
            #expect(Modes(of: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]).modes.count == 1)
        }

        /// The false-alarm rate that Modes documents, as a bound with a margin: 300 seeded normal samples of each
        /// size, and the mixture it documents for detection.
        @Test("unimodal samples are rarely split; a clear two-mode mixture of 100 runs is found")
        func falseAlarmsAndDetection() {
            var generator = SplitMix64(seed: 42)
            func normal(_ mean: Double, _ deviation: Double) -> Double {
                generator.normal(mean, deviation)
            }
            for size in [12, 30, 100] {
                let split = (0..<300).filter { _ in Modes(of: (0..<size).map { _ in normal(100, 10) }).isMultimodal }
                #expect(split.count <= 15, "\(split.count) of 300 normal samples of \(size) split")
            }
            let found = (0..<300).filter { _ in
                Modes(of: (0..<100).map { _ in Double.random(in: 0..<1, using: &generator) < 0.55 ? normal(15, 0.6) : normal(26, 2.5) })
                    .isMultimodal
            }
            #expect(found.count >= 255, "\(found.count) of 300 mixtures found")
        }

        @Test("three clusters: three modes, no value lost")
        func threeModes() {
            let values = Self.spread(20, over: 100...110) + Self.spread(15, over: 200...215) + Self.spread(10, over: 400...420)
            let modes = Modes(of: values)
            #expect(modes.modes.map(\.count) == [20, 15, 10])
            #expect(modes.modes.map(\.count).reduce(0, +) == values.count)
        }

        @Test("one configuration's modes: a column of the cost table where they fit 120 columns, else listed below it")
        func modesOfOneConfiguration() {
            let configuration = RunConfiguration(queues: 1, iterations: 1_000)
            func records(_ runner: String, _ perJob: [Double]) -> [ResultRecord] {
                perJob.enumerated().map { index, nanoseconds in
                    ResultRecord(
                        runner: runner, configuration: configuration, repetition: index + 1,
                        outcome: RunOutcome(
                            status: .ok, nanoseconds: Int64(nanoseconds * 1_000), completedIterations: 1_000,
                            startedAt: nil),
                        machine: ResultFileTests.machine, seed: 1, sequence: nil)
                }
            }
            let twoModes = Self.spread(13, over: 120...130) + Self.spread(8, over: 280...300)
            let threeModes = Self.spread(20, over: 100...110) + Self.spread(15, over: 200...215)
                + Self.spread(10, over: 400...420)
            func text(_ cells: [(String, [Double])]) -> String {
                let report = Report(
                    records: records("single-threaded", Self.spread(21, over: 6.9...7.0))
                        + cells.flatMap { records($0.0, $0.1) })
                let summary = SweepSummary(report: report, machine: ResultFileTests.machine, catalogue: .builtIn)
                return PlainTextRenderer.render(summary.document())
            }
            // A short name: the modes on the cell's row, and no list.
            let narrow = text([("mutex-thread-pool", twoModes)])
            #expect(narrow.contains("modes (~)"))
            #expect(narrow.contains("125 ns 62% · 290 ns 38%"))
            #expect(!narrow.contains("Modes (~)"))
            // Three modes beside a long name do not fit: that row says they are below, where they are listed alone;
            // the two modes of the other cell stay on its row.
            let long = "a-runner-whose-name-leaves-room-for-two-modes-not-three"
            let mixed = text([("mutex-thread-pool", twoModes), (long, threeModes)])
            #expect(mixed.contains("modes (~)"))
            #expect(mixed.contains("125 ns 62% · 290 ns 38%"))
            #expect(mixed.contains("3 modes, below"))
            #expect(mixed.contains("Modes (~)"))
            #expect(mixed.contains("  \(long): 105 ns 44%; 208 ns 33%; 410 ns 22%"))
            #expect(!mixed.contains("  mutex-thread-pool: "))
            // A name that leaves no room for a column at all: every cell with modes listed, no column.
            let longer = long + "-nor-for-a-column-of-them-at-all"
            let wide = text([(longer, twoModes)])
            #expect(!wide.contains("modes (~)"))
            #expect(wide.contains("Modes (~)"))
            // One configuration: the cells are named by their runners; the table's title names the configuration.
            #expect(wide.contains("  \(longer): 125 ns 62%; 290 ns 38%"))
            #expect(!wide.contains("  single-threaded:"))
            for output in [narrow, mixed, wide] {
                #expect(output.split(separator: "\n").allSatisfy { $0.count <= PlainTextRenderer.width })
            }
        }

        @Test("a multimodal cell's modes in the summary CSV's modes column and in words")
        func modesInSummary() throws {
            let configuration = RunConfiguration(queues: 1, iterations: 1_000)
            // Times per run in nanoseconds: 1000 jobs at 120–130 ns, then at 280–300 ns.
            let perJob = Self.spread(13, over: 120...130) + Self.spread(8, over: 280...300)
            let cell = CellSummary(
                runner: "global-queue", configuration: configuration,
                nanoseconds: perJob.map { $0 * 1_000 }, repetitions: Array(1...21), failedRuns: 0, stalledRuns: 0)
            let row = Dictionary(
                uniqueKeysWithValues: zip(SummarySchema.columns, SummarySchema.fields(of: cell, machine: .current())))
            #expect(row["modes"] == "125.000:0.62;290.000:0.38")
            #expect(cell.modesText == "125 ns 62%; 290 ns 38%")
            let steady = CellSummary(
                runner: "serial-queue", configuration: configuration,
                nanoseconds: Self.spread(21, over: 30_000...31_000), repetitions: Array(1...21), failedRuns: 0,
                stalledRuns: 0)
            #expect(SummarySchema.fields(of: steady, machine: .current())[SummarySchema.columns.firstIndex(of: "modes") ?? 0] == "")
            #expect(steady.modesText == nil)
        }
    }
}
