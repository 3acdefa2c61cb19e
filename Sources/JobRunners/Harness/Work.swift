import Synchronization

/// The work a job does before it queues itself again (`--work NS`): a spin loop, calibrated once per process to
/// take about the requested time.
///
/// The loop is a xorshift generator, whose steps depend each on the last, so the compiler can neither skip nor
/// shorten it. Calibration times a few thousand spins repeatedly for about 80 ms and keeps the fastest rate seen,
/// so that on a machine that later runs slower (a busy neighbour, a lower clock) a job spins at least as long as
/// asked, rarely less.
public enum Work {
    /// Spin-loop steps per microsecond on this machine, measured the first time it is needed.
    public static var spinsPerMicrosecond: Double {
        calibration
    }

    /// The spin-loop steps that take about `nanoseconds` here.
    public static func spins(forNanoseconds nanoseconds: Int) -> Int {
        nanoseconds <= 0 ? 0 : max(1, Int((Double(nanoseconds) * spinsPerMicrosecond / 1_000).rounded()))
    }

    private static let calibration: Double = {
        /// The nanoseconds `count` spins take, by the suite's clock.
        func time(_ count: Int) -> Int64 {
            let start = MonotonicClock.now()
            spin(count)
            return MonotonicClock.nanoseconds(from: start, to: MonotonicClock.now())
        }
        // Warm up, then find a count that takes about 2 ms.
        var count = 10_000
        while time(count) < 2_000_000, count < 1 << 40 {
            count *= 2
        }
        let fastest = (0..<40).map { _ in time(count) }.min() ?? 1
        return Double(count) * 1_000 / Double(max(fastest, 1))
    }()

    /// Never equals what the loop leaves, which is never 0: it only keeps the loop from being optimized away.
    private static let sink = Atomic<UInt64>(0)

    /// Runs `count` steps of the spin loop.
    @inline(never)
    public static func spin(_ count: Int) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<count {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        // A xorshift state that starts non-zero stays non-zero, so this store never happens; the compiler can't
        // know that, so it must compute the loop.
        if state == 0 {
            sink.store(state, ordering: .relaxed)
        }
    }
}
