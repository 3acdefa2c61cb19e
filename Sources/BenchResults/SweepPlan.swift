import JobRunners

/// What a sweep measures and in what order: its cells (a runner in a configuration), how many runs each gets, and
/// the settings of every run. `bench`, its checks and crossovers, and a test's ``Report/measure(_:machine:)`` all
/// measure through one, made once from what was asked and then only read.
///
/// The cells come in stages. A stage runs its warm-ups first (``warmup`` unrecorded runs per cell, each of a tenth
/// of its iterations: enough to start a runner's threads and pools and warm the caches and the allocator, in a
/// tenth of the time), then its recorded repetitions round-robin over its cells, so that a slow drift of the
/// machine (heat, a neighbour's load) falls on all of them alike rather than on whichever ran last. A sweep of
/// runners × configurations has a stage per configuration; a crossover, one per work size.
public struct SweepPlan: Equatable, Sendable {
    /// A runner in a configuration.
    public typealias Cell = RunnerCell<RunnerKind>

    /// A cell the plan leaves out, and why.
    public struct Exclusion: Equatable, Sendable {
        public var cell: Cell
        public var reason: String
    }

    /// One run: a warm-up (no repetition) or a recorded repetition of a cell.
    public struct Step: Hashable, Sendable {
        public var cell: Cell
        /// The recorded repetition (1…), or nil for a warm-up run.
        public var repetition: Int?

        public init(cell: Cell, repetition: Int?) {
            self.cell = cell
            self.repetition = repetition
        }

        public var runner: RunnerKind {
            cell.runner
        }

        /// The run's shape: the cell's configuration, or a warm-up's tenth of its iterations.
        public var configuration: RunConfiguration {
            repetition == nil ? cell.configuration.warmupShape : cell.configuration
        }
    }

    /// What happens as a plan runs, for progress displays.
    public enum Event: Sendable {
        case willRun(index: Int, of: Int, Step)
        case didRun(index: Int, of: Int, Step, RunOutcome, seconds: Double)
    }

    public static let defaultRepetitions = 3
    public static let defaultWarmup = 1

    /// The cells, stage by stage.
    public private(set) var stages: [[Cell]]
    /// Recorded runs per cell.
    public var repetitions: Int
    /// Unrecorded runs per cell before the recorded ones, each of a tenth of the cell's iterations
    /// (``RunConfiguration/warmupShape``).
    public var warmup: Int
    public var settings: RunSettings
    /// Cells left out (``exclude(where:)``), with the reasons.
    public private(set) var exclusions: [Exclusion] = []

    /// Every runner in every configuration, a stage per configuration.
    public init(
        runners: [RunnerKind] = RunnerCatalogue.builtIn.standard,
        configurations: [RunConfiguration] = RunConfiguration.reference,
        repetitions: Int = defaultRepetitions,
        warmup: Int = defaultWarmup,
        settings: RunSettings = RunSettings()
    ) {
        self.init(
            stages: configurations.map { configuration in
                runners.map { Cell(runner: $0, configuration: configuration) }
            },
            repetitions: repetitions, warmup: warmup, settings: settings)
    }

    /// The given cells, in the given stages; a stage with no cells is dropped.
    public init(stages: [[Cell]], repetitions: Int, warmup: Int, settings: RunSettings = RunSettings()) {
        self.stages = stages.filter { !$0.isEmpty }
        self.repetitions = repetitions
        self.warmup = warmup
        self.settings = settings
    }

    /// Every cell, in order.
    public var cells: [Cell] {
        stages.flatMap { $0 }
    }

    /// The runners, in order of first appearance.
    public var runners: [RunnerKind] {
        cells.map(\.runner).uniqued()
    }

    /// The configurations, in order of first appearance.
    public var configurations: [RunConfiguration] {
        cells.map(\.configuration).uniqued()
    }

    /// Leaves out every cell for which `reason` gives a reason, recording it.
    public mutating func exclude(where reason: (Cell) -> String?) {
        stages = stages.map { stage in
            stage.filter { cell in
                guard let why = reason(cell) else {
                    return true
                }
                exclusions.append(Exclusion(cell: cell, reason: why))
                return false
            }
        }.filter { !$0.isEmpty }
    }

    /// The plan of only the cells in `kept`, in their stages and order, with the same runs per cell and settings.
    public func restricted(to kept: Set<Cell>) -> SweepPlan {
        var plan = self
        plan.stages = stages.map { $0.filter(kept.contains) }.filter { !$0.isEmpty }
        return plan
    }

    /// Every run, in order: for each stage, the warm-ups (if `includingWarmups`), then the recorded repetitions
    /// round-robin over its cells.
    public func steps(includingWarmups: Bool = true) -> [Step] {
        var steps: [Step] = []
        for stage in stages {
            if includingWarmups {
                for cell in stage {
                    steps += repeatElement(Step(cell: cell, repetition: nil), count: warmup)
                }
            }
            for repetition in 1...max(1, repetitions) {
                steps += stage.map { Step(cell: $0, repetition: repetition) }
            }
        }
        return steps
    }

    /// Makes every run with `measure` (by default in this process), warm-ups first unless `includingWarmups` is
    /// false (when each run is made in a child process that warms up on its own); hands each recorded one to
    /// `record` as soon as it ends, and tells `observe` what happens.
    public func run(
        machine: MachineInfo,
        includingWarmups: Bool = true,
        measure: ((Step) -> RunOutcome)? = nil,
        record: (ResultRecord) throws -> Void = { _ in },
        observe: (Event) -> Void = { _ in }
    ) rethrows -> [ResultRecord] {
        let measure = measure ?? measureInProcess
        let steps = steps(includingWarmups: includingWarmups)
        var records: [ResultRecord] = []
        let clock = ContinuousClock()
        for (index, step) in steps.enumerated() {
            observe(.willRun(index: index, of: steps.count, step))
            let started = clock.now
            let outcome = measure(step)
            observe(.didRun(index: index, of: steps.count, step, outcome, seconds: (clock.now - started) / .seconds(1)))
            guard let repetition = step.repetition else {
                continue
            }
            let result = ResultRecord(
                runner: step.runner.id, configuration: step.configuration, repetition: repetition, outcome: outcome,
                machine: machine)
            try record(result)
            records.append(result)
        }
        return records
    }

    /// Makes the run of `step` in this process.
    public func measureInProcess(_ step: Step) -> RunOutcome {
        Experiment.run(step.runner, configuration: step.configuration, settings: settings)
    }
}

extension Array where Element: Equatable {
    /// The elements in order, each only the first time it appears.
    package func uniqued() -> [Element] {
        var result: [Element] = []
        for element in self where !result.contains(element) {
            result.append(element)
        }
        return result
    }
}
