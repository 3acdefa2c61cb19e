import Synchronization

/// Opens once `count` parties have counted down.
final class CountdownLatch: Sendable {
    private let remaining: Atomic<Int>
    private let open = Latch<Bool>()

    init(count: Int) {
        remaining = Atomic(count)
        if count == 0 {
            open.set(true)
        }
    }

    func countDown() {
        if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            open.set(true)
        }
    }

    /// Waits up to `timeout` for the latch to open; returns whether it did.
    func wait(timeout: Duration) -> Bool {
        open.wait(timeout: timeout) != nil
    }
}
