import JobRunners

/// What a sweep measures and how: its cells (a runner in a configuration), how many runs each gets, its warm-up,
/// the settings of every run, and the seed of its order. `bench`, its checks and crossovers, and a test's
/// ``Report/measure(_:machine:)`` all measure through one, made once from what was asked and then only read.
///
/// Every run of every cell is spread over the whole sweep in a shuffled order (`SweepSchedule`), so that a drift
/// of the machine (heat, a neighbour's load) falls on every cell alike rather than on whichever ran last; the seed
/// makes the order reproducible and is recorded with every run.
public struct SweepPlan: Equatable, Sendable {
    /// A runner in a configuration.
    public typealias Cell = RunnerCell<RunnerKind>

    /// A cell the plan leaves out, and why.
    public struct Exclusion: Equatable, Sendable {
        /// The cell left out of the plan.
        public var cell: Cell
        /// Why, as a lowercase clause that a message puts after the cell: `runs no ping-pong (its shapes: chain)`.
        public var reason: String
    }

    /// How many recorded runs each cell gets.
    public enum Sampling: Equatable, Sendable {
        /// Exactly this many, every cell.
        case repetitions(Int)
        /// As many as the budget allows, shared by need (``Budget``).
        case budget(Budget)
    }

    /// A time budget for a sweep, spent where it narrows the cells' intervals most (`SweepSchedule`): every cell gets
    /// ``minimumRuns``, or what its part of ``floorShare`` of the budget buys where that is more (and
    /// ``Estimate/fewestRunsForInterval`` where so many cost at most a hundredth of the budget); beyond that, runs go
    /// where they narrow an interval most for their time (`SweepSchedule.allocate`), and a cell that reaches
    /// ``maximumRuns``, or whose estimate is within ``precision`` sooner, leaves the time it does not use to the
    /// others. A whole run stays one sample: an expensive cell gets few runs, a cheap one many.
    public struct Budget: Equatable, Sendable {
        /// The whole sweep's measuring time, warm-ups included, in seconds.
        public var seconds: Double
        /// A cell stops early once the 95% interval of its estimate is within ± this fraction of it.
        public var precision: Double
        /// The fewest recorded runs a cell gets: every cell gets them, even when they cost more than the budget.
        public var minimumRuns: Int
        /// The most recorded runs a cell gets, however cheap its runs; the time it leaves goes to the others.
        public var maximumRuns: Int
        /// The fewest recorded runs, in place of ``minimumRuns``, of a cell too dear for
        /// ``Estimate/fewestRunsForInterval`` runs whose runner the plan runs in
        /// ``PooledSpread/fewestCellsForPooledMinimum`` such cells or more of one shape and work: their intervals pool
        /// their spread (``PooledSpread``), so that 2 runs of each, from 2 processes, give them intervals as narrow
        /// as 3 runs of each alone would, or narrower, for two thirds of the time. nil: every cell gets
        /// ``minimumRuns``. A sweep's budget has 2; `bench interleave`'s none, as its cells' intervals are over their
        /// own pairs.
        public var pooledMinimumRuns: Int?

        /// This share of the budget is every cell's whatever the others cost, in equal parts (a hundredth of the budget
        /// each at the most): each cell gets the runs its part buys (up to ``maximumRuns``), even where the minimums of
        /// dearer cells have spent the budget. A cheap cell's runs cost next to nothing; without this, a slow day's
        /// thread-per-job runners left every cell its 3. At the default 150 s over 104 cells, 0.29 s a cell: 14 runs of
        /// 20 ms (12 of them, as the 13th and 14th would widen its interval).
        public static let floorShare = 0.2

