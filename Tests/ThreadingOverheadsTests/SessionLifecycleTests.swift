import BenchResults
import JobRunners
import Testing

@testable import BenchKit

extension ThreadingOverheadsTests {
    /// The measuring session's states, driven alone: no file, no console, no signal (``SessionLifecycle``).
    @Suite struct SessionLifecycleTests {
        static let configuration = RunConfiguration(queues: 1, iterations: 1000)
        static let plan = SweepPlan(
            cells: [SweepPlan.Cell(runner: .serialQueue, configuration: configuration)], sampling: .repetitions(3),
            warmup: .runs(0))

        static func run(_ runner: String = "serial-queue", variant: String? = nil) -> ResultRecord {
            ResultRecord(
                runner: runner, configuration: configuration, repetition: 99,
                outcome: RunOutcome(
                    status: .ok, nanoseconds: 1_000_000, detail: "", completedIterations: 1000, startedAt: nil),
                machine: MachineInfo.current(), variant: variant.map { .init(label: $0, executable: "./bench") })
        }

        /// Records `record` as the session does: its row, written, then recorded.
        static func record(_ record: ResultRecord, in lifecycle: inout SessionLifecycle) -> ResultRecord? {
            guard let row = lifecycle.row(for: record) else {
                return nil
            }
            lifecycle.recorded(row)
            return row
        }

        @Test("recording numbers each cell's runs, a build's apart, and continues them in a later plan")
        func numbering() throws {
            var lifecycle = SessionLifecycle()
            #expect(lifecycle.begin(Self.plan) == 0)
            let numbers = [Self.run(), Self.run(), Self.run("task"), Self.run(variant: "A"), Self.run(variant: "B")]
                .compactMap { Self.record($0, in: &lifecycle)?.repetition }
            #expect(numbers == [1, 2, 1, 1, 1])
            // A second plan (check's later look) continues the numbering, and returns only its own runs.
            let begun = lifecycle.begin(Self.plan)
            #expect(begun == 5)
            let first = try #require(begun)
            #expect(Self.record(Self.run(), in: &lifecycle)?.repetition == 3)
            #expect(lifecycle.records(since: first).map(\.repetition) == [3])
            #expect(lifecycle.plannedRuns == 6)
            // A row not written (the write failed) is not recorded: the next run takes its number.
            #expect(lifecycle.row(for: Self.run())?.repetition == 4)
            #expect(lifecycle.row(for: Self.run())?.repetition == 4)
        }

        @Test("a budget's plan leaves the planned runs unknown")
        func budgetPlan() {
            var lifecycle = SessionLifecycle()
            _ = lifecycle.begin(Self.plan)
            _ = lifecycle.begin(SweepPlan(cells: Self.plan.cells, sampling: .budget(.init(seconds: 10)), warmup: .runs(0)))
            #expect(lifecycle.plannedRuns == nil)
        }

        @Test("the command ends it: it finishes the file; an interrupt then waits for it, and after, does nothing")
        func commandEnds() {
            var lifecycle = SessionLifecycle()
            _ = lifecycle.begin(Self.plan)
            let row = Self.record(Self.run(), in: &lifecycle)
            #expect(lifecycle.end(by: .command) == .finishFile(records: [row].compactMap { $0 }, planned: 3))
            #expect(lifecycle.state == .closing(by: .command))
            // While the file is being finished: a run is not recorded, an interrupt waits, the command gets nothing.
            #expect(Self.record(Self.run(), in: &lifecycle) == nil)
            #expect(lifecycle.records(since: 0).isEmpty)
            #expect(lifecycle.end(by: .interrupt) == .waitUntilClosed)
            #expect(lifecycle.end(by: .command) == .nothing)
            lifecycle.closed()
            #expect(lifecycle.state == .closed)
            #expect(lifecycle.end(by: .interrupt) == .nothing)
            #expect(lifecycle.end(by: .command) == .nothing)
            #expect(lifecycle.begin(Self.plan) == nil)
        }

        @Test("an interrupt at each state: recording, it finishes the file; closing, it waits; closed, nothing")
        func interruptAtEachState() {
            // Before any run: the file is finished, empty.
            var fresh = SessionLifecycle()
            #expect(fresh.end(by: .interrupt) == .finishFile(records: [], planned: 0))
            // While recording: with the runs so far; the command, finishing later, gets nothing.
            var recording = SessionLifecycle()
            _ = recording.begin(Self.plan)
            let rows = [Self.run(), Self.run()].compactMap { Self.record($0, in: &recording) }
            #expect(recording.end(by: .interrupt) == .finishFile(records: rows, planned: 3))
            #expect(recording.state == .closing(by: .interrupt))
            #expect(recording.end(by: .command) == .nothing)
            #expect(Self.record(Self.run(), in: &recording) == nil)
            // A second signal while the first one's file is being finished waits for it too.
            #expect(recording.end(by: .interrupt) == .waitUntilClosed)
            recording.closed()
            #expect(recording.end(by: .interrupt) == .nothing)
        }
    }
}
