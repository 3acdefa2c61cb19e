import BenchResults
@testable import JobRunners
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
            // One closure context a job, and a dozen allocations a run (on Linux: on macOS, where Dispatch takes
            // blocks, the closure may also be copied into one; not measured here, so no upper bound there).
            #expect(one >= 1)
            #if os(Linux)
            #expect(one < 1.1)
            #endif
            // A timed run counts nothing: its outcome has no counts of its own.
            #expect(Experiment.run(.serialQueueClosure, configuration: RunConfiguration(queues: 1, iterations: 10)).allocations == nil)
        }

        @Test("wherever a build has a way to count (glibc, macOS's malloc zone), its self-checks pass: each call counted once")
        func selfChecksPass() {
            // The self-checks (allocation_counter.c, Allocations.swift) make their own allocations, by malloc and its
            // family and by the Swift runtime, and count them: a way that misses calls, or counts one twice, fails
            // them, and the build then says it cannot count. This is where a macOS build, written against Apple's
            // malloc/malloc.h and not run on the Linux machine it was developed on, proves its zone counter works.
            #expect(Allocations.areCounted == AllocationCounter.isBuiltIn)
        }
    }
}
