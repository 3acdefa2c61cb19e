import Foundation
import Testing

import BenchResults
@testable import JobRunners

extension ThreadingOverheadsTests {
    @Suite("Every runner executes every iteration exactly once")
    struct RunnerTests {
        static let shapes = [
            RunConfiguration(queues: 1, iterations: 1),
            RunConfiguration(queues: 1, iterations: 1000),
            RunConfiguration(queues: 16, iterations: 100),
            RunConfiguration(queues: 64, iterations: 50),
            RunConfiguration(queues: 4, iterations: 600, measuresLatency: true),
            RunConfiguration(queues: 1, iterations: 1, shape: .pingPong),
            RunConfiguration(queues: 1, iterations: 500, shape: .pingPong),
            RunConfiguration(queues: 16, iterations: 50, shape: .pingPong),
            RunConfiguration(queues: 1, iterations: 1, shape: .contention),
            RunConfiguration(queues: 1, iterations: 300, shape: .contention),
            RunConfiguration(queues: 16, iterations: 50, shape: .contention),
            RunConfiguration(queues: 1, iterations: 1, shape: .fanOut),
            RunConfiguration(queues: 4, iterations: 250, shape: .fanOut),
            RunConfiguration(queues: 16, iterations: 50, shape: .fanOut),
        ]

        /// Every runner in every configuration of a shape it runs.
        static let cases = RunnerCatalogue.builtIn.runners.flatMap { kind in
            shapes.filter { kind.traits.shapes.contains($0.shape) }.map { (kind, $0) }
        }

        /// The runners of each shape, in the catalogue's order: every runner but the two that run only contention
        /// in a chain; in ping-pong, those whose jobs can move between their queues; in contention, those whose
        /// queues are serial and the mutex; in fan-out, those whose queues take jobs from any thread, no C floor.
        static let runnersByShape: [(Shape, [String])] = [
            (
                .chain,
                RunnerCatalogue.builtIn.runners.map(\.id).filter { $0 != "mutex" && $0 != "floor-mutex" }
            ),
            (
                .pingPong,
                [
                    "run-loop", "detach-thread", "verified-detach", "serial-queue", "global-queue", "serial-queue-closure", "operation-queue",
                    "shared-operation-queue", "task", "task-executor", "actor", "executor-actor",
                    "discarding-task-group", "continuation", "async-stream", "thread-pool", "mutex-thread-pool", "null",
                    "floor-run-loop", "floor-detach-thread", "floor-serial-queue", "floor-global-queue",
                    "floor-thread-pool",
                ]
            ),
            (
                .contention,
                [
                    "run-loop", "serial-queue", "serial-queue-closure", "operation-queue", "task-executor", "actor", "executor-actor",
                    "continuation", "async-stream", "mutex", "null", "floor-run-loop", "floor-serial-queue",
                    "floor-mutex",
                ]
            ),
            (
                .fanOut,
                [
                    "single-threaded", "run-loop", "detach-thread", "verified-detach", "serial-queue", "global-queue",
                    "serial-queue-closure", "operation-queue", "shared-operation-queue", "task",
                ] + immediateTask + [
                    "task-executor", "actor", "executor-actor", "discarding-task-group", "continuation",
                    "async-stream", "thread-pool", "mutex-thread-pool", "null",
                ]
            ),
        ]

        /// `immediate-task`, where Swift 6.2 or later builds it and the runtime has it (every Linux, macOS 26), unless
        /// the build was made without it: the conditions written out again here, as this test's own expectation.
        static var immediateTask: [String] {
            #if compiler(>=6.2) && !WITHOUT_IMMEDIATE_TASK
            if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
                return ["immediate-task"]
            }
            #endif
            return []
        }

        @Test("each shape is run by the runners it fits, and by no other", arguments: runnersByShape)
        func runnersOfShape(shape: Shape, expected: [String]) {
            #expect(RunnerCatalogue.builtIn.runners.filter { $0.traits.shapes.contains(shape) }.map(\.id) == expected)
        }

