/// Every runner the suite knows, in the order of the 2010 experiment's table.
///
/// Each runner's id and reference name are defined once, in the runner's own file; this enum only lists them.
public enum RunnerKind: CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case singleThreaded
    case runLoop
    case detachThread
    case verifiedDetach
    case serialQueue
    case globalQueue

    /// The type that implements the runner.
    public var runnerType: any JobRunner.Type {
        switch self {
        case .singleThreaded: SingleThreadedRunner.self
        case .runLoop: RunLoopRunner.self
        case .detachThread: DetachThreadRunner.self
        case .verifiedDetach: VerifiedDetachThreadRunner.self
        case .serialQueue: SerialQueueRunner.self
        case .globalQueue: GlobalQueueRunner.self
        }
    }

    /// The runner's name on the command line and in result files, for example `serial-queue`.
    public var id: String {
        runnerType.id
    }

    /// The runner of the 2010 experiment that this one reproduces.
    public var referenceName: String {
        runnerType.referenceName
    }

    /// The mechanism, in a few words.
    public var summary: String {
        runnerType.summary
    }

    /// Whether the runner starts a new thread for every job.
    public var startsThreadPerJob: Bool {
        runnerType.startsThreadPerJob
    }

    /// How many threads of its own the runner may have at once for each queue.
    public var threadsPerQueue: Int {
        runnerType.threadsPerQueue
    }

    /// The runner whose id is `id`, if there is one.
    public init?(id: String) {
        guard let kind = Self.allCases.first(where: { $0.id == id }) else {
            return nil
        }
        self = kind
    }

    public var description: String {
        id
    }
}
