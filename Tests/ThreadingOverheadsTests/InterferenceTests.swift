import Foundation
import Testing

@testable import BenchKit
@testable import BenchResults
@testable import JobRunners

extension ThreadingOverheadsTests {
    @Suite("Interference: what other programs did with the machine around each run, recorded, summed up, marked")
    struct InterferenceTests {
        static let configuration = RunConfiguration(queues: 1, iterations: 10)

        static func record(_ runner: String, _ sequence: Int, load: RunLoad?) -> ResultRecord {
            ResultRecord(
                runner: runner, configuration: configuration, repetition: sequence,
                outcome: RunOutcome(status: .ok, nanoseconds: 5_000 + Int64(sequence), completedIterations: 10, startedAt: nil),
                machine: ResultFileTests.machine, seed: 1, sequence: sequence, load: load)
        }

        @Test("a run's share: others' CPU time over the window's wall time on every CPU; steal from the machine's")
        func shares() {
            // 10 ms of other processes' CPU time in a 10 ms window of a 2-CPU machine: one core of two.
            #expect(LoadProbe.share(of: 10_000_000, over: 10_000_000, processors: 2) == 0.5)
            // Never above 1 (clocks read a little apart), nothing over no time.
            #expect(LoadProbe.share(of: 30_000_000, over: 10_000_000, processors: 2) == 1)
            #expect(LoadProbe.share(of: 5, over: 0, processors: 2) == 0)
            // 20 s of the machine's CPU time passed, 1 of it stolen.
            let start = LoadProbe.StealCounters(time: 0, steal: 0, total: 20)
            let end = LoadProbe.StealCounters(time: 300_000_000, steal: 1, total: 40)
            #expect(abs(LoadProbe.steal(from: start, to: end) - 0.05) < 1e-12)
            #expect(LoadProbe.steal(from: start, to: start) == 0)
            #expect(RunLoad(others: 0.15, steal: 0.05).isInterference)
            #expect(!RunLoad(others: 0.1, steal: 0.05).isInterference)
        }

        #if os(Linux) || os(macOS)
        /// Runs `body` while a child shell of this process burns CPU (`while :; do :; done`), given the shell's
        /// process id; the shell is killed after.
        static func whileBurning(_ command: String = "while :; do :; done", _ body: (Int32) throws -> Void) throws {
            try withoutActuallyEscaping(body) { body in
                _ = try runProcess(["/bin/sh", "-c", command], timeout: 60) { process in
                    defer { kill(process.processIdentifier, SIGKILL) }
                    try body(process.processIdentifier)
                }
            }
        }

        /// The processes whose parent is `id`.
        static func children(of id: Int32) -> [Int32] {
            OtherProcesses.processIDs().filter { OtherProcesses.parentAndKind(of: $0)?.parent == id }
        }

        @Test("the sweep's own processes and the kernel's are never another program's; an unrelated process is")
        func attribution() throws {
            // A child of this process, burning CPU: the sweep's own, as a worker or an --isolate child is. To a
            // sweep rooted in a sibling process (a shell asleep), it is another program's.
            try Self.whileBurning { burner in
                try Self.whileBurning("exec sleep 60") { sibling in
                    var processes = OtherProcesses()
                    var sibling = OtherProcesses(root: sibling)
                    processes.update()
                    sibling.update()
                    #expect(processes.kind(of: getpid()) == .own)
                    #expect(processes.kind(of: burner) == .own)
                    // The program that started this one (swift test, a shell) is another program.
                    #expect(processes.kind(of: getppid()) == .other)
                    #expect(sibling.kind(of: burner) == .other)
                    #expect(sibling.kind(of: getpid()) == .other)
                    let siblingBefore = sibling.total
                    let burnerBefore = try #require(OtherProcesses.cpuNanoseconds(of: burner))
                    // The sweep's own threads at work meanwhile (a thread per job, whose aftermath in the kernel
                    // marked runs before).
                    let outcome = Experiment.run(
                        .detachThread, configuration: RunConfiguration(queues: 4, iterations: 200))
                    #expect(outcome.status == .ok)
                    Thread.sleep(forTimeInterval: 0.1)
                    let burnerAfter = try #require(OtherProcesses.cpuNanoseconds(of: burner))
                    processes.update()
                    sibling.update()
                    // All the burner used between the two readings counts for the sibling's sweep: read by the
                    // test inside its window, it is a lower bound of what that probe counted of it.
                    #expect(burnerAfter > burnerBefore)
                    #expect(sibling.total - siblingBefore >= burnerAfter - burnerBefore)
                    #expect(processes.kind(of: burner) == .own)
                }
            }
            #if os(Linux)
            // Linux's kernel threads, where this process can see them (not inside a PID namespace of its own):
            // kthreadd, the parent of them all, is process 2.
            if let fields = OtherProcesses.statFields(of: 2), fields.count > 6, let flags = UInt64(fields[6]),
                flags & 0x0020_0000 != 0
            {
                var processes = OtherProcesses()
                processes.update()
                #expect(processes.kind(of: 2) == .kernel)
            }
            #endif
        }

