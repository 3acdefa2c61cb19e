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

        @Test("a run's load: the machine's processes' time less the sweep's own, and the stolen time, as shares")
        func load() throws {
            let start = LoadProbe.Counters(time: 0, processes: 10, steal: 0, total: 20, own: [1: 2, 2: 4])
            // 20 s of CPU time passed, 10 of them its processes', 1 stolen. Process 1 used 5 s, process 2 ended (lost), and
            // process 3 started and used 1 s: the sweep's own 6 s, so others used 4 s, a fifth.
            let end = LoadProbe.Counters(time: 300_000_000, processes: 20, steal: 1, total: 40, own: [1: 7, 3: 1])
            let load = try #require(LoadProbe.load(from: start, to: end))
            #expect(abs(load.others - 0.2) < 1e-12)
            #expect(abs(load.steal - 0.05) < 1e-12)
            #expect(load.isInterference)
            // Never below 0 or above 1, where the counters' ticks and the processes' times disagree; nothing
            // where no time passed.
            let busier = LoadProbe.Counters(time: 300_000_000, processes: 11, steal: 0, total: 40, own: [1: 7])
            #expect(LoadProbe.load(from: start, to: busier)?.others == 0)
            #expect(LoadProbe.load(from: start, to: start) == nil)
            #expect(!RunLoad(others: 0.1, steal: 0.05).isInterference)
        }

        #if os(Linux)
        @Test("on Linux the probe reads /proc: its own process's CPU time, and a load over at least a quarter second")
        func probeReads() throws {
            let probe = LoadProbe()
            #expect(probe.isAvailable)
            #expect((LoadProbe.cpuSeconds(of: getpid()) ?? -1) >= 0)
            #expect(LoadProbe.cpuSeconds(of: -1) == nil)
            // Over a window in which the machine's counters have ticked (they count in 10 ms ticks).
            Thread.sleep(forTimeInterval: 0.3)
            let load = try #require(probe.loadEndingNow())
            #expect((0...1).contains(load.others) && (0...1).contains(load.steal))
        }
        #endif

        @Test("version 8: each run's load reads back; a version 7 file reads without it; a share above 1 is refused")
        func schema() throws {
            let record = Self.record("task", 1, load: RunLoad(others: 0.25, steal: 0.125))
            let text = CSV.line(ResultSchema.columns) + CSV.line(ResultSchema.fields(of: record))
            #expect(try ResultSet(path: "v8.csv", data: Data(text.utf8)).records == [record])
            let v7 = ResultSchema.columns.filter { !ResultSchema.version8Columns.contains($0) }
            let seven = CSV.line(v7) + CSV.line(ResultFileTests.fields(of: record, in: v7, version: 7))
            #expect(try ResultSet(path: "v7.csv", data: Data(seven.utf8)).records.first?.load == nil)
            let bad = text.replacingOccurrences(of: ",0.250,0.125", with: ",1.250,0.125")
            #expect(bad != text)
            #expect(throws: ResultFileError.self) { try ResultSet(path: "bad.csv", data: Data(bad.utf8)) }
        }

        @Test("compare: a cell measured mostly during interference in one file and not the other is never called")
        func compareAcrossInterference() throws {
            func file(_ nanoseconds: Int64, interfered: Int) -> Report {
                Report(records: (1...6).map { sequence in
                    var record = Self.record("serial-queue", sequence, load: RunLoad(others: sequence <= interfered ? 0.4 : 0, steal: 0))
                    record.outcome.nanoseconds = nanoseconds + Int64(sequence)
                    return record
                })
            }
            // Twice as slow in every run: slower, unless most of B's runs were made while other programs ran.
            #expect(Comparison(baseline: file(1000, interfered: 0), candidate: file(2000, interfered: 0)).rows.first?.verdict == .slower)
            #expect(Comparison(baseline: file(1000, interfered: 0), candidate: file(2000, interfered: 3)).rows.first?.verdict == .slower)
            let differing = Comparison(baseline: file(1000, interfered: 0), candidate: file(2000, interfered: 4))
            let row = try #require(differing.rows.first)
            #expect(row.interferenceDiffers && row.verdict == .unsure)
            // Both files alike: each file's conditions were the same, and the verdict stands.
            #expect(Comparison(baseline: file(1000, interfered: 6), candidate: file(2000, interfered: 6)).rows.first?.verdict == .slower)
            // Within the threshold it is still the same: that is no claim of a difference.
            #expect(Comparison(baseline: file(1000, interfered: 0), candidate: file(1010, interfered: 6)).rows.first?.verdict == .same)
            let text = try #require(FileComparison.interferenceText(differing, label: "B"))
            #expect(text.hasPrefix("Interference: 1 cell had most of its runs made while other programs used the machine in B"))
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
                    "; not decided: 3 of 8 runs of serial-queue were made while other programs used the machine"))
            }
            // A runner with no ok run still fails, interference or not.
            let missing = try CheckExpression(parsing: "task >= 2x serial-queue")
            #expect(missing.evaluate(on: report(interfered: 8)).map(\.outcome) == [.fails])
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
            // The legend of the marks explains it.
            let directory = try TemporaryDirectory()
            let file = try directory.write(
                "r.csv", CSV.line(ResultSchema.columns) + records.map { CSV.line(ResultSchema.fields(of: $0)) }.joined())
            #expect(bench(["--input", file]).output.contains("! : some runs were made while other programs used the machine"))
            // A quiet sweep, and a file without loads: nothing said.
            let quiet = (1...10).map { Self.record("task", $0, load: RunLoad(others: 0.01, steal: 0)) }
            #expect(SweepSummary.interferenceText(Report(records: quiet)) == nil)
            #expect(SweepSummary.interferenceText(Report(records: quiet.map { var r = $0; r.load = nil; return r })) == nil)
        }
    }
}
