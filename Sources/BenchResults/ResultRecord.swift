import Foundation
import JobRunners

/// One recorded run: a row of a result file. It reads as its outcome too: `record.status`, `record.nanoseconds`.
///
/// The runner is kept as its id, so that files written by other versions of `bench`, with runners this one doesn't
/// know, can still be read and compared.
@dynamicMemberLookup
public struct ResultRecord: Sendable, Equatable {
    /// The runner's id, as in a result file's `runner` column.
    public var runner: String
    /// The configuration the run was made in: queues, iterations, work per job and shape.
    public var configuration: RunConfiguration
    /// 1 for the first recorded run of this runner and configuration.
    public var repetition: Int
    /// What the run measured, as it was measured or as the file says.
    public var outcome: RunOutcome
    /// The machine and toolchain that made the run.
    public var machine: MachineInfo
    /// The seed of the sweep's order, and the run's place in it among the recorded runs (1 for the first); nil
    /// where a file doesn't say (schema versions 1 and 2).
    public var seed: UInt64?
    /// The run's place among the sweep's recorded runs, 1 for the first (warm-up runs are not recorded); nil
    /// where a file doesn't say (schema versions 1 and 2).
    public var sequence: Int?
    /// Which of the sweep's worker processes made the run (1, 2, …); nil for a run made in the sweep's own
    /// process, or where a file doesn't say (before schema version 7).
    public var process: Int?
    /// In an interleaved comparison of two builds, which one made the run (``Variant``); nil otherwise.
    public var variant: Variant?
    /// What other programs did with the machine around the run; nil where the system cannot say, or a file doesn't
    /// (before schema version 8).
    public var load: RunLoad?

    /// One of the two builds of an interleaved comparison (`bench interleave`): its label, `A` or `B`, and the path
    /// of its `bench` executable as given.
    public struct Variant: Sendable, Hashable {
        /// The build's label, `A` or `B`, as in a result file's `variant` column.
        public var label: String
        /// The path of the build's `bench` executable as given, as in a result file's `executable` column.
        public var executable: String

        /// The build labelled `label` whose `bench` executable is at `executable`.
        public init(label: String, executable: String) {
            self.label = label
            self.executable = executable
        }
    }

    /// A record of one run; `seed`, `sequence`, `process` and `variant` are nil where not known or not
    /// applicable.
    public init(
        runner: String, configuration: RunConfiguration, repetition: Int, outcome: RunOutcome, machine: MachineInfo,
        seed: UInt64? = nil, sequence: Int? = nil, process: Int? = nil, variant: Variant? = nil, load: RunLoad? = nil
    ) {
        self.runner = runner
        self.configuration = configuration
        self.repetition = repetition
        self.outcome = outcome
        self.machine = machine
        self.seed = seed
        self.sequence = sequence
        self.process = process
        self.variant = variant
        self.load = load
    }

    /// The field of the run's ``outcome`` that `field` names, so that `record.status` reads `record.outcome.status`.
    public subscript<Value>(dynamicMember field: KeyPath<RunOutcome, Value>) -> Value {
        outcome[keyPath: field]
    }

    /// The `sequence` of the last run of `records`, one sweep's file, where every row says its place in the sweep's
    /// order and one build made them all; nil for files of schema version 4 or older, which do not say it, and for
    /// `bench interleave`'s, whose order alternates two builds. What the tests of a sweep's course (``Drift``,
    /// ``SlowStretch``) need.
    public static func lastInSweepOrder(_ records: [ResultRecord]) -> Int? {
        guard records.allSatisfy({ $0.sequence != nil && $0.variant == nil }) else {
            return nil
        }
        return records.compactMap(\.sequence).max()
    }

    /// The cell the run is of.
    public var key: CellKey {
        CellKey(runner: runner, configuration: configuration)
    }

    /// The run's time per job, for `ok` runs.
    public var nanosecondsPerJob: Double? {
        outcome.nanoseconds.map { Double($0) / Double(configuration.jobs) }
    }
}

/// What other programs did with the machine around a run: the shares of the machine's CPU time, over all its CPUs,
/// that processes other than the sweep's and the kernel's used from just before the run to just after it (5 ms at
/// least), and that the hypervisor gave to other guests (steal, over the quarter second or more that ends as the run
/// ends). `bench` reads them outside the run's timed region.
public struct RunLoad: Sendable, Equatable {
    /// The share other processes used, 0 to 1: 0.5 is one core of two kept busy.
    public var others: Double
    /// The share stolen by the hypervisor for other guests, 0 to 1; 0 where the system has no such count (macOS).
    public var steal: Double

    /// The share of others and steal together from which a run counts as made during interference: a fifth of the
    /// machine. On the 2-core VM this suite is developed on, one core kept busy by another program reads 0.3 to 0.5
    /// beside a sweep (the sweep's own threads take the rest), and a quiet machine reads under 0.01 in most runs.
    public static let interferenceShare = 0.2

    /// The shares other processes (`others`) and other guests (`steal`) used of the machine, each 0 to 1.
    public init(others: Double, steal: Double) {
        self.others = others
        self.steal = steal
    }

    /// Whether other programs or other guests used a fifth of the machine or more (``interferenceShare``).
    public var isInterference: Bool {
        others + steal >= Self.interferenceShare
    }

    /// The mean of `loads`, share by share; nil for none.
    public static func mean(_ loads: [RunLoad]) -> RunLoad? {
        guard !loads.isEmpty else {
            return nil
        }
        let count = Double(loads.count)
        return RunLoad(
            others: loads.map(\.others).reduce(0, +) / count, steal: loads.map(\.steal).reduce(0, +) / count)
    }

    /// Who used the machine, as the summary and `check` say it: `other programs used 40% of the machine's CPU
    /// time`, `the hypervisor gave 40% of the machine's CPU time to other guests`, or both (`other programs used 5%
    /// of the machine's CPU time and the hypervisor gave 30% to other guests`). Each is named from 0.5%; other
    /// programs also where neither reaches it.
    public var usersText: String {
        let named = (others: others >= 0.005 || steal < 0.005, steal: steal >= 0.005)
        let time = "of the machine's CPU time"
        switch named {
        case (true, true):
            return "other programs used \(Format.percent(others)) \(time) and the hypervisor gave "
                + "\(Format.percent(steal)) to other guests"
        case (false, _):
            return "the hypervisor gave \(Format.percent(steal)) \(time) to other guests"
        case (true, false):
            return "other programs used \(Format.percent(others)) \(time)"
        }
    }
}
