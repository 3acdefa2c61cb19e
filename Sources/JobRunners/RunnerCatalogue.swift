/// The runners a `bench` knows, in the order it lists and runs them: the built-in ones, and any a user adds.
public struct RunnerCatalogue: Sendable {
    /// Every runner, in order.
    public let runners: [RunnerKind]

    /// The runners this package has: the 2010 experiment's six, in the order of its table, then the mechanisms
    /// Swift developers use today, then the C floors of seven of them. Each is defined in its runner's own file.
    public static let builtIn = RunnerCatalogue(checked: [
        .singleThreaded, .runLoop, .detachThread, .verifiedDetach, .serialQueue, .globalQueue,
        .operationQueue, .sharedOperationQueue, .task,
    ] + immediateTask + [
        .taskExecutor, .actor, .executorActor, .taskGroup, .discardingTaskGroup, .continuation, .asyncStream,
        .threadPool, .mutexThreadPool, .mutex, .mainQueue, .mainActor, .null,
        .floorSingleThreaded, .floorRunLoop, .floorDetachThread, .floorSerialQueue, .floorGlobalQueue,
        .floorThreadPool, .floorMutex,
    ])

    /// `immediate-task`, where this toolchain builds it (Swift 6.2 or later) and this system's runtime has it.
    private static var immediateTask: [RunnerKind] {
        #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return [.immediateTask]
        }
        #endif
        return []
    }

    /// Why runners cannot go into a catalogue.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// A catalogue of `runners`, whose ids must be well formed and distinct, and whose floors (``RunnerKind/Traits/floorOf``)
    /// must name a runner among them.
    public init(_ runners: [RunnerKind]) throws(Error) {
        var seen: Set<String> = []
        for runner in runners {
            guard Self.isWellFormed(runner.id) else {
                throw Error(
                    description: "the runner id '\(runner.id)' is not lowercase letters, digits and single hyphens, "
                        + "beginning with a letter")
            }
            guard seen.insert(runner.id).inserted else {
                throw Error(description: "two runners have the id '\(runner.id)'")
            }
        }
        for runner in runners {
            if let counterpart = runner.traits.floorOf, !seen.contains(counterpart) {
                throw Error(description: "'\(runner.id)' is the floor of '\(counterpart)', which is not a runner")
            }
        }
        self.runners = runners
    }

    /// The built-in catalogue, checked the first time it is used: a mistake in it is this package's bug.
    private init(checked runners: [RunnerKind]) {
        do {
            try self.init(runners)
        } catch {
            preconditionFailure("the built-in runners: \(error)")
        }
    }

    /// This catalogue with `more` runners after its own.
    public func adding(_ more: [RunnerKind]) throws(Error) -> RunnerCatalogue {
        try RunnerCatalogue(runners + more)
    }

    /// The runner whose id is `id`, if there is one.
    public func runner(id: String) -> RunnerKind? {
        runners.first { $0.id == id }
    }

    /// The runners a sweep runs when none is named: all but the opt-in ones.
    public var standard: [RunnerKind] {
        runners.filter { !$0.traits.isOptIn }
    }

    /// The runners of the 2010 experiment, in the order of its table.
    public var reference: [RunnerKind] {
        runners.filter { $0.referenceName != nil }
    }

    /// The C floor of the runner `id`, if it has one here.
    public func floor(of id: String) -> RunnerKind? {
        runners.first { $0.traits.floorOf == id }
    }

    /// Ids a person can type and a check can name: `serial-queue`, `floor-run-loop`.
    static func isWellFormed(_ id: String) -> Bool {
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        return id.first.map { $0.isASCII && $0.isLowercase } == true
            && words.allSatisfy { word in
                !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
            }
    }
}
