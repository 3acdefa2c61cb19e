import Foundation
import Testing

@testable import JobRunners

extension ThreadingOverheadsTests {
    @Suite("Every runner executes every iteration exactly once")
    struct RunnerTests {
        static let shapes = [
            RunConfiguration(queues: 1, iterations: 1),
            RunConfiguration(queues: 1, iterations: 1000),
            RunConfiguration(queues: 16, iterations: 100),
            RunConfiguration(queues: 64, iterations: 50),
        ]

        @Test(
            "exact iterations, every job completes, nothing runs after completion",
            .timeLimit(.minutes(1)),
            arguments: RunnerKind.allCases, shapes)
        func executesExactly(kind: RunnerKind, shape: RunConfiguration) throws {
            let settings = RunSettings()
            let trial = try kind.makeTrial(configuration: shape, settings: settings)
            trial.queueJobs()
            let outcome = trial.waitForCompletion(stallTimeout: settings.stallTimeout)
            let atCompletion = trial.executedIterations
            // Long enough for a stray iteration, queued or running when completion was reported, to show.
            Thread.sleep(forTimeInterval: 0.05)
            trial.shutDown()

            #expect(outcome != .stalled)
            #expect(trial.completion.reportCount == shape.queues)
            #expect(trial.completion.killedJobReasons.isEmpty)
            #expect(atCompletion == shape.jobs)
            #expect(trial.executedIterations == atCompletion)
        }

        @Test("a run reports ok with a timing", .timeLimit(.minutes(1)), arguments: RunnerKind.allCases)
        func reportsOK(kind: RunnerKind) {
            let configuration = RunConfiguration(queues: 4, iterations: 100)
            let outcome = Experiment.run(kind, configuration: configuration)
            #expect(outcome.status == .ok, "\(outcome.detail)")
            #expect(outcome.completedIterations == 400)
            #expect(outcome.detail.isEmpty)
            #expect((outcome.nanoseconds ?? 0) > 0)
        }

        @Test("ids are unique and round-trip")
        func idsRoundTrip() {
            let ids = RunnerKind.allCases.map(\.id)
            #expect(Set(ids).count == ids.count)
            for kind in RunnerKind.allCases {
                #expect(RunnerKind(id: kind.id) == kind)
            }
            #expect(ids == [
                "single-threaded", "run-loop", "detach-thread", "verified-detach", "serial-queue", "global-queue",
                "operation-queue", "shared-operation-queue", "task", "actor", "task-group", "thread-pool", "main-queue",
                "null", "floor-single-threaded", "floor-run-loop", "floor-detach-thread", "floor-serial-queue",
                "floor-global-queue",
            ])
            #expect(RunnerKind.allCases.filter(\.isOptIn) == [.mainQueue, .null])
            // Each floor names its Swift runner, and each of those runners finds its floor.
            let floors = RunnerKind.allCases.filter { $0.counterpart != nil }
            #expect(floors.map(\.id).allSatisfy { $0.hasPrefix("floor-") })
            #expect(floors.compactMap(\.counterpart) == [.singleThreaded, .runLoop, .detachThread, .serialQueue, .globalQueue])
            for floor in floors {
                #expect(floor.counterpart?.floor == floor)
                #expect(floor.runnerType == nil)
            }
            #expect(RunnerKind.verifiedDetach.floor == nil)
            #expect(RunnerKind(id: "Serial-Queue") == nil)
        }
    }
}
