import Foundation
import JobRunners

/// The spread of a runner's few-unit cells, pooled: what a cell of 2 units (``takingUnits``: the dear cells a
/// budget gives 2 runs) takes its Student's t interval from, in place of its own 1 degree of freedom.
///
/// The cells that pool are one runner's in one shape and work, at every queue count and iteration count of a file
/// (``Group``), that have 2 to 5 units each (``CellSummary/units``), fewer than an interval of their own needs
/// (``Estimate/fewestRunsForInterval``): the dear cells of a sweep, which the budget gives 2 or 3 runs. Their
/// variances on the log scale, each of `m − 1` degrees of freedom, add up to one estimate of `Σ (m − 1)` degrees,
/// as the within-groups mean square of an analysis of variance does, on the premise that one mechanism's runs
/// spread alike at its configurations; a cell of 2 runs then has an interval from t at 4 degrees or more (2.78),
/// not at 1 (12.7). Cells of 6 units or more keep their order statistics and take no part: a runner's cheap
/// configuration (1×100000 often behaves apart from the rest) does not set the spread of its dear ones. How often it
/// holds, resampling the sweeps of the 2-core VM and the 16-core machine: docs/validation.md, "A runner's cells of
/// 2 runs pool their spread".
public struct PooledSpread: Sendable, Equatable {
    /// The pooled standard deviation of the units' logarithms.
    public var deviation: Double
    /// Its degrees of freedom: the sum over the pooled cells of their units less one.
    public var degrees: Int
    /// The cells pooled, this one included.
    public var cells: Int

    /// The cells whose spreads pool: one runner's in one shape, work per job and latency sampling, whatever its
    /// queues and iterations.
    public struct Group: Hashable, Sendable {
        /// The runner's id.
        public var runner: String
        /// The shape its cells run.
        public var shape: Shape
        /// The work each job of its cells does, in nanoseconds.
        public var workNanoseconds: Int
        /// Whether its cells sample latency.
        public var measuresLatency: Bool

        /// The group of `runner`'s cell in `configuration`.
        public init(runner: String, configuration: RunConfiguration) {
            self.runner = runner
            shape = configuration.shape
            workNanoseconds = configuration.workNanoseconds
            measuresLatency = configuration.measuresLatency
        }

        /// A number for each of `groups`, alike for alike groups, in order of first appearance: what the budget's
        /// sharing (`SweepSchedule.allocate`) knows of them.
        public static func numbers(_ groups: [Group]) -> [Int] {
            var numbers: [Group: Int] = [:]
            return groups.map { group in
                if let number = numbers[group] {
                    return number
                }
                numbers[group] = numbers.count
                return numbers.count - 1
            }
        }
    }

    /// The units of a cell that takes the pooled spread in place of its own: 2, whose own t has 1 degree of
    /// freedom (12.7). A cell of 3 to 5 units keeps its own, though its spread counts in the pool: resampling the
    /// sweeps' runs, a pooled interval there holds as often as the cell's own, once widened by the median's
    /// spread over the mean's (1.16 at 3), but comes out wider at the median cell on a quiet night (±15 to 16%
    /// against ±11.5 to 12% for 3 runs of the dear cells), as the group's most unsteady cell sets it
    /// (docs/validation.md). At 2 units the median is the mean, and the pooled interval is a third to two thirds
    /// as wide as the cell's own.
    public static let takingUnits = 2

    /// The fewest cells of a group, each too dear for 6 runs, for which a budget gives such cells 2 runs
    /// (``SweepPlan/Budget/pooledMinimumRuns``) rather than the 3 of a cell on its own: with 4 cells of 2 runs the
    /// pooled t has 4 degrees of freedom and an expected half-width of 1.85 standard deviations, narrower than a
    /// lone cell's 2.20 at 3 runs, for two thirds of the time. The 2010 experiment's four configurations are 4.
    public static let fewestCellsForPooledMinimum = 4

    /// The spread pooled over cells whose units are `units` (each a cell's, in any order), or nil where fewer than
    /// two cells have 2 units or more, all above 0.
    public static func pooling(_ units: [[Double]]) -> PooledSpread? {
        let cells = units.filter { $0.count >= 2 && $0.allSatisfy { $0 > 0 } }
        guard cells.count >= 2 else {
            return nil
        }
        var squares = 0.0
        var degrees = 0
        for cell in cells {
            let logs = cell.map(log)
            let mean = logs.reduce(0, +) / Double(logs.count)
            squares += logs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            degrees += logs.count - 1
        }
        return PooledSpread(deviation: (squares / Double(degrees)).squareRoot(), degrees: degrees, cells: cells.count)
    }

    /// The expected half-width of a pooled interval of the median of `count` normal values, in their standard
    /// deviations, where `cells` cells of `count` each pool: t × c₄ / √n at `cells` × (`count` − 1) degrees,
    /// c₄ the expected pooled standard deviation over the true one (1.85 for 4 cells of 2; 2.20 for one cell of 3,
    /// by ``Estimate/expectedHalfWidth(count:)``). What a budget weighs a pooled cell's runs by.
    public static func expectedHalfWidth(count: Int, cells: Int) -> Double {
        let degrees = max(1, cells) * (count - 1)
        guard count >= 2, degrees >= 1 else {
            return .infinity
        }
        let k = Double(degrees)
        let c4 = (2 / k).squareRoot() * exp(lgamma((k + 1) / 2) - lgamma(k / 2))
        return Statistics.studentT975(degrees: degrees) * c4 / Double(count).squareRoot()
    }

    /// The half-width, on the log scale, of the 95% interval of the headline of ``takingUnits`` units with this
    /// spread: t × s / √2, their median being their mean.
    public var halfWidth: Double {
        Statistics.studentT975(degrees: degrees) * deviation / Double(Self.takingUnits).squareRoot()
    }
}
