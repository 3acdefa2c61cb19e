/// The runners a `bench` knows, in the order it lists and runs them: the built-in ones, and any a user adds.
public struct RunnerCatalogue: Sendable {
    /// Every runner, in order.
    public let runners: [RunnerKind]

    /// The runners this package has, family by family (``RunnerFamily``): the 2010 experiment's six, in the order of
    /// its table, then the mechanisms Swift developers use today, then the C floors of seven of them. Each runner is
    /// defined in its runner's own file; this is the one place that groups them.
    static let builtInFamilies: [(family: RunnerFamily, runners: [RunnerKind])] = [
        (.experiment2010, [.singleThreaded, .runLoop, .detachThread, .verifiedDetach, .serialQueue, .globalQueue]),
        (.foundationAndDispatch, [.serialQueueClosure, .operationQueue, .sharedOperationQueue, .mainQueue]),
        (
            .swiftConcurrency,
            [.task] + immediateTaskIfBuilt + [
                .taskExecutor, .actor, .executorActor, .taskGroup, .discardingTaskGroup, .continuation, .asyncStream,
                .mainActor,
            ]
        ),
        (.threadsAndLocks, [.threadPool, .mutexThreadPool, .mutex]),
        (.harness, [.null]),
        (
            .floors,
            [
                .floorSingleThreaded, .floorRunLoop, .floorDetachThread, .floorSerialQueue, .floorGlobalQueue,
                .floorThreadPool, .floorMutex,
            ]
        ),
    ]

    /// Every built-in runner, in the order of `builtInFamilies`.
    public static let builtIn = RunnerCatalogue(checked: builtInFamilies.flatMap(\.runners))

    /// The family of the runner `id`: a built-in runner's own (one this build leaves out included),
    /// ``RunnerFamily/yours`` for any other (a runner added
    /// to a `bench` of one's own, or one that a result file names and this `bench` doesn't know).
    public static func family(of id: String) -> RunnerFamily {
        builtInFamilyByID[id] ?? .yours
    }

    private static let builtInFamilyByID: [String: RunnerFamily] = Dictionary(
        uniqueKeysWithValues: builtInFamilies.flatMap { group in group.runners.map { ($0.id, group.family) } }
            + leftOut.map { ($0.id, $0.family) })

    /// `ids` grouped by family, in ``RunnerFamily/allCases``' order, each group in the order of `ids`; empty groups
    /// left out.
    public static func grouped(_ ids: [String]) -> [(family: RunnerFamily, ids: [String])] {
        RunnerFamily.allCases.compactMap { family in
            let members = ids.filter { self.family(of: $0) == family }
            return members.isEmpty ? nil : (family, members)
        }
    }

    /// A built-in runner that this build of the package leaves out: its id, why, and its place among the others.
    /// A command line or a result file may name it; `bench` says why it cannot run here rather than that it is
    /// unknown, and lists a file's runs of it in its family and place.
    public struct LeftOut: Sendable {
        /// The runner's id, as a build that has it knows it.
        public let id: String
        /// Why this build lacks it, in a few words.
        public let reason: String
        /// The family it belongs to.
        public let family: RunnerFamily
        /// The runner of its family it comes after.
        public let after: String
    }

    /// The built-in runners this build leaves out: `immediate-task` where the compiler is older than Swift 6.2, on a
    /// Mac older than macOS 26, or in a build made with `-Xswiftc -DWITHOUT_IMMEDIATE_TASK` (which shows how the
    /// package and its tests behave without it).
    public static let leftOut: [LeftOut] =
        immediateTask.runner == nil
        ? [LeftOut(id: "immediate-task", reason: immediateTask.reason, family: .swiftConcurrency, after: "task")] : []

    /// Every built-in id in the catalogue's order, with those this build leaves out (``leftOut``) in their places:
    /// the order a file's runners are listed in, whichever build reads it.
    public static let allBuiltInIDs: [String] = builtInFamilies.flatMap { group in
        var ids = group.runners.map(\.id)
        for runner in leftOut where runner.family == group.family {
            ids.insert(runner.id, at: ids.firstIndex(of: runner.after).map { $0 + 1 } ?? ids.endIndex)
        }
        return ids
    }

    /// `immediate-task` where this build has it, as a list to put among the others.
    private static let immediateTaskIfBuilt: [RunnerKind] = immediateTask.runner.map { [$0] } ?? []

    /// `immediate-task` where this toolchain builds it and this system's runtime has it; otherwise why not. The
    /// conditions are those of the runner's own file, ImmediateTaskRunner.swift, which must stay the same.
    private static var immediateTask: (runner: RunnerKind?, reason: String) {
        #if WITHOUT_IMMEDIATE_TASK
        return (nil, "this build was compiled without it (-DWITHOUT_IMMEDIATE_TASK)")
        #elseif compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return (.immediateTask, "")
        }
        return (nil, "Task.immediate needs macOS 26 or later")
        #else
        return (nil, "Task.immediate (SE-0472) needs a Swift 6.2 or later compiler")
        #endif
    }

    /// Why runners cannot go into a catalogue.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// Which runner is wrong and how, in one line: an id that is malformed or taken twice, or a floor of no runner.
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

/// A family of runners, under which tables, charts and the help group them: the 2010 experiment's six, Foundation
/// and Dispatch, Swift concurrency, threads, pools and locks, the harness alone, the C floors, and a user's own.
/// `RunnerCatalogue/builtInFamilies` says which runner is in which.
public struct RunnerFamily: Hashable, Sendable, CustomStringConvertible {
    /// The family's title, as tables show it.
    public let name: String

    /// A family titled `name`; a user's runners may be put in a family of their own this way.
    public init(_ name: String) {
        self.name = name
    }

    /// The family's title, ``name``.
    public var description: String {
        name
    }

    /// The six runners of the 2010 experiment, rebuilt: detached threads, a run-loop worker, dispatch queues and
    /// operation queues.
    public static let experiment2010 = RunnerFamily("The 2010 experiment")
    /// Foundation's and Dispatch's mechanisms that the 2010 experiment did not measure.
    public static let foundationAndDispatch = RunnerFamily("Foundation and Dispatch")
    /// Tasks, task groups, actors, continuations, async streams and executors.
    public static let swiftConcurrency = RunnerFamily("Swift concurrency")
    /// Threads of the runner's own, handing jobs over through locks and conditions: pools and workers.
    public static let threadsAndLocks = RunnerFamily("Threads, pools and locks")
    /// Runners that measure the harness itself, with no mechanism to hand a job to, such as `null`.
    public static let harness = RunnerFamily("The harness alone")
    /// The C floors: each a Swift runner's mechanism written in C, the least that mechanism can cost.
    public static let floors = RunnerFamily("C floors")
    /// Runners that are not built in: a user's own, or any a result file names that this `bench` doesn't know.
    public static let yours = RunnerFamily("Your runners")

    /// Every family, in the order tables show them.
    public static let allCases: [RunnerFamily] = [
        .experiment2010, .foundationAndDispatch, .swiftConcurrency, .threadsAndLocks, .harness, .floors, .yours,
    ]
}
