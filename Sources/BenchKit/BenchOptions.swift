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
}

/// What the command line asks `bench` to do.
public enum Command: Equatable, Sendable {
    /// Help for the main command or a subcommand.
    case help(Subcommand?)
    case sweep(SweepOptions)
    case compare(CompareOptions)
    case check(CheckOptions)
    case chart(ChartOptions)
}

/// `bench`'s subcommands.
public enum Subcommand: String, Equatable, Sendable, CaseIterable {
    case compare, check, chart
}
