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

    public static func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : quantile(values.sorted(), 0.5)
    }

    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
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
}
