import Foundation

/// A value that one thread sets once and others wait for, blocking, with a timeout.
final class Latch<Value: Sendable>: @unchecked Sendable {
    // `value` is read and written only with `condition`'s lock held.
    private let condition = NSCondition()
    private var value: Value?

    /// Sets the value, if not yet set, and wakes every waiter.
    func set(_ newValue: Value) {
        condition.withLock {
            if value == nil {
                value = newValue
                condition.broadcast()
            }
        }
    }

    /// The value, if set, without waiting.
    var current: Value? {
        condition.withLock { value }
    }

    /// Waits up to `timeout` for the value; nil if it is not set by then.
    func wait(timeout: Duration) -> Value? {
        let deadline = Date(timeIntervalSinceNow: timeout.timeInterval)
        return condition.withLock {
            while value == nil, condition.wait(until: deadline) {}
            return value
        }
    }
}
