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
                    runners: [.singleThreaded, .serialQueueClosure], configurations: [RunConfiguration(queues: 2, iterations: 20_000)],
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
            // Every thread of the process counts: in a test process, whatever else allocates meanwhile (the test
            // library, threads that earlier tests left ending) counts too, a few to some tens of allocations a run
            // (4 alone, over 10 in CI's full run). Over the counting run's 4,000 jobs the margins below leave room
            // for 400; a bench, which does nothing else while it counts, counts single-threaded 0.
            let (none, one) = (try #require(single.allocationsPerJob), try #require(closure.allocationsPerJob))
            print("allocations per job: single-threaded \(none), serial-queue-closure \(one)")
            #expect(none < 0.1)
            // One closure context a job, and a dozen allocations a run.
            #expect(one >= 1 && one < 1.1)
            // A timed run counts nothing: its outcome has no counts of its own.
            #expect(Experiment.run(.serialQueueClosure, configuration: RunConfiguration(queues: 1, iterations: 10)).allocations == nil)
        }
    }
}
