/// The modes of a sample: clusters of values separated by stretches where almost none fall, each with its location
/// and its share of the sample.
///
/// Found by Akinshin's lowland multimodality detector (2020,
/// https://aakinshin.net/posts/lowland-multimodality-detection/): the density is estimated with a
/// quantile-respectful histogram, bins of equal probability between consecutive Harrell–Davis quantiles (so that a
/// bin is narrow and tall where runs crowd together); two neighbouring peaks are different modes when the "lowland"
/// between them, filled with water up to the lower peak, is mostly water: its bins hold less than `sensitivity` of
/// the area under the water line. Unlike a test of one parametric shape, it finds modes of any width. A sample is
/// never cut: every value belongs to exactly one mode.
///
/// The histogram has one bin per two values (10 to 100 bins), not Akinshin's 100 whatever the size: 100 bins over
/// the 12 to 30 runs a cell of a sweep has make a spiky histogram whose dips pass for lowlands. Measured on 300
/// random samples per size (seeded; `sensitivity` 0.5): with 100 bins, 40% of normal samples of 12 values, 24% of
/// 30 and 9% of 100 came out multimodal; with one bin per two values, 3%, 0% and 2% did (lognormal alike; uniform
/// samples, which timings are not, 9% to 19%). What that costs in detection, for a mixture like floor-serial-queue's
/// runs here (55% near 15 ns, 45% near 26 ns): 46% of samples of 12 values, 46% of 30, 75% of 60, 95% of 100 and 99%
/// of 200 were found to have two modes. So a cell reported multimodal very likely is; a cell of few runs reported
/// with one mode may still have two.
public struct Modes: Equatable, Sendable {
    /// One mode: where it peaks and the values it holds.
    public struct Mode: Equatable, Sendable {
        /// The median of the mode's values.
        public var location: Double
        /// The smallest and largest value that belong to it.
        public var range: ClosedRange<Double>
        /// How many values of the sample belong to it.
        public var count: Int
    }

    /// The modes, from the lowest values to the highest; one for a unimodal sample.
    public var modes: [Mode]
    /// The sample's size.
    public var sampleSize: Int

    /// Fewer values than this are always reported as one mode: a histogram of so few says nothing of shape.
    public static let minimumSampleSize = 12

    /// Whether the sample has two modes or more.
    public var isMultimodal: Bool {
        modes.count > 1
    }

    /// The share of the sample in `mode`.
    public func share(of mode: Mode) -> Double {
        Double(mode.count) / Double(sampleSize)
    }

    /// The histogram's bins for a sample of `count` values: one per two values, 10 to 100 (see above).
    public static func bins(forSampleSize count: Int) -> Int {
        min(100, max(10, count / 2))
    }

    /// The modes of `values` (in any order, not empty); `bins` is the histogram's resolution (1 / precision),
    /// ``bins(forSampleSize:)`` unless given, and `sensitivity` how much of a lowland must be water to split
    /// (Akinshin's default, 0.5).
    public init(of values: [Double], bins: Int? = nil, sensitivity: Double = 0.5) {
        let sorted = values.sorted()
        let bins = bins ?? Self.bins(forSampleSize: sorted.count)
        sampleSize = sorted.count
        func mode(_ range: ClosedRange<Double>) -> Mode {
            let members = sorted.filter(range.contains)
            return Mode(location: Statistics.median(members) ?? range.lowerBound, range: range, count: members.count)
        }
        guard let first = sorted.first, let last = sorted.last, sorted.count >= Self.minimumSampleSize,
            last - first > 1e-9 * max(1, abs(last))
        else {
            modes = sorted.isEmpty ? [] : [mode((sorted.first ?? 0)...(sorted.last ?? 0))]
            return
        }
        let cuts = Self.cutPoints(sorted, bins: bins, sensitivity: sensitivity)
        let bounds = [first] + cuts + [last]
        var modes: [Mode] = []
        for index in 0..<(bounds.count - 1) {
            // A value at a cut point goes to the lower mode; the next mode starts just above it.
            let lower = index == 0 ? bounds[0] : bounds[index].nextUp
            modes.append(mode(lower...bounds[index + 1]))
        }
        self.modes = modes.filter { $0.count > 0 }
    }

    /// The quantile-respectful density histogram of `sorted`: `bins` bins of equal probability between its
    /// Harrell–Davis quantiles at 0, 1/bins, …, 1; bins of no width (repeated values) are left out.
    static func histogram(_ sorted: [Double], bins: Int) -> [(lower: Double, upper: Double, height: Double)] {
        let edges = HarrellDavis.quantiles(sorted, (0...bins).map { Double($0) / Double(bins) })
        let scale = max(1, abs(edges[bins]))
        return (0..<bins).compactMap { index in
            let width = edges[index + 1] - edges[index]
            return width > 1e-9 * scale ? (edges[index], edges[index + 1], 1 / Double(bins) / width) : nil
        }
    }

    /// Where the sample splits into modes: the lowest bin of each lowland that is mostly water.
    private static func cutPoints(_ sorted: [Double], bins: Int, sensitivity: Double) -> [Double] {
        let histogram = histogram(sorted, bins: bins)
        guard histogram.count >= 3 else {
            return []
        }
        // A bin of no height on either side, beyond the sample's range: a mode at the edge of the range (the
        // fastest runs, say) has its peak there, which the detector would otherwise never see.
        let heights = [0] + histogram.map(\.height) + [0]
        let binArea = 1 / Double(histogram.count)
        let peaks = (1...histogram.count).filter { heights[$0] > heights[$0 - 1] && heights[$0] >= heights[$0 + 1] }
        var cuts: [Double] = []
        /// Whether the lowland between `left` and `right`, two peaks, is mostly water; if so, records the cut.
        func splits(_ left: Int, _ right: Int) -> Bool {
            let water = min(heights[left], heights[right])
            var low = left
            var high = right
            while low < high, heights[low] > water {
                low += 1
            }
            while low < high, heights[high] > water {
                high -= 1
            }
            let area = (histogram[high - 1].upper - histogram[low - 1].lower) * water
            let filled = Double(high - low + 1) * binArea
            guard area > 0, filled / area < sensitivity else {
                return false
            }
            let deepest = (left...right).min { heights[$0] < heights[$1] } ?? left
            cuts.append((histogram[deepest - 1].lower + histogram[deepest - 1].upper) / 2)
            return true
        }
        // Peaks not yet split from the ones before them, from a mode's first peak on; a higher peak may be the
        // same mode as lower ones before it, so they are compared with it from the nearest back.
        var open: [Int] = []
        for peak in peaks {
            while let last = open.last, heights[last] < heights[peak] {
                if splits(last, peak) {
                    open.removeAll()
                } else {
                    open.removeLast()
                }
            }
            if let last = open.last, heights[last] > heights[peak], splits(last, peak) {
                open.removeAll()
            }
            open.append(peak)
        }
        return cuts
    }
}
