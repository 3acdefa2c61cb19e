import BenchResults
import Foundation
import JobRunners
import Testing

@testable import BenchKit

extension ThreadingOverheadsTests {
    /// Per-job work (`--work`) and what runs cost the machine.
    @Suite struct WorkAndResourceTests {
        @Test("work is calibrated once and scales with the time asked for")
        func calibration() {
            let rate = Work.spinsPerMicrosecond
            #expect(rate > 0)
            #expect(Work.spinsPerMicrosecond == rate)
            #expect(Work.spins(forNanoseconds: 0) == 0)
            #expect(Work.spins(forNanoseconds: 1) >= 1)
            let thousand = Work.spins(forNanoseconds: 1_000)
            #expect(abs(Work.spins(forNanoseconds: 10_000) - 10 * thousand) <= 10)
        }

        // The C floor too: it has a spin loop of its own, which clang once optimized away in release builds (.ci/run
        // checks those; this checks the loop is called at all).
        @Test(
            "a job with work takes longer than one without, by far", .timeLimit(.minutes(1)),
            arguments: [RunnerKind.singleThreaded, .floorSingleThreaded])
        func workTakesTime(_ runner: RunnerKind) throws {
            // 400 µs of work against a job of about a microsecond at most: a margin of 10× or more in every build.
            // Not less: the work is calibrated with the Swift loop, which in debug and ThreadSanitizer builds runs
            // about 15 times slower than the C floor's, so the floor's "20 µs" took only 0.9 to 1.5 µs under
            // ThreadSanitizer, 4 to 10 times an idle job there (150 to 245 ns; measured, and the test failed in CI).
            // 400 µs makes that 15 µs or more.
            func perJob(_ work: Int) throws -> Double {
                let times = try (0..<5).map { _ in
                    try #require(
                        Experiment.run(runner, configuration: RunConfiguration(queues: 1, iterations: 200, workNanoseconds: work))
                            .nanoseconds)
                }
                return Double(times.sorted()[2]) / 200
            }
            let idle = try perJob(0)
            let busy = try perJob(400_000)
            #expect(busy >= 10 * idle, "\(busy) ns per job with 400 µs of work, \(idle) ns without")
        }

        @Test("the CSV records the work, its calibration and the resources of every run", .timeLimit(.minutes(1)))
        func recorded() throws {
            let run = bench([
                "--runners", "single-threaded,serial-queue,detach-thread", "--queues", "2", "--iterations", "50",
                "--work", "2000", "--repetitions", "2", "--warmup", "0", "--output", "-", "--quiet", "--metrics",
            ])
            #expect(run.status == .success, "\(run.error)")
            let rows = try rows(ofCSV: run.output)
            #expect(rows.count == 6)
            for row in rows {
                #expect(row["work_ns"] == "2000")
                #expect(row["work_spins"] == String(Work.spins(forNanoseconds: 2_000)))
                #expect(Double(row["spins_per_us"] ?? "") == (Work.spinsPerMicrosecond * 1000).rounded() / 1000)
                let user = try #require(Double(row["cpu_user_seconds"] ?? ""))
                let system = try #require(Double(row["cpu_system_seconds"] ?? ""))
                #expect(user + system > 0)
                expectThreadsAndMemory(row)
            }
            // --metrics adds the table of what the runs cost.
            #expect(run.error.contains("What the runs cost the machine"))
            #expect(run.error.contains("2×50+2000ns"))
        }

