import BenchResults
import JobRunners

/// What a fresh measurement takes from the command line (`bench`, `bench check`, `bench crossover`, `bench
/// interleave`), in four groups, each of which settles its own part of the plan: the cells (``CellOptions``), how
/// many runs each gets (``SamplingOptions``), where and with what timeouts they run (``PlacementOptions``), and
/// where the rows go (``RecordingOptions``). A command lists the options of each group that it takes
/// (`RunOption`). Each value starts at its default.
public struct RunOptions: CommandOptions {
    public var cells = CellOptions()
    public var sampling = SamplingOptions()
    public var placement = PlacementOptions()
    public var recording = RecordingOptions()

    public init() {}

    /// Jobs per configuration of a chain when neither `--jobs` nor `--iterations` is given: the 2010 experiment's
    /// 100,000 (other shapes have their own, `Shape/defaultJobs`).
    public static let defaultJobs = Shape.chain.defaultJobs
    /// The most work a job may do, 1 s: more is surely a mistake.
    static let maximumWork = 1_000_000_000
    /// The budget of the default sweep, without `--repetitions`: chosen so that it takes `defaultSweepDuration`,
    /// warm-ups and the runs that start a thread per job included; its runs per cell and precision are every
    /// budget's.
    public static let defaultBudget = SweepPlan.Budget(seconds: 150, pooledMinimumRuns: 2)
    /// Seconds of budget a cell gets when `--budget` is not given, and the least a plan gets: 1.5 s a cell gives
    /// the default sweep's 104 cells its 150 s, and one configuration of every runner (26 cells) 60 s, which took
    /// 61 s here where a fixed 150 s took 2½ minutes, 111 s of them in the runs of the three runners that start a
    /// thread per job (docs/method.md, "Sampling").
    static let budgetPerCell = 1.5
    static let leastBudget = 60.0

    /// The budget of a plan of `cells` cells when `--budget` is not given: ``budgetPerCell`` a cell, from
    /// ``leastBudget`` to the default sweep's; for each of `builds` (`bench interleave` makes each run twice, one
    /// per build, and each cell needs as many pairs as a sweep's cell needs runs).
    static func defaultBudgetSeconds(cells: Int, builds: Int = 1) -> Double {
        Double(builds) * min(defaultBudget.seconds, max(leastBudget, budgetPerCell * Double(cells)))
    }
    /// Worker processes a measurement spreads each cell's runs over unless `--processes` says otherwise.
    public static let defaultProcesses = 4
    /// The most worker processes `--processes` may ask for: every one is started before a run is made and lives
    /// beside the others, though they make runs one at a time, so more than a large machine has cores buy nothing
    /// and a slip of the keyboard (`--processes 1000`) would fill a small machine with processes.
    public static let maximumProcesses = 64
    /// How long the default sweep takes, as measured (docs/method.md, "Sampling"), for the help texts: the minimum runs of
    /// the runners that start a thread per job, never cut, make it longer when the machine is busy.
    static let defaultSweepDuration = "about 3 minutes on a 2-core machine, longer on a busy one"
}

/// Which cells a measurement runs: the runners and the configurations.
public struct CellOptions: Sendable, Equatable {
    /// Runner ids; nil for the catalogue's standard runners.
    public var runners: [String]?
    public var shapes: [Shape] = [.chain]
    /// Sample the latency of a chain's hand-offs (ping-pong always does).
    public var latency = false
    /// Queue counts (senders in contention); nil for each shape's own (`Shape/defaultQueues`).
    public var queues: [Int]?
    public var iterations: [Int]?
    /// Jobs per configuration, from which iterations = jobs / queues when `iterations` is nil (default:
    /// ``RunOptions/defaultJobs``).
    public var jobs: Int?
    /// Nanoseconds of work per job.
    public var work = [0]
}

/// How many runs each cell gets, after how many warm-ups, in what order.
public struct SamplingOptions: Sendable, Equatable {
    /// Recorded runs per cell, exactly; nil for as many as the budget pays for.
    public var repetitions: Int?
    /// The time budget of the runs, in seconds, and the precision at which a cell stops early; nil where not given
    /// (a sweep's budget is then `defaultBudgetSeconds(cells:builds:)`, its precision
    /// ``RunOptions/defaultBudget``'s).
    public var budget: Double?
    public var precision: Double?
    /// Warm-up runs per cell, exactly; nil for warm-ups until the runs settle.
    public var warmup: Int?
    /// The seed of the sweep's order; nil for a new one.
    public var seed: UInt64?
}

/// Where the runs are made, and how long a run may wait for its threads.
public struct PlacementOptions: Sendable, Equatable {
    /// Each recorded run in a fresh child process.
    public var isolate = false
    /// Worker processes to spread each cell's recorded runs over; nil for the default
    /// (``RunOptions/defaultProcesses``, or 1 where bench runs inside another program).
    public var processes: Int?
    public var verifyTimeout = RunSettings.defaultVerifyTimeout
    public var stallTimeout = RunSettings.defaultStallTimeout
}

/// Where the rows go, what is said while they are made, and whether a long plan may run.
public struct RecordingOptions: Sendable, Equatable {
    public var output = OutputDestination.newFileInResults
    /// No progress on standard error, nor the lines that say where the files went.
    public var quiet = false
    /// Run a sweep whose estimate is over `PlanLimits/maximumEstimatedSeconds`.
    public var allowLong = false
}
