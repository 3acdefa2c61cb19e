/// Percentile bootstrap intervals of headline estimates (``Estimate``) and of their ratios: each sample resampled
/// with replacement, 10,000 times, by a generator with a fixed seed, so that the same runs always give the same
/// interval.
public enum Bootstrap {
    public static let resamples = 10_000

    /// The `confidence` interval of headline(values): its ratio to a constant 1, whose resamples are all 1.
    public static func headline(_ values: [Double], confidence: Double) -> ClosedRange<Double>? {
        ratio(values, to: [1], confidence: confidence)
    }

    /// The `confidence` interval of headline(numerator) / headline(denominator); nil if either is empty.
    public static func ratio(
        _ numerator: [Double], to denominator: [Double], confidence: Double
    ) -> ClosedRange<Double>? {
        guard !numerator.isEmpty, !denominator.isEmpty else {
            return nil
        }
        var generator = SplitMix64(seed: 0x7468_7265_6164_73)
        var scratch: [Double] = []
        func resampledHeadline(_ values: [Double]) -> Double {
            scratch.removeAll(keepingCapacity: true)
            for _ in values.indices {
                scratch.append(values[Int(generator.next() % UInt64(values.count))])
            }
            return Estimate.headline(scratch) ?? 0
        }
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            let below = resampledHeadline(denominator)
            let above = resampledHeadline(numerator)
            if below > 0 {
                ratios.append(above / below)
            }
        }
        ratios.sort()
        guard !ratios.isEmpty else {
            return nil
        }
        let tail = (1 - confidence) / 2
        return Statistics.quantile(ratios, tail)...Statistics.quantile(ratios, 1 - tail)
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
