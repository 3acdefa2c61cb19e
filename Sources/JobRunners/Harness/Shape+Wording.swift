/// How the shapes are worded wherever `bench` shows them (its help, a summary's tables and warnings, a chart's
/// subtitle): each shape's words in one place, so that a new shape is worded here and nowhere else.
extension Shape {
    /// A shape's words.
    public struct Wording: Sendable {
        /// One of a configuration's queues: `queue`; `pair` in ping-pong, `sender` in contention.
        public let queue: String
        /// A configuration's iterations, after their count: `iterations`, `round trips`, `messages each`.
        public let iterations: String
        /// What a configuration's two numbers are: `queues × iterations per queue`, `pairs × round trips`.
        public let configuration: String
        /// What one job of the shape is, for the help: `an iteration`, `a round trip`.
        public let job: String
        /// What a run's latency samples time, for a summary: `a ping-pong round trip (one in 8)`.
        public let sampled: String
    }

    /// What a run records besides its time, for the help; `latencyOption` is the option that asks a chain for
    /// latency (`--latency`), which the command line names.
    public func recorded(latencyOption: String) -> String {
        switch self {
        case .chain: "with \(latencyOption), one job in \(latencySampleEvery) is timed from its queuing to its start"
        case .pingPong: "one round trip in \(latencySampleEvery / parties) is timed"
        case .contention: "one message in \(latencySampleEvery / parties) is timed"
        case .fanOut: "the time to submit them is recorded too"
        }
    }

    /// The shape's words.
    public var wording: Wording {
        switch self {
        case .chain:
            Wording(
                queue: "queue", iterations: "iterations", configuration: "queues × iterations per queue",
                job: "an iteration",
                sampled: "a chain's from a job's queuing to its start (one job in \(latencySampleEvery))")
        case .pingPong:
            Wording(
                queue: "pair", iterations: "round trips", configuration: "pairs × round trips", job: "a round trip",
                sampled: "a ping-pong round trip (one in \(latencySampleEvery / parties))")
        case .contention:
            Wording(
                queue: "sender", iterations: "messages each", configuration: "senders × messages",
                job: "a message and its reply",
                sampled: "a message and its reply (one in \(latencySampleEvery / parties))")
        case .fanOut:
            Wording(
                queue: "queue", iterations: "iterations", configuration: "queues × iterations per queue",
                job: "one of the jobs", sampled: "fan-out's")
        }
    }

    /// A configuration of this shape in words: `4 queues, 25000 iterations` in a chain; the shape's name first
    /// otherwise, `ping-pong: 4 pairs, 2500 round trips`, and fan-out's jobs over its queues,
    /// `fan-out: 10000 jobs over 4 queues`. `extra` follows (`, 100 ns of work`).
    public func label(_ configuration: RunConfiguration, extra: String = "") -> String {
        let words = wording
        let queues = "\(configuration.queues) \(words.queue)" + (configuration.queues == 1 ? "" : "s")
        let body =
            self == .fanOut
            ? "\(configuration.jobs) jobs over \(queues)" : "\(queues), \(configuration.iterations) \(words.iterations)"
        return (self == .chain ? "" : "\(self): ") + body + extra
    }
}
