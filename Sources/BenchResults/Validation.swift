import Foundation
import JobRunners

/// The A/A and injected-shift comparisons of two files, for both of compare's rules: the raw verdict (B/A) and
/// the verdict relative to the machine factor.
///
/// A shift injected into every cell is what the raw rule is for; to the relative rule it is the machine moving, and
/// moves the factor instead. A shift injected into some cells only is what the relative rule is for: it is
/// injected into each runner's cells in turn, then into each family's (``RunnerFamily``), and each time the
/// shifted cells should be called dearer and the others nothing.
package struct Validation {
    package let shift: Double
    package let threshold: Double
    /// B against A, and B's runs times `shift` against A.
    package let same: Comparison
    package let shifted: Comparison
    /// The relative rule on shifts of some cells: per runner, then per family.
    package let byRunner: PartialShift
    package let byFamily: PartialShift

    /// How close two headlines must be to count as agreeing.
    package static let agreement = 0.1

    /// A shift injected into groups of cells in turn, each time judged relative to the machine.
    package struct PartialShift {
        /// Cells shifted, over all the groups, and those of them called dearer.
        package var shiftedCells = 0
        package var detected = 0
        /// Cells not shifted, over all the groups, and those of them called cheaper or dearer.
        package var otherCells = 0
        package var falseAlarms = 0
        /// The groups in which some shifted cell was not called dearer: the group and its missed cells.
        package var missed: [(group: String, cells: [CellKey])] = []

        package init(_ comparison: Comparison, groups: [(name: String, cells: Set<CellKey>)], shift: Double) {
            for group in groups where !group.cells.isEmpty {
                let judged = comparison.shifting(group.cells, by: shift)
                let (inside, outside) = (
                    judged.rows.filter { group.cells.contains($0.key) }, judged.rows.filter { !group.cells.contains($0.key) }
                )
                shiftedCells += inside.count
                detected += inside.filter { $0.relativeVerdict == .dearer }.count
                otherCells += outside.count
                falseAlarms += outside.filter { $0.relativeVerdict == .dearer || $0.relativeVerdict == .cheaper }.count
                let misses = inside.filter { $0.relativeVerdict != .dearer }.map(\.key)
                if !misses.isEmpty {
                    missed.append((group.name, misses))
                }
            }
        }
    }

    package init(
        first: Report, second: [ResultRecord], shift: Double, threshold: Double, terms: SessionTerms = .default
    ) {
        self.shift = shift
        self.threshold = threshold
        let same = Comparison(baseline: first, candidate: Report(records: second), threshold: threshold, terms: terms)
        self.same = same
        let keys = same.rows.map(\.key)
        shifted = same.shifting(Set(keys), by: shift)
        byRunner = PartialShift(
            same, groups: keys.map(\.runner).uniqued().map { runner in (runner, Set(keys.filter { $0.runner == runner })) },
            shift: shift)
        byFamily = PartialShift(
            same,
            groups: RunnerCatalogue.grouped(keys.map(\.runner).uniqued()).map { group in
                (group.family.name, Set(keys.filter { group.ids.contains($0.runner) }))
            },
            shift: shift)
    }

    package var cells: Int {
        same.rows.count
    }

    /// How far the A/A ratios lie from 1 within their intervals, each rule's: the 95th percentile over the cells of
    /// |ln ratio| over the interval's side toward 1 (on the log scale). Intervals that hold 95% of unchanged cells
    /// and no more put it at ``calibrated``, whatever their degrees of freedom; below it, they were wider than the
    /// pair's own differences needed, and some real changes are called unsure; above, narrower, and more than 5%
    /// of unchanged cells lie outside theirs. A median would not do: its value for an honest interval depends on
    /// how many units it has (Student's t with 2 degrees of freedom puts it at 0.19, a known spread at 0.34), and
    /// a sweep's cells have from 3 to 30.
    package var calibration: (raw: Double?, relative: Double?) {
        func percentile(_ pairs: [(ratio: Double?, interval: ClosedRange<Double>?)]) -> Double? {
            let distances = pairs.compactMap { pair -> Double? in
                guard let ratio = pair.ratio, let interval = pair.interval, ratio > 0, interval.lowerBound > 0 else {
                    return nil
                }
                let side = ratio > 1 ? log(ratio / interval.lowerBound) : log(interval.upperBound / ratio)
                return side > 0 ? abs(log(ratio)) / side : nil
            }
            return distances.isEmpty ? nil : Statistics.quantile(distances.sorted(), 0.95)
        }
        return (
            percentile(same.rows.map { ($0.ratio, $0.interval) }),
            percentile(same.rows.map { ($0.relativeRatio, $0.relativeInterval) })
        )
    }

    /// ``calibration``'s value for intervals that hold 95% and no more: 5% of unchanged cells lie beyond their
    /// interval's side.
    package static let calibrated = 1.0

    /// How far runs and processes spread in the two files' cells together (each cell of each file one cell).
    package var levels: SpreadLevels? {
        SpreadLevels.measured(same.rows.flatMap { [$0.baseline.sample, $0.candidate.sample] })
    }

    /// Cells whose ratio lies within ±``agreement`` of 1.
    package var agreeing: Int {
        same.rows.filter { $0.ratio.map { abs($0 - 1) <= Self.agreement } ?? false }.count
    }

    package var falseAlarms: Int {
        same.rows.filter { $0.verdict == .faster || $0.verdict == .slower }.count
    }

    package var relativeFalseAlarms: Int {
        same.rows.filter { $0.relativeVerdict == .cheaper || $0.relativeVerdict == .dearer }.count
    }

    package var detected: Int {
        shifted.rows.filter { $0.verdict == .slower }.count
    }

    /// Each cell of B shifted by its own ``Comparison/Row/detectable``, the smallest change the A/A comparison
    /// said it would see 80% of the time: the cells that have one, and those of them then called slower.
    package var ownDetectable: (cells: Int, detected: Int) {
        let rows = same.rows.compactMap { row -> Comparison.Verdict? in
            guard let change = row.detectable, let ratio = row.ratio, let interval = row.interval else {
                return nil
            }
            // As compare judges it: never slower where most of its runs were made during interference.
            return row.judged(
                Comparison.verdict(
                    ratio: ratio * change, interval: (interval.lowerBound * change)...(interval.upperBound * change),
                    threshold: threshold))
        }
        return (rows.count, rows.filter { $0 == .slower }.count)
    }

    /// Each cell of B alone shifted by its own ``Comparison/Row/relativeDetectable`` and judged beside the machine:
    /// the cells that have one, and those of them then called dearer.
    package var ownRelativeDetectable: (cells: Int, detected: Int) {
        let rows = same.rows.compactMap { row -> Comparison.RelativeVerdict? in
            guard let change = row.relativeDetectable else {
                return nil
            }
            return same.shifting([row.key], by: change).rows.first { $0.key == row.key }?.relativeVerdict
        }
        return (rows.count, rows.filter { $0 == .dearer }.count)
    }
}
