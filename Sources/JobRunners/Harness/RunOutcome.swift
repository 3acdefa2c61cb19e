import Foundation

/// What one run of the experiment measured, or why it has no timing. A run this process makes has every field it
/// can; one read from a result file has what the file says.
public struct RunOutcome: Sendable, Equatable, Codable {
    /// Whether a run has a timing, and if not, how it ended; the raw value is a result file's `status` column.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Every job executed exactly its iterations; `nanoseconds` is the run's time.
        case ok
        /// A job was killed, a runner could not be set up, or the count of executed iterations was wrong.
        case failed
        /// The watchdog saw no iteration complete for the stall timeout.
        case stalled
    }

    /// Whether the run has a timing: only an `ok` run does.
    public var status: Status
    /// The timed region, from queuing the first job to the last job's completion report; only for `ok` runs.
    public var nanoseconds: Int64?
    /// Why a run is not `ok`; empty for `ok` runs.
    public var detail: String
    /// Iterations executed, counted independently of the jobs; nil where a file doesn't say.
    public var completedIterations: Int?
    /// When the run started (setup included), wall-clock time; nil where a file doesn't say.
    public var startedAt: Date?
    /// What the run cost the machine; nil for a run that never started, or where a file doesn't say (schema
    /// version 1).
    public var metrics: RunMetrics?
    /// The spin-loop steps each job did as its work: 0 for none; nil where a file doesn't say.
    public var workSpins: Int?
    /// The calibration that ``workSpins`` came from, in spin-loop steps per µs; nil when there was no work to
    /// calibrate for.
    public var spinsPerMicrosecond: Double?
    /// The latency percentiles of an `ok` run that sampled latency (``RunConfiguration/measuresLatency``); nil
    /// otherwise.
    public var latency: LatencyPercentiles?
    /// In fan-out, how long the producer took to submit every job, from the start of the timed region (which ends
    /// when the last job is done), at most the run's time (a producer that runs each job itself, as
    /// `single-threaded` does, returns only after the last); nil otherwise.
    public var submitNanoseconds: Int64?
    /// The allocations per job of a run made to count them in the same process, with the same runner and
    /// configuration (``Allocations``): one per cell and process, carried by each of its runs there; nil where
    /// none was made (a build that cannot count, a file before schema version 9).
    public var allocations: Allocations?

    /// An outcome with the given fields; a run without a timing has nil ``nanoseconds`` and says why in ``detail``.
    public init(
        status: Status, nanoseconds: Int64?, detail: String = "", completedIterations: Int?, startedAt: Date?,
        metrics: RunMetrics? = nil, workSpins: Int? = nil, spinsPerMicrosecond: Double? = nil,
        latency: LatencyPercentiles? = nil, submitNanoseconds: Int64? = nil, allocations: Allocations? = nil
    ) {
        self.allocations = allocations
        self.latency = latency
        self.submitNanoseconds = submitNanoseconds
        self.workSpins = workSpins
        self.spinsPerMicrosecond = spinsPerMicrosecond
        self.status = status
        self.nanoseconds = nanoseconds
        self.detail = detail
        self.completedIterations = completedIterations
        self.startedAt = startedAt
        self.metrics = metrics
    }
}
