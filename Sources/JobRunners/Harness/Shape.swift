/// How a run's jobs move: the experiment's shapes. A configuration's queues and iterations mean what its shape says.
public enum Shape: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
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
    /// One producer submits N × M independent jobs, spread over N queues in turn, as fast as it can, and waits for
    /// them all: a "job" is one of them, a single hand-off. The run records how long submitting took as well as
    /// the whole (``RunOutcome/submitNanoseconds``).
    case fanOut = "fan-out"

    /// The shapes of a runner whose jobs can be queued on any of a run's queues, from any thread, not only the one
    /// they ran on: the chain, ping-pong, whose job alternates between two, and fan-out, whose producer queues
    /// them all.
    public static let anyQueue: Set<Shape> = [.chain, .pingPong, .fanOut]

    /// The shapes of such a runner whose every queue runs one job at a time, so that one of them can be the shared
    /// serial target of contention.
    public static let serialQueues: Set<Shape> = anyQueue.union([.contention])

    /// The shape's name on the command line and in result files: `chain`, `ping-pong`.
    public var description: String {
        rawValue
    }

    /// Queues of the mechanism that each job moves between: 1 in a chain, 2 in ping-pong and contention (its
    /// sender's and the shared target).
    public var parties: Int {
        switch self {
        case .chain, .fanOut: 1
        case .pingPong, .contention: 2
        }
    }

    /// Queues of the mechanism a run of `queues` has: one per queue in a chain, two per pair in ping-pong, one per
    /// sender and the target in contention.
    public func runners(queues: Int) -> Int {
        switch self {
        case .chain, .fanOut: queues
        case .pingPong: 2 * queues
        case .contention: queues + 1
        }
    }

    /// How many jobs report their end in a run of `configuration` of this shape: one per queue, but in fan-out,
    /// where every job is one of its own.
    public func completionReports(_ configuration: RunConfiguration) -> Int {
        self == .fanOut ? configuration.jobs : configuration.queues
    }

    /// The queue counts (senders in contention) of a sweep that names none: the 2010 experiment's 1, 4, 8 and 16;
    /// senders from 1 to 64, doubling, in contention.
    public var defaultQueues: [Int] {
        switch self {
        case .chain, .pingPong, .fanOut: RunConfiguration.reference.map(\.queues)
        case .contention: [1, 2, 4, 8, 16, 32, 64]
        }
    }

    /// The shape in a few words, for `bench --help`.
    public var summary: String {
        switch self {
        case .chain: "the 2010 experiment: each queue's job queues the next on the same queue, the default"
        case .pingPong: "N pairs hand a message back and forth M times; round-trip percentiles"
        case .contention: "N senders each send M messages to one shared target, waiting for each reply"
        case .fanOut: "one producer submits N × M independent jobs over N queues and waits; submit and total cost"
        }
    }

    /// What one of the shape's jobs is, for help and tables.
    public var jobName: String {
        switch self {
        case .chain, .fanOut: "job"
        case .pingPong: "round trip"
        case .contention: "message"
        }
    }

    /// Jobs per configuration when none is asked for: the 2010 experiment's 100,000 in a chain; 10,000 round trips
    /// in ping-pong, messages in contention and jobs in fan-out, whose runs of the runners that start a thread per
    /// hand-off already last seconds (and in fan-out, whose jobs are each an object made before the run).
    public var defaultJobs: Int {
        switch self {
        case .chain: 100_000
        case .pingPong, .contention, .fanOut: 10_000
        }
    }

    /// One queuing (hand-off) in this many starts a timed sample when the run measures latency (always but in a
    /// chain, and there with `--latency`): one job in 256 of a chain, one round trip in 8 of a ping-pong, one
    /// message in 64 in contention. A sample costs two clock reads (about 23 ns each on the development machine)
    /// and a histogram increment, kept under 10% of the cheapest hand-off measured: `single-threaded`'s 5.5 ns a
    /// job, `thread-pool`'s 65 ns a round trip between its workers, `mutex`'s 12 to 18 ns a message (`swift run -c
    /// release floors` measures it; docs/shapes.md's "How latency is measured" gives the figures).
    public var latencySampleEvery: Int {
        switch self {
        case .chain, .fanOut: 256
        case .pingPong: 16
        case .contention: 128
        }
    }
}
