/// A way of running jobs: the mechanism whose per-job overhead the experiment measures.
///
/// One runner serves one queue of the experiment. The harness makes one runner per queue with
/// ``makeRunners(count:settings:)`` (by default, ``init(settings:)`` once per queue) before the clock starts, queues
/// one ``Job`` on each, and calls ``shutDown()`` on each after the clock stops. A job calls ``queue(_:)`` again on
/// its own runner at the end of every iteration but the last, so `queue(_:)` is the hot path: it must hand the job
/// to the mechanism and nothing more. In ping-pong (``Shape/pingPong``, for a runner whose ``RunnerKind/Traits``
/// declare it) the harness makes two runners per pair and a job alternates between them: `queue(_:)` is then called
/// from a job running on the other runner.
///
/// A runner says nothing about itself: its name, its summary and its traits are in the ``RunnerKind`` that makes it,
/// which is what sweeps, reports and `bench` take.
public protocol JobRunner: AnyObject, Sendable {
    /// Creates a runner ready to take jobs, with resources of its own; the harness calls it before the clock starts.
    init(settings: RunSettings) throws

    /// Creates the runners of one run, one per queue. By default each is made with ``init(settings:)``; a runner
    /// whose queues share a mechanism (one thread pool, one operation queue, one task group) makes the shared part
    /// once here. The harness calls it before the clock starts.
    static func makeRunners(count: Int, settings: RunSettings) throws -> [any JobRunner]

    /// Hands `job` to the mechanism, which must call ``Job/performIterationAndRequeue()`` once for it.
    func queue(_ job: Job)

    /// Releases what the runner holds (threads, run loops); the harness calls it after the clock stops, once every
    /// job has completed or the run has been abandoned. Runners that share a mechanism each call this; the shared
    /// part must be released once, whichever calls first.
    func shutDown()
}

extension JobRunner {
    /// Makes `count` runners with ``init(settings:)``, one at a time; if one cannot be made, those made so far are
    /// shut down and the error is thrown.
    public static func makeRunners(count: Int, settings: RunSettings) throws -> [any JobRunner] {
        try makeEach(count: count) { try Self(settings: settings) }
    }

    /// Does nothing: a runner with nothing of its own to release need not write a `shutDown()`.
    public func shutDown() {}
}

/// Settings that a runner or the harness needs for one run.
public struct RunSettings: Sendable, Hashable, Codable {
    /// How long `verified-detach` waits for a new thread to signal that it started before it kills the job; how long
    /// a runner waits for its own threads to start.
    public var verifyTimeout: Duration
    /// How long a run may go without completing an iteration before the watchdog ends it as stalled.
    public var stallTimeout: Duration

    /// The verify timeout when none is given: 10 seconds.
    public static let defaultVerifyTimeout: Duration = .seconds(10)
    /// The stall timeout when none is given: 30 seconds.
    public static let defaultStallTimeout: Duration = .seconds(30)

    /// The name `bench`'s command line gives the verify timeout, which runners' messages quote.
    public static let verifyTimeoutName = "verify-timeout"

    /// The verify timeout as a runner's message gives it: `10 s (--verify-timeout)`.
    public var verifyTimeoutText: String {
        Self.verifyTimeoutText(verifyTimeout)
    }

    /// `timeout`, a verify timeout, as a runner's message gives it.
    static func verifyTimeoutText(_ timeout: Duration) -> String {
        "\(timeout.secondsText) s (--\(verifyTimeoutName))"
    }

    /// Settings with the given timeouts, each by default the one `bench` uses when its option is not given.
    public init(verifyTimeout: Duration = defaultVerifyTimeout, stallTimeout: Duration = defaultStallTimeout) {
        self.verifyTimeout = verifyTimeout
        self.stallTimeout = stallTimeout
    }
}

/// A problem that keeps a runner from being set up; the run is then reported as failed with this description.
public struct RunnerSetupError: Error, CustomStringConvertible {
    /// What went wrong, one line a user reads in the run's `detail` column: what could not be made, and why.
    public var description: String

    /// An error that reports `description`.
    public init(_ description: String) {
        self.description = description
    }
}

/// `count` runners from `make`, one at a time; if one cannot be made, those made so far are shut down.
func makeEach(count: Int, _ make: () throws -> any JobRunner) throws -> [any JobRunner] {
    var runners: [any JobRunner] = []
    runners.reserveCapacity(count)
    do {
        for _ in 0..<count {
            runners.append(try make())
        }
    } catch {
        for runner in runners {
            runner.shutDown()
        }
        throw error
    }
    return runners
}
