import Foundation
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

        @Test("wherever a build has a way to count (glibc, macOS's malloc zone), its self-checks pass: each kind of call counted once")
        func selfChecksPass() {
            // The self-checks (allocation_counter.c, Allocations.swift) make their own allocations, kind by kind, by
            // malloc and its family and by the Swift runtime, and count each kind apart: a way that misses a kind,
            // or counts one twice, fails them, and the build then says it cannot count. This is where a macOS
            // build, written against Apple's malloc/malloc.h and not run on the Linux machine it was developed on,
            // proves its zone counter works.
            for kind in AllocationCounter.selfCheck {
                print("allocation self-check: \(kind.name) made \(kind.made), counted \(kind.counted)")
            }
            if let why = Allocations.whyNotCounted {
                print("allocations are not counted: \(why)")
            }
            #if os(macOS) && arch(arm64)
            // macOS 26 on Apple silicon allocates through xzone malloc, whose fast paths may not pass through zone
            // 0's functions: there the counter may find that it misses calls. Either outcome is expected; what is
            // not is a build that cannot count and does not say why (runs then carry no counts: countsTravelWithRuns).
            if ProcessInfo.processInfo.isOperatingSystemAtLeast(
                OperatingSystemVersion(majorVersion: 26, minorVersion: 0, patchVersion: 0))
            {
                #expect(Allocations.areCounted == (Allocations.whyNotCounted == nil))
                return
            }
            #endif
            #expect(Allocations.areCounted == AllocationCounter.isBuiltIn)
            #expect(Allocations.areCounted == (Allocations.whyNotCounted == nil))
            if AllocationCounter.isBuiltIn {
                // malloc, calloc, realloc, posix_memalign (and malloc_zone_malloc on macOS), then the Swift runtime.
                #expect(AllocationCounter.selfCheck.count >= 5)
            }
        }

        @Test("the self-check's rule fails a kind of call counted twice, and one missed, whichever kind it is")
        func selfCheckRule() {
            // Five kinds of 16 allocations and 16 frees each, as the C self-check makes them.
            let made = Array(repeating: (allocations: UInt64(16), frees: UInt64(16)), count: 5)
            #expect(AllocationCounter.countedOnce(made: made, counted: made))
            // Another thread's calls meanwhile, up to half as many again.
            #expect(AllocationCounter.countedOnce(made: made, counted: made.map { ($0.allocations + 8, $0.frees + 8) }))
            for kind in made.indices {
                func counted(_ change: ((allocations: UInt64, frees: UInt64)) -> (allocations: UInt64, frees: UInt64))
                    -> [(allocations: UInt64, frees: UInt64)]
                {
                    made.indices.map { $0 == kind ? change(made[$0]) : made[$0] }
                }
                // A kind counted twice, or missed, in its allocations or in its frees. Counted twice, it puts the
                // totals over all kinds at 1.2 times what was made, which a rule on totals alone let pass.
                #expect(!AllocationCounter.countedOnce(made: made, counted: counted { ($0.allocations * 2, $0.frees) }))
                #expect(!AllocationCounter.countedOnce(made: made, counted: counted { ($0.allocations, $0.frees * 2) }))
                #expect(!AllocationCounter.countedOnce(made: made, counted: counted { (0, $0.frees) }))
                #expect(!AllocationCounter.countedOnce(made: made, counted: counted { ($0.allocations, 0) }))
            }
        }
    }
}
