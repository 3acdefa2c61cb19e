/// Percentile bootstrap intervals of headline estimates (``Estimate``) and of their ratios: each sample resampled
/// with replacement, 10,000 times, by a generator with a fixed seed, so that the same runs always give the same
/// interval.
public enum Bootstrap {
    public static let resamples = 10_000

    /// The `confidence` interval of headline(values); nil if `values` is empty.
    public static func headline(_ values: [Double], confidence: Double) -> ClosedRange<Double>? {
        guard !values.isEmpty else {
            return nil
        }
        return interval(confidence: confidence) { resampledHeadline in resampledHeadline(values) }
    }

    /// The `confidence` interval of headline(numerator) / headline(denominator); nil if either is empty.
    public static func ratio(
        _ numerator: [Double], to denominator: [Double], confidence: Double
    ) -> ClosedRange<Double>? {
        guard !numerator.isEmpty, !denominator.isEmpty else {
            return nil
        }
        return interval(confidence: confidence) { resampledHeadline in
            let below = resampledHeadline(denominator)
            return below > 0 ? resampledHeadline(numerator) / below : nil
        }
    }

    /// The percentile interval of ``resamples`` values of `statistic`, each computed from resamples that
    /// `statistic` draws with the function it is given (the headline of a sample resampled with replacement),
    /// all from one generator with a fixed seed; a nil value is left out, and nil comes back if every one is.
    private static func interval(
        confidence: Double, _ statistic: (_ resampledHeadline: ([Double]) -> Double) -> Double?
    ) -> ClosedRange<Double>? {
        var generator = SplitMix64(seed: 0x7468_7265_6164_73)
        var scratch: [Double] = []
        func resampledHeadline(_ values: [Double]) -> Double {
            scratch.removeAll(keepingCapacity: true)
            for _ in values.indices {
                scratch.append(values[Int(generator.next() % UInt64(values.count))])
            }
            return Estimate.headline(scratch) ?? 0
        }
        var values: [Double] = []
        values.reserveCapacity(resamples)
        for _ in 0..<resamples {
            if let value = statistic(resampledHeadline) {
                values.append(value)
            }
        }
        values.sort()
        guard !values.isEmpty else {
            return nil
        }
        let tail = (1 - confidence) / 2
        return Statistics.quantile(values, tail)...Statistics.quantile(values, 1 - tail)
    }
}

/// A small, fast generator with a fixed sequence for a given seed (Steele, Lea and Flood's SplitMix64), so that
/// bootstrap intervals and sweep orders are reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
