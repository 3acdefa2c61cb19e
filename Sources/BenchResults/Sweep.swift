import JobRunners

/// What a sweep runs: every runner on every configuration, warm-ups first, then the recorded repetitions; except
/// the cells it excludes.
public struct SweepPlan: Equatable, Sendable {
    /// A runner in a configuration that the sweep leaves out, and why.
    public struct Exclusion: Equatable, Sendable {
        public var runner: RunnerKind
        public var configuration: RunConfiguration
        public var reason: String

        public init(runner: RunnerKind, configuration: RunConfiguration, reason: String) {
            self.runner = runner
            self.configuration = configuration
            self.reason = reason
        }
    }

    public var runners: [RunnerKind]
    /// Every configuration to run, in order.
    public var configurations: [RunConfiguration]
    /// Recorded runs per runner and configuration.
    public var repetitions: Int
    /// Unrecorded runs per runner and configuration before the recorded ones, each of a tenth of the
    /// configuration's iterations (``RunConfiguration/warmupShape``).
    public var warmup: Int
    public var settings: RunSettings
    /// Cells not to run.
    public var exclusions: [Exclusion] = []

    public init(
        runners: [RunnerKind] = RunnerKind.standard,
        configurations: [RunConfiguration] = RunConfiguration.reference,
        repetitions: Int = 3,
        warmup: Int = 1,
        settings: RunSettings = RunSettings()
    ) {
        self.runners = runners
        self.configurations = configurations
        self.repetitions = repetitions
        self.warmup = warmup
        self.settings = settings
    }
}

/// The runs of a sweep, in the order they are made, and the making of them.
///
/// For each configuration: first the warm-up runs of every runner (not recorded), then the recorded repetitions,
/// round-robin over the runners, so that a slow drift of the machine (heat, a neighbour's load) falls on all
/// runners alike rather than on whichever ran last. A warm-up run has the configuration's queues and a tenth of
/// its iterations: enough to start the runner's threads and pools and warm the caches and the allocator, which is
/// what it is for, in a tenth of the time (the default sweep of 17 runners would take over 2 minutes 50 s on 2
/// cores with full-length warm-ups, 1 minute 55 s with these).
public struct Sweep: Sendable {
    public struct Step: Hashable, Sendable {
        public var runner: RunnerKind
        public var configuration: RunConfiguration
        /// The recorded repetition (1…), or nil for a warm-up run.
        public var repetition: Int?

        public init(runner: RunnerKind, configuration: RunConfiguration, repetition: Int?) {
            self.runner = runner
            self.configuration = configuration
            self.repetition = repetition
        }
    }

    /// What happens as the sweep goes, for progress displays.
    public enum Event: Sendable {
        case willRun(index: Int, of: Int, Step)
        case didRun(index: Int, of: Int, Step, RunOutcome, seconds: Double)
    }

    public let plan: SweepPlan
    /// Every run, in order: warm-ups (no repetition) and recorded repetitions.
    public let steps: [Step]

    /// The sweep of `plan`; `runsWarmups` is false when each run is made in a child process that warms up on its
    /// own.
    public init(plan: SweepPlan, runsWarmups: Bool = true) {
        self.plan = plan
        self.steps = Self.steps(of: plan, runsWarmups: runsWarmups)
    }

    /// A sweep of the given steps, in their order, with `plan`'s settings.
    public init(plan: SweepPlan, steps: [Step]) {
        self.plan = plan
        self.steps = steps
    }

    private static func steps(of plan: SweepPlan, runsWarmups: Bool) -> [Step] {
        var steps: [Step] = []
        for configuration in plan.configurations {
            let runners = plan.runners.filter { runner in
                !plan.exclusions.contains { $0.runner == runner && $0.configuration == configuration }
            }
            if runsWarmups {
                for runner in runners {
                    for _ in 0..<plan.warmup {
                        steps.append(Step(runner: runner, configuration: configuration.warmupShape, repetition: nil))
                    }
                }
            }
            for repetition in 1...plan.repetitions {
                for runner in runners {
                    steps.append(Step(runner: runner, configuration: configuration, repetition: repetition))
                }
            }
        }
        return steps
    }

    /// Makes every run with `measure` (by default in this process); hands each recorded one to `record` as soon as
    /// it ends, and tells `observe` what happens.
    public func run(
        machine: MachineInfo,
        measure: (Step) -> RunOutcome,
        record: (ResultRecord) throws -> Void,
        observe: (Event) -> Void = { _ in }
    ) rethrows -> [ResultRecord] {
        var records: [ResultRecord] = []
        let clock = ContinuousClock()
        for (index, step) in steps.enumerated() {
            observe(.willRun(index: index, of: steps.count, step))
            let started = clock.now
            let outcome = measure(step)
            let seconds = (clock.now - started).timeInterval
            observe(.didRun(index: index, of: steps.count, step, outcome, seconds: seconds))
            guard let repetition = step.repetition else {
                continue
            }
            let result = ResultRecord(
                runner: step.runner, configuration: step.configuration, repetition: repetition, outcome: outcome,
                machine: machine)
            try record(result)
            records.append(result)
        }
        return records
    }

    /// Runs `step` in this process.
    public func measureInProcess(_ step: Step) -> RunOutcome {
        Experiment.run(step.runner, configuration: step.configuration, settings: plan.settings)
    }
}
