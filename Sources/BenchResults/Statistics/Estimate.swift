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

    /// The 95% interval of the median, from order statistics alone (no assumption of shape): between the c-th
    /// smallest and the c-th largest of the n values, c the largest rank whose interval holds the median with 95%
    /// confidence or more, 1 − 2 P(X ≤ c − 1) for X binomial(n, ½) (``medianRank(count:)``); the whole sample
    /// below ``fewestRunsForInterval`` values, where even that holds less than 95%.
    public static func interval(_ values: [Double]) -> ClosedRange<Double>? {
        let sorted = values.sorted()
        guard let first = sorted.first, let last = sorted.last else {
            return nil
        }
        guard sorted.count >= fewestRunsForInterval, let rank = medianRank(count: sorted.count) else {
            return first...last
        }
        return sorted[rank - 1]...sorted[sorted.count - rank]
    }

    /// The largest rank c (from 1) for which the c-th smallest and the c-th largest of `count` values hold their
    /// median with 95% confidence or more, from the binomial distribution itself: 1 at 6 to 8 values, 2 at 9 to 11,
    /// 10 at 30, and so on; nil where not even the whole sample holds it with 95% (5 values or fewer). The normal
    /// approximation rounded outward that this replaced held 98.4 to 99.8% at 10 to 30 values, its intervals up to a
    /// third wider than 95% needs (docs/statistics.md).
    public static func medianRank(count: Int) -> Int? {
        // P(X ≤ j) summed term by term on the log scale, so that thousands of values neither overflow nor vanish.
        let n = Double(count)
        let logWhole = lgamma(n + 1) - n * log(2.0)
        var below = 0.0
        var rank: Int?
        for j in 0..<count {
            below += exp(logWhole - lgamma(Double(j) + 1) - lgamma(n - Double(j) + 1))
            guard 2 * below <= 0.05 else {
                break
            }
            rank = j + 1
        }
        return rank
    }

    /// The most values up to `count` whose interval of the median is no wider, in expectation, than with fewer:
    /// `count` itself up to ``fewestRunsForInterval``, and past it the last count at which ``medianRank(count:)``
    /// grew (9, 12, 15, 17, 20, 23, 25, 28, 30, …), or ``fewestRunsForInterval``. Between those counts each value
    /// added moves the c-th smallest and largest outward while c stays: for normal values the expected half-width is
    /// 1.27 standard deviations at 6, 1.35 at 7, 1.43 at 8 and 0.93 at 9, so that the 7th and 8th runs of a cell
    /// widen its interval and the 9th narrows it by a third. A budget buys cells these counts.
    public static func narrowestCount(atMost count: Int) -> Int {
        var count = count
        while count > fewestRunsForInterval, medianRank(count: count) == medianRank(count: count - 1) {
            count -= 1
        }
        return count
    }

    /// The expected half-width of the interval of `count` values' median, in standard deviations of normal values,
    /// as the interval is made: from ``fewestRunsForInterval`` values, the c-th largest's distance from the median
    /// (``medianRank(count:)``), by Blom's approximation of an expected order statistic, Φ⁻¹((n − c + 0.625) /
    /// (n + 0.25)): 1.28 at 6, 1.43 at 8, 0.93 at 9, 0.47 at 30; below, Student's t over the values, t × c₄ / √n, c₄
    /// the expected standard deviation of n values over the true one: 2.20 at 3, 1.47 at 4, 1.17 at 5 (an interval
    /// that leans on a shape, where 6 values need none). Infinite below 2 values. What a budget weighs a run by.
    public static func expectedHalfWidth(count: Int) -> Double {
        guard count >= 2 else {
            return .infinity
        }
        let n = Double(count)
        guard count >= fewestRunsForInterval, let rank = medianRank(count: count) else {
            let c4 = (2 / (n - 1)).squareRoot() * exp(lgamma(n / 2) - lgamma((n - 1) / 2))
            return Statistics.studentT975(degrees: count - 1) * c4 / n.squareRoot()
        }
        return Statistics.normalQuantile((n - Double(rank) + 0.625) / (n + 0.25))
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
