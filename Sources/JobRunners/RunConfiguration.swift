/// The shape of one run: how many queues, and how many iterations each queue runs serially.
public struct RunConfiguration: Sendable, Hashable, CustomStringConvertible {
    public var queues: Int
    /// Iterations per queue.
    public var iterations: Int

    public init(queues: Int, iterations: Int) {
        self.queues = queues
        self.iterations = iterations
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

    /// For example `8×12500`.
    public var description: String {
        "\(queues)×\(iterations)"
    }
}
