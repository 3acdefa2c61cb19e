import CFloors

/// The latency percentiles of one run's sampled hand-offs (``Shape/latencySampleEvery``), in nanoseconds: each a
/// bucket's middle in a histogram of buckets under 3.2% wide, at most the exact ``maximum``.
public struct LatencyPercentiles: Sendable, Equatable, Codable {
    /// How many hand-offs were sampled.
    public var samples: Int
    /// The median hand-off's latency: half of the samples took at most this long.
    public var p50: Int64
    /// The 90th percentile: nine samples in ten took at most this long.
    public var p90: Int64
    /// The 99th percentile: 99 samples in 100 took at most this long.
    public var p99: Int64
    /// The slowest sampled hand-off, exact rather than a bucket's middle.
    public var maximum: Int64

    /// Percentiles with the given values, in nanoseconds, as a result file's latency columns hold them.
    public init(samples: Int, p50: Int64, p90: Int64, p99: Int64, maximum: Int64) {
        self.samples = samples
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.maximum = maximum
    }

    /// The percentiles of `histogram`; nil when it is empty.
    init?(_ histogram: UnsafePointer<latency_histogram>) {
        guard histogram.pointee.count > 0 else {
            return nil
        }
        self.init(
            samples: Int(histogram.pointee.count), p50: Int64(latency_quantile(histogram, 0.5)),
            p90: Int64(latency_quantile(histogram, 0.9)), p99: Int64(latency_quantile(histogram, 0.99)),
            maximum: Int64(histogram.pointee.max))
    }
}

/// A job's latency samples (CFloors' `latency_sampler`, shared with the C floors), in memory of its own on its own
/// cache lines, touched only by the job's running iteration as the job's own fields are, and only when it starts
/// or ends a sample (`latency_plan`).
struct LatencySampler: @unchecked Sendable {
    // Made before the job first runs, read after the run; between them only the job's iterations, one at a time,
    // touch it (see Job).
    let pointer: UnsafeMutablePointer<latency_sampler>

    /// An empty sampler.
    init() {
        pointer = zeroed(latency_sampler.self, alignment: CacheLine.size)
    }

    func deallocate() {
        pointer.deallocate()
    }

    /// The percentiles of every sampler's values together; nil without samples.
    static func percentiles(_ samplers: [LatencySampler]) -> LatencyPercentiles? {
        let merged = LatencyHistogram()
        defer { merged.deallocate() }
        for sampler in samplers {
            latency_merge_sampler(merged.pointer, sampler.pointer)
        }
        return LatencyPercentiles(merged.pointer)
    }
}

/// An empty `latency_histogram`, in memory of its own (4.7 kB: Swift imports its buckets as a tuple, which is best
/// not copied).
struct LatencyHistogram {
    let pointer: UnsafeMutablePointer<latency_histogram>

    init() {
        pointer = zeroed(latency_histogram.self, alignment: MemoryLayout<latency_histogram>.alignment)
    }

    func deallocate() {
        pointer.deallocate()
    }
}

/// Memory of its own for one C struct of `type`, all zero (the C structs' empty state), aligned to `alignment`.
private func zeroed<Value>(_ type: Value.Type, alignment: Int) -> UnsafeMutablePointer<Value> {
    let size = MemoryLayout<Value>.stride
    let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: max(alignment, MemoryLayout<Value>.alignment))
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    return raw.bindMemory(to: Value.self, capacity: 1)
}