        @Test("a child's child is the sweep's own too, and a process that has ended is gone, not another program's")
        func descendants() throws {
            // A child shell that starts a burner of its own and waits for it: validate's sweep and its workers.
            try Self.whileBurning("sh -c 'while :; do :; done' & wait") { child in
                var grandchildren: [Int32] = []
                #expect(eventually(timeout: 10) {
                    grandchildren = Self.children(of: child)
                    return !grandchildren.isEmpty
                })
                let grandchild = try #require(grandchildren.first)
                defer { kill(grandchild, SIGKILL) }
                var processes = OtherProcesses()
                processes.update()
                #expect(processes.kind(of: child) == .own)
                #expect(processes.kind(of: grandchild) == .own)
            }
            // A child that has ended and been waited for is no longer there to count.
            let ended = try runProcess(["/bin/sh", "-c", "echo $$"], timeout: 10)
            let id = try #require(Int32(ended.output.trimmingCharacters(in: .whitespacesAndNewlines)))
            var processes = OtherProcesses()
            processes.update()
            #expect(processes.kind(of: id) == nil)
            #expect(OtherProcesses.cpuNanoseconds(of: id) == nil)
        }

        @Test("the probe reads a load around a run: others' share, and steal where the system counts it")
        func probeReads() throws {
            let probe = LoadProbe()
            #expect(probe.isAvailable)
            #expect(OtherProcesses.cpuNanoseconds(of: getpid()) ?? 0 > 0)
            #expect(OtherProcesses.cpuNanoseconds(of: -1) == nil)
            probe.runStarts()
            let started = MonotonicClock.now()
            let load = try #require(probe.runEnded())
            // A window shorter than the shortest is waited out, with nothing of the sweep's running.
            #expect(MonotonicClock.now() - started >= LoadProbe.shortestWindow)
            #expect((0...1).contains(load.others) && (0...1).contains(load.steal))
            // No window open, no load.
            #expect(probe.runEnded() == nil)
        }
        #endif

        @Test("version 8: each run's load reads back; a version 7 file reads without it; a share above 1 is refused")
        func schema() throws {
            let record = Self.record("task", 1, load: RunLoad(others: 0.25, steal: 0.125))
            let text = resultFileText([record])
            #expect(try ResultSet(path: "v8.csv", data: Data(text.utf8)).records == [record])
            let v7 = ResultSchema.columns.filter { !ResultSchema.version8Columns.contains($0) }
            let seven = CSV.line(v7) + CSV.line(ResultFileTests.fields(of: record, in: v7, version: 7))
            #expect(try ResultSet(path: "v7.csv", data: Data(seven.utf8)).records.first?.load == nil)
            let bad = text.replacingOccurrences(of: ",0.250,0.125", with: ",1.250,0.125")
            #expect(bad != text)
            #expect(throws: ResultFileError.self) { try ResultSet(path: "bad.csv", data: Data(bad.utf8)) }
        }

        @Test("compare: a cell measured mostly during interference in either file is never called")
        func compareAcrossInterference() throws {
            func file(_ nanoseconds: Int64, interfered: Int) -> Report {
                Report(records: (1...6).map { sequence in
                    var record = Self.record("serial-queue", sequence, load: RunLoad(others: sequence <= interfered ? 0.4 : 0, steal: 0))
                    record.outcome.nanoseconds = nanoseconds + Int64(sequence)
                    return record
                })
            }
            // Twice as slow in every run: slower, unless most of either file's runs were made while other programs ran.
            #expect(Comparison(baseline: file(1000, interfered: 0), candidate: file(2000, interfered: 0)).rows.first?.verdict == .slower)
            #expect(Comparison(baseline: file(1000, interfered: 0), candidate: file(2000, interfered: 3)).rows.first?.verdict == .slower)
            let differing = Comparison(baseline: file(1000, interfered: 0), candidate: file(2000, interfered: 4))
            let row = try #require(differing.rows.first)
            #expect(row.interfered == .candidate && row.verdict == .unsure)
            #expect(Comparison(baseline: file(1000, interfered: 4), candidate: file(2000, interfered: 0)).rows.first?.interfered == .baseline)
            // Both files so made: two sessions' interference differs in amount and kind, and no verdict is called.
            let both = Comparison(baseline: file(1000, interfered: 6), candidate: file(2000, interfered: 6))
            #expect(both.rows.first?.interfered == .both && both.rows.first?.verdict == .unsure)
            // Within the threshold it is still the same: that is no claim of a difference.
            #expect(Comparison(baseline: file(1000, interfered: 0), candidate: file(1010, interfered: 6)).rows.first?.verdict == .same)
            let text = try #require(FileComparison.interferenceText(differing, label: "B"))
            #expect(text.hasPrefix("Interference: 1 cell had most of its runs made while other programs or guests used the machine (in B only)"))
            let bothText = try #require(FileComparison.interferenceText(both, label: "B"))
            #expect(bothText.contains("the machine (in both)"))
            // validate judges each cell's own "sees" as compare would: never slower there either.
            let quiet = Validation(first: file(1000, interfered: 0), second: file(1000, interfered: 0).records, shift: 1.2, threshold: 0.05)
            #expect(quiet.ownDetectable.cells == 1 && quiet.ownDetectable.detected == 1)
            let busy = Validation(first: file(1000, interfered: 6), second: file(1000, interfered: 6).records, shift: 1.2, threshold: 0.05)
            #expect(busy.ownDetectable.cells == 1 && busy.ownDetectable.detected == 0)
        }

        @Test("check: a cell with more than a quarter of its runs made during interference decides nothing, and says why")
        func checkAcrossInterference() throws {
            // detach-thread 3× serial-queue in every run; `interfered` of serial-queue's 8 runs beside other programs.
            func report(interfered: Int) -> Report {
                Report(records: (1...16).map { sequence in
                    let runner = sequence <= 8 ? "serial-queue" : "detach-thread"
                    let busy = runner == "serial-queue" && sequence <= interfered
                    var record = Self.record(runner, sequence, load: RunLoad(others: busy ? 0.4 : 0, steal: 0))
                    record.outcome.nanoseconds = (runner == "serial-queue" ? 1000 : 3000) + Int64(sequence)
                    return record
                })
            }
            let holds = try CheckExpression(parsing: "detach-thread >= 2x serial-queue")
            let fails = try CheckExpression(parsing: "detach-thread >= 4x serial-queue")
            // Two of eight is a quarter, not more: decided either way.
            #expect(holds.evaluate(on: report(interfered: 2)).map(\.outcome) == [.holds])
            #expect(fails.evaluate(on: report(interfered: 2)).map(\.outcome) == [.fails])
            for check in [holds, fails] {
                let result = try #require(check.evaluate(on: report(interfered: 3)).first)
                #expect(result.outcome == .inconclusive)
                #expect(result.interval != nil)
                #expect(result.explanation.hasSuffix(
                    "; not decided: 3 of 8 runs of serial-queue were made while other programs used 40% of the machine's CPU time"))
            }
            // A runner with no ok run still fails, interference or not.
            let missing = try CheckExpression(parsing: "task >= 2x serial-queue")
            #expect(missing.evaluate(on: report(interfered: 8)).map(\.outcome) == [.fails])
        }

        @Test("who used the machine is said as the loads show it: other programs, the hypervisor's other guests, or both")
        func whoUsedTheMachine() throws {
            #expect(RunLoad(others: 0.4, steal: 0).usersText == "other programs used 40% of the machine's CPU time")
            #expect(
                RunLoad(others: 0.001, steal: 0.4).usersText
                    == "the hypervisor gave 40% of the machine's CPU time to other guests")
            #expect(
                RunLoad(others: 0.05, steal: 0.3).usersText
                    == "other programs used 5% of the machine's CPU time and the hypervisor gave 30% to other guests")
            // A check on a VM whose host gave 40% of the time to other guests says so, not "other programs".
            let records = (1...16).map { sequence in
                var record = Self.record(
                    sequence <= 8 ? "serial-queue" : "detach-thread", sequence,
                    load: RunLoad(others: 0, steal: sequence.isMultiple(of: 2) ? 0.3 : 0.5))
                record.outcome.nanoseconds = (sequence <= 8 ? 1000 : 3000) + Int64(sequence)
                return record
            }
            let check = try CheckExpression(parsing: "detach-thread >= 2x serial-queue")
            let result = try #require(check.evaluate(on: Report(records: records)).first)
            #expect(result.outcome == .inconclusive)
            #expect(result.explanation.hasSuffix(
                "; not decided: 8 of 8 runs of detach-thread and 8 of 8 runs of serial-queue were made while the "
                    + "hypervisor gave 40% of the machine's CPU time to other guests"))
        }

        @Test("the summary names the interference, its share and when; its cells are marked ! and the rest are not")
        func summary() throws {
            // Runs 1 to 10 of two cells; other programs used 40% of the machine during runs 4 to 7, all of task's.
            let records = (1...10).map { sequence in
                let busy = (4...7).contains(sequence)
                return Self.record(
                    busy ? "task" : (sequence.isMultiple(of: 2) ? "task" : "serial-queue"), sequence,
                    load: RunLoad(others: busy ? 0.4 : 0.01, steal: 0))
            }
            let report = Report(records: records)
            let text = try #require(SweepSummary.interferenceText(report))
            #expect(text.hasPrefix("Interference: other programs used 40% of the machine's CPU time during 4 of 10 runs, "
                + "by thirds of the sweep 1, 3 and 0. 1 cell marked ! in the tables (the CSV's"))
            let task = try #require(report.cell("task", at: Self.configuration))
            let serial = try #require(report.cell("serial-queue", at: Self.configuration))
            #expect(task.interferedRuns == 4 && serial.interferedRuns == 0)
            #expect(SweepSummary.costText(task)?.hasSuffix("!") == true)
            #expect(SweepSummary.costText(serial)?.hasSuffix("!") == false)
            // The summary says so once, in that warning, not again in the legend of the marks.
            let directory = try TemporaryDirectory()
            let file = try directory.write(
                "r.csv", resultFileText(records))
            let output = bench(["--input", file]).output
            #expect(output.contains("1 cell marked ! in the tables"))
            #expect(!output.contains("! : "))
            // A quiet sweep, and a file without loads: nothing said.
            let quiet = (1...10).map { Self.record("task", $0, load: RunLoad(others: 0.01, steal: 0)) }
            #expect(SweepSummary.interferenceText(Report(records: quiet)) == nil)
            #expect(SweepSummary.interferenceText(Report(records: quiet.map { var r = $0; r.load = nil; return r })) == nil)
        }

        @Test("a chart says which cells had runs made during interference: a footnote, and each mark's tooltip")
        func chart() throws {
            let records = (1...10).map { sequence in
                Self.record(
                    sequence.isMultiple(of: 2) ? "task" : "serial-queue", sequence,
                    load: RunLoad(others: (4...7).contains(sequence) ? 0.4 : 0.01, steal: 0))
            }
            func chart(_ records: [ResultRecord]) -> RowChart {
                RowChart.costPerJob(
                    [("A", Report(records: records))], configurations: [Self.configuration], catalogue: .builtIn)
            }
            let marked = chart(records)
            #expect(
                marked.footnotes == [
                    "In 2 of 2 cells some runs were made while other programs used the machine (the summary's !; a "
                        + "pointer over a mark says how many): they may be off."
                ])
            let tooltips = marked.groups.flatMap(\.rows).flatMap(\.marks).map(\.tooltip)
            #expect(tooltips.count == 2 && tooltips.allSatisfy { $0.hasSuffix("; ! 2 made during interference") })
            let quiet = records.map { record in
                var record = record
                record.load = RunLoad(others: 0.01, steal: 0)
                return record
            }
            #expect(chart(quiet).footnotes.isEmpty)
            #expect(!chart(quiet).svg().contains("interference"))
        }
    }
}
