/// One run's configuration: its shape, how many queues (pairs in ping-pong), how many iterations each runs serially
/// (round trips in ping-pong), how much work each job does, and whether latency is sampled.
public struct RunConfiguration: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Queues in the run, each running its jobs serially; pairs of queues in ping-pong.
    public var queues: Int
    /// Iterations per queue.
    public var iterations: Int
    /// How long each job spins before it queues itself again (``Work``); 0 for the 2010 experiment's empty jobs.
    public var workNanoseconds: Int
    /// How the run's jobs pass between its queues (``Shape``): a chain per queue in the 2010 experiment.
    public var shape: Shape
    /// Whether the run samples the latency of its hand-offs (``Shape/latencySampleEvery``).
    public var measuresLatency: Bool

    /// A configuration of `shape`, which measures latency if `measuresLatency` says so, by default if the shape
    /// always does (ping-pong and contention).
    public init(
        queues: Int, iterations: Int, workNanoseconds: Int = 0, shape: Shape = .chain, measuresLatency: Bool? = nil
    ) {
        self.queues = queues
        self.iterations = iterations
        self.workNanoseconds = workNanoseconds
        self.shape = shape
        self.measuresLatency = measuresLatency ?? (shape == .pingPong || shape == .contention)
    }

    /// A shorter run of this configuration, as a warm-up or an allocation count makes: the same in all but its
    /// iterations, `1/divisor` of them (at least one).
    public func withIterations(dividedBy divisor: Int) -> RunConfiguration {
        var shorter = self
        shorter.iterations = max(1, iterations / max(1, divisor))
        return shorter
    }

    /// Jobs in the run: queues × iterations (round trips in ping-pong).
    public var jobs: Int {
        queues * iterations
    }

    /// Hand-offs in the run, which the harness counts: jobs × the shape's parties.
    public var handOffs: Int {
        jobs * shape.parties
    }

    /// One queuing in this many is sampled for latency; nil when the run doesn't measure it.
    public var latencySampleEvery: Int? {
        measuresLatency ? shape.latencySampleEvery : nil
    }

    /// The configurations of the 2010 experiment: 100,000 jobs split over 1, 4, 8 and 16 queues.
    public static let reference: [RunConfiguration] = [
        RunConfiguration(queues: 1, iterations: 100_000),
        RunConfiguration(queues: 4, iterations: 25_000),
        RunConfiguration(queues: 8, iterations: 12_500),
        RunConfiguration(queues: 16, iterations: 6_250),
    ]

    /// For example `8×12500`, `2×500+2000ns` with work, `ping-pong 4×2500`, `8×12500 latency`: a chain's as in
    /// the 2010 table, another shape's with its name before.
    public var description: String {
        let work = workNanoseconds == 0 ? "" : "+\(workNanoseconds)ns"
        let prefix = shape == .chain ? "" : "\(shape) "
        let latency = measuresLatency && shape == .chain ? " latency" : ""
        return "\(prefix)\(queues)×\(iterations)\(work)\(latency)"
    }
}
