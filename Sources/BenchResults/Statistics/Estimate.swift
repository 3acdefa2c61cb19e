import Foundation

/// The headline estimate of a cell's cost per run, and its 95% interval: what tables lead with, what comparisons and
/// checks weigh, and what a budgeted sweep measures until it is precise enough.
public enum Estimate {
    /// The headline of `values` (times in any order); nil for none.
    public static func headline(_ values: [Double]) -> Double? {
        Statistics.median(values)
    }

    /// The fewest values whose order statistics hold their median with 95% confidence: the range of 6 holds it
    /// with 1 − 2 × 2⁻⁶ = 96.9%, of 5 with 93.8%, of 3 with 75%.
    public static let fewestRunsForInterval = 6

    /// The 95% interval of the median, from order statistics alone (no assumption of shape): between the order
    /// statistics of ranks ⌊(n − 1.96√n) / 2⌋ and ⌈1 + (n + 1.96√n) / 2⌉, the normal approximation of the
    /// binomial ranks; the whole sample below ``fewestRunsForInterval`` values, where even that holds less than 95%.
    public static func interval(_ values: [Double]) -> ClosedRange<Double>? {
        let sorted = values.sorted()
        guard let first = sorted.first, let last = sorted.last else {
            return nil
        }
        let count = Double(sorted.count)
        guard sorted.count >= fewestRunsForInterval else {
            return first...last
        }
        let lower = max(1, Int(((count - 1.96 * count.squareRoot()) / 2).rounded(.down)))
        let upper = min(sorted.count, Int((1 + (count + 1.96 * count.squareRoot()) / 2).rounded(.up)))
        return sorted[lower - 1]...sorted[upper - 1]
    }

    /// The 95% interval of `headline` from independent estimates of it, `units` (one per worker process, or one
    /// per run): on the log scale, headline × exp(± t × s / √m), with s the standard deviation of the m units'
    /// logarithms and t Student's 97.5% quantile with m − 1 degrees of freedom, which at few units is wide (12.7 at
    /// 2, 4.3 at 3) as honestly as few units are. nil for fewer than two units, or a value not above 0.
    public static func interval(around headline: Double, units: [Double]) -> ClosedRange<Double>? {
        guard units.count >= 2, headline > 0, units.allSatisfy({ $0 > 0 }),
            let deviation = Statistics.standardDeviation(units.map(log))
        else {
            return nil
        }
        let halfWidth = Statistics.studentT975(degrees: units.count - 1) * deviation / Double(units.count).squareRoot()
        return headline * exp(-halfWidth)...headline * exp(halfWidth)
    }

    /// Half the interval's width over the headline; nil without a headline above 0.
    public static func relativeHalfWidth(_ values: [Double]) -> Double? {
        guard let headline = headline(values), headline > 0, let interval = interval(values) else {
            return nil
        }
        return (interval.upperBound - interval.lowerBound) / 2 / headline
    }
}