        /// A run of `kind` at `configuration`, expected ok with `completing` iterations (hand-offs) done.
        static func okRun(
            _ kind: RunnerKind, _ configuration: RunConfiguration, completing: Int,
            sourceLocation: SourceLocation = #_sourceLocation
        ) -> RunOutcome {
            let outcome = Experiment.run(kind, configuration: configuration)
            #expect(outcome.status == .ok, "\(outcome.detail)", sourceLocation: sourceLocation)
            #expect(outcome.completedIterations == completing, sourceLocation: sourceLocation)
            return outcome
        }

        @Test(
            "a fan-out run reports ok, every job once, and how long submitting them took", .timeLimit(.minutes(1)),
            arguments: RunnerCatalogue.builtIn.runners.filter { $0.traits.shapes.contains(.fanOut) })
        func fanOut(kind: RunnerKind) throws {
            let configuration = RunConfiguration(queues: 4, iterations: 100, shape: .fanOut)
            let outcome = Self.okRun(kind, configuration, completing: 400)
            let submitted = try #require(outcome.submitNanoseconds)
            #expect(0 < submitted && submitted <= (outcome.nanoseconds ?? 0))
            #expect(outcome.latency == nil)
        }

        @Test(
            "exact iterations (hand-offs in ping-pong), every job completes, nothing runs after completion",
            .timeLimit(.minutes(1)), arguments: cases)
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
            #expect(trial.completion.reportCount == shape.shape.completionReports(shape))
            #expect(trial.completion.killedJobReasons.isEmpty)
            #expect(atCompletion == shape.handOffs)
            #expect(trial.executedIterations == atCompletion)
            // Every sampled queuing whose job came back was recorded: one in `every` of each job's queuings from its
            // own party, but for those the job would not come back from (its last).
            if let every = shape.latencySampleEvery {
                let parties = shape.shape.parties
                let perJob = (shape.iterations * parties - 1 + parties - 1) / every - (2 * parties - 2) / every
                #expect((trial.latency?.samples ?? 0) == shape.queues * perJob)
            } else {
                #expect(trial.latency == nil)
            }
        }

        @Test(
            "a ping-pong run reports ok, counts two hand-offs per round trip, and its percentiles in order",
            .timeLimit(.minutes(1)),
            arguments: RunnerCatalogue.builtIn.runners.filter { $0.traits.shapes.contains(.pingPong) })
        func pingPong(kind: RunnerKind) throws {
            let configuration = RunConfiguration(queues: 2, iterations: 200, shape: .pingPong)
            let outcome = Self.okRun(kind, configuration, completing: 800)
            let latency = try #require(outcome.latency)
            // Each pair's 400 hand-offs: one in 16, a round trip from its first party, timed: 25.
            #expect(latency.samples == 2 * (400 / 16))
            #expect(latency.p50 <= latency.p90 && latency.p90 <= latency.p99)
            // A round trip shorter than the clock's resolution can read 0 (a tick is 41.67 ns on Apple silicon), so a
            // p50 of 0 is a true reading only where the round trips are within a few ticks of it: then the cell
            // carries the coarse-latency warning. Above that, 0 would mean the samples were not timed.
            let resolution = Int64(MonotonicClock.resolutionNanoseconds)
            #expect(0 < latency.maximum)
            #expect(0 < latency.p50 || latency.p90 < Int64(CellWarning.coarseLatencyTicks) * resolution)
            #expect(latency.p99 <= latency.maximum)
            // A round trip is part of the run: none can take longer than the run.
            #expect(latency.maximum <= (outcome.nanoseconds ?? 0))
        }

        @Test("a run reports ok with a timing", .timeLimit(.minutes(1)), arguments: RunnerCatalogue.builtIn.runners)
        func reportsOK(kind: RunnerKind) {
            // A chain, or contention for the runners that run no chain.
            let shape: Shape = kind.traits.shapes.contains(.chain) ? .chain : .contention
            let configuration = RunConfiguration(queues: 4, iterations: 100, shape: shape)
            let outcome = Self.okRun(kind, configuration, completing: configuration.handOffs)
            #expect(outcome.detail.isEmpty)
            #expect((outcome.nanoseconds ?? 0) > 0)
        }

        /// Each runner in a short chain, and in short ping-pong and contention where it runs them (whose jobs end on
        /// the other party, and whose floors free every party's queue).
        static let teardownCases = RunnerCatalogue.builtIn.runners.flatMap { kind in
            [
                RunConfiguration(queues: 16, iterations: 3), RunConfiguration(queues: 8, iterations: 3, shape: .pingPong),
                RunConfiguration(queues: 8, iterations: 3, shape: .contention),
                RunConfiguration(queues: 4, iterations: 6, shape: .fanOut),
            ]
                .filter { kind.traits.shapes.contains($0.shape) }.map { (kind, $0) }
        }

        /// A run torn down right after its last job must not pull anything from under a thread still finishing the
        /// job before it: floor-detach-thread once freed the attributes a thread was still creating its successor
        /// with (glibc aborted), floor-run-loop a run loop it was about to wake. Each crashed within a few hundred to
        /// a couple of thousand such runs; a crash here fails the whole test run.
        @Test("many short runs, each torn down at once, all ok", .timeLimit(.minutes(2)), arguments: teardownCases)
        func survivesTeardowns(kind: RunnerKind, configuration: RunConfiguration) {
            var failures: [String] = []
            for _ in 0..<Self.teardownRuns {
                let outcome = Experiment.run(kind, configuration: configuration)
                if outcome.status != .ok {
                    failures.append("\(outcome.status): \(outcome.detail)")
                }
            }
            #expect(failures.isEmpty, "\(failures.prefix(3))")
        }

        /// 1,000; 100 under ThreadSanitizer, whose every run is many times slower (it looks for races, not for
        /// this crash).
        static var teardownRuns: Int {
            Environment.isThreadSanitized ? 100 : 1000
        }

        @Test("the padding between data of different threads is one cache line of 128 bytes, as the C floors use")
        func cacheLine() {
            #expect(CacheLine.size == 128)
            #expect(MemoryLayout<CacheLinePadding>.size == CacheLine.size)
        }

        @Test("the built-in catalogue: the ids in order, by family, the opt-in ones, each floor beside its runner")
        func builtInCatalogue() throws {
            let catalogue = RunnerCatalogue.builtIn
            let ids = catalogue.runners.map(\.id)
            let families: [(RunnerFamily, [String])] = [
                (.experiment2010, ["single-threaded", "run-loop", "detach-thread", "verified-detach", "serial-queue", "global-queue"]),
                (.foundationAndDispatch, ["serial-queue-closure", "operation-queue", "shared-operation-queue", "main-queue"]),
                (
                    .swiftConcurrency,
                    ["task"] + Self.immediateTask + [
                        "task-executor", "actor", "executor-actor", "task-group", "discarding-task-group", "continuation",
                        "async-stream", "main-actor",
                    ]
                ),
                (.threadsAndLocks, ["thread-pool", "mutex-thread-pool", "mutex"]),
                (.harness, ["null"]),
                (
                    .floors,
                    [
                        "floor-single-threaded", "floor-run-loop", "floor-detach-thread", "floor-serial-queue",
                        "floor-global-queue", "floor-thread-pool", "floor-mutex",
                    ]
                ),
            ]
            #expect(ids == families.flatMap(\.1))
            #expect(RunnerCatalogue.leftOut.map(\.id) == (Self.immediateTask.isEmpty ? ["immediate-task"] : []))
            // Every built-in id, immediate-task in its place whether or not this build has it.
            let all = families.flatMap(\.1).filter { $0 != "immediate-task" }
            let task = try #require(all.firstIndex(of: "task"))
            #expect(RunnerCatalogue.allBuiltInIDs == all[...task] + ["immediate-task"] + all[(task + 1)...])
            for (family, members) in families {
                #expect(members.allSatisfy { RunnerCatalogue.family(of: $0) == family })
            }
            #expect(RunnerCatalogue.family(of: "condition-worker") == .yours)
            #expect(RunnerCatalogue.grouped(["floor-mutex", "mine", "task", "run-loop"]).map(\.family) == [
                .experiment2010, .swiftConcurrency, .floors, .yours,
            ])
            for runner in catalogue.runners {
                #expect(catalogue.runner(id: runner.id) == runner)
            }
            #expect(catalogue.runners.filter(\.traits.isOptIn) == [.mainQueue, .mainActor, .null])
            #expect(catalogue.runners.filter(\.traits.needsMainThread) == [.mainQueue, .mainActor])
            #expect(catalogue.standard.count == catalogue.runners.count - 3)
            #expect(catalogue.reference.map(\.id) == Array(ids.prefix(6)))
            // Each floor names its Swift runner, and has its threads.
            let floors = catalogue.runners.filter { $0.traits.floorOf != nil }
            #expect(floors.map(\.id).allSatisfy { $0.hasPrefix("floor-") })
            #expect(
                floors.compactMap(\.traits.floorOf)
                    == [
                        "single-threaded", "run-loop", "detach-thread", "serial-queue", "global-queue", "thread-pool",
                        "mutex",
                    ])
            for floor in floors {
                let runner = try #require(catalogue.runner(id: floor.traits.floorOf ?? ""))
                #expect(catalogue.floor(of: runner.id) == floor)
                #expect(floor.traits.threadsPerQueue == runner.traits.threadsPerQueue)
                #expect(floor.traits.startsThreadPerJob == runner.traits.startsThreadPerJob)
                // The same shapes, but fan-out, which the C side doesn't have.
                #expect(floor.traits.shapes == runner.traits.shapes.subtracting([.fanOut]))
            }
            #expect(catalogue.floor(of: "verified-detach") == nil)
            #expect(catalogue.runner(id: "Serial-Queue") == nil)
        }

        @Test("a catalogue takes runners of the user's, and refuses a taken id, a malformed id or a floor of nothing")
        func addingRunners() throws {
            let mine = RunnerKind(id: "my-pool", summary: "a pool of mine", runner: SingleThreadedRunner.self)
            let catalogue = try RunnerCatalogue.builtIn.adding([mine])
            #expect(catalogue.runners.last == mine)
            #expect(catalogue.standard.contains(mine))
            #expect(mine.referenceName == nil)
            func refusal(_ runner: RunnerKind) -> String? {
                do {
                    _ = try RunnerCatalogue.builtIn.adding([runner])
                    return nil
                } catch {
                    return error.description
                }
            }
            #expect(
                refusal(RunnerKind(id: "serial-queue", summary: "again", runner: DispatchQueueRunner.self))
                    == "two runners have the id 'serial-queue'")
            for bad in ["", "My-Pool", "my pool", "my,pool", "my--pool", "-pool", "pool-", "1pool", "my@pool", "pööl"] {
                #expect(
                    refusal(RunnerKind(id: bad, summary: "bad", runner: DispatchQueueRunner.self))
                        == "the runner id '\(bad)' is not lowercase letters, digits and single hyphens, beginning with a letter")
            }
            let orphan = RunnerKind(
                id: "floor-mine", summary: "C", traits: RunnerKind.Traits(floorOf: "mine"), runner: DispatchQueueRunner.self)
            #expect(refusal(orphan) == "'floor-mine' is the floor of 'mine', which is not a runner")
        }
    }
}
