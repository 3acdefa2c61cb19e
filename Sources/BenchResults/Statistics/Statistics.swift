import Foundation

/// Descriptive statistics of a sample, as the summary and the comparisons use them.
public enum Statistics {
    /// The `fraction` quantile of `sorted` (ascending, not empty), by linear interpolation between the closest
    /// ranks: the definition that R calls type 7 and NumPy uses by default. 0.5 is the median.
    public static func quantile(_ sorted: [Double], _ fraction: Double) -> Double {
        precondition(!sorted.isEmpty && (0...1).contains(fraction))
        let position = Double(sorted.count - 1) * fraction
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (position - Double(lower)) * (sorted[upper] - sorted[lower])
    }

    /// The median of `values`, in any order: the 0.5 ``quantile(_:_:)``, the mean of the middle two for an even
    /// count; nil for no values.
    public static func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : quantile(values.sorted(), 0.5)
    }

    /// The arithmetic mean of `values`; nil for no values.
    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The mean of the values left once the lowest and the highest ⌊`proportion` × n⌋ are set aside (Wilcox's
    /// 20% trimmed mean with 0.2): it counts more of a sample than a median, and a few wild values cannot pull it.
    /// Nil for no values.
    public static func trimmedMean(_ values: [Double], trimming proportion: Double) -> Double? {
        let sorted = values.sorted()
        let cut = Int((proportion * Double(sorted.count)).rounded(.down))
        guard sorted.count > 2 * cut else {
            return median(values)
        }
        return mean(Array(sorted[cut..<(sorted.count - cut)]))
    }

    /// The standard error of the ``trimmedMean(_:trimming:)`` of `values`, and its degrees of freedom: Yuen's, from
    /// the winsorized sample (each value set aside by the trimming replaced by the nearest one kept), √((n − 1) s_w² /
    /// (h (h − 1))) for its variance s_w² over the h values kept, on h − 1 degrees (Tukey and McLaughlin 1963; Yuen
    /// 1974; Wilcox's `trimci`). Nil where fewer than two values are kept.
    public static func trimmedMeanStandardError(
        _ values: [Double], trimming proportion: Double
    ) -> (error: Double, degrees: Int)? {
        let sorted = values.sorted()
        let cut = Int((proportion * Double(sorted.count)).rounded(.down))
        let kept = sorted.count - 2 * cut
        guard kept >= 2, let deviation = standardDeviation(
            sorted.map { min(max($0, sorted[cut]), sorted[sorted.count - 1 - cut]) })
        else {
            return nil
        }
        let variance = Double(sorted.count - 1) * deviation * deviation / Double(kept * (kept - 1))
        return (variance.squareRoot(), kept - 1)
    }

    /// The sample standard deviation (divisor n − 1); nil for fewer than two values.
    public static func standardDeviation(_ values: [Double]) -> Double? {
        guard values.count >= 2, let mean = mean(values) else {
            return nil
        }
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// The indices of the values that lie far from the rest by the modified z-score of Iglewicz and Hoaglin:
    /// |0.6745 × (x − median) / MAD| > 3.5, where MAD is the median absolute deviation. Unlike Tukey's fences it
    /// can flag a value among as few as three. Nothing is flagged when MAD is 0 (half the values equal).
    public static func outlierIndices(_ values: [Double]) -> [Int] {
        guard values.count >= 3, let median = median(values),
            let deviation = Statistics.median(values.map { abs($0 - median) }), deviation > 0
        else {
            return []
        }
        return values.indices.filter { abs(0.6745 * (values[$0] - median) / deviation) > 3.5 }
    }

    /// The Kruskal–Wallis statistic H of `groups` (each a list of values; two or more groups of one value or more):
    /// whether the groups' values come from one distribution, by their ranks alone. Ties get their ranks' mean, and
    /// H is corrected for them. Under one distribution H follows a chi-square law of (groups − 1) degrees of
    /// freedom.
    public static func kruskalWallis(_ groups: [[Double]]) -> Double? {
        let all = groups.enumerated().flatMap { index, values in values.map { ($0, index) } }.sorted { $0.0 < $1.0 }
        let count = Double(all.count)
        guard groups.count >= 2, groups.allSatisfy({ !$0.isEmpty }), all.count > groups.count else {
            return nil
        }
        var rankSums = [Double](repeating: 0, count: groups.count)
        var ties = 0.0
        var start = 0
        while start < all.count {
            var end = start
            while end + 1 < all.count, all[end + 1].0 == all[start].0 {
                end += 1
            }
            let rank = Double(start + end + 2) / 2
            for index in start...end {
                rankSums[all[index].1] += rank
            }
            let tied = Double(end - start + 1)
            ties += tied * tied * tied - tied
            start = end + 1
        }
        let sum = zip(rankSums, groups).map { $0 * $0 / Double($1.count) }.reduce(0, +)
        let h = 12 / (count * (count + 1)) * sum - 3 * (count + 1)
        let correction = 1 - ties / (count * count * count - count)
        return correction > 0 ? h / correction : nil
    }

    /// The value below which a standard normal variable falls with probability `probability` (0 < p < 1): the root,
    /// by bisection, of Φ(x) = erfc(−x / √2) / 2, to within 10⁻¹² in x.
    public static func normalQuantile(_ probability: Double) -> Double {
        var low = -40.0
        var high = 40.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if erfc(-middle / 2.0.squareRoot()) / 2 < probability {
                low = middle
            } else {
                high = middle
            }
        }
        return (low + high) / 2
    }

    /// The 97.5% quantile of Student's t distribution with `degrees` degrees of freedom (1 or more), what a
    /// two-sided 95% interval of a mean of `degrees` + 1 values multiplies its standard error by: from a table to 30
    /// degrees, then interpolated in 1 / degrees toward the normal's 1.96 (within 0.001 of the exact value).
    public static func studentT975(degrees: Int) -> Double {
        let table: [Double] = [
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
            2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
        ]
        let degrees = max(1, degrees)
        if degrees <= table.count {
            return table[degrees - 1]
        }
        // Past 30 the quantile is nearly linear in 1 / degrees: 2.042 at 1/30, 1.960 at 0.
        return 1.959964 + (2.042 - 1.959964) * 30 / Double(degrees)
    }

    /// The value a chi-square law of `degrees` degrees of freedom exceeds with probability `tail` (0 < tail < 1):
    /// the root, by bisection, of its upper tail, 1 − P(k/2, x/2), P the regularized lower incomplete gamma
    /// function.
    public static func chiSquareQuantile(degrees: Int, tail: Double) -> Double {
        let half = Double(degrees) / 2
        var (low, high) = (0.0, max(1.0, Double(degrees)))
        while 1 - regularizedGamma(half, high / 2) > tail {
            high *= 2
        }
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if 1 - regularizedGamma(half, middle / 2) > tail {
                low = middle
            } else {
                high = middle
            }
        }
        return (low + high) / 2
    }

    /// P(a, x), the regularized lower incomplete gamma function (a > 0, x ≥ 0): by its series below a + 1, by the
    /// continued fraction of its complement above (Legendre's, evaluated by Lentz's method), each to 1e-14.
    static func regularizedGamma(_ a: Double, _ x: Double) -> Double {
        guard x > 0 else {
            return 0
        }
        let front = exp(a * log(x) - x - lgamma(a))
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var n = a
            for _ in 0..<1_000 {
                n += 1
                term *= x / n
                sum += term
                if abs(term) < abs(sum) * 1e-14 {
                    break
                }
            }
            return min(1, sum * front)
        }
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var fraction = d
        for i in 1..<1_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            d = abs(d) < tiny ? tiny : d
            c = b + an / c
            c = abs(c) < tiny ? tiny : c
            d = 1 / d
            let delta = d * c
            fraction *= delta
            if abs(delta - 1) < 1e-14 {
                break
            }
        }
        return max(0, 1 - front * fraction)
    }
}
