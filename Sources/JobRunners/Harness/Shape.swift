/// How a run's jobs move: the experiment's shapes. A configuration's queues and iterations mean what its shape says.
public enum Shape: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The 2010 experiment: each of N queues runs M jobs serially, each job queuing the next on its own queue when
    /// it ends. A "job" is one iteration.
    case chain
    /// N pairs of parties of the mechanism (two serial queues, two run-loop threads, two actors…) hand one
    /// message back and forth M times: a "job" is one round trip, two hand-offs. One round trip in 8 is timed
    /// (``latencySampleEvery``).
    case pingPong = "ping-pong"
    /// N senders each send M messages to one target that they share, each waiting for its message's reply before
    /// sending the next: a "job" is one message, two hand-offs (to the target and back). The senders and the
    /// target are parties of the mechanism (serial queues, actors, run-loop threads…), or threads taking one lock.
    /// One message in 64 is timed.
    case contention

    /// The shapes of a runner whose jobs can be queued on any of a run's queues, not only the one they ran on: the
    /// chain, and ping-pong, whose job alternates between two.
    public static let anyQueue: Set<Shape> = [.chain, .pingPong]

    /// The shapes of such a runner whose every queue runs one job at a time, so that one of them can be the shared
    /// serial target of contention.
    public static let serialQueues: Set<Shape> = [.chain, .pingPong, .contention]

    /// The shape's name on the command line and in result files: `chain`, `ping-pong`.
    public var description: String {
        rawValue
    }

    /// Queues of the mechanism that each job moves between: 1 in a chain, 2 in ping-pong and contention (its
    /// sender's and the shared target).
    public var parties: Int {
        switch self {
        case .chain: 1
        case .pingPong, .contention: 2
        }
    }

    /// Queues of the mechanism a run of `queues` has: one per queue in a chain, two per pair in ping-pong, one per
    /// sender and the target in contention.
    public func runners(queues: Int) -> Int {
        switch self {
        case .chain: queues
        case .pingPong: 2 * queues
        case .contention: queues + 1
        }
    }

    /// The queue counts (senders in contention) of a sweep that names none: the 2010 experiment's 1, 4, 8 and 16;
    /// senders from 1 to 64, doubling, in contention.
    public var defaultQueues: [Int] {
        switch self {
        case .chain, .pingPong: RunConfiguration.reference.map(\.queues)
        case .contention: [1, 2, 4, 8, 16, 32, 64]
        }
    }

    /// The shape in a few words, for `bench --help`.
    public var summary: String {
        switch self {
        case .chain: "the 2010 experiment: each queue's job queues the next on the same queue, the default"
        case .pingPong: "N pairs hand a message back and forth M times; round-trip percentiles"
        case .contention: "N senders each send M messages to one shared target, waiting for each reply"
        }
    }

    /// What one of the shape's jobs is, for help and tables.
    public var jobName: String {
        switch self {
        case .chain: "job"
        case .pingPong: "round trip"
        case .contention: "message"
        }
    }

    /// Jobs per configuration when none is asked for: the 2010 experiment's 100,000 in a chain; 10,000 round trips
    /// in ping-pong, whose runs of the runners that start a thread per hand-off already last seconds.
    public var defaultJobs: Int {
        switch self {
        case .chain: 100_000
        case .pingPong, .contention: 10_000
        }
    }

    /// One queuing (hand-off) in this many starts a timed sample when the run measures latency (always but in a
    /// chain, and there with `--latency`): one job in 256 of a chain, one round trip in 8 of a ping-pong, one
    /// message in 64 in contention. A sample costs two clock reads (about 23 ns each on the development machine)
    /// and a histogram increment, kept under 10% of the cheapest hand-off measured: `single-threaded`'s 5.5 ns a
    /// job, `thread-pool`'s 65 ns a round trip between its workers, `mutex`'s 12 to 18 ns a message (`swift run -c
    /// release floors` measures it; the README's "How latency is measured" gives the figures).
    public var latencySampleEvery: Int {
        switch self {
        case .chain: 256
        case .pingPong: 16
        case .contention: 128
        }
    }
}