        /// A budget of `seconds` for the whole sweep, in which every cell gets `minimumRuns` to `maximumRuns` recorded
        /// runs (`pooledMinimumRuns` at least for the dear cells of a runner that pool their spread) and stops early
        /// within ± `precision` (a fraction).
        public init(
            seconds: Double, precision: Double = 0.01, minimumRuns: Int = 3, maximumRuns: Int = 60,
            pooledMinimumRuns: Int? = nil
        ) {
            self.seconds = seconds
            self.precision = precision
            self.minimumRuns = minimumRuns
            self.maximumRuns = maximumRuns
            self.pooledMinimumRuns = pooledMinimumRuns
        }
    }

    /// The unrecorded runs before a cell's recorded ones, each of a tenth of its iterations (a hundredth for the
    /// runners that start a thread per job: ``RunnerCell/warmupShape``): enough to start a runner's threads and
    /// pools and warm the caches and the allocator.
    public enum Warmup: Equatable, Sendable, Codable {
        /// Exactly this many per cell.
        case runs(Int)
        /// Until two in a row cost the same per job within `tolerance` (a fraction), or until they have timed
        /// ``longEnough`` together; at most `maximum` per cell.
        case untilSettled(maximum: Int, tolerance: Double)

        /// Warm-up that ends when the runs settle: at most 5, within 10%.
        public static let settling = Warmup.untilSettled(maximum: 5, tolerance: 0.1)

        /// Seconds that a cell's warm-ups must time together for it to count as warm, settled or not. Starting a
        /// runner's threads and pools is paid at the start of the first warm-up; warm-ups that have run the cell's
        /// jobs for a tenth of a second (one of a thread-per-job runner's takes 0.1 to 0.6 s) leave nothing to warm,
        /// and whether two such agree within the tolerance is the runs' own spread (15 to 28% a run on a slow
        /// 2-core day), not warming: docs/method.md, "A run", has the runs that show it. Cheaper cells, whose
        /// warm-ups time a few milliseconds, settle by the tolerance as before.
        public static let longEnough = 0.1
    }

    /// One run: a warm-up (no repetition) or a recorded repetition of a cell.
    public struct Step: Hashable, Sendable {
        /// The cell the run is of.
        public var cell: Cell
        /// The recorded repetition (1…), or nil for a warm-up run.
        public var repetition: Int?

        /// The recorded repetition `repetition` (1…) of `cell`, or a warm-up run of it if nil.
        public init(cell: Cell, repetition: Int?) {
            self.cell = cell
            self.repetition = repetition
        }

        /// The cell's runner: the mechanism the run measures.
        public var runner: RunnerKind {
            cell.runner
        }

        /// The run's shape: the cell's configuration, or a warm-up's (``RunnerCell/warmupShape``).
        public var configuration: RunConfiguration {
            repetition == nil ? cell.warmupShape : cell.configuration
        }
    }

    /// What happens as a plan runs, for progress displays: the runs are counted as they are planned, which under
    /// a budget is once the first runs of every cell have shown what each costs.
    public enum Event: Sendable {
        /// A run is about to start: the run `index` (from 0) of the `planned` runs planned so far, warm-ups
        /// included; `planned` can change as the sweep goes.
        case willRun(index: Int, planned: Int, Step)
        /// `secondsLeft` estimates the time the runs still planned will take; nil while the runs to come are not yet
        /// planned (warm-ups and a budget's pilot runs decide them), when `planned` is only the runs planned so far.
        case didRun(index: Int, planned: Int, Step, RunOutcome, seconds: Double, secondsLeft: Double?)
    }

    /// The recorded runs per cell when none are given: 3.
    public static let defaultRepetitions = 3
    /// The warm-up runs per cell when none are given: 1.
    public static let defaultWarmup = 1

    /// The cells, in the order they were given.
    public private(set) var cells: [Cell]
    /// How many recorded runs each cell gets: a fixed number, or as many as a time budget allows.
    public var sampling: Sampling
    /// How each cell warms up before its recorded runs: a fixed number of warm-ups, or until they settle.
    public var warmup: Warmup
    /// The settings of every run: how long a runner waits for its threads to start, and how long a run may
    /// go without progress before it is ended as stalled.
    public var settings: RunSettings
    /// The seed of the sweep's shuffled order (and, under a budget, of where each cell's runs fall).
    public var seed: UInt64
    /// Cells left out (``exclude(where:)``), with the reasons.
    public private(set) var exclusions: [Exclusion] = []

