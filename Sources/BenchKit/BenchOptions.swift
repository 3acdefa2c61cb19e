import JobRunners

/// Everything a `bench` sweep needs to know, as parsed from the command line.
public struct BenchOptions: Equatable, Sendable {
    /// Where the CSV of a sweep goes.
    public enum Output: Equatable, Sendable {
        /// A new file under `results/`, named from host, date and time.
        case newFileInResults
        case file(path: String)
        case standardOutput
    }

    public var runners: [RunnerKind] = RunnerKind.allCases
    /// Every configuration to run, in order.
    public var configurations: [RunConfiguration] = RunConfiguration.reference
    /// Recorded runs per runner and configuration.
    public var repetitions = 3
    /// Unrecorded runs per runner and configuration before the recorded ones.
    public var warmup = 1
    public var output: Output = .newFileInResults
    public var settings = RunSettings()

    public init() {}

    /// Jobs per configuration when neither `--jobs` nor `--iterations` is given: the 2010 experiment's 100,000.
    public static let defaultJobs = 100_000
    /// Queue counts when `--queues` is not given: the 2010 experiment's.
    public static let defaultQueues = RunConfiguration.reference.map(\.queues)
}

/// What the command line asks `bench` to do.
public enum Command: Equatable, Sendable {
    case help
    case sweep(BenchOptions)
}
