import Foundation

extension Duration {
    /// The duration in seconds, as Foundation's timeouts take it.
    package var timeInterval: TimeInterval {
        self / .seconds(1)
    }

    /// The duration in seconds as a person writes it: `30`, `0.5`.
    package var secondsText: String {
        String(format: "%g", timeInterval)
    }

    /// The duration in whole nanoseconds, rounded down.
    package var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