    /// Every runner in every configuration, `repetitions` recorded runs each after `warmup` warm-ups.
    public init(
        runners: [RunnerKind] = RunnerCatalogue.builtIn.standard,
        configurations: [RunConfiguration] = RunConfiguration.reference,
        repetitions: Int = defaultRepetitions,
        warmup: Int = defaultWarmup,
        settings: RunSettings = RunSettings(),
        seed: UInt64 = .random(in: 0...UInt64.max)
    ) {
        self.init(
            cells: Self.cells(runners, configurations), sampling: .repetitions(repetitions), warmup: .runs(warmup),
            settings: settings, seed: seed)
    }

    /// The given cells, sampled and warmed up as given.
    public init(
        cells: [Cell], sampling: Sampling, warmup: Warmup, settings: RunSettings = RunSettings(),
        seed: UInt64 = .random(in: 0...UInt64.max)
    ) {
        self.cells = cells.uniqued()
        self.sampling = sampling
        self.warmup = warmup
        self.settings = settings
        self.seed = seed
    }

    /// Every one of `runners` in every one of `configurations` of a shape it runs, configuration by configuration.
    public static func cells(_ runners: [RunnerKind], _ configurations: [RunConfiguration]) -> [Cell] {
        configurations.flatMap { configuration in
            runners.filter { $0.traits.shapes.contains(configuration.shape) }.map {
                Cell(runner: $0, configuration: configuration)
            }
        }
    }

    /// The runners, in order of first appearance.
    public var runners: [RunnerKind] {
        cells.map(\.runner).uniqued()
    }

    /// The configurations, in order of first appearance.
    public var configurations: [RunConfiguration] {
        cells.map(\.configuration).uniqued()
    }

    /// The recorded runs per cell, when the plan fixes them.
    public var repetitions: Int? {
        guard case .repetitions(let count) = sampling else {
            return nil
        }
        return count
    }

    /// Leaves out every cell for which `reason` gives a reason, recording it.
    public mutating func exclude(where reason: (Cell) -> String?) {
        cells = cells.filter { cell in
            guard let why = reason(cell) else {
                return true
            }
            exclusions.append(Exclusion(cell: cell, reason: why))
            return false
        }
    }

    /// The most recorded runs a cell can get, and the warm-ups it makes at the most: for estimates and limits.
    public var mostRunsPerCell: (recorded: Int, warmups: Int) {
        let recorded =
            switch sampling {
            case .repetitions(let count): count
            case .budget(let budget): budget.maximumRuns
            }
        let warmups =
            switch warmup {
            case .runs(let count): count
            case .untilSettled(let maximum, _): maximum
            }
        return (recorded, warmups)
    }

    /// Makes every run with `measure` (by default in this process), in the plan's order, warm-ups first for the
    /// cells that `warmsUp` (all by default; not those whose runs are each made in a child process that warms up on
    /// its own); hands each recorded one to `record` as soon as it ends, and tells `observe` what happens.
    public func run<Failure: Error>(
        machine: MachineInfo,
        warmsUp: (Cell) -> Bool = { _ in true },
        measure: ((Step) -> RunOutcome)? = nil,
        record: (ResultRecord) throws(Failure) -> Void,
        observe: (Event) -> Void = { _ in }
    ) throws(Failure) -> [ResultRecord] {
        let measure = measure ?? measureInProcess
        return try run(
            machine: machine, warmsUp: warmsUp, measurements: { [Measurement(outcome: measure($0))] }, record: record,
            observe: observe)
    }

