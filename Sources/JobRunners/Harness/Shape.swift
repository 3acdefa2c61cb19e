/// How a run's jobs move: the experiment's shapes. A configuration's queues and iterations mean what its shape says.
public enum Shape: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The 2010 experiment: each of N queues runs M jobs serially, each job queuing the next on its own queue when
    /// it ends. A "job" is one iteration.
    case chain
    /// N pairs of parties of the mechanism (two serial queues, two run-loop threads, two actors…) hand one
    /// message back and forth M times: a "job" is one round trip, two hand-offs. One round trip in 8 is timed
    /// (``latencySampleEvery``).
    case pingPong = "ping-pong"

    /// The shapes of a runner whose jobs can be queued on any of a run's queues, not only the one they ran on: the
    /// chain, and ping-pong, whose job alternates between two.
    public static let anyQueue: Set<Shape> = [.chain, .pingPong]

    /// The shape's name on the command line and in result files: `chain`, `ping-pong`.
    public var description: String {
        rawValue
    }

    /// Queues of the mechanism that each job moves between: 1 in a chain, 2 in ping-pong.
    public var parties: Int {
        switch self {
        case .chain: 1
        case .pingPong: 2
        }
    }

    /// The shape in a few words, for `bench --help`.
    public var summary: String {
        switch self {
        case .chain: "the 2010 experiment: each queue's job queues the next on the same queue, the default"
        case .pingPong: "N pairs hand a message back and forth M times; round-trip percentiles"
        }
    }

    /// What one of the shape's jobs is, for help and tables.
    public var jobName: String {
        switch self {
        case .chain: "job"
        case .pingPong: "round trip"
        }
    }

    /// Jobs per configuration when none is asked for: the 2010 experiment's 100,000 in a chain; 10,000 round trips
    /// in ping-pong, whose runs of the runners that start a thread per hand-off already last seconds.
    public var defaultJobs: Int {
        switch self {
        case .chain: 100_000
        case .pingPong: 10_000
        }
    }

    /// One queuing (hand-off) in this many starts a timed sample when the run measures latency (always in
    /// ping-pong; in a chain with `--latency`): one job in 256 of a chain, one round trip in 8 of a ping-pong. A
    /// sample costs two clock reads (about 23 ns each on the development machine) and a histogram increment, kept
    /// under 10% of the cheapest hand-off measured: `single-threaded`'s 5.4 ns a job, `thread-pool`'s 90 ns a round
    /// trip between its workers (`swift run -c release floors` measures it; the README's "Latency" gives the
    /// figures).
    public var latencySampleEvery: Int {
        switch self {
        case .chain: 256
        case .pingPong: 16
        }
    }
}
