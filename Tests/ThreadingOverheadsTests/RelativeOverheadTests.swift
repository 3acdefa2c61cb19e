import Testing

@testable import JobRunners

extension ThreadingOverheadsTests {
    /// The 2010 experiment's ordering of costs, as ratios of medians measured in the same run.
    ///
    /// These hold in the debug build that `swift test` makes, on a 2-core machine with one core kept busy
    /// (`yes >/dev/null &`). The margins were measured there over repeated runs; README.md's "Tests" section gives
    /// the ratios seen and the slack each bound leaves.
    @Suite struct RelativeOverheadTests {
        /// Small enough to keep the test short (detach runs dominate: about 1 to 5 s in all), large enough that a
        /// serial-queue run lasts about a millisecond.
        static let configuration = RunConfiguration(queues: 4, iterations: 2_500)
        static let repetitions = 7

        /// Median nanoseconds per job for each runner, from one warm-up and `repetitions` runs taken round-robin.
        static func medianCostPerJob(_ kinds: [RunnerKind]) throws -> [RunnerKind: Double] {
            var samples: [RunnerKind: [Double]] = [:]
            for kind in kinds {
                _ = Experiment.run(kind, configuration: configuration)
            }
            for _ in 0..<repetitions {
                for kind in kinds {
                    let outcome = Experiment.run(kind, configuration: configuration)
                    let nanoseconds = try #require(outcome.nanoseconds, "\(kind.id): \(outcome.detail)")
                    samples[kind, default: []].append(Double(nanoseconds) / Double(configuration.jobs))
                }
            }
            return samples.mapValues { values in values.sorted()[values.count / 2] }
        }

        @Test(
            "detach-thread ≥ 4× run-loop ≥ 4× serial-queue, verified-detach ≥ 0.8× detach-thread",
            .timeLimit(.minutes(2)))
        func referenceOrdering() throws {
            let cost = try Self.medianCostPerJob([.serialQueue, .runLoop, .detachThread, .verifiedDetach])
            let serialQueue = try #require(cost[.serialQueue])
            let runLoop = try #require(cost[.runLoop])
            let detachThread = try #require(cost[.detachThread])
            let verifiedDetach = try #require(cost[.verifiedDetach])
            let ratios = [
                ("detach-thread / run-loop", detachThread / runLoop),
                ("run-loop / serial-queue", runLoop / serialQueue),
                ("verified-detach / detach-thread", verifiedDetach / detachThread),
            ]
            // Printed so that CI logs keep a record of the margins.
            print("relative overhead:", ratios.map { "\($0.0) = \(($0.1 * 100).rounded() / 100)" }.joined(separator: ", "))
            #expect(detachThread >= 4 * runLoop, "detach-thread \(detachThread) ns/job, run-loop \(runLoop) ns/job")
            #expect(runLoop >= 4 * serialQueue, "run-loop \(runLoop) ns/job, serial-queue \(serialQueue) ns/job")
            #expect(
                verifiedDetach >= 0.8 * detachThread,
                "verified-detach \(verifiedDetach) ns/job, detach-thread \(detachThread) ns/job")
        }
    }
}
