import Foundation

/// A new detached `Thread` for every job, and the queuing side waits until the new thread signals that it
/// started.
///
/// Reproduces the 2010 experiment's `DetachThreadWithVerificationQueue` ("Detach w/ Ver."), written because a
/// thread that fails to start gives no error: the queuing thread takes an `NSCondition`'s lock, starts the new
/// thread, and waits on the condition until the new thread signals it. If no signal comes within the verify
/// timeout (`--verify-timeout`), the job is killed and the run is reported `failed` with the reason; the run's other
/// jobs are then killed as they come to be queued, so that a run that has failed ends quickly. What it measures is
/// detach-thread's cost plus a lock, a signal and a wait per job.
public final class VerifiedDetachThreadRunner: JobRunner {
    private let verifyTimeout: Duration
    private let spawn: ThreadSpawner

    /// A runner that starts a detached `Thread` for each job and waits up to the verify timeout for it to start.
    public convenience init(settings: RunSettings) {
        self.init(verifyTimeout: settings.verifyTimeout, spawn: DetachedThread.spawn)
    }

    init(verifyTimeout: Duration, spawn: @escaping ThreadSpawner) {
        self.verifyTimeout = verifyTimeout
        self.spawn = spawn
    }

    /// Starts a new detached thread for `job` and waits until it signals that it started; a thread that does not
    /// start within the verify timeout kills the job, and the run fails.
    public func queue(_ job: Job) {
        // Once a job of the run has been killed, the run fails whatever happens; with threads running out, waiting
        // out a verify timeout for every other job would only make the sweep longer.
        guard !job.isRunAbandoned else {
            job.kill(reason: "not queued: the run had already failed")
            return
        }
        let handshake = StartHandshake()
        let started = handshake.start(timeout: verifyTimeout) {
            spawn {
                if handshake.signalStarted() {
                    job.performIterationAndRequeue()
                }
            }
        }
        if !started {
            job.kill(
                reason: "a new thread did not signal its start within "
                    + "\(RunSettings.verifyTimeoutText(verifyTimeout)); its job was killed")
        }
    }
}

/// The handshake between a queuing thread and the thread it started.
final class StartHandshake: @unchecked Sendable {
    // `hasStarted` and `isAbandoned` are read and written only with `condition`'s lock held.
    private let condition = NSCondition()
    private var hasStarted = false
    private var isAbandoned = false

    /// Called by the new thread: signals the queuing side, and returns whether the job may run (false once the
    /// queuing side has given up on this thread and killed the job).
    func signalStarted() -> Bool {
        condition.withLock {
            guard !isAbandoned else {
                return false
            }
            hasStarted = true
            condition.signal()
            return true
        }
    }

    /// Starts the new thread with `startThread` holding the lock, as the 2010 experiment does, then waits until the
    /// thread signals or `timeout` passes; returns whether it started. After a timeout the thread, should it start
    /// late, will not run the job.
    func start(timeout: Duration, _ startThread: () -> Void) -> Bool {
        condition.withLock {
            startThread()
            let deadline = Date(timeIntervalSinceNow: timeout.timeInterval)
            while !hasStarted {
                if !condition.wait(until: deadline), !hasStarted {
                    isAbandoned = true
                    return false
                }
            }
            return true
        }
    }
}

extension RunnerKind {
    /// ``VerifiedDetachThreadRunner``.
    public static let verifiedDetach = RunnerKind(
        id: "verified-detach", referenceName: "DetachThreadWithVerificationQueue (Detach w/ Ver.)",
        summary: "detach-thread, waiting on an NSCondition for each start", traits: RunnerKind.detachThread.traits,
        runner: VerifiedDetachThreadRunner.self)
}
