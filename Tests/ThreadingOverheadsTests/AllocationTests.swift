import BenchResults
import JobRunners
import Testing

extension ThreadingOverheadsTests {
    /// Allocations per job, counted in a run of their own in each process (docs/method.md, "Allocations").
    @Suite struct AllocationTests {
        @Test("recorded runs carry their cell's allocations per job: none for single-threaded, a closure's for serial-queue-closure")
        func countsTravelWithRuns() throws {
            let report = Report.measure(
                SweepPlan(
                    runners: [.singleThreaded, .serialQueueClosure], configurations: [RunConfiguration(queues: 2, iterations: 5_000)],
                    repetitions: 2, warmup: 0))
            guard Allocations.areCounted else {
                // A build that cannot count (macOS, a sanitizer) records none, rather than a zero.
                #expect(report.cells.allSatisfy { $0.allocations.isEmpty })
                return
            }
            let single = try #require(report.cells.first { $0.runner == "single-threaded" })
            let closure = try #require(report.cells.first { $0.runner == "serial-queue-closure" })
            // Every ok run carries the count its process made once.
            #expect(single.allocations.count == single.okRuns && closure.allocations.count == closure.okRuns)
            // Every thread counts, the test library's too, which allocates a few times a run here (0.004 a job of
            // 1,000 in a debug build); a bench counts 0.
            #expect(try #require(single.allocationsPerJob) < 0.01)
            // One closure context a job, and a dozen allocations a run over the counting run's 1,000 jobs.
            let perJob = try #require(closure.allocationsPerJob)
            #expect(perJob >= 1 && perJob < 1.1, "\(perJob)")
            // A timed run counts nothing: its outcome has no counts of its own.
            #expect(Experiment.run(.serialQueueClosure, configuration: RunConfiguration(queues: 1, iterations: 10)).allocations == nil)
        }
    }
}
