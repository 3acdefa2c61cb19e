import BenchResults
import JobRunners

/// Where the CSV of a sweep goes.
public enum OutputDestination: Equatable, Sendable {
    /// A new file under `results/`, named from host, date and time.
    case newFileInResults
    case file(path: String)
    case standardOutput
    /// No raw file (the default of `bench check`).
    case none
}

/// What a sweep's summary looks like on standard output.
public enum OutputFormat: String, Equatable, Sendable, CaseIterable {
    case table, csv, json, markdown
}

/// The options of a plain `bench` sweep.
public struct SweepOptions: Equatable, Sendable {
    public var plan = SweepPlan()
    public var output: OutputDestination = .newFileInResults
    public var format: OutputFormat = .table
    /// Where to write the summary CSV, if anywhere.
    public var summaryPath: String?
    /// Each recorded run in a fresh child process.
    public var isolate = false
    /// No progress on standard error.
    public var quiet = false
    /// Show what the runs cost the machine (CPU time, context switches, threads, memory) in the summary.
    public var showsMetrics = false
    /// The --jobs total the configurations were derived from, if they were; a configuration whose jobs differ
    /// (queues that don't divide it) is pointed out.
    public var requestedJobs: Int?

    public init() {}

    /// Jobs per configuration when neither `--jobs` nor `--iterations` is given: the 2010 experiment's 100,000.
    public static let defaultJobs = 100_000
    /// Queue counts when `--queues` is not given: the 2010 experiment's.
    public static let defaultQueues = RunConfiguration.reference.map(\.queues)
}

/// The options of `bench compare`.
public struct CompareOptions: Equatable, Sendable {
    /// The baseline first, then one or more files compared with it.
    public var paths: [String]
    public var threshold = Comparison.defaultThreshold
    public var format: OutputFormat = .table
    /// Compare what the runs cost the machine too.
    public var showsMetrics = false
}

/// The options of `bench check`.
public struct CheckOptions: Equatable, Sendable {
    public var expressions: [CheckExpression]
    /// A result file to check instead of a fresh run.
    public var inputPath: String?
    /// For a fresh run: configurations, repetitions, warm-up and timeouts (its runners come from the checks).
    public var plan = SweepPlan()
    /// For a fresh run: how many times to measure a failing check's cells again before failing it.
    public var retries = 2
    public var output: OutputDestination = .none
    public var isolate = false
    public var quiet = false
}

/// The options of `bench chart`.
public struct ChartOptions: Equatable, Sendable {
    public var paths: [String]
    public var outputPath: String
    public var title: String?
    /// A logarithmic y axis.
    public var logarithmic = false
}

/// The options of `bench crossover`.
public struct CrossoverOptions: Equatable, Sendable {
    /// The runners to place; the control runner is always measured too, as the analysis needs it.
    public var runners: [RunnerKind] = RunnerKind.standard
    /// Work sizes, in nanoseconds per job; 0 is always measured too.
    public var work = CrossoverOptions.defaultWork
    public var repetitions = 5
    public var warmup = 1
    public var settings = RunSettings()
    public var output: OutputDestination = .newFileInResults
    /// A result file to analyze instead of measuring.
    public var inputPath: String?
    public var format: OutputFormat = .table
    public var quiet = false

    public init() {}

    /// 100 ns to 3 ms, about three steps per decade.
    public static let defaultWork = [100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000]
    /// How long each run should take, roughly: its iterations are chosen from a first, short run of the runner.
    public static let targetRunSeconds = 0.1
}

/// What the command line asks `bench` to do.
public enum Command: Equatable, Sendable {
    /// Help for the main command or a subcommand.
    case help(Subcommand?)
    case sweep(SweepOptions)
    case compare(CompareOptions)
    case check(CheckOptions)
    case chart(ChartOptions)
    case crossover(CrossoverOptions)
}

/// `bench`'s subcommands.
public enum Subcommand: String, Equatable, Sendable, CaseIterable {
    case compare, check, chart, crossover
}
