import Foundation
import JobRunners

/// One recorded run: a row of a result file.
///
/// The runner is kept as its id, so that files written by other versions of `bench`, with runners this one doesn't
/// know, can still be read and compared.
public struct ResultRecord: Sendable, Equatable {
    public var runner: String
    public var configuration: RunConfiguration
    /// 1 for the first recorded run of this runner and configuration.
    public var repetition: Int
    public var status: RunOutcome.Status
    /// The run's time; only for `ok` runs.
    public var nanoseconds: Int64?
    /// Why a run is not `ok`; empty for `ok` runs.
    public var detail: String
    /// Iterations executed, counted apart from the jobs; nil where a file doesn't say.
    public var completedIterations: Int?
    public var machine: MachineInfo
    /// When the run started; nil where a file doesn't say.
    public var startedAt: Date?

    public init(
        runner: String, configuration: RunConfiguration, repetition: Int, status: RunOutcome.Status,
        nanoseconds: Int64?, detail: String, completedIterations: Int?, machine: MachineInfo, startedAt: Date?
    ) {
        self.runner = runner
        self.configuration = configuration
        self.repetition = repetition
        self.status = status
        self.nanoseconds = nanoseconds
        self.detail = detail
        self.completedIterations = completedIterations
        self.machine = machine
        self.startedAt = startedAt
    }

    /// The record of a run this process made.
    public init(
        runner: RunnerKind, configuration: RunConfiguration, repetition: Int, outcome: RunOutcome,
        machine: MachineInfo
    ) {
        self.init(
            runner: runner.id, configuration: configuration, repetition: repetition, status: outcome.status,
            nanoseconds: outcome.nanoseconds, detail: outcome.detail,
            completedIterations: outcome.completedIterations, machine: machine, startedAt: outcome.startedAt)
    }

    /// The run's time per job, for `ok` runs.
    public var nanosecondsPerJob: Double? {
        nanoseconds.map { Double($0) / Double(configuration.jobs) }
    }
}
