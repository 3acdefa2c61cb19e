/// A runner the suite can measure: its name, what it is, and how to make a run of it.
///
/// One value per runner, made the same way for the built-in Swift runners, the C floors and a user's own mechanism:
///
/// ```swift
/// extension RunnerKind {
///     static let lockFreeQueue = RunnerKind(
///         id: "lock-free-queue", summary: "my MPSC queue, one consumer thread per queue", runner: LockFreeQueueRunner.self)
/// }
/// ```
///
/// Sweeps (`SweepPlan`), reports, checks and `bench` take such values; ``RunnerCatalogue`` lists them. Two kinds
/// with the same ``id`` are the same runner: the id is what result files record.
public struct RunnerKind: Sendable, Hashable, CustomStringConvertible {
    /// The runner's name on the command line and in result files, such as `serial-queue`: lowercase ASCII letters,
    /// digits and hyphens, beginning with a letter (``RunnerCatalogue`` checks it).
    public let id: String
    /// The runner of the 2010 experiment that this one reproduces, such as `DispatchDedicatedQueue (GCD-DQ)`; nil for
    /// a mechanism the 2010 experiment did not have.
    public let referenceName: String?
    /// The mechanism, in a few words, for `bench --help`.
    public let summary: String
    /// What the harness and `bench` need to know of the runner beyond its name: the shapes it runs, its threads.
    public let traits: Traits
    /// Sets up one run, not timed.
    private let makeTrial: @Sendable (RunConfiguration, RunSettings) throws -> any RunTrial

    /// What the harness and `bench` need to know of a runner beyond its name.
    public struct Traits: Sendable, Hashable {
        /// Whether the runner starts a new thread for every job, which makes it orders of magnitude slower than the
        /// others (charts give such runners a panel of their own).
        public var startsThreadPerJob: Bool
        /// How many threads of its own the runner may have at once for each queue (a run-loop worker: 1; detached
        /// threads, each starting the next and then taking a while to exit: about 5, measured). `bench` limits
        /// queues by it. Threads that a system pool manages, such as Dispatch's, don't count.
        public var threadsPerQueue: Int
        /// Whether the runner is left out of a sweep unless named (`--runners`).
        public var isOptIn: Bool
        /// Whether the runner's jobs run on the main thread, which must then serve the main queue: `bench` runs its
        /// command on another thread and gives the main thread to `dispatchMain()`.
        public var needsMainThread: Bool
        /// The id of the Swift runner whose C floor this runner is; nil for any other runner.
        public var floorOf: String?
        /// The shapes the runner can run (``Shape``): a chain by default; ping-pong too for a runner whose jobs
        /// can be queued on another of the run's queues than the one they ran on (``Shape/anyQueue``).
        public var shapes: Set<Shape>

        /// Traits with the given values; by default those of a runner that runs chains on no threads of its own.
        public init(
            startsThreadPerJob: Bool = false, threadsPerQueue: Int = 0, isOptIn: Bool = false,
            needsMainThread: Bool = false, floorOf: String? = nil, shapes: Set<Shape> = [.chain]
        ) {
            self.startsThreadPerJob = startsThreadPerJob
            self.threadsPerQueue = threadsPerQueue
            self.isOptIn = isOptIn
            self.needsMainThread = needsMainThread
            self.floorOf = floorOf
            self.shapes = shapes
        }
    }

    /// A runner whose runs are made of `runner`'s instances, one per queue, from its
    /// ``JobRunner/makeRunners(count:settings:)``.
    public init<Runner: JobRunner>(
        id: String, referenceName: String? = nil, summary: String, traits: Traits = Traits(), runner: Runner.Type
    ) {
        self.init(id: id, referenceName: referenceName, summary: summary, traits: traits) { count, settings in
            try Runner.makeRunners(count: count, settings: settings)
        }
    }

    /// A runner whose runs are made of the runners `makeRunners` returns: as many as it is given queues.
    public init(
        id: String, referenceName: String? = nil, summary: String, traits: Traits = Traits(),
        makeRunners: @escaping @Sendable (_ count: Int, _ settings: RunSettings) throws -> [any JobRunner]
    ) {
        self.init(id: id, referenceName: referenceName, summary: summary, traits: traits) { configuration, settings in
            try Trial(configuration: configuration) { count in try makeRunners(count, settings) }
        }
    }

    /// A runner whose runs `makeTrial` sets up: the Swift runners' ``Trial`` or a C floor's ``FloorTrial``.
    init(
        id: String, referenceName: String?, summary: String, traits: Traits,
        makeTrial: @escaping @Sendable (RunConfiguration, RunSettings) throws -> any RunTrial
    ) {
        self.id = id
        self.referenceName = referenceName
        self.summary = summary
        self.traits = traits
        self.makeTrial = makeTrial
    }

    /// Sets up one run of `configuration`. Not timed.
    func makeTrial(configuration: RunConfiguration, settings: RunSettings) throws -> any RunTrial {
        try makeTrial(configuration, settings)
    }

    /// Why the runner cannot run `shape`, as an error or a sweep's note gives it: "runs no contention (its shapes:
    /// chain, fan-out)"; nil where it can.
    public func reasonItCannotRun(_ shape: Shape) -> String? {
        guard !traits.shapes.contains(shape) else {
            return nil
        }
        let shapes = Shape.allCases.filter(traits.shapes.contains).map(\.rawValue)
        return "runs no \(shape) (its shapes: \(shapes.joined(separator: ", ")))"
    }

    /// Whether two runners are the same one: whether their ids are equal, as a catalogue keeps them distinct.
    public static func == (lhs: RunnerKind, rhs: RunnerKind) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the runner's ``id``, which is all its equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// The runner's ``id``.
    public var description: String {
        id
    }
}
