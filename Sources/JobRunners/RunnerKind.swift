/// Every runner the suite knows: the 2010 experiment's six, in the order of its table, then the mechanisms Swift
/// developers use today, then the C floors of five of them.
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
    case null
    case floorSingleThreaded
    case floorRunLoop
    case floorDetachThread
    case floorSerialQueue
    case floorGlobalQueue

    /// What the runner states about itself: the Swift type that implements it, or the C floor's description.
    private var runnerDescription: any RunnerDescription.Type {
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
        case .null: NullRunner.self
        case .floorSingleThreaded: SingleThreadedFloor.self
        case .floorRunLoop: RunLoopFloor.self
        case .floorDetachThread: DetachThreadFloor.self
        case .floorSerialQueue: SerialQueueFloor.self
        case .floorGlobalQueue: GlobalQueueFloor.self
        }
    }

    /// The Swift type that implements the runner; nil for a C floor.
    public var runnerType: (any JobRunner.Type)? {
        runnerDescription as? any JobRunner.Type
    }

    /// The C floor's description, for a floor runner.
    var floorType: (any FloorRunner.Type)? {
        runnerDescription as? any FloorRunner.Type
    }

    /// The Swift runner whose floor this is; nil for a Swift runner.
    public var counterpart: RunnerKind? {
        floorType?.counterpart
    }

    /// The C floor of this Swift runner, if it has one.
    public var floor: RunnerKind? {
        Self.allCases.first { $0.counterpart == self }
    }

    /// Sets up one run of `configuration` on this runner. Not timed.
    func makeTrial(configuration: RunConfiguration, settings: RunSettings) throws -> any RunTrial {
        if let floorType {
            return try FloorTrial(floor: floorType, configuration: configuration)
        }
        let runnerType = self.runnerType
        return try Trial(configuration: configuration) { count in
            guard let runnerType else {
                throw RunnerSetupError("\(id) has no implementation")
            }
            return try runnerType.makeRunners(count: count, settings: settings)
        }
    }

    /// The runner's name on the command line and in result files, for example `serial-queue`.
    public var id: String {
        runnerDescription.id
    }

    /// The runner of the 2010 experiment that this one reproduces.
    public var referenceName: String {
        runnerDescription.referenceName
    }

    /// The mechanism, in a few words.
    public var summary: String {
        runnerDescription.summary
    }

    /// Whether the runner starts a new thread for every job.
    public var startsThreadPerJob: Bool {
        runnerDescription.startsThreadPerJob
    }

    /// How many threads of its own the runner may have at once for each queue.
    public var threadsPerQueue: Int {
        runnerDescription.threadsPerQueue
    }

    /// Whether the runner runs only when named in `--runners`.
    public var isOptIn: Bool {
        runnerDescription.isOptIn
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
