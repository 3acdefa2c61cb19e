import Dispatch
import Foundation
import Synchronization
import Testing

@testable import JobRunners

extension ThreadingOverheadsTests {
    /// Runs that go wrong must end, in bounded time, as `failed` or `stalled`: never hang, never pass as timings.
    @Suite struct FailurePathTests {
        /// Settings whose watchdog would only fire long after the behaviour under test should have ended the run.
        static let patient = RunSettings(verifyTimeout: .milliseconds(200), stallTimeout: .seconds(20))

        @Test("verified-detach: a thread that never signals fails the run with the reason", .timeLimit(.minutes(1)))
        func verifiedDetachThreadNeverStarts() {
            let neverStarts = RunnerKind.testDouble {
                VerifiedDetachThreadRunner(verifyTimeout: Self.patient.verifyTimeout, spawn: { _ in })
            }
            let outcome = Experiment.run(
                neverStarts, configuration: RunConfiguration(queues: 2, iterations: 10), settings: Self.patient)
            // `failed`, not `stalled`: the verify timeout ended the run, not the 20 s watchdog.
            #expect(outcome.status == .failed)
            #expect(outcome.detail.contains("did not signal its start within 0.2 s"))
            #expect(outcome.detail.contains("2 jobs killed"))
            #expect(outcome.nanoseconds == nil)
            #expect(outcome.completedIterations == 0)
        }

        @Test("verified-detach: a thread that starts after the timeout does not run its killed job", .timeLimit(.minutes(1)))
        func verifiedDetachLateThreadStaysIdle() throws {
            // Every thread starts 0.3 s late, after the 0.1 s verify timeout has killed its job.
            let late: ThreadSpawner = { body in
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.3, execute: body)
            }
            let trial = try Trial(configuration: RunConfiguration(queues: 1, iterations: 5)) { _ in
                [VerifiedDetachThreadRunner(verifyTimeout: .milliseconds(100), spawn: late)]
            }
            trial.queueJobs()
            let outcome = trial.waitForCompletion(stallTimeout: .seconds(20))
            Thread.sleep(forTimeInterval: 0.6)
            trial.shutDown()
            #expect(outcome != .stalled)
            #expect(trial.completion.killedJobReasons.count == 1)
            #expect(trial.executedIterations == 0)
        }

        @Test("detach-thread: threads that silently fail to start end the run as stalled", .timeLimit(.minutes(1)))
        func detachThreadStalls() {
            // Like a thread limit reached mid-run: the first five threads start, later ones never do.
            let started = Atomic<Int>(0)
            let limited: ThreadSpawner = { body in
                if started.add(1, ordering: .relaxed).newValue <= 5 {
                    Thread.detachNewThread(body)
                }
            }
            let settings = RunSettings(verifyTimeout: .milliseconds(100), stallTimeout: .milliseconds(300))
            Self.expectUntimed(
                Experiment.run(
                    .testDouble { DetachThreadRunner(spawn: limited) },
                    configuration: RunConfiguration(queues: 1, iterations: 20), settings: settings),
                .stalled, completed: 5, detail: "no iteration completed for 0.3 s; 5 of 20 iterations ran")
        }

        @Test("an iteration run after its job completed fails the run, however fast it was", .timeLimit(.minutes(1)))
        func duplicatedIterationFails() {
            Self.expectUntimed(
                Experiment.run(
                    .testDouble { DuplicatingRunner() }, configuration: RunConfiguration(queues: 1, iterations: 5),
                    settings: Self.patient),
                .failed, completed: 6,
                detail: "executed 6 iterations, expected 5: an iteration ran twice or after its job completed")
        }

        @Test("a runner that cannot be set up fails the run", .timeLimit(.minutes(1)))
        func setupFailure() {
            Self.expectUntimed(
                Experiment.run(
                    .testDouble { () throws -> any JobRunner in throw RunnerSetupError("no threads left") },
                    configuration: RunConfiguration(queues: 3, iterations: 5), settings: Self.patient),
                .failed, completed: 0, detail: "setup failed: no threads left")
        }

        /// A run that ended `status` after `completed` iterations, saying `detail`, and is not a timing.
        static func expectUntimed(
            _ outcome: RunOutcome, _ status: RunOutcome.Status, completed: Int, detail: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(outcome.status == status, sourceLocation: sourceLocation)
            #expect(outcome.completedIterations == completed, sourceLocation: sourceLocation)
            #expect(outcome.detail == detail, sourceLocation: sourceLocation)
            #expect(outcome.nanoseconds == nil, sourceLocation: sourceLocation)
        }
    }
}

/// A runner that delivers its first job a second time after the job has completed: it runs jobs on the queuing
/// thread, through a single-threaded runner, and queues the first job there twice.
private final class DuplicatingRunner: JobRunner {
    private let inner = SingleThreadedRunner(settings: RunSettings())
    private let hasDuplicated = Atomic(false)

    init(settings: RunSettings) {}

    init() {}

    func queue(_ job: Job) {
        inner.queue(job)
        if !hasDuplicated.exchange(true, ordering: .relaxed) {
            inner.queue(job)
        }
    }
}

extension RunnerKind {
    /// A runner of the tests' own, whose runners `make` makes, one per queue: one that misbehaves on purpose.
    static func testDouble(_ make: @escaping @Sendable () throws -> any JobRunner) -> RunnerKind {
        RunnerKind(id: "test-double", summary: "a runner that misbehaves on purpose") { count, _ in
            try (0..<count).map { _ in try make() }
        }
    }
}
