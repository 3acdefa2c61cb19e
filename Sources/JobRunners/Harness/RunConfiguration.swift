/// The shape of one run: how many queues, how many iterations each queue runs serially, and how much work each job
/// does.
public struct RunConfiguration: Sendable, Hashable, CustomStringConvertible {
    public var queues: Int
    /// Iterations per queue.
    public var iterations: Int
    /// How long each job spins before it queues itself again (``Work``); 0 for the 2010 experiment's empty jobs.
    public var workNanoseconds: Int

    public init(queues: Int, iterations: Int, workNanoseconds: Int = 0) {
        self.queues = queues
        self.iterations = iterations
        self.workNanoseconds = workNanoseconds
    }

    /// The shape of a warm-up run before this configuration's recorded runs: the same queues and work, a tenth of
    /// the iterations (at least one).
    public var warmupShape: RunConfiguration {
        RunConfiguration(queues: queues, iterations: max(1, iterations / 10), workNanoseconds: workNanoseconds)
    }

    /// Jobs in the run: queues × iterations.
    public var jobs: Int {
        queues * iterations
    }

    /// The configurations of the 2010 experiment: 100,000 jobs split over 1, 4, 8 and 16 queues.
    public static let reference: [RunConfiguration] = [
        RunConfiguration(queues: 1, iterations: 100_000),
        RunConfiguration(queues: 4, iterations: 25_000),
        RunConfiguration(queues: 8, iterations: 12_500),
        RunConfiguration(queues: 16, iterations: 6_250),
    ]

    /// For example `8×12500`, or `2×500+2000ns` with work.
    public var description: String {
        workNanoseconds == 0 ? "\(queues)×\(iterations)" : "\(queues)×\(iterations)+\(workNanoseconds)ns"
    }
}
