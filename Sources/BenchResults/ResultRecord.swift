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
    /// The spin-loop steps of work per job, and the calibration (spin-loop steps per µs); nil where a file doesn't
    /// say or there was no work.
    public var workSpins: Int?
    public var spinsPerMicrosecond: Double?
    /// What the run cost the machine; nil where a file doesn't say (schema version 1).
    public var metrics: RunMetrics?

    public init(
        runner: String, configuration: RunConfiguration, repetition: Int, status: RunOutcome.Status,
        nanoseconds: Int64?, detail: String, completedIterations: Int?, machine: MachineInfo, startedAt: Date?,
        workSpins: Int? = nil, spinsPerMicrosecond: Double? = nil, metrics: RunMetrics? = nil
    ) {
        self.workSpins = workSpins
        self.spinsPerMicrosecond = spinsPerMicrosecond
        self.metrics = metrics
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
            completedIterations: outcome.completedIterations, machine: machine, startedAt: outcome.startedAt,
            workSpins: outcome.workSpins, spinsPerMicrosecond: outcome.spinsPerMicrosecond, metrics: outcome.metrics)
    }

    /// The outcome of the run, as it was measured.
    public var outcome: RunOutcome {
        RunOutcome(
            status: status, nanoseconds: nanoseconds, detail: detail, completedIterations: completedIterations ?? 0,
            startedAt: startedAt ?? Date(timeIntervalSince1970: 0), metrics: metrics, workSpins: workSpins ?? 0,
            spinsPerMicrosecond: spinsPerMicrosecond)
    }

    /// The run's time per job, for `ok` runs.
    public var nanosecondsPerJob: Double? {
        nanoseconds.map { Double($0) / Double(configuration.jobs) }
    }
}
