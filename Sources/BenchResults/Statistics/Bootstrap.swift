/// Percentile bootstrap intervals of headline estimates (``Estimate``) and of their ratios: each sample resampled
/// with replacement, 10,000 times, by a generator with a fixed seed, so that the same runs always give the same
/// interval.
///
/// A sample whose runs come from two or more processes (``Sample/groups``) is resampled in two stages, as the
/// variance has two levels (Kalibera and Jones, "Rigorous benchmarking in reasonable time", 2013; pyperf spreads
/// its values over processes for the same reason): first its processes, with replacement, then each drawn
/// process's runs, with replacement. The interval then holds what a process draws once for its whole life (a
/// thread pool's regime), which resampling the runs alone would take for the same every time.
public enum Bootstrap {
    /// How many resampled values an interval is computed from.
    public static let resamples = 10_000

    /// Values, and the process each came from where that is known.
    public struct Sample: Sendable, Equatable {
        /// The values that are resampled, in the order given: a cell's times or costs per job, in nanoseconds, say.
        public var values: [Double]
        /// The runs of each process, as indices into `values`; one group (every index) when the processes are
        /// not known or are fewer than two.
        public var groups: [[Int]]

        /// `values`, from `processes` (one per value; nil where not known).
        public init(_ values: [Double], processes: [Int?] = []) {
            self.values = values
            let known = processes.count == values.count ? processes.compactMap { $0 } : []
            var byProcess: [Int: [Int]] = [:]
            if known.count == values.count {
                for (index, process) in known.enumerated() {
                    byProcess[process, default: []].append(index)
                }
            }
            groups = byProcess.count >= 2 ? byProcess.keys.sorted().compactMap { byProcess[$0] } : [Array(values.indices)]
        }

        /// What an interval over processes samples: `estimate` of each process's values, where two or more made
        /// them, or else each value (a sweep cell's units, ``CellSummary/units``; an interleaved cell's).
        public func units(_ estimate: ([Double]) -> Double?) -> [Double] {
            groups.count >= 2 ? groups.compactMap { group in estimate(group.map { values[$0] }) } : values
        }

        /// Whether there are no values; an interval of an empty sample is nil.
        public var isEmpty: Bool {
            values.isEmpty
        }
    }

    /// The `confidence` interval of headline(values); nil if `values` is empty.
    public static func headline(_ values: [Double], confidence: Double) -> ClosedRange<Double>? {
        headline(Sample(values), confidence: confidence)
    }

    /// The `confidence` interval of the headline of `sample`; nil if it is empty.
    public static func headline(_ sample: Sample, confidence: Double) -> ClosedRange<Double>? {
        guard !sample.isEmpty else {
            return nil
        }
        return interval(confidence: confidence) { resampledHeadline in resampledHeadline(sample) }
    }

    /// The `confidence` interval of headline(numerator) / headline(denominator); nil if either is empty.
    public static func ratio(
        _ numerator: [Double], to denominator: [Double], confidence: Double
    ) -> ClosedRange<Double>? {
        ratio(Sample(numerator), to: Sample(denominator), confidence: confidence)
    }

    /// The `confidence` interval of the ratio of two samples' headlines; nil if either is empty.
    public static func ratio(_ numerator: Sample, to denominator: Sample, confidence: Double) -> ClosedRange<Double>? {
        guard !numerator.isEmpty, !denominator.isEmpty else {
            return nil
        }
        return interval(confidence: confidence) { resampledHeadline in
            let below = resampledHeadline(denominator)
            return below > 0 ? resampledHeadline(numerator) / below : nil
        }
    }

    /// `count` resampled values of the ratio of two samples' headlines (a ratio whose denominator resampled to 0
    /// left out), from a generator with a fixed seed of its own.
    static func ratioReplicates(_ numerator: Sample, to denominator: Sample, count: Int) -> [Double] {
        guard !numerator.isEmpty, !denominator.isEmpty else {
            return []
        }
        var replicates: [Double] = []
        _ = interval(confidence: 0.95, resamples: count, seed: 0x7265_706c_6963_61) { resampledHeadline in
            let below = resampledHeadline(denominator)
            let ratio = below > 0 ? resampledHeadline(numerator) / below : nil
            if let ratio, ratio > 0 {
                replicates.append(ratio)
            }
            return ratio
        }
        return replicates
    }

    /// The percentile interval of ``resamples`` values of `statistic`, each computed from resamples that
    /// `statistic` draws with the function it is given (the headline of a sample resampled with replacement, in two
    /// stages where it has groups), all from one generator with a fixed seed; a nil value is left out, and nil comes
    /// back if every one is.
    private static func interval(
        confidence: Double, resamples: Int = resamples, seed: UInt64 = 0x7468_7265_6164_73,
        _ statistic: (_ resampledHeadline: (Sample) -> Double) -> Double?
    ) -> ClosedRange<Double>? {
        var generator = SplitMix64(seed: seed)
        var scratch: [Double] = []
        func draw(_ count: Int) -> Int {
            Int(generator.next() % UInt64(count))
        }
        func resampledHeadline(_ sample: Sample) -> Double {
            scratch.removeAll(keepingCapacity: true)
            if sample.groups.count == 1 {
                for _ in sample.values.indices {
                    scratch.append(sample.values[draw(sample.values.count)])
                }
            } else {
                for _ in sample.groups.indices {
                    let group = sample.groups[draw(sample.groups.count)]
                    for _ in group.indices {
                        scratch.append(sample.values[group[draw(group.count)]])
                    }
                }
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
