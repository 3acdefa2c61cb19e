import Foundation
import Testing

@testable import BenchKit
@testable import BenchResults
@testable import JobRunners

extension ThreadingOverheadsTests {
    @Suite("Drift: cells whose runs changed with the sweep's course, and the summary's warning of a machine that did")
    struct DriftTests {
        static let configuration = RunConfiguration(queues: 1, iterations: 10)

        /// A sweep of 90 runs, `runners` in turn, each run costing about 5 µs, a little different from run to run
        /// (by a fixed pattern); a runner in `stepped` costs `factor` times that from the sweep's run `from` on.
        static func sweep(
            _ runners: [String], stepped: Set<String> = [], factor: Double = 3, from: Int = 46,
            variant: ResultRecord.Variant? = nil
        ) -> [ResultRecord] {
            (1...90).map { sequence in
                let runner = runners[(sequence - 1) % runners.count]
                var nanoseconds = 5_000 + Double(sequence * 37 % 101)
                if stepped.contains(runner), sequence >= from {
                    nanoseconds *= factor
                }
                return ResultRecord(
                    runner: runner, configuration: configuration, repetition: (sequence - 1) / runners.count + 1,
                    outcome: RunOutcome(
                        status: .ok, nanoseconds: Int64(nanoseconds), completedIterations: 10, startedAt: nil),
                    machine: ResultFileTests.machine, seed: 1, sequence: sequence, variant: variant)
            }
        }

        @Test("a step in some cells' runs is found there, with their medians before and after; not in a steady cell")
        func step() throws {
            let drifting = Drift.cells(of: Self.sweep(["steady", "task", "actor"], stepped: ["task", "actor"]))
            #expect(drifting.map(\.key.runner) == ["task", "actor"])
            let task = try #require(drifting.first)
            #expect(task.last == 90)
            #expect(task.after / task.before > 2.5)
            // A step of ×1.1 is left to the intervals; so is a sweep with no step.
            #expect(Drift.cells(of: Self.sweep(["steady", "task"], stepped: ["task"], factor: 1.1)).isEmpty)
            #expect(Drift.cells(of: Self.sweep(["steady", "task", "actor"])).isEmpty)
        }

        @Test("no drift where the runs' order is not known, or where two builds made them (interleave)")
        func notTested() {
            let stepped = Self.sweep(["steady", "task", "actor"], stepped: ["task", "actor"])
            var unordered = stepped
            unordered[0].sequence = nil
            #expect(Drift.cells(of: unordered).isEmpty)
            let interleaved = Self.sweep(
                ["steady", "task", "actor"], stepped: ["task", "actor"],
                variant: ResultRecord.Variant(label: "A", executable: "bench"))
            #expect(Drift.cells(of: interleaved).isEmpty)
        }

        @Test("the summary warns once two cells or more drift, naming them; one cell alone is left to its own warnings")
        func warning() throws {
            let two = Report(records: Self.sweep(["steady", "task", "actor"], stepped: ["task", "actor"]))
            let text = try #require(SweepSummary.driftText(two))
            #expect(text.hasPrefix("The machine changed during the sweep: 2 of 3 cells' runs differ"))
            // One configuration: cells are named by their runners, and the point they changed at, shared, once.
            #expect(text.contains("Mann–Whitney at 0.1%) at run 45 of 90: task (505 ns, then 1.51 µs), actor ("))
            let one = Report(records: Self.sweep(["steady", "task", "actor"], stepped: ["task"]))
            #expect(SweepSummary.driftText(one) == nil)
            // The threshold, one place for the summary and compare: one drifting cell is no machine change.
            #expect(Drift.cells(of: one.records).count == 1)
            #expect(Drift.machineChange(in: one.records).isEmpty)
            #expect(Drift.machineChange(in: two.records).map(\.key.runner) == ["task", "actor"])
        }

        @Test("compare says which file's sweep saw the machine change, on standard error; a steady pair gets no notice")
        func compareNotice() throws {
            let directory = try TemporaryDirectory()
            let steady = try directory.write("steady.csv", resultFileText(Self.sweep(["steady", "task", "actor"])))
            let changed = try directory.write(
                "changed.csv", resultFileText(Self.sweep(["steady", "task", "actor"], stepped: ["task", "actor"])))
            let run = bench(["compare", steady, changed])
            #expect(run.status == .success)
            let words = run.error.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("the machine changed during the sweep of '\(changed)': 2 cells' runs differ"))
            #expect(!run.error.contains("'\(steady)'"))
            let again = try directory.write("again.csv", resultFileText(Self.sweep(["steady", "task", "actor"])))
            #expect(!bench(["compare", steady, again]).error.contains("machine changed"))
        }
    }
}
