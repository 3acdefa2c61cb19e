import Foundation
import JobRunners
import Testing

@testable import BenchKit
@testable import BenchResults

extension ThreadingOverheadsTests {
    /// A runner's few-run cells pool their spread (``PooledSpread``), and the budget gives such cells 2 runs.
    @Suite struct PooledSpreadTests {
        static let configurations = [(1, 100_000), (4, 25_000), (8, 12_500), (16, 6_250)].map {
            RunConfiguration(queues: $0.0, iterations: $0.1)
        }

        /// Runs of `runner` at `configuration`, one a unit (made in one process), at these nanoseconds.
        static func runs(
            _ runner: String, _ configuration: RunConfiguration, _ nanoseconds: [Double]
        ) -> [ResultRecord] {
            nanoseconds.enumerated().map { index, value in
                var record = okRecord(runner, configuration, nanoseconds: Int64(value.rounded()))
                record.repetition = index + 1
                return record
            }
        }

        @Test("a runner's cells of 2 runs pool their spread, computed by hand; a lone one and a 6-run one keep theirs")
        func pooledInterval() throws {
            // detach-thread's four cells of 2 runs each, at different costs, each pair e^0.1 apart on the log scale:
            // a cell's squares about its mean are 2 × 0.05², 0.005; four cells, 0.02 over 4 degrees of freedom, so
            // s = √0.005 and the half-width t(4) × s / √2 = 2.776 × 0.0707 / 1.414 = 0.1388 on the log scale.
            let costs = [2e9, 1.2e9, 1.3e9, 1.4e9]
            var records = zip(Self.configurations, costs).flatMap { configuration, cost in
                Self.runs("detach-thread", configuration, [cost, cost * exp(0.1)])
            }
            // serial-queue alone in its group at 2 runs (its others have 6): its own t, at 1 degree of freedom.
            records += Self.runs("serial-queue", Self.configurations[0], [1e7, 1.1e7])
            for configuration in Self.configurations.dropFirst() {
                records += Self.runs("serial-queue", configuration, [7e6, 7.1e6, 6.9e6, 7.3e6, 7.2e6, 6.8e6])
            }
            let report = Report(records: records)
            for configuration in Self.configurations {
                let cell = try #require(report.cell("detach-thread", at: configuration))
                let pooled = try #require(cell.pooledSpread)
                #expect(pooled.degrees == 4 && pooled.cells == 4)
                #expect(abs(pooled.deviation - 0.005.squareRoot()) < 1e-6)
                let interval = try #require(cell.interval)
                let headline = try #require(Estimate.headline(cell.nanoseconds))
                #expect(abs(log(interval.upperBound / headline) - 2.776 * 0.005.squareRoot() / 2.0.squareRoot()) < 1e-4)
                #expect(abs(log(headline / interval.lowerBound) - log(interval.upperBound / headline)) < 1e-9)
            }
            let lone = try #require(report.cell("serial-queue", at: Self.configurations[0]))
            #expect(lone.pooledSpread == nil)
            let loneHeadline = try #require(Estimate.headline(lone.nanoseconds))
            #expect(lone.interval == Estimate.interval(around: loneHeadline, units: lone.units))
            // A cell of 6 units keeps its order statistics, whatever its runner's other cells show.
            let six = try #require(report.cell("serial-queue", at: Self.configurations[1]))
            #expect(six.pooledSpread == nil)
            #expect(six.interval == Estimate.interval(six.units))
        }

