import Synchronization

/// Counts the iterations a queue executes, independently of the job's own bookkeeping.
///
/// One counter per queue, so that counting adds one uncontended relaxed increment per iteration and no cache-line
/// traffic between queues that the mechanism itself doesn't cause. The harness sums the counters to check a run
/// and to see whether it is making progress.
final class IterationCounter: Sendable {
    private let count = Atomic<Int>(0)
    private let padding = CacheLinePadding()

    func increment() {
        count.wrappingAdd(1, ordering: .relaxed)
    }

    var value: Int {
        count.load(ordering: .relaxed)
    }
}