        @Test("the metrics of a cell: medians per job, the most threads and memory")
        func cellMetrics() throws {
            let configuration = RunConfiguration(queues: 1, iterations: 1_000)
            func record(_ repetition: Int, cpu: Double, switches: Int, threads: Int, memory: Int) -> ResultRecord {
                ResultRecord(
                    runner: "task", configuration: configuration, repetition: repetition,
                    outcome: RunOutcome(status: .ok, nanoseconds: 1_000_000, detail: "", completedIterations: 1_000, startedAt: nil, metrics: RunMetrics(
                        cpuUserSeconds: cpu, cpuSystemSeconds: 0, voluntaryContextSwitches: switches,
                        involuntaryContextSwitches: 0, peakThreads: threads, maxRSSBytes: memory)),
                    machine: .current())
            }
            let report = Report(records: [
                record(1, cpu: 0.001, switches: 10, threads: 5, memory: 100),
                record(2, cpu: 0.003, switches: 30, threads: 9, memory: 300),
                record(3, cpu: 0.002, switches: 20, threads: 7, memory: 200),
            ])
            let cell = try #require(report.cells.first)
            #expect(cell.medianCPUNanosecondsPerJob == 2_000)
            #expect(cell.medianVoluntarySwitchesPerJob == 0.02)
            #expect(cell.peakThreads == 9)
            #expect(cell.maxRSSBytes == 300)
            let row = Dictionary(uniqueKeysWithValues: zip(SummarySchema.columns, SummarySchema.fields(of: cell, machine: .current())))
            #expect(row["median_cpu_ns_per_job"] == "2000.000")
            #expect(row["peak_threads"] == "9")
            #expect(row["max_rss_bytes"] == "300")
        }
    }

    @Suite struct CrossoverTests {
        /// A report of one queue at each work size, where the control costs W + 50 ns per job and `task` costs
        /// W + `overhead`.
        static func report(overhead: Double, works: [Int]) -> Report {
            report(works: works) { _ in overhead }
        }

        /// The same, with `task`'s overhead at each work W given by `overhead(W)`.
        static func report(works: [Int], overhead: (Int) -> Double) -> Report {
            var records: [ResultRecord] = []
            for work in [0] + works {
                for (runner, cost) in [("single-threaded", 50.0), ("task", overhead(work))] {
                    let configuration = RunConfiguration(queues: 1, iterations: 1_000, workNanoseconds: work)
                    records.append(
                        ResultRecord(
                            runner: runner, configuration: configuration, repetition: 1,
                            outcome: RunOutcome(status: .ok, nanoseconds: Int64((Double(work) + cost) * 1_000), detail: "", completedIterations: 1_000, startedAt: nil),
                            machine: .current()))
                }
            }
            return Report(records: records)
        }

        @Test("a constant overhead of 1 µs falls below 10% at 10 µs of work and below 1% at 100 µs")
        func constantOverhead() throws {
            let crossover = Crossover(report: Self.report(overhead: 1_000, works: [1_000, 3_000, 10_000, 30_000, 100_000, 300_000]))
            let task = try #require(crossover.rows.first { $0.runner == "task" })
            #expect(task.overheadWithoutWork == 1_000)
            #expect(Self.work(task.belowTenPercent).map { abs($0 - 10_000) < 1e-6 } == true)
            #expect(Self.work(task.belowOnePercent).map { abs($0 - 100_000) < 1e-6 } == true)
            let shares: [Double] = [1, 1.0 / 3, 0.1, 1.0 / 30, 0.01, 1.0 / 300]
            let measured = task.points.map(\.overheadShare)
            #expect(measured.count == shares.count)
            for (share, expected) in zip(measured, shares) {
                #expect(abs(share - expected) < 1e-12)
            }
            let control = try #require(crossover.rows.first { $0.runner == "single-threaded" })
            // 50 ns is already 5% of the smallest job measured, 1 µs.
            #expect(control.belowTenPercent == .atMost(1_000))
        }

        /// The work size of a crossing between two measured sizes.
        static func work(_ crossing: Crossover.Crossing) -> Double? {
            guard case .at(let work) = crossing else {
                return nil
            }
            return work
        }

        @Test("interpolation between work sizes is on logarithmic scales")
        func interpolation() throws {
            // Shares 1 at 1 µs and 0.01 at 100 µs: 10% lies halfway on a log scale, at 10 µs.
            let crossover = Crossover(report: Self.report(overhead: 1_000, works: [1_000, 100_000]))
            let task = try #require(crossover.rows.first { $0.runner == "task" })
            guard case .at(let work) = task.belowTenPercent else {
                Issue.record("expected a crossing between the sizes, not \(task.belowTenPercent)")
                return
            }
            #expect(abs(work - 10_000) < 1)
        }

        @Test("below from the smallest size, or never within the sizes measured")
        func outsideTheRange() throws {
            let cheap = Crossover(report: Self.report(overhead: 55, works: [100_000, 1_000_000]))
            #expect(cheap.rows.first { $0.runner == "task" }?.belowTenPercent == .atMost(100_000))
            let dear = Crossover(report: Self.report(overhead: 100_000, works: [1_000, 10_000]))
            #expect(dear.rows.first { $0.runner == "task" }?.belowOnePercent == .beyond(10_000))
            let noControl = Crossover(report: Report(records: Self.report(overhead: 1_000, works: [1_000]).records.filter { $0.runner == "task" }))
            #expect(noControl.rows.first?.belowTenPercent == .unknown)
        }

        @Test("a crossing is where the share stays below, not where noise first dips under it")
        func shareThatDipsAndRises() throws {
            // Shares 100% at 1 µs, 0.5% at 10 µs, 2% at 100 µs, 0.1% at 1 ms: below 1% from between 100 µs and 1 ms,
            // not from 10 µs, where the next size is over 1% again.
            let overheads = [0: 1_000.0, 1_000: 1_000, 10_000: 50, 100_000: 2_000, 1_000_000: 1_000]
            let dipping = Crossover(report: Self.report(works: [1_000, 10_000, 100_000, 1_000_000]) { overheads[$0] ?? 0 })
            let task = try #require(dipping.rows.first { $0.runner == "task" })
            let work = try #require(Self.work(task.belowOnePercent))
            #expect(work > 100_000 && work < 1_000_000)
            // Over 1% again at the largest size: not below within the sizes measured.
            let rising = Crossover(report: Self.report(works: [1_000, 10_000, 100_000]) { overheads[$0] ?? 0 })
            #expect(rising.rows.first { $0.runner == "task" }?.belowOnePercent == .beyond(100_000))
        }

        @Test("bench crossover measures every runner named and the control, and reads its own file back", .timeLimit(.minutes(2)))
        func command() throws {
            let directory = try TemporaryDirectory()
            let path = directory.path + "/crossover.csv"
            let run = bench([
                "crossover", "--runners", "serial-queue", "--work", "1000,10000", "--repetitions", "1", "--warmup", "0",
                "--output", path, "--quiet",
            ])
            #expect(run.status == .success, "\(run.error)")
            #expect(run.output.contains("Job size at which the overhead falls below 10% and 1%"))
            let records = try ResultSet(contentsOfFile: path).records
            #expect(Set(records.map(\.runner)) == ["single-threaded", "serial-queue"])
            #expect(Set(records.map(\.configuration.workNanoseconds)) == [0, 1_000, 10_000])
            #expect(records.allSatisfy { $0.configuration.queues == 1 && $0.status == .ok })
            let again = bench(["crossover", "--input", path])
            #expect(again.status == .success)
            #expect(again.output == run.output)
        }
    }
}
