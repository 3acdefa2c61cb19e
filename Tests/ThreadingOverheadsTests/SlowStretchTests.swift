import Foundation
import Testing

@testable import BenchKit
@testable import BenchResults
@testable import JobRunners

extension ThreadingOverheadsTests {
    @Suite("Slow stretches: seconds in which several processes' runs of many cells were slow at once")
    struct SlowStretchTests {
        static let configuration = RunConfiguration(queues: 1, iterations: 10)
        static let runners = ["steady", "task", "actor", "global", "serial", "loop"]
        static let start = Date(timeIntervalSince1970: 1_800_000_000)

        /// A sweep of 600 runs, the six runners in turn, a run a tenth of a second, made by 4 workers at a time
        /// retired every 40 runs (so 60 processes); each run costs about 5 µs, a little different from run to run
        /// (by a fixed pattern), and every 97th twice that, as a steady machine's odd slow run. The runs of
        /// `task`, `actor` and `global` from `from` to `to` cost `factor` times as much; `process`, where given,
        /// made all the runs of that stretch.
        static func sweep(
            factor: Double = 2.5, from: Int = 300, to: Int = 339, process: Int? = nil
        ) -> [ResultRecord] {
            (1...600).map { sequence in
                let runner = runners[(sequence - 1) % runners.count]
                var nanoseconds = 5_000 + Double(sequence * 37 % 101)
                if sequence % 97 == 0 {
                    nanoseconds *= 2
                }
                let stretched = (from...to).contains(sequence)
                if stretched, ["task", "actor", "global"].contains(runner) {
                    nanoseconds *= factor
                }
                let worker = (sequence - 1) / 40 * 4 + sequence % 4 + 1
                return ResultRecord(
                    runner: runner, configuration: configuration, repetition: (sequence - 1) / runners.count + 1,
                    outcome: RunOutcome(
                        status: .ok, nanoseconds: Int64(nanoseconds), completedIterations: 10,
                        startedAt: start.addingTimeInterval(Double(sequence - 1) / 10)),
                    machine: ResultFileTests.machine, seed: 1, sequence: sequence,
                    process: stretched ? (process ?? worker) : worker)
            }
        }

        @Test("a stretch of seconds is found where it was, with whose runs it slowed; the same file, the same answer")
        func found() throws {
            let stretches = SlowStretch.find(in: Self.sweep())
            let stretch = try #require(stretches.first)
            #expect(stretches.count == 1)
            // Its ends are its first and last slow runs: within the runs made slow.
            #expect((300...306).contains(stretch.first))
            #expect((333...339).contains(stretch.last))
            #expect(stretch.sweepLast == 600)
            #expect(stretch.slowRuns >= 18)
            #expect(Set(stretch.slowRunsByRunner.keys) == ["task", "actor", "global"])
            #expect(stretch.slowRunsByRunner.values.reduce(0, +) == stretch.slowRuns)
            #expect(stretch.sweepRuns == 600)
            #expect(SlowStretch.find(in: Self.sweep()) == stretches)
        }

        @Test("none on a steady machine, nor where one process made the slow runs, nor in a file of one process")
        func notFound() {
            // The every-97th slow run alone, spread over the sweep.
            #expect(SlowStretch.find(in: Self.sweep(factor: 1)).isEmpty)
            // One process's slow regime is its own: the processes and the modes say so.
            #expect(SlowStretch.find(in: Self.sweep(process: 999)).isEmpty)
            var oneProcess = Self.sweep()
            for index in oneProcess.indices {
                oneProcess[index].process = 1
            }
            #expect(SlowStretch.find(in: oneProcess).isEmpty)
            var unordered = Self.sweep()
            unordered[0].sequence = nil
            #expect(SlowStretch.find(in: unordered).isEmpty)
        }

        @Test("the summary says when the machine slowed, where in the sweep, and whose runs; nothing where it did not")
        func summary() throws {
            let report = Report(records: Self.sweep(from: 1, to: 40))
            #expect(report.slowStretches == SlowStretch.find(in: report.records))
            let text = try #require(SweepSummary.slowStretchText(report))
            #expect(text.hasPrefix("Slow seconds: the machine slowed once, in 3 processes or more at once: runs "))
            #expect(text.contains(" of 600 (0 to 4 s into the sweep)"))
            // The others' 1%: the every-97th slow run.
            #expect(text.contains("runs took 1.5× their cell's median or more, against 1% of the others"))
            #expect(text.contains("most of all actor, global and task"))
            #expect(SweepSummary.slowStretchText(Report(records: Self.sweep(factor: 1))) == nil)
        }
    }
}