        @Test("a cell of 3 units keeps its own interval, and its spread counts in its 2-unit sibling's pool")
        func threeUnits() throws {
            // task-group at 2 runs (logs 0, 0.2: squares 0.02) beside two cells of 3 (logs 0, 0.1, 0.2: 0.02 each):
            // 0.06 over 1 + 2 + 2 = 5 degrees, s = √0.012; the 2-run cell's half-width t(5) × s / √2.
            var records = Self.runs("task-group", Self.configurations[0], [1.5e8, 1.5e8 * exp(0.2)])
            for configuration in Self.configurations[1...2] {
                records += Self.runs("task-group", configuration, [0, 0.1, 0.2].map { 1.2e8 * exp($0) })
            }
            let report = Report(records: records)
            let two = try #require(report.cell("task-group", at: Self.configurations[0]))
            let interval = try #require(two.interval)
            let headline = 1.5e8 * (1 + exp(0.2)) / 2
            #expect(abs(log(interval.upperBound / headline) - 2.571 * 0.012.squareRoot() / 2.0.squareRoot()) < 1e-4)
            let three = try #require(report.cell("task-group", at: Self.configurations[1]))
            #expect(three.pooledSpread == nil)
            let own = try #require(Estimate.headline(three.nanoseconds))
            #expect(three.interval == Estimate.interval(around: own, units: three.units))
        }

        @Test("what the budget weighs a pooled cell by: 4 cells of 2 runs narrower than one cell's 3, wider than 6")
        func expectedWidth() {
            let pooled = PooledSpread.expectedHalfWidth(count: 2, cells: 4)
            #expect(abs(pooled - 1.85) < 0.01)
            #expect(pooled < Estimate.expectedHalfWidth(count: 3))
            #expect(pooled > Estimate.expectedHalfWidth(count: 6))
            #expect(PooledSpread.expectedHalfWidth(count: 1, cells: 4) == .infinity)
        }

        @Test("the budget gives 2 runs to a runner's dear cells where 4 or more share a group, 3 to the others")
        func pooledMinimum() {
            let budget = SweepPlan.Budget(seconds: 150, pooledMinimumRuns: 2)
            // Four dear cells of one runner, a lone dear cell, three dear cells of another runner, a cheap cell of the
            // first runner's group (whose floor is far above 6, and which is not counted), all over the budget.
            let secondsPerRun = [2.0, 2.0, 2.5, 3.0, 2.0, 1.0, 1.0, 1.0, 0.001]
            let groups = [0, 0, 0, 0, 1, 2, 2, 2, 0]
            let runs = SweepSchedule.allocate(
                secondsPerRun: secondsPerRun, budget: budget, remaining: -1, alreadyMade: secondsPerRun.map { _ in 1 },
                cells: 104, groups: groups)
            #expect(Array(runs.prefix(8)) == [2, 2, 2, 2, 3, 3, 3, 3])
            #expect(runs[8] >= Estimate.fewestRunsForInterval)
            // Without a pooled minimum (interleave's budget), or without groups, every dear cell gets 3.
            let unpooled = SweepSchedule.allocate(
                secondsPerRun: secondsPerRun, budget: SweepPlan.Budget(seconds: 150), remaining: -1,
                alreadyMade: secondsPerRun.map { _ in 1 }, cells: 104, groups: groups)
            #expect(Array(unpooled.prefix(8)) == Array(repeating: 3, count: 8))
            #expect(
                SweepSchedule.allocate(
                    secondsPerRun: secondsPerRun, budget: budget, remaining: -1,
                    alreadyMade: secondsPerRun.map { _ in 1 }, cells: 104) == unpooled)
            // With time to spare, the pooled cells' next count is 6, an interval of their own, never 3 to 5.
            let spare = SweepSchedule.allocate(
                secondsPerRun: [1, 1, 1, 1], budget: SweepPlan.Budget(seconds: 60, pooledMinimumRuns: 2),
                remaining: 24, alreadyMade: [0, 0, 0, 0], cells: 4, groups: [0, 0, 0, 0])
            #expect(spare.allSatisfy { [2, 6].contains($0) } && spare.contains(6), "\(spare)")
        }

        @Test("a sweep's budget pools its runners' dear cells; bench interleave's, whose cells are its pairs, does not")
        func whichBudgetsPool() throws {
            let sweep = try SamplingOptions().settled(cells: 104)
            let interleave = try SamplingOptions().settled(cells: 104, builds: 2)
            guard case .budget(let own) = sweep, case .budget(let pairs) = interleave else {
                Issue.record("no budget: \(sweep), \(interleave)")
                return
            }
            #expect(own.pooledMinimumRuns == 2 && own.minimumRuns == 3)
            #expect(pairs.pooledMinimumRuns == nil)
        }
    }
}
