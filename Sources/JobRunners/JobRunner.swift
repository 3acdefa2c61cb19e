/// A way of running jobs: the thing whose per-job overhead the experiment measures.
///
/// One runner serves one queue of the experiment. The harness makes one runner per queue with
/// ``init(settings:)`` before the clock starts, queues one ``Job`` on each, and calls ``shutDown()`` after the clock
/// stops. A job calls ``queue(_:)`` again on its own runner at the end of every iteration but the last, so
/// `queue(_:)` is the hot path: it must hand the job to the mechanism and nothing more.
///
/// To add a runner: write a final class conforming to this protocol in a file of its own, named for its mechanism,
/// give it a unique ``id``, and add a case for it to ``RunnerKind``.
public protocol JobRunner: AnyObject, Sendable {
    /// The runner's name on the command line and in result files, for example `serial-queue`.
    static var id: String { get }

    /// The runner of the 2010 experiment that this one reproduces, or a plain description for a new one.
    static var referenceName: String { get }

    /// The mechanism, in a few words, for `bench --help`.
    static var summary: String { get }

    /// Whether the runner starts a new thread for every job, which makes it orders of magnitude slower than the
    /// others (charts give such runners a panel of their own). False unless a runner says otherwise.
    static var startsThreadPerJob: Bool { get }

    /// How many threads of its own the runner may have at once for each queue (a run-loop worker: 1; a detached
    /// thread that starts the next before it ends: 2). `bench` limits queues by it. 0 unless a runner says
    /// otherwise: threads that a system pool manages, such as Dispatch's, don't count.
    static var threadsPerQueue: Int { get }

    /// Creates a runner ready to take jobs; the harness calls it before the clock starts.
    init(settings: RunSettings) throws

    /// Hands `job` to the mechanism, which must call ``Job/performIterationAndRequeue()`` once for it.
    func queue(_ job: Job)

    /// Releases what the runner holds (threads, run loops); the harness calls it after the clock stops, once every
    /// job has completed or the run has been abandoned.
    func shutDown()
}

extension JobRunner {
    public func shutDown() {}

    public static var startsThreadPerJob: Bool {
        false
    }

    public static var threadsPerQueue: Int {
        0
    }
}

/// Settings that a runner or the harness needs for one run.
public struct RunSettings: Sendable, Hashable {
    /// How long `verified-detach` waits for a new thread to signal that it started before it kills the job.
    public var verifyTimeout: Duration
    /// How long a run may go without completing an iteration before the watchdog ends it as stalled.
    public var stallTimeout: Duration

    public static let defaultVerifyTimeout: Duration = .seconds(10)
    public static let defaultStallTimeout: Duration = .seconds(30)

    public init(verifyTimeout: Duration = defaultVerifyTimeout, stallTimeout: Duration = defaultStallTimeout) {
        self.verifyTimeout = verifyTimeout
        self.stallTimeout = stallTimeout
    }
}

/// A problem that keeps a runner from being set up; the run is then reported as failed with this description.
public struct RunnerSetupError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
