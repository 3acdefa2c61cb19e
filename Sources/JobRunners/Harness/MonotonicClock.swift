import CFloors

/// The one clock every timing of the suite reads: the start and end of a run's timed region, each sampled hand-off's
/// latency (in the Swift runners and the C floors alike) and the work's calibration.
///
/// It is CFloors' `monotonic_clock_now()`, chosen per platform for nanosecond resolution: `CLOCK_UPTIME_RAW`
/// through `clock_gettime_nsec_np` on Darwin (mach_absolute_time in nanoseconds; Darwin's `CLOCK_MONOTONIC` has
/// whole microseconds only), `CLOCK_MONOTONIC` elsewhere. Swift's `ContinuousClock` reads yet another clock on each
/// system, which is why the suite does not time with it.
public enum MonotonicClock {
    /// The clock's name: `CLOCK_UPTIME_RAW` on Darwin, `CLOCK_MONOTONIC` elsewhere.
    public static let name = MONOTONIC_CLOCK_NAME

    /// Now, in nanoseconds since an arbitrary point.
    @inline(__always)
    public static func now() -> UInt64 {
        monotonic_clock_now()
    }

    /// The nanoseconds from `start` to `end`, two readings of ``now()``; 0 if `end` is not after `start`.
    @inline(__always)
    public static func nanoseconds(from start: UInt64, to end: UInt64) -> Int64 {
        end > start ? Int64(end - start) : 0
    }

    /// The shortest time the clock tells apart from none, in nanoseconds, as this process measured it the first
    /// time it was asked (a sweep asks before its first run): the smallest nonzero difference between consecutive
    /// reads. That is the clock's tick where a tick is longer than a read (41.67 ns on Apple silicon), and the
    /// cost of a read where it is shorter (about 20 ns on the development machine's 1 ns clock). Result files
    /// record it (`clock_resolution_ns`), and a latency within a few of it earns a warning.
    public static let resolutionNanoseconds: Int = measureResolution()

    /// The smallest nonzero difference between consecutive reads of `read` (by default this clock), over enough
    /// reads to see `changes` changes of the reading (or `maximumReads` reads, for a clock that hardly moves);
    /// `Int.max` if it never moved.
    static func measureResolution(
        changes: Int = 1_000, maximumReads: Int = 10_000_000, read: () -> UInt64 = { now() }
    ) -> Int {
        var smallest = UInt64.max
        var seen = 0
        var previous = read()
        for _ in 0..<maximumReads {
            let current = read()
            if current > previous {
                smallest = min(smallest, current - previous)
                seen += 1
                if seen == changes {
                    break
                }
            }
            previous = current
        }
        return smallest == .max ? .max : Int(smallest)
    }
}