    /// A run as a measuring closure reports it: its outcome, which worker process made it, if one did, and which
    /// build, in an interleaved comparison of two.
    public struct Measurement: Sendable {
        /// What the run measured: its status and, for an `ok` run, its time.
        public var outcome: RunOutcome
        /// The worker process that made the run (1, 2, …); nil for one made in this process.
        public var process: Int?
        /// In an interleaved comparison of two builds (`bench interleave`), the one that made the run; nil
        /// otherwise.
        public var variant: ResultRecord.Variant?
        /// What other programs did with the machine around the run, where it was read.
        public var load: RunLoad?
        /// The build that made the run, where it is not this executable's (`bench interleave`'s other build, as
        /// its worker reported itself): its rows record it in place of the session machine's.
        public var build: MachineInfo.Build?

        /// A run's `outcome`, with the worker process and the build that made it, where there are such.
        public init(outcome: RunOutcome, process: Int? = nil, variant: ResultRecord.Variant? = nil) {
            self.outcome = outcome
            self.process = process
            self.variant = variant
        }
    }

    /// As ``run(machine:warmsUp:measure:record:observe:)``, with a measuring closure that makes one run of each
    /// step, or several adjacent in time (one per build, in `bench interleave`), and says which process and build
    /// made each; each is recorded. The schedule learns of a step from the time its runs took together and, for its
    /// precision, from its run's time or, with two, from their ratio: what `bench interleave` estimates.
    public func run<Failure: Error>(
        machine: MachineInfo,
        warmsUp: (Cell) -> Bool = { _ in true },
        measurements: (Step) -> [Measurement],
        record: (ResultRecord) throws(Failure) -> Void,
        observe: (Event) -> Void = { _ in }
    ) throws(Failure) -> [ResultRecord] {
        var schedule = SweepSchedule(plan: self, warmsUp: warmsUp)
        let clock = ContinuousClock()
        var records: [ResultRecord] = []
        var index = 0
        while let step = schedule.next() {
            observe(.willRun(index: index, planned: schedule.planned, step))
            let started = clock.now
            let made = measurements(step)
            let outcome = made.first?.outcome ?? RunOutcome(
                status: .failed, nanoseconds: nil, detail: "no run made", completedIterations: 0, startedAt: nil)
            let seconds = (clock.now - started) / .seconds(1)
            schedule.finished(
                step, outcome, seconds: seconds,
                value: made.count == 2 ? Self.pairRatio(made) : outcome.nanoseconds.map(Double.init))
            observe(
                .didRun(
                    index: index, planned: schedule.planned, step, outcome, seconds: seconds,
                    secondsLeft: schedule.secondsLeft))
            index += 1
            guard let repetition = step.repetition else {
                continue
            }
            for run in made {
                let result = ResultRecord(
                    runner: step.runner.id, configuration: step.configuration, repetition: repetition,
                    outcome: run.outcome, machine: run.build.map(machine.built) ?? machine, seed: seed,
                    sequence: records.count + 1,
                    process: run.process, variant: run.variant, load: run.load)
                try record(result)
                records.append(result)
            }
        }
        return records
    }

    /// The second run's time over the first's, of a step made by two builds; nil if either failed.
    static func pairRatio(_ made: [Measurement]) -> Double? {
        guard let first = made.first?.outcome.nanoseconds, let second = made.last?.outcome.nanoseconds, first > 0 else {
            return nil
        }
        return Double(second) / Double(first)
    }

    /// Makes the run of `step` in this process.
    /// A recorded `ok` run carries the cell's allocations per job in this process, counted once there by a run of its
    /// own (`AllocationCensus`).
    public func measureInProcess(_ step: Step) -> RunOutcome {
        var outcome = Experiment.run(step.runner, configuration: step.configuration, settings: settings)
        if step.repetition != nil, outcome.status == .ok {
            outcome.allocations = AllocationCensus.allocations(of: step.cell, settings: settings)
        }
        return outcome
    }
}
