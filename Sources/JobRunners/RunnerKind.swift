/// Every runner the suite knows: the 2010 experiment's six, in the order of its table, then the mechanisms Swift
/// developers use today.
///
/// Each runner's id and reference name are defined once, in the runner's own file; this enum only lists them.
public enum RunnerKind: CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case singleThreaded
    case runLoop
    case detachThread
    case verifiedDetach
    case serialQueue
    case globalQueue
    case operationQueue
    case sharedOperationQueue
    case task
    case actor
    case taskGroup
    case threadPool
    case mainQueue

    /// The type that implements the runner.
    public var runnerType: any JobRunner.Type {
        switch self {
        case .singleThreaded: SingleThreadedRunner.self
        case .runLoop: RunLoopRunner.self
        case .detachThread: DetachThreadRunner.self
        case .verifiedDetach: VerifiedDetachThreadRunner.self
        case .serialQueue: SerialQueueRunner.self
        case .globalQueue: GlobalQueueRunner.self
        case .operationQueue: OperationQueueRunner.self
        case .sharedOperationQueue: SharedOperationQueueRunner.self
        case .task: TaskRunner.self
        case .actor: ActorRunner.self
        case .taskGroup: TaskGroupRunner.self
        case .threadPool: ThreadPoolRunner.self
        case .mainQueue: MainQueueRunner.self
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

    /// Whether the runner runs only when named in `--runners`.
    public var isOptIn: Bool {
        runnerType.isOptIn
    }

    /// The runners a sweep runs when `--runners` names none: all but the opt-in ones.
    public static var standard: [RunnerKind] {
        allCases.filter { !$0.isOptIn }
    }

    /// The six runners of the 2010 experiment.
    public static let reference: [RunnerKind] = [
        .singleThreaded, .runLoop, .detachThread, .verifiedDetach, .serialQueue, .globalQueue,
    ]

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
