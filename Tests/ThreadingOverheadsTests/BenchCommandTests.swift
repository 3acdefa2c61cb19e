import BenchResults
import Foundation
import JobRunners
import Synchronization
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import BenchKit

/// Captures what `bench` writes to standard output and standard error.
final class CapturedConsole: Sendable {
    private let outputText = Mutex("")
    private let errorText = Mutex("")

    var console: Console {
        Console(
            output: { text in self.outputText.withLock { $0 += text } },
            error: { text in self.errorText.withLock { $0 += text } })
    }

    var output: String { outputText.withLock { $0 } }
    var error: String { errorText.withLock { $0 } }
}

/// A fresh directory for one test's files, removed afterwards.
struct TemporaryDirectory: ~Copyable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "bench-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var contents: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
    }

    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }
}

/// Runs `bench` in this process with `arguments`.
func bench(_ arguments: [String]) -> (status: ExitCode, output: String, error: String) {
    let captured = CapturedConsole()
    let status = BenchCommand.main(arguments: arguments, console: captured.console)
    return (status, captured.output, captured.error)
}

/// The rows of a CSV text, each as a dictionary from its header's columns.
func rows(ofCSV text: String) throws -> [[String: String]] {
    let records = try CSV.parse(text)
    let header = try #require(records.first).fields
    return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0.fields)) }
}

extension ThreadingOverheadsTests {
    @Suite struct BenchCommandTests {
        static let small = ["--runners", "serial-queue", "--queues", "1", "--iterations", "5"]

        @Test("a sweep writes one whole row per recorded run, with the machine on every row", .timeLimit(.minutes(1)))
        func writesResultFile() throws {
            let directory = try TemporaryDirectory()
            let path = directory.path + "/run.csv"
            let run = bench([
                "--runners", "single-threaded,serial-queue,run-loop", "--queues", "2", "--iterations", "10,30",
                "--repetitions", "2", "--warmup", "1", "--output", path,
            ])
            #expect(run.status == .success, "\(run.error)")
            #expect(directory.contents == ["run.csv", "run.html"])

            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(try CSV.parse(text).first?.fields == ResultSchema.columns)
            let body = try rows(ofCSV: text)
            #expect(body.count == 3 * 2 * 2)
            let machine = MachineInfo.current()
            for row in body {
                #expect(row["schema_version"] == String(ResultSchema.version))
                #expect(row["work_ns"] == "0")
                #expect(row["work_spins"] == "0")
                #expect(row["spins_per_us"] == "")
                #expect(Double(row["cpu_user_seconds"] ?? "") != nil)
                #expect(Double(row["cpu_system_seconds"] ?? "") != nil)
                #expect(Int(row["voluntary_context_switches"] ?? "") != nil)
                #expect(Int(row["involuntary_context_switches"] ?? "") != nil)
                expectThreadsAndMemory(row)
                #expect(row["status"] == "ok")
                #expect(row["detail"] == "")
                #expect(row["queues"] == "2")
                let jobs = try #require(Int(row["jobs"] ?? ""))
                #expect(jobs == 2 * (try #require(Int(row["iterations"] ?? ""))))
                #expect(row["completed_iterations"] == row["jobs"])
                let seconds = try #require(Double(row["seconds"] ?? ""))
                let perJob = try #require(Double(row["ns_per_job"] ?? ""))
                #expect(abs(seconds * 1e9 / Double(jobs) - perJob) < 0.001)
                #expect(row["host"] == machine.host)
                #expect(row["arch"] == machine.arch)
                #expect(row["logical_cpus"] == machine.logicalCPUs.map(String.init))
                #expect(row["memory_bytes"] == machine.memoryBytes.map(String.init))
                #expect(row["clock_resolution_ns"] == String(MonotonicClock.resolutionNanoseconds))
                // The build these tests run in: `swift test` or `swift test -c release`.
                #expect(row["build"] == MachineInfo.buildConfiguration)
                #expect(row["swift_version"]?.first?.isNumber == true)
                #expect(row["started_at"]?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
            }
            #expect(body.filter { $0["runner"] == "run-loop" }.count == 4)
            #expect(body.compactMap { $0["repetition"] }.sorted() == Array(repeating: "1", count: 6) + Array(repeating: "2", count: 6))
            // The file reads back as a result file.
            #expect(try ResultSet(contentsOfFile: path).records.count == 12)
            // The summary goes to standard output; progress and the debug warning to standard error.
            // Runners as rows under their families, configurations as columns.
            #expect(run.output.contains("Cost per job: median of the runs ± its 95% interval (over runs)\nrunner"))
            #expect(run.output.contains("The 2010 experiment\n  single-threaded"))
            #expect(run.output.contains("2×10"))
            #expect(run.output.contains("2×30"))
            #expect(run.output.contains("Cost per job relative to single-threaded"))
            #expect(run.output.contains("Cost per job, each runner over its C floor's") == false)
            // Seconds per run and each cell's spread only with --verbose.
            #expect(!run.output.contains("Spread of each cell"))
            // The warning comes exactly when the build is a debug build.
            #expect(run.error.contains("WARNING: this is a DEBUG build") == (MachineInfo.buildConfiguration == "debug"))
            // Not on a terminal: a progress line at each tenth of the recorded runs (not the warm-ups), at most one every
            // 10 s, and the last.
            #expect(run.error.contains("bench: 12/12 runs (100%)"))
            #expect(!run.error.contains("repetition 1:"))
        }

        @Test(
            "--shape ping-pong: rows of the shape, two hand-offs per round trip, latency columns and table; a runner that runs no ping-pong left out, saying so",
            .timeLimit(.minutes(1)))
        func pingPongSweep() throws {
            let directory = try TemporaryDirectory()
            let path = directory.path + "/pp.csv"
            let run = bench([
                "--shape", "ping-pong,chain", "--latency", "--runners", "serial-queue,single-threaded", "--queues",
                "2", "--iterations", "600", "--repetitions", "2", "--warmup", "0", "--output", path,
            ])
            #expect(run.status == .success, "\(run.error)")
            #expect(run.error.contains(
                "bench: not running single-threaded at ping-pong 2×600: runs no ping-pong (its shapes: chain, fan-out)"))
            let body = try rows(ofCSV: try String(contentsOfFile: path, encoding: .utf8))
            #expect(body.count == 3 * 2)
            for row in body {
                let jobs = try #require(Int(row["jobs"] ?? ""))
                #expect(jobs == 1200)
                let pingPong = row["shape"] == "ping-pong"
                #expect(Int(row["completed_iterations"] ?? "") == (pingPong ? 2 : 1) * jobs)
                #expect(row["latency_every"] == String((pingPong ? Shape.pingPong : Shape.chain).latencySampleEvery))
                // Per pair, one in 16 of its 1200 hand-offs; per chain queue, one in 256 of the 599 that come back.
                #expect(Int(row["latency_samples"] ?? "") == (pingPong ? 2 * (1200 / 16) : 2 * (599 / 256)))
                let percentiles = ["latency_p50_ns", "latency_p90_ns", "latency_p99_ns", "latency_max_ns"].compactMap {
                    row[$0].flatMap { Int($0) }
                }
                #expect(percentiles.count == 4 && percentiles == percentiles.sorted())
            }
            #expect(body.filter { $0["shape"] == "ping-pong" }.allSatisfy { $0["runner"] == "serial-queue" })
            // A title longer than the screen continues on the next line, indented by two spaces.
            let titles = run.output.replacingOccurrences(of: "\n  ", with: " ")
            #expect(titles.contains("Ping-pong: cost per round trip at 2×600: median of the runs ± its 95% interval (over runs)"))
            #expect(run.output.contains("Cost per job at 2×600 latency: median of the runs ± its 95% interval (over runs)"))
            #expect(run.output.contains("Latency, p50 / p99: medians over the runs of each run's percentiles"))
            #expect(
                run.output.split(separator: "\n").contains { line in
                    line.hasPrefix("runner ") && line.hasSuffix("ping-pong 2×600") && line.contains(" 2×600 latency ")
                })
            // No ratio to a control or a floor that did not run in the shape.
            #expect(!run.output.contains("× its C floor"))
            // The ping-pong table's columns: its cost, and its allocations where this build can count them (not
            // under ThreadSanitizer, which replaces malloc); no ratio column.
            let pingPongHeader = run.output.split(separator: "\n").first { $0.hasPrefix("runner          cost per round trip") }
            #expect(pingPongHeader == "runner          cost per round trip"
                || pingPongHeader == "runner          cost per round trip  allocs/round trip")
            // With --verbose, the latency table of every cell, with the samples of both runs.
            let verbose = bench([
                "--shape", "ping-pong,chain", "--latency", "--runners", "serial-queue", "--queues", "2", "--iterations",
                "600", "--repetitions", "2", "--warmup", "0", "--output", "/dev/null", "--verbose",
            ])
            let lines = verbose.output.split(separator: "\n")
            for (cell, samples) in [("ping-pong 2×600 ", 2 * 2 * (1200 / 16)), ("2×600 latency ", 2 * 2 * (599 / 256))] {
                #expect(lines.contains { $0.hasPrefix("serial-queue ") && $0.contains(cell) && $0.contains(" \(samples) ") })
            }
        }

        @Test("a sweep says when the jobs do not divide into the queues, by each shape's own total, and only then",
            .timeLimit(.minutes(1)))
        func undividedJobs() {
            let quiet = ["--repetitions", "1", "--warmup", "0", "--output", "/dev/null", "--runners", "serial-queue"]
            // Each shape's own default: 10,000 round trips over 1 and 8 pairs, 10,000 jobs over 1 and 8 queues.
            let divided = bench(["--shape", "ping-pong,fan-out", "--queues", "1,8"] + quiet)
            #expect(divided.status == .success, "\(divided.error)")
            #expect(!divided.error.contains("divide"), "\(divided.error)")
            let pingPong = bench(["--shape", "ping-pong", "--queues", "3"] + quiet)
            #expect(
                pingPong.error.contains(
                    "bench: 10000 jobs (ping-pong's default) do not divide into 3 queues: running 3 × 3333 = 9999 jobs"))
            let given = bench(["--jobs", "10", "--queues", "3"] + quiet)
            #expect(given.error.contains("bench: --jobs 10 does not divide into 3 queues: running 3 × 3 = 9 jobs"))
        }

        @Test("a bench of one's own goes by its executable's name in usage, messages and examples")
        func programName() {
            Program.setName(fromExecutable: "/somewhere/.build/release/custom-bench")
            defer { Program.setName(fromExecutable: "bench") }
            let help = bench(["--help"])
            #expect(help.output.hasPrefix("OVERVIEW"))
            #expect(help.output.contains("Usage: custom-bench [--shape <list>]"))
            #expect(help.output.contains("swift run -c release custom-bench --queues 8 --iterations 12500"))
            #expect(!help.output.contains(" bench "), "\(help.output)")
            // Nor in an option's help, which is made once, whichever name the first test that read it ran under.
            for command in ["", "compare", "check", "chart", "validate", "interleave", "crossover"] {
                let text = bench((command.isEmpty ? [] : [command]) + ["--help"]).output
                #expect(!text.contains("'bench ") && !text.contains(" bench ") && !text.contains(" bench,"), "\(command)")
            }
            let wrong = bench(["check"])
            #expect(wrong.error.contains("Error: 'custom-bench check' needs at least one check"))
            #expect(wrong.error.contains("Usage: custom-bench check"))
            #expect(wrong.error.contains("See 'custom-bench check --help'"))
        }

        @Test("--version says which build this is in one line, exit 0; a subcommand's line does not take it")
        func version() {
            let run = bench(["--version"])
            #expect(run.status == .success)
            #expect(run.output.contains("(ThreadingOverheads), Swift \(MachineInfo.compilerVersion), "))
            #expect(run.output.contains("result schema \(ResultSchema.version), summary schema \(SummarySchema.version)"))
            #expect(run.output.split(separator: "\n").count == 1 && run.output.count <= 120)
            #expect(run.error.isEmpty)
            #expect(bench(["--help"]).output.contains(VersionRequest.flag))
            let misplaced = bench(["compare", "--version"])
            #expect(misplaced.status == .usage)
            #expect(misplaced.error.hasPrefix("Error: Unknown option '--version'"))
        }

        @Test("--summary naming the result file, the file summarized or the report: a usage error, every file kept")
        func summaryPathClashes() throws {
            let directory = try TemporaryDirectory()
            let output = directory.path + "/x.csv"
            let sweep = ["--runners", "single-threaded", "--queues", "1", "--iterations", "10", "--repetitions", "1"]
            for summary in [output, directory.path + "/x.html", directory.path + "/./x.csv"] {
                let run = bench(sweep + ["--output", output, "--summary", summary])
                #expect(run.status == .usage)
                #expect(run.error.hasPrefix("Error: '--summary \(summary)' names the "), "\(run.error)")
                #expect(directory.contents.isEmpty)
            }
            // Without a report, its path is free.
            let noReport = bench(sweep + ["--output", output, "--summary", directory.path + "/x.html", "--no-report"])
            #expect(noReport.status == .success, "\(noReport.error)")
            let text = SubcommandTests.resultFile([("serial-queue", [100, 101, 102])])
            let input = try directory.write("in.csv", text)
            let summarized = bench(["--input", input, "--summary", input])
            #expect(summarized.status == .usage)
            #expect(summarized.error.hasPrefix("Error: '--summary \(input)' names the result file it summarizes"))
            #expect(try String(contentsOfFile: input, encoding: .utf8) == text)
        }

        @Test("--input: the summary of an existing file, in every format; measuring options refused with it")
        func summaryOfFile() throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write(
                "r.csv",
                SubcommandTests.resultFile([("serial-queue", [100, 101, 102]), ("detach-thread", [15_000, 15_100, 14_900])]))
            let table = bench(["--input", file])
            #expect(table.status == .success, "\(table.error)")
            #expect(table.output.contains("Cost per job at 4×500: median of the runs"))
            #expect(table.output.contains("  serial-queue "))
            #expect(table.error.isEmpty)
            let csv = bench(["--input", file, "--format", "csv"])
            let rows = try rows(ofCSV: csv.output)
            #expect(rows.map { $0["runner"] } == ["detach-thread", "serial-queue"])
            #expect(rows.allSatisfy { $0["runs"] == "3" })
            let refused = bench(["--input", file, "--queues", "4"])
            #expect(refused.status == .usage)
            #expect(refused.error.hasPrefix(
                "Error: '--input' summarizes an existing file, so '--queues', which shapes a sweep, does not apply"))
            let missing = bench(["--input", directory.path + "/none.csv"])
            #expect(missing.status == .failure)
            #expect(missing.error.hasPrefix("Error: Cannot read"))
        }

        @Test("a sweep of cells of 3 runs says so: their ± from Student's t over so few runs, and the budget that buys 6")
        func fewRuns() throws {
            let directory = try TemporaryDirectory()
            let runners = ["single-threaded", "serial-queue", "run-loop", "global-queue", "task", "detach-thread"]
            // 3 runs a cell, 200 or 242 µs each: 6 runs of all six would take 7.2 ms, so 10 s buys them.
            let file = try directory.write("r.csv", SubcommandTests.resultFile(runners.map { ($0, [100, 100, 121]) }))
            let run = bench(["--input", file])
            #expect(run.status == .success, "\(run.error)")
            let text = run.output.unwrapped
            // Four runners named, the rest counted.
            #expect(text.contains("Few runs: 6 of 6 cells (single-threaded, run-loop, detach-thread, serial-queue and 2 "
                + "more runners) have fewer than 6; their ± is as wide as so few runs or processes "
                + "are (Student's t), and compare will call most of their changes unsure."))
            // 100, 100 and 121: the mean of the logs ± t(2 df) × their deviation / √3, ±28% at the median.
            #expect(text.contains("  single-threaded   100 ns ±28%"))
            #expect(text.contains(
                "--budget 10 or more (seconds of recorded runs; warm-ups and fresh workers come on top), or "
                    + "--repetitions 6, would buy each cell 6 at this pace."))
            #expect(text.contains("(over runs)"))
            // Runs of 1 and 1.21 s (500 and 605 µs a job), started 2 s apart: 19.26 s of runs from the first start
            // to the last end's 35.21 s, 1.83 s for each second of runs, which a budget pays too. At 1.83 s a run
            // (each cell's median), 6 runs of each cost 65.8 s: 70 in tens, where the runs alone said 40.
            let paced = try directory.write(
                "p.csv", SubcommandTests.resultFile(runners.map { ($0, [500_000, 500_000, 605_000]) }, secondsApart: 2))
            #expect(bench(["--input", paced]).output.unwrapped.contains(
                "--budget 70 or more (warm-ups and fresh workers included, as this sweep paid them), or --repetitions 6, "
                    + "would buy each cell 6 at this pace."))
            // Enough runs: no such line.
            let enough = try directory.write("e.csv", SubcommandTests.resultFile(runners.map { ($0, [100, 100, 121, 100, 100, 121]) }))
            #expect(!bench(["--input", enough]).output.contains("Few runs:"))
        }

        @Test("the few-runs line: runners with few runs everywhere together, others' cells each, a pooled spread if taken")
        func fewRunsNamed() throws {
            let machine = MachineInfo(
                host: "h", os: "os", kernel: "k", arch: "x86_64", cpuModel: "cpu", logicalCPUs: 2, memoryBytes: 1,
                swiftVersion: "6.3.1", build: "release")
            let (small, large) = (RunConfiguration(queues: 1, iterations: 10), RunConfiguration(queues: 4, iterations: 10))
            // detach-thread and task have 3 runs at both configurations, actor at one; serial-queue has 6 at both.
            let cells = [
                ("detach-thread", small, 3), ("detach-thread", large, 3), ("task", small, 3), ("task", large, 3),
                ("actor", small, 6), ("actor", large, 3), ("serial-queue", small, 6), ("serial-queue", large, 6),
            ]
            /// An ok run of `runner` in `configuration` that took `nanoseconds`.
            func run(_ runner: String, _ configuration: RunConfiguration, _ repetition: Int, _ nanoseconds: Int64)
                -> ResultRecord
            {
                ResultRecord(
                    runner: runner, configuration: configuration, repetition: repetition,
                    outcome: RunOutcome(
                        status: .ok, nanoseconds: nanoseconds, detail: "", completedIterations: configuration.jobs,
                        startedAt: nil),
                    machine: machine)
            }
            let records = cells.flatMap { runner, configuration, runs in
                (1...runs).map { run(runner, configuration, $0, 1_000) }
            }
            let text = try #require(SweepSummary.fewRunsText(Report(records: records)))
            #expect(text.hasPrefix(
                "Few runs: 5 of 8 cells (detach-thread and task at every configuration and actor at 4×10) have fewer than 6"),
                "\(text)")
            // No cell of 2 runs: none takes its runner's pooled spread, and the line does not say it does.
            #expect(text.contains("(Student's t), and compare"), "\(text)")

            // detach-thread at four configurations, 2 runs each: each cell's interval is over the four's pooled spread.
            let four = [1, 4, 8, 16].map { RunConfiguration(queues: $0, iterations: 10) }
            let pooled = four.flatMap { [run("detach-thread", $0, 1, 1_000), run("detach-thread", $0, 2, 1_100)] }
            let pooledText = try #require(SweepSummary.fewRunsText(Report(records: pooled)))
            #expect(pooledText.contains("(Student's t, over their runner's pooled spread at 2), and compare"), "\(pooledText)")
            // With a cell of 3 runs beside them, which keeps its own spread: the line says how many pool.
            let mixed = pooled + (1...3).map { run("run-loop", four[0], $0, 1_000) }
            let mixedText = try #require(SweepSummary.fewRunsText(Report(records: mixed)))
            #expect(mixedText.hasPrefix("Few runs: 5 of 5 cells"), "\(mixedText)")
            #expect(
                mixedText.contains("(Student's t; 4 of them over their runner's pooled spread at 2), and compare"),
                "\(mixedText)")
        }

        @Test("--summary writes the summary CSV; --format csv and json put it on standard output", .timeLimit(.minutes(1)))
        func summaries() throws {
            let directory = try TemporaryDirectory()
            let csv = bench(Self.small + ["--repetitions", "3", "--output", directory.path + "/raw.csv", "--summary", directory.path + "/summary.csv", "--format", "csv", "--quiet"])
            #expect(csv.status == .success, "\(csv.error)")
            #expect(directory.contents == ["raw.csv", "raw.html", "summary.csv"])
            let summary = try String(contentsOfFile: directory.path + "/summary.csv", encoding: .utf8)
            #expect(summary == csv.output)
            #expect(try CSV.parse(summary).first?.fields == SummarySchema.columns)
            let row = try #require(try rows(ofCSV: summary).first)
            #expect(row["runner"] == "serial-queue")
            #expect(row["runs"] == "3")
            #expect(row["ok_runs"] == "3")
            #expect(Double(row["median_seconds"] ?? "") != nil)
            // --quiet: nothing on standard error but the debug build's warning.
            #expect(!csv.error.contains("[1/"))

            let json = bench(Self.small + ["--repetitions", "2", "--output", directory.path + "/raw2.csv", "--format", "json", "--quiet"])
            #expect(json.status == .success)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let cells = try #require(object["cells"] as? [[String: Any]])
            #expect(cells.count == 1)
            #expect(cells[0]["runner"] as? String == "serial-queue")
            #expect((cells[0]["samples_seconds"] as? [Double])?.count == 2)
            #expect((object["machine"] as? [String: String])?["build"] == MachineInfo.buildConfiguration)

            let markdown = bench(Self.small + ["--output", directory.path + "/raw3.csv", "--format", "markdown", "--quiet"])
            #expect(markdown.output.contains("### Cost per job at 1×5: median of the runs ± its 95% interval (over runs)"))
            // Its cell may or may not have modes, and then a column of them.
            #expect(markdown.output.contains("| runner | cost per job |"))
            #expect(markdown.output.contains("| **The 2010 experiment** |"))
            #expect(markdown.output.contains("\n|   serial-queue | "))
        }

        @Test("--output - puts the CSV alone on standard output", .timeLimit(.minutes(1)))
        func csvOnStandardOutput() throws {
            let run = bench(Self.small + ["--repetitions", "2", "--warmup", "0", "--output", "-"])
            #expect(run.status == .success)
            #expect(try rows(ofCSV: run.output).count == 2)
            #expect(run.error.contains("Cost per job at 1×5"))
        }

        @Test("an error's line begins with a capital, whatever clause its message was written as")
        func errorLineBeginsWithACapital() {
            #expect(Console.errorLine("cannot write 'x.csv': it is a directory")
                == "Error: Cannot write 'x.csv': it is a directory")
            #expect(Console.errorLine("'--queues' must be at least 1") == "Error: '--queues' must be at least 1")
            #expect(Console.errorLine("") == "Error: ")
        }

        @Test("a usage error: one Error line, a usage hint, exit 64, no file", arguments: [
            ["--queues", "0"], ["--bogus"], ["--runners", "nope"], ["--work", "-1"], ["--shape", "relay"],
            ["--shape", "ping-pong", "--runners", "single-threaded"],
        ])
        func usageError(arguments: [String]) throws {
            let directory = try TemporaryDirectory()
            let run = bench(arguments + ["--output", directory.path + "/x.csv"])
            #expect(run.status == .usage)
            #expect(run.status.rawValue == 64)
            let lines = run.error.split(separator: "\n")
            #expect(lines.first?.hasPrefix("Error: ") == true)
            // Every error begins alike: a capital, or the quoted option or value it is about.
            #expect(lines.first?.dropFirst("Error: ".count).first?.isLowercase == false)
            #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1)
            #expect(lines.dropFirst().first?.hasPrefix("Usage: bench") == true)
            #expect(lines.last == "  See 'bench --help' for more information.")
            // The sweep's usage and the commands named in a line: not each command's usage (14 lines once).
            #expect(lines.count <= 8, "\(run.error)")
            #expect(run.output.isEmpty)
            #expect(directory.contents.isEmpty)
        }

        @Test("a subcommand's usage error shows that subcommand's usage")
        func subcommandUsageError() {
            let run = bench(["compare"])
            #expect(run.status == .usage)
            #expect(run.error.contains("Usage: bench compare"))
            #expect(run.error.hasSuffix("  See 'bench compare --help' for more information.\n"))
        }

        @Test("--help goes to standard output, exit 0, and lists every runner and command", arguments: [
            ["--help"], ["help"], ["compare", "--help"], ["check", "-h"], ["help", "chart"],
        ])
        func help(arguments: [String]) {
            let run = bench(arguments)
            #expect(run.status == .success)
            #expect(run.error.isEmpty)
            #expect(run.output.contains("EXIT CODES"))
            if arguments == ["--help"] {
                for kind in RunnerCatalogue.builtIn.runners {
                    #expect(run.output.contains("  \(kind.id) "))
                    #expect(run.output.contains(kind.summary))
                }
                for kind in RunnerCatalogue.builtIn.reference {
                    #expect(run.output.contains("2010: \(kind.referenceName ?? "")"))
                }
                for command in Subcommand.allCases {
                    #expect(run.output.contains("  \(command.name) "))
                }
            }
        }

        @Test("an output file that cannot be written: one Error line, exit 1, before any run", arguments: [
            ("/nonexistent-directory/run.csv", "No such file or directory"),
            ("DIR", "it is a directory"),
            // A folder that does not exist: once found only at the end, when the runs were made and lost.
            ("DIR/new/", "a path that ends in '/' names a folder, not a file"),
        ])
        func unwritableOutput(path: String, reason: String) throws {
            let directory = try TemporaryDirectory()
            let target = path.replacingOccurrences(of: "DIR", with: directory.path)
            let run = bench(Self.small + ["--output", target])
            #expect(run.status == .failure)
            let errors = run.error.split(separator: "\n").filter { $0.hasPrefix("Error:") }
            #expect(errors == ["Error: Cannot write '\(target)': \(reason)"])
            #expect(!run.error.contains("[1/") && !run.error.contains(" runs ("), "\(run.error)")
            #expect(directory.contents.isEmpty)
        }

        @Test("a summary file that cannot be written: one Error line, exit 1, before any run")
        func unwritableSummary() throws {
            let directory = try TemporaryDirectory()
            let summary = directory.path + "/none/summary.csv"
            let run = bench(Self.small + ["--output", directory.path + "/x.csv", "--summary", summary])
            #expect(run.status == .failure)
            let errors = run.error.split(separator: "\n").filter { $0.hasPrefix("Error:") }
            #expect(errors == ["Error: Cannot write '\(summary)': No such file or directory"])
            #expect(!run.error.contains(" runs ("), "\(run.error)")
            #expect(directory.contents.isEmpty)
        }

        @Test("a device is written in place, never replaced: --output /dev/null", .timeLimit(.minutes(1)))
        func devicesStayDevices() throws {
            let run = bench(Self.small + ["--repetitions", "1", "--warmup", "0", "--output", "/dev/null"])
            #expect(run.status == .success, "\(run.error)")
            let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
            #expect(type == .typeCharacterSpecial)
            #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.contains("partial") }.isEmpty)
        }

        @Test("a symbolic link is followed: the file it names gets the rows, the link stays", .timeLimit(.minutes(1)))
        func symbolicLinksAreFollowed() throws {
            let directory = try TemporaryDirectory()
            let target = directory.path + "/target.csv"
            let link = directory.path + "/link.csv"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            let run = bench(Self.small + ["--repetitions", "1", "--warmup", "0", "--output", link])
            #expect(run.status == .success)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
            #expect(try rows(ofCSV: try String(contentsOfFile: target, encoding: .utf8)).count == 1)
            // The report goes beside the path named, as the user sees it.
            #expect(directory.contents == ["link.csv", "link.html", "target.csv"])
        }
    }

    /// compare, check and chart on result files made for the purpose.
    @Suite struct SubcommandTests {
        /// A result file of `cells` (a runner and its runs' nanoseconds per job) at 4×500; the runs started
        /// `secondsApart` from one another in the file's order where given, their start times unrecorded otherwise.
        static func resultFile(
            _ cells: [(String, [Int64])], host: String = "h", kernel: String = "k", cpus: Int = 2,
            secondsApart: Double? = nil, build: String = "release", clock: Int? = nil
        ) -> String {
            let machine = MachineInfo(
                host: host, os: "os", kernel: kernel, arch: "x86_64", cpuModel: "cpu", logicalCPUs: cpus,
                memoryBytes: 1, swiftVersion: "6.3.1", build: build, clockResolutionNanoseconds: clock)
            let configuration = RunConfiguration(queues: 4, iterations: 500)
            let runs = cells.flatMap { runner, times in times.enumerated().map { (runner, $0, $1) } }
            let records = runs.enumerated().map { sequence, run in
                let (runner, index, perJob) = run
                let startedAt = secondsApart.map { Date(timeIntervalSince1970: 1_800_000_000 + Double(sequence) * $0) }
                return ResultRecord(
                    runner: runner, configuration: configuration, repetition: index + 1,
                    outcome: RunOutcome(
                        status: .ok, nanoseconds: perJob * 2000, detail: "", completedIterations: 2000, startedAt: startedAt),
                    machine: machine)
            }
            return resultFileText(records)
        }

        @Test("compare's machines table marks a field that tells machines apart ≠, not the clock measured at each start")
        func compareMachineFields() throws {
            let directory = try TemporaryDirectory()
            let a = try directory.write("a.csv", Self.resultFile([("serial-queue", [100, 101, 102])], host: "vm", clock: 30))
            let b = try directory.write(
                "b.csv", Self.resultFile([("serial-queue", [100, 101, 102])], host: "vm", cpus: 16, clock: 41))
            let markdown = bench(["compare", a, b, "--format", "markdown"]).output
            #expect(markdown.contains(#"| clock\_resolution\_ns | 30 | 41 |"#))
            #expect(markdown.contains(#"| logical\_cpus | 2 | 16 ≠ |"#))
            let text = bench(["compare", a, b]).output.unwrapped
            #expect(text.contains("Every file names its host 'vm', but the machines differ in logical_cpus: tell them apart"))
        }

        @Test("compare of one sweep's file says it needs two, not that the file lacks interleave's builds")
        func compareOneFile() throws {
            let directory = try TemporaryDirectory()
            let one = try directory.write("one.csv", Self.resultFile([("serial-queue", [1000, 1001, 1002])], host: "vm"))
            let run = bench(["compare", one])
            // Like naming no file: what was asked cannot be done, a usage error.
            #expect(run.status == .usage)
            #expect(
                run.error.hasPrefix(
                    "Error: '\(one)' is one sweep's: compare it with another, the baseline first\n"
                        + "Usage: bench compare "))
            #expect(run.error.hasSuffix("See 'bench compare --help' for more information.\n"))
        }

        @Test("compare says which files a debug build made, and nothing of builds where none did")
        func compareDebugBuild() throws {
            let directory = try TemporaryDirectory()
            let cells = [("serial-queue", [Int64(1000), 1001, 1002])]
            let release = try directory.write("release.csv", Self.resultFile(cells, host: "vm"))
            let debug = try directory.write("debug.csv", Self.resultFile(cells, host: "vm", build: "debug"))
            let mixed = bench(["compare", release, debug])
            #expect(mixed.status == .success, "\(mixed.error)")
            #expect(mixed.output.contains("A debug build made the runs of B: unoptimized Swift"))
            let again = try directory.write("again.csv", Self.resultFile(cells, host: "vm"))
            let same = bench(["compare", release, again])
            #expect(same.status == .success, "\(same.error)")
            #expect(!same.output.contains("debug build"))
        }

        @Test("compare of a file with itself says so: every ratio is 1, which is no A/A test")
        func compareFileWithItself() throws {
            let directory = try TemporaryDirectory()
            let one = try directory.write("one.csv", Self.resultFile([("serial-queue", [1000, 1001, 1002])], host: "vm"))
            let two = try directory.write("two.csv", Self.resultFile([("serial-queue", [1000, 1001, 1002])], host: "vm"))
            // The same file by another path: the notice names it; a copy of it is another file, and gets none.
            let run = bench(["compare", one, (one as NSString).deletingLastPathComponent + "/./one.csv", two])
            #expect(run.status == .success)
            // A notice wraps at a screen's width: its words are read whole.
            let words = run.error.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("is the baseline's own file, so every ratio there is 1"))
            #expect(!run.error.contains("'\(two)'"))
            #expect(!bench(["compare", one, two]).error.contains("own file"))
        }

        @Test("check --input on allocations alone: decided on the counts, so the last line claims no confidence")
        func checkAllocationsInput() throws {
            let directory = try TemporaryDirectory()
            let text = Self.resultFile([("task", [300, 310, 320, 305, 315, 300])])
            let records = try ResultSet(path: "r.csv", data: Data(text.utf8)).records.map {
                var record = $0
                record.outcome.allocations = Allocations(perJob: 4, bytesPerJob: 256, freesPerJob: 4)
                return record
            }
            let file = try directory.write("r.csv", resultFileText(records))
            let counts = bench(["check", "task <= 4.5 allocs/job", "--input", file])
            #expect(counts.status == .success, "\(counts.output)")
            #expect(counts.output.hasSuffix("bench check: the check holds\n"), "\(counts.output)")
            // Beside a check on cost, the line's confidence is that check's.
            let both = bench(["check", "task <= 4.5 allocs/job", "task <= 1ms/job", "--input", file])
            #expect(both.output.hasSuffix("bench check: all 2 checks hold at 95% confidence\n"), "\(both.output)")
        }

        @Test("check --input: a runner neither this build nor the file knows is a usage error; one the file lacks fails")
        func checkUnknownRunner() throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write("r.csv", Self.resultFile([("serial-queue", [1000, 1001, 1002])]))
            let misspelt = bench(["check", "serial-queu <= 1us/job", "--input", file])
            #expect(misspelt.status == .usage)
            #expect(misspelt.error.hasPrefix("Error: Unknown runner 'serial-queu'; did you mean 'serial-queue'?\nUsage: bench check"))
            // A CI step that checks a runner its file lacks must fail, not pass or stop as if misspelt.
            let absent = bench(["check", "task <= 1us/job", "--input", file])
            #expect(absent.status == .failure)
            #expect(absent.output.contains("no run of task at 4×500: the runs checked hold no run of task"))
        }

        @Test("compare across machines of different kinds: the factor is plain code's, all cells' median beside it")
        func compareKinds() throws {
            let directory = try TemporaryDirectory()
            let others = ["serial-queue", "run-loop", "global-queue", "task", "actor", "continuation"]
            // On B, plain code takes twice the time (a slower core) and every other runner half (more cores to hand
            // its jobs to): the median of all 8 cells is the others' 0.5, plain code's 2.
            let plain: [(String, [Int64])] = [("single-threaded", [50, 50, 51]), ("floor-single-threaded", [40, 40, 41])]
            let a = try directory.write("a.csv", Self.resultFile(plain + others.map { ($0, [1000, 1001, 1002]) }, host: "vm"))
            let doubled = plain.map { ($0.0, $0.1.map { $0 * 2 }) }
            let b = try directory.write(
                "b.csv", Self.resultFile(doubled + others.map { ($0, [500, 501, 502]) }, host: "vm", cpus: 16))
            let run = bench(["compare", a, b])
            #expect(run.status == .success, "\(run.error)")
            // Paragraphs continue on lines indented by two spaces.
            let text = run.output.replacingOccurrences(of: "\n  ", with: " ")
            #expect(text.contains("Every file names its host 'vm', but the machines differ in logical_cpus: tell them apart by those."))
            #expect(text.contains("The machines differ in kind (logical_cpus 2 → 16)"))
            #expect(text.contains("Machine factor B/A: 2.00 (95% interval"))
            #expect(text.contains("the median of 2 plain-code cells (single-threaded, floor-single-threaded)"))
            #expect(text.contains("(the median of all cells' ratios: 0.500)"))
            // Beside plain code, every other runner is cheaper on B: a mechanism that gains from B's kind of machine.
            let csv = try rows(ofCSV: bench(["compare", a, b, "--format", "csv"]).output)
            #expect(Set(csv.filter { $0["relative_verdict"] == "cheaper" }.map { $0["runner"] ?? "" }) == Set(others))
            // Machines of one kind: the factor is every cell's median, as between two sessions of one machine.
            let sameKind = try directory.write("c.csv", Self.resultFile(doubled + others.map { ($0, [500, 501, 502]) }, host: "vm"))
            let same = bench(["compare", a, sameKind]).output.replacingOccurrences(of: "\n  ", with: " ")
            #expect(same.contains("Machine factor B/A: 0.500"))
            #expect(same.contains("the median of 8 cells' ratios"))
            #expect(!same.contains("differ in kind"))
        }

        @Test("compare of three files or more opens with the machines side by side: runner by file, cost and × control")
        func compareMatrix() throws {
            let directory = try TemporaryDirectory()
            let a = try directory.write("a.csv", Self.resultFile([("single-threaded", [50, 50, 50]), ("serial-queue", [100, 101, 102])]))
            let b = try directory.write(
                "b.csv", Self.resultFile([("single-threaded", [25, 25, 25]), ("serial-queue", [100, 100, 100])], cpus: 16))
            let c = try directory.write("c.csv", Self.resultFile([("serial-queue", [300, 300, 300]), ("task", [900, 900, 900])], host: "c"))
            let lines = bench(["compare", a, b, c]).output.split(separator: "\n", omittingEmptySubsequences: false)
            let heading = try #require(
                lines.firstIndex { $0 == "The machines side by side at 4×500: cost per job, and × the file's own single-threaded" })
            #expect(lines[heading + 1] == "A: cpu, 2 CPUs")
            #expect(lines[heading + 2] == "B: cpu, 16 CPUs")
            // A runner a file lacks is a dash; a file without single-threaded has costs alone.
            let rows = lines[heading...].prefix(12).map(String.init)
            let cells = rows.map { $0.split(separator: " ").joined(separator: " ") }
            #expect(cells.contains("runner A A × B B × C C ×"))
            #expect(cells.contains("single-threaded 50.0 ns 1.00× 25.0 ns 1.00× - -"))
            #expect(cells.contains("serial-queue 101 ns 2.02× 100 ns 4.00× 300 ns -"))
            #expect(cells.contains("task - - - - 900 ns -"))
            // In Markdown (a pull request, a job summary), each machine on a line of its own, not one paragraph.
            let markdown = bench(["compare", a, b, c, "--format", "markdown"]).output
            #expect(markdown.contains("A: cpu, 2 CPUs\\\nB: cpu, 16 CPUs\\\nC: cpu, 2 CPUs\n"), "\(markdown)")
            // On the page, each machine has one colour: its columns' heads, its marks in the matrix's chart and in
            // the chart of ratios to A (where A, the baseline, has no marks but keeps its colour).
            let page = bench(["compare", a, b, c, "--format", "html"]).output
            let colours = (0..<3).map { RowChart.fileColour($0) }
            #expect(Set(colours).count == 3)
            for (label, colour) in zip(["A", "B", "C"], colours) {
                #expect(page.contains("<th class=\"number\" style=\"color: \(colour)\">\(label)</th>"))
                #expect(page.contains("<th class=\"number\" style=\"color: \(colour)\">\(label) ×</th>"))
            }
            #expect(page.contains("A to C at 4×500: What each runner costs per job"))
            let ratioChart = try #require(page.range(of: "Machines (≠: differs from A)"))
            let afterMatrix = page[ratioChart.lowerBound...]
            #expect(!afterMatrix.contains("fill=\"\(colours[0])\""))
            #expect(afterMatrix.contains("fill=\"\(colours[1])\"") || afterMatrix.contains("stroke=\"\(colours[1])\""))
            // Two files: no matrix, the pair's table says it all.
            #expect(!bench(["compare", a, b]).output.contains("side by side"))
        }

        @Test("compare: every cell with ratios, normalized ratios and verdicts; machines with differences marked")
        func compare() throws {
            let directory = try TemporaryDirectory()
            let a = try directory.write("a.csv", Self.resultFile([("single-threaded", [50, 50, 50]), ("serial-queue", [100, 101, 102]), ("run-loop", [900, 910, 920])]))
            let b = try directory.write("b.csv", Self.resultFile([("single-threaded", [50, 50, 50]), ("serial-queue", [200, 201, 202]), ("global-queue", [300, 300, 300])], host: "other"))
            let run = bench(["compare", a, b])
            #expect(run.status == .success, "\(run.error)")
            let text = run.output
            #expect(text.contains("Machines (≠: differs from A)"))
            let serial = try #require(text.split(separator: "\n").first { $0.hasPrefix("serial-queue") })
            #expect(serial.contains("101 ns"))
            #expect(serial.contains("201 ns"))
            #expect(serial.contains("1.99"))
            // Its runs alone give about 1.92–2.06 (3 runs a file, Student's t); the files come from two hosts, so the
            // default session terms (the machine ±10%) widen it in quadrature to 1.63–2.43, and the smallest change
            // it would see is ×1.33.
            #expect(serial.hasSuffix("1.63–2.43  slower   ×1.33"))
            #expect(text.contains("Verdicts: 0 faster, 1 slower, 1 same, 0 unsure"))
            #expect(text.unwrapped.contains("Session terms: the default (the files come from different machines), a cell ±0%"))
            #expect(text.contains("Could see ×1.2 (80% of the time): 0 of 2 cells; the median cell ×1.33"))
            #expect(text.contains("Only in A: 1 cell, by runner\n  run-loop: 4×500\n"))
            #expect(text.contains("Only in B: 1 cell, by runner\n  global-queue: 4×500\n"))

            // Two cells are too few to tell the machine's move from the cells': no relative verdict.
            #expect(text.contains("Machine factor: none (fewer than 5 cells with a ratio), so no relative verdicts."))
            let markdown = bench(["compare", a, b, "--format", "markdown"]).output
            #expect(markdown.contains("| host | h | other ≠ |"))
            #expect(markdown.contains("| os | os | os |"))
            #expect(markdown.contains("| serial-queue | 4×500 | 101 ns | 201 ns | 1.99 | 1.63–2.43 | slower | ×1.33 |"))
            #expect(markdown.contains("| --- | --- | ---: | ---: | ---: | ---: | --- |"))

            let csv = try rows(ofCSV: bench(["compare", a, b, "--format", "csv"]).output)
            #expect(csv.map { $0["verdict"] ?? "" } == ["same", "slower", "only-in-baseline", "only-in-candidate"])

            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(bench(["compare", a, b, "--format", "json"]).output.utf8))
                    as? [String: Any])
            #expect((json["comparisons"] as? [[String: Any]])?.first?["threshold"] as? Double == 0.05)
        }

        @Test("compare: a later file that shares no cell with the baseline is an error, naming both and their cells")
        func compareSharesNoCell() throws {
            let directory = try TemporaryDirectory()
            let a = try directory.write("a.csv", Self.resultFile([("serial-queue", [100, 101, 102]), ("run-loop", [900, 910, 920])]))
            let b = try directory.write("b.csv", Self.resultFile([("serial-queue", [100, 101, 102])]))
            let c = try directory.write("c.csv", Self.resultFile([("global-queue", [300, 300, 300])]))
            // Alone after the baseline or after a file that shares a cell with it: nothing printed, one line, exit 1.
            // validate's pair too: its rates over no cell would read as 0 of 0.
            for command in [["compare", a, c], ["compare", a, b, c], ["validate", a, c]] {
                let run = bench(command)
                #expect(run.status == .failure)
                #expect(run.output.isEmpty)
                #expect(
                    run.error == "Error: '\(a)' and '\(c)' share no cell: the first holds 2 runners (run-loop, "
                        + "serial-queue) at 4×500, the second 1 runner (global-queue) at 4×500; compare files of the same "
                        + "command\n")
            }
            let many = try directory.write(
                "many.csv",
                Self.resultFile(["task", "actor", "continuation", "thread-pool", "global-queue"].map { ($0, [300, 300]) }))
            #expect(
                bench(["compare", b, many]).error.contains(
                    "the second 5 runners (global-queue, task, actor and 2 more) at 4×500; compare files"))
            // One cell in common is enough: the others are listed as in one file only, as before.
            let shared = bench(["compare", a, b])
            #expect(shared.status == .success, "\(shared.error)")
            #expect(shared.output.contains("Only in A: 1 cell, by runner\n  run-loop: 4×500\n"))
        }

        @Test("validate: A/A false alarms and injected-shift detections, counted from compare's verdicts")
        func validate() throws {
            let directory = try TemporaryDirectory()
            // serial-queue steady; run-loop 30% slower in B, beyond the default session terms with tight runs: a
            // false alarm. task spread over ±30%: B × 1.5 lies within its noise, so the shift is missed.
            let a = try directory.write("a.csv", Self.resultFile([("serial-queue", [100, 101, 102, 100]), ("run-loop", [900, 901, 902, 900]), ("task", [400, 520, 300, 410])]))
            let b = try directory.write("b.csv", Self.resultFile([("serial-queue", [101, 100, 102, 101]), ("run-loop", [1170, 1171, 1172, 1170]), ("task", [300, 410, 520, 400])]))
            let run = bench(["validate", a, b, "--shift", "1.5"])
            #expect(run.status == .success, "\(run.error)")
            let line = { (start: String) in run.output.split(separator: "\n").first { $0.hasPrefix(start) }.map(String.init) ?? "" }
            #expect(line("A/A, raw: called faster or slower (false alarms)").hasSuffix(" 1   3  33.3%"))
            #expect(line("B × 1.5, every cell, raw: called slower (detected)").hasSuffix(" 2   3  66.7%"))
            #expect(run.output.contains("  run-loop at 4×500: B/A 1.30"))
            #expect(run.output.contains("  task at 4×500: 1.5"))
            // No terms kept for the machine: the default, and the output says so; too few cells for a machine factor,
            // so nothing measured to keep either.
            #expect(run.output.unwrapped.contains("Session terms: the default (none kept for this machine)"))
            #expect(run.output.contains("Machine factor: none"))
            // No machine factor, so no relative rule ran: its rows say so, not 0%.
            #expect(line("A/A, relative: called cheaper or dearer (false alarms)").hasSuffix(" -   3      -"))
            #expect(!run.output.contains("relative rule: not called dearer"))
            #expect(bench(["validate", a, b, "--keep"]).error.contains("Error: These files share too few cells for a machine factor"))
            let csv = try rows(ofCSV: bench(["validate", a, b, "--shift", "2.5", "--format", "csv"]).output)
            // Rows in the catalogue's order: run-loop, serial-queue, task.
            #expect(csv.map { $0["runner"] } == ["run-loop", "serial-queue", "task"])
            #expect(csv.map { $0["verdict"] } == ["slower", "same", "same"])
            #expect(csv.map { $0["shifted_verdict"] } == ["slower", "slower", "slower"])
            #expect(bench(["validate", a]).status == .usage)
            #expect(bench(["validate", a, b, "--shift", "0.8"]).error.hasPrefix("Error: '--shift' expects a factor over 1"))
        }

        @Test("validate --keep: the pair's session terms kept for its machine beside the first file, which compare then uses")
        func validateKeeps() throws {
            let directory = try TemporaryDirectory()
            // Paragraphs wrap at 120 columns, their lines after the first indented.
            let flat = { (text: String) in text.replacingOccurrences(of: #"\n +"#, with: " ", options: .regularExpression) }
            let runners = ["single-threaded", "run-loop", "serial-queue", "global-queue", "task", "actor", "thread-pool", "null"]
            // B's machine 10% slower, every cell with it.
            let a = try directory.write("a.csv", Self.resultFile(runners.map { ($0, [100, 101, 99, 100]) }, host: "box"))
            let b = try directory.write("b.csv", Self.resultFile(runners.map { ($0, [110, 111, 109, 110]) }, host: "box"))
            let before = bench(["compare", a, b])
            #expect(flat(before.output).contains("Session terms: the default (none kept for this machine)"))
            let kept = bench(["validate", a, b, "--keep"])
            #expect(kept.status == .success, "\(kept.error)")
            // Named as result files are: the host, the processor's words ("cpu" left out) and the CPUs.
            let path = directory.path + "/box-2cpu.session-terms.json"
            #expect(flat(kept.output).contains("the machine ±9.5% between the two sessions; kept in \(path)"))
            let terms = try #require(try SessionTerms.Kept.read(path))
            #expect(terms.machine == "box-2cpu" && terms.pairs.count == 1 && abs(terms.terms.drift - log(1.1)) < 0.005)
            let after = bench(["compare", a, b])
            #expect(flat(after.output).contains("Session terms: this machine's, from 1 A/A pair kept in \(path)"))
            #expect(flat(after.output).contains("Fewer than 3 pairs: each is one draw of the machine's drift"))
            // Another machine of the same host name (cloud VMs are all `vm`), in the same folder: its files get the
            // default, not the first machine's drift, and --keep keeps its own beside them.
            let c = try directory.write(
                "c.csv", Self.resultFile(runners.map { ($0, [100, 101, 99, 100]) }, host: "box", cpus: 16))
            let d = try directory.write(
                "d.csv", Self.resultFile(runners.map { ($0, [101, 102, 100, 101]) }, host: "box", cpus: 16))
            #expect(
                flat(bench(["compare", c, d]).output).contains("Session terms: the default (none kept for this machine)"))
            #expect(bench(["validate", c, d, "--keep"]).status == .success)
            #expect(try SessionTerms.Kept.read(directory.path + "/box-16cpu.session-terms.json")?.pairs.count == 1)
            #expect(try SessionTerms.Kept.read(path)?.pairs.count == 1)
            // Without --keep, the rates of two machines' files, which are not an A/A test's: said so.
            #expect(
                bench(["validate", a, c]).error.hasPrefix(
                    "bench validate: the files come from 2 machines (box-16cpu, box-2cpu): an A/A test is two sweeps"))
            let mixed = bench(["validate", a, c, "--keep"])
            #expect(mixed.error.hasPrefix(
                "Error: --keep keeps terms for one machine, and these files come from 2: box-16cpu, box-2cpu"))
            // The same pair again, in either order, is measured again, not counted twice; another pair is a second,
            // and the terms their root mean square.
            let again = bench(["validate", b, a, "--keep"])
            #expect(flat(again.output).contains("kept in \(path) (1 A/A pair there, in place of this pair's measurement of "))
            #expect(try SessionTerms.Kept.read(path)?.pairs.count == 1)
            // The JSON names the file alone, whatever the text says beside it.
            let json = try #require(
                JSONSerialization.jsonObject(with: Data(bench(["validate", a, b, "--keep", "--format", "json"]).output.utf8))
                    as? [String: Any])
            #expect((json["measured_terms"] as? [String: Any])?["kept_in"] as? String == path)
            let e = try directory.write("e.csv", Self.resultFile(runners.map { ($0, [120, 121, 119, 120]) }, host: "box"))
            #expect(flat(bench(["validate", a, e, "--keep"]).output).contains("kept in \(path) (2 A/A pairs there)"))
            let two = try #require(try SessionTerms.Kept.read(path))
            #expect(two.pairs.count == 2 && abs(two.terms.drift - ((log(1.1) * log(1.1) + log(1.2) * log(1.2)) / 2).squareRoot()) < 0.005)
            // A file there that is not terms: an error naming it, not the default in silence.
            try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
            let broken = bench(["compare", a, b])
            #expect(broken.status == .failure)
            #expect(broken.error.hasPrefix("Error: '\(path)' is not session terms"))
        }

        @Test("validate: the relative rule on a shift of each runner's cells and of each family's, in turn")
        func validatePartialShifts() throws {
            // Eight runners' steady cells, B's machine 20% faster: raw, every cell is a false alarm; relative, none.
            let (a, b) = ComparisonTests.machinePair(machine: 0.8, serialQueue: 1)
            let validation = Validation(first: a, second: b.records, shift: 1.2, threshold: 0.05)
            #expect(validation.falseAlarms == 8)
            #expect(validation.relativeFalseAlarms == 0)
            // Each runner's one cell × 1.2 in turn: found dearer every time, the others left alone.
            #expect(validation.byRunner.shiftedCells == 8 && validation.byRunner.detected == 8)
            #expect(validation.byRunner.otherCells == 8 * 7 && validation.byRunner.falseAlarms == 0)
            // Families: the 2010 experiment (4 of the 8), Swift concurrency (2), threads (1), the harness (1).
            #expect(validation.byFamily.shiftedCells == 8)
            #expect(validation.byFamily.detected == 8 - 4)
            #expect(validation.byFamily.missed.map(\.group) == ["The 2010 experiment"])
            let text = validation.output(paths: ["a.csv", "b.csv"], termsText: "Session terms: the default.").render(.table)
            #expect(text.contains("B × 1.2, each runner's cells in turn, relative: dearer (detected)"))
            #expect(text.contains("Machine factor B/A: 0.800"))
            // Every cell moved with the machine exactly: beside it, each A/A ratio lies at 1, 0 of its interval's
            // side; raw, each lies at 0.8, a distance of ln 1.25 = 0.22 against a side of 1.96 × 10% (the default
            // drift) with the runs' own spread in quadrature, about 0.2: every interval needed to be a little wider.
            let calibration = validation.calibration
            #expect(calibration.relative == 0)
            #expect((calibration.raw ?? 0) > 1 && (calibration.raw ?? 2) < 1.2)
            let flat = text.replacingOccurrences(of: "\n  ", with: " ")
            #expect(flat.contains("How wide the intervals are here: 95% of the A/A ratios lie within 0.00 of their interval's side"))
            #expect(flat.contains("(intervals that hold 95% and no more: 1.00). Beside the machine they were wider than"))
            #expect(flat.contains("; raw, about as wide as they needed."))
            // Nothing moved at all: both rules' ratios lie at 1, and one sentence says so of both.
            let (same, again) = ComparisonTests.machinePair(machine: 1, serialQueue: 1)
            let still = Validation(first: same, second: again.records, shift: 1.2, threshold: 0.05)
            #expect(
                still.output(paths: ["a.csv", "b.csv"], termsText: "").render(.table)
                    .replacingOccurrences(of: "\n  ", with: " ")
                    .contains("Both rules' intervals were wider than these two sessions needed"))
            // The 95th percentile past half as much again of 1 either way: too wide, too narrow.
            #expect(Validation.IntervalWidth(0.6) == .wider && Validation.IntervalWidth(1.6) == .narrower)
            #expect(Validation.IntervalWidth(0.7) == .aboutRight && Validation.IntervalWidth(1.4) == .aboutRight)
            // Runs without their processes: no levels to tell apart, and no line for them.
            #expect(validation.levels == nil && !flat.contains("Where the spread lives"))
        }

        @Test("crossover --input refuses a sweep's file, which holds no crossover, rather than print a table of dashes")
        func crossoverOfASweep() throws {
            let directory = try TemporaryDirectory()
            let sweep = try directory.write("sweep.csv", Self.resultFile([("single-threaded", [100]), ("task", [900])]))
            let run = bench(["crossover", "--input", sweep])
            #expect(run.status == .failure)
            #expect(run.output.isEmpty)
            #expect(run.error.hasPrefix("Error: '\(sweep)' holds no crossover: no runs of one queue with work per job"))
        }

        @Test("compare and chart refuse a file that is not a result file, naming it", arguments: [["compare"], ["chart"]])
        func refusesForeignFiles(command: [String]) throws {
            let directory = try TemporaryDirectory()
            let good = try directory.write("good.csv", Self.resultFile([("serial-queue", [100])]))
            let foreign = try directory.write("people.csv", "name,age\nada,36\n")
            let run = bench(command + [good, foreign] + (command == ["chart"] ? ["-o", directory.path + "/c.svg"] : []))
            #expect(run.status == .failure)
            #expect(run.error.hasPrefix("Error: '\(foreign)' line 1 is not a bench result file: it has no "))
            #expect(run.error.split(separator: "\n").count == 1)
            #expect(!directory.contents.contains("c.svg"))
        }

        @Test("check --input: exit 0 when every check holds, 1 when one fails, 3 when one cannot be decided")
        func checkInput() throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write(
                "r.csv", Self.resultFile([("serial-queue", Array(repeating: 100, count: 6)), ("detach-thread", Array(repeating: 15_000, count: 6))]))
            let pass = bench(["check", "detach-thread >= 10x serial-queue", "serial-queue <= 200ns/job", "--input", file])
            #expect(pass.status == .success)
            #expect(pass.output.unwrapped.contains("  PASS  detach-thread >= 10x serial-queue at 4×500: detach-thread 15.0 µs/job is 150× serial-queue 100 ns/job (95% interval 150–150×); needs >= 10×"))
            #expect(pass.output.hasSuffix("bench check: all 2 checks hold at 95% confidence\n"))
            let fail = bench(["check", "serial-queue >= 10x detach-thread", "--input", file])
            #expect(fail.status == .failure)
            #expect(fail.output.unwrapped.contains("  FAIL  serial-queue >= 10x detach-thread at 4×500: serial-queue 100 ns/job is 0.0067× detach-thread 15.0 µs/job (95% interval 0.0067–0.0067×); needs >= 10×"))
            #expect(fail.output.hasSuffix("bench check: 1 of 1 check failed, 0 inconclusive at 95% confidence\n"))
            // Runs on both sides of the bound: the interval lies across it, and the check says it cannot tell.
            let spread = try directory.write("s.csv", Self.resultFile([("serial-queue", [80, 90, 95, 100, 105, 110, 120, 130])]))
            let unsure = bench(["check", "serial-queue <= 100ns/job", "--input", spread])
            #expect(unsure.status == .inconclusive)
            #expect(unsure.output.contains("  INCONCLUSIVE  serial-queue <= 100 ns/job at 4×500: serial-queue 102 ns/job (95% interval"))
            #expect(unsure.output.hasSuffix("bench check: 0 of 1 check failed, 1 inconclusive at 95% confidence\n"))
            // A lower confidence narrows the interval; 50% of these runs lies wholly below 120 ns.
            #expect(bench(["check", "serial-queue <= 120ns/job", "--input", spread, "--confidence", "50"]).status == .success)
            // One check over a file of two configurations is decided in each: the line says one check, not two.
            let one = Self.resultFile([("serial-queue", Array(repeating: 100, count: 6))])
            let two = try directory.write(
                "two.csv", one + one.split(separator: "\n").dropFirst().map { $0.replacingOccurrences(of: ",4,500,2000,", with: ",8,250,2000,") + "\n" }.joined())
            let both = bench(["check", "serial-queue <= 200ns/job", "--input", two])
            #expect(both.output.hasSuffix("bench check: 1 check in 2 configurations: all 2 hold at 95% confidence\n"), "\(both.output)")
            let missing = bench(["check", "run-loop <= 1us/job", "--input", file])
            #expect(missing.status == .failure)
            #expect(missing.output.contains("no run of run-loop at 4×500: the runs checked hold no run of run-loop"))
            let malformed = bench(["check", "serial-queue >= detach-thread", "--input", file])
            #expect(malformed.status == .usage)
            // The same results as data: a row per check and configuration.
            let csv = try rows(ofCSV: bench(["check", "detach-thread >= 10x serial-queue", "serial-queue >= 10x detach-thread", "--input", file, "--format", "csv"]).output)
            #expect(csv.map { $0["outcome"] } == ["holds", "fails"])
            #expect(csv.first?["confidence"] == "0.9500")
            #expect(csv.first?["interval_low"] == "150.0000")
            #expect(csv.first?["subject_ns_per_job"] == "15000.000")
            #expect(csv.first?["other_ns_per_job"] == "100.000")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(bench(["check", "serial-queue <= 200ns/job", "--input", file, "--format", "json"]).output.utf8))
                    as? [String: Any])
            #expect((json["checks"] as? [[String: Any]])?.first?["outcome"] as? String == "holds")
            let markdown = bench(["check", "serial-queue <= 200ns/job", "--input", file, "--format", "markdown"]).output
            #expect(markdown.hasPrefix("- PASS  serial-queue &lt;= 200 ns/job at 4×500"))
        }

        @Test("check on a fresh run: measures only the runners named; decides at the first look it can", .timeLimit(.minutes(1)))
        func checkFreshRun() throws {
            // Where other programs used the machine during more than a quarter of the runs, which this test cannot
            // prevent on a shared machine, the right outcome is inconclusive, saying why: each file's loads say
            // which outcome is right, as the rule reads them.
            let directory = try TemporaryDirectory()
            /// Whether a check reads no decision from the file's runs, or from its first `runs` runs of each cell.
            func interfered(_ file: String, inFirst runs: Int = .max) throws -> Bool {
                let records = try ResultSet(contentsOfFile: file).records.filter { $0.repetition <= runs }
                return Report(records: records).cells.contains { $0.isInterfered(moreThan: CheckExpression.interferedShare) }
            }
            let notDecided = "; not decided: "
            let passed = directory.path + "/pass.csv"
            let pass = bench(["check", "serial-queue <= 1s/job", "--queues", "2", "--iterations", "20", "--output", passed])
            #expect(!pass.error.contains("single-threaded"))
            let passRuns = try ResultSet(contentsOfFile: passed).records
            #expect(Set(passRuns.map(\.runner)) == ["serial-queue"])
            if try interfered(passed) {
                #expect(pass.status == .inconclusive && pass.output.unwrapped.contains(notDecided), "\(pass.output)")
            } else {
                #expect(pass.status == .success, "\(pass.error)")
                #expect(pass.output.contains("PASS  serial-queue <= 1000 ms/job at 2×20"))
                // Decided at one of its looks, each at 1 − 0.05 / 4: 95% overall, as asked.
                #expect(
                    pass.output.hasSuffix(
                        "bench check: the check holds at 95% confidence (98.75% at each of up to "
                            + "\(CheckOptions.looks.count) looks)\n"))
                if try interfered(passed, inFirst: CheckOptions.looks[0]) {
                    // Undecided at the first look, for the other programs, and saying so; decided at a later one.
                    let first = "inconclusive after \(CheckOptions.looks[0]) runs a cell ("
                    #expect(pass.error.unwrapped.contains(first), "\(pass.error)")
                    #expect(pass.error.unwrapped.contains(" were made while "), "\(pass.error)")
                } else {
                    // Decided at the first look: its runs, and no more.
                    #expect(passRuns.map(\.repetition).max() == CheckOptions.looks[0])
                    #expect(!pass.error.contains("inconclusive"))
                }
            }
            let failed = directory.path + "/fail.csv"
            let fail = bench([
                "check", "serial-queue <= 0.001ns/job", "--queues", "2", "--iterations", "20", "--repetitions", "6",
                "--output", failed,
            ])
            if try interfered(failed) {
                #expect(fail.status == .inconclusive && fail.output.unwrapped.contains(notDecided), "\(fail.output)")
            } else {
                #expect(fail.status == .failure)
                #expect(fail.output.contains("FAIL  serial-queue <= 0.001 ns/job at 2×20"))
                #expect(fail.output.hasSuffix("bench check: 1 of 1 check failed, 0 inconclusive at 95% confidence\n"))
            }
            // The runs on standard output: one result file there, the verdicts on standard error.
            let piped = bench([
                "check", "serial-queue <= 1s/job", "--queues", "2", "--iterations", "20", "--repetitions", "6", "--output", "-",
            ])
            #expect(try ResultSet(path: "-", data: Data(piped.output.utf8)).records.count == 6)
            #expect(piped.error.contains("bench check: "))
            // Each check is decided once in each of its configurations, at whichever look: one given twice counts
            // once, and one that names no configuration is decided in the run options' (work 0 and 100 µs), not also
            // at 2×20, where another check's runs put serial-queue. Its ratio at 100 µs a job is about 1, often
            // inconclusive for a look or more, while at work 0 it fails at once; a look must not decide that again.
            let once = bench([
                "check", "serial-queue <= 1x single-threaded", "serial-queue@2x20 <= 1s/job", "serial-queue <= 1x single-threaded",
                "--queues", "1", "--iterations", "20", "--work", "0,100000", "--format", "csv",
            ])
            let lines = once.output.split(separator: "\n").dropFirst()
            #expect(lines.count == 3, "\(once.output)")
            #expect(Set(lines.map { $0.split(separator: ",").prefix(4).joined(separator: ",") }).count == 3, "\(once.output)")
            let both = bench(["check", "serial-queue <= 1s/job", "--queues", "2", "--repetitions", "4", "--budget", "5"])
            #expect(both.status == .usage)
            #expect(both.error.hasPrefix("Error: '--repetitions' decides every check at once, so '--budget'"))
        }

        @Test("check on a fresh run: each side in its configuration; a check no runs could decide is a usage error")
        func checkFreshRunPlan() throws {
            let directory = try TemporaryDirectory()
            // Each side measured where it names: the check was a FAIL "no run of single-threaded at 2×100", its
            // other side measured at the subject's 1×200.
            let sides = directory.path + "/sides.csv"
            let twoSides = bench([
                "check", "serial-queue@1x200 <= 1000x single-threaded@2x100", "--repetitions", "6", "--output", sides,
            ])
            #expect(twoSides.status != .usage && !twoSides.output.contains("no run of"), "\(twoSides.output)")
            #expect(twoSides.output.contains("serial-queue@1x200 <= 1000x single-threaded@2x100 at 1×200: "))
            let cells = Set(
                try ResultSet(contentsOfFile: sides).records.map {
                    "\($0.runner)@\($0.configuration.queues)x\($0.configuration.iterations)"
                })
            #expect(cells == ["serial-queue@1x200", "single-threaded@2x100"])
            // A runner that runs none of the check's shapes: nothing could decide it, as for a misspelt runner.
            let chain = bench(["check", "mutex <= 2x task", "--queues", "2", "--iterations", "100", "--repetitions", "6"])
            #expect(chain.status == .usage)
            #expect(
                chain.error.hasPrefix(
                    "Error: 'mutex <= 2x task': mutex runs no chain (its shapes: contention); choose one with "
                        + "--shape\n"), "\(chain.error)")
            // Where it runs some of them, it is decided in those, and the others are named.
            let some = bench([
                "check", "mutex <= 1000x serial-queue", "--shape", "contention,chain", "--queues", "2", "--iterations", "100",
                "--repetitions", "6", "--format", "csv",
            ])
            #expect(some.status != .usage, "\(some.error)")
            #expect(some.error.contains("bench check: not deciding 'mutex <= 1000x serial-queue' at 2×100: mutex runs no chain"))
            #expect(some.output.split(separator: "\n").count == 2, "\(some.output)")
        }

        @Test("compare: fields from a result file stay text in Markdown and in the table, whatever they hold")
        func hostileFields() throws {
            let directory = try TemporaryDirectory()
            let host = "evil | <img src=x onerror=alert(1)> `code` *bold* [link](http://x)\nsecond line\u{1B}[31m"
            let a = try directory.write("a.csv", Self.resultFile([("serial-queue", [100, 101, 102])]))
            let b = try directory.write("b.csv", Self.resultFile([("serial-queue", [100, 101, 102])], host: host))
            let markdown = bench(["compare", a, b, "--format", "markdown"])
            #expect(markdown.status == .success, "\(markdown.error)")
            let hostRow = try #require(markdown.output.split(separator: "\n").first { $0.hasPrefix("| host |") })
            #expect(
                hostRow == #"| host | h | evil \| &lt;img src=x onerror=alert(1)&gt; \`code\` \*bold\* \[link\](http://x)\\nsecond line\\u{1B}\[31m ≠ |"#)
            // Every table line still has the header's number of cells.
            for table in markdown.output.components(separatedBy: "\n\n") where table.hasPrefix("|") {
                let lines = table.split(separator: "\n")
                let cells = { (line: Substring) in line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count }
                #expect(lines.allSatisfy { cells($0) == cells(lines[0]) }, "\(table)")
            }
            let table = bench(["compare", a, b])
            // The machines table is too wide for a terminal with that host: B's column comes under A's, host first.
            let line = try #require(table.output.split(separator: "\n").last { $0.hasPrefix("host") })
            #expect(line.contains(#"evil | <img src=x onerror=alert(1)> `code` *bold* [link](http://x)\nsecond line\u{1B}[31m"#))
            #expect(!table.output.contains("\u{1B}"))
            #expect(MarkdownRenderer.escape("# title") == "\\# title")
            #expect(MarkdownRenderer.escape("12. item") == "\\12. item")
            #expect(MarkdownRenderer.escape("1.5× faster") == "1.5× faster")
            #expect(MarkdownRenderer.escape("a & b") == "a &amp; b")
        }

        @Test("html: one self-contained page, every field from a file escaped, the files drawn; no chart in text")
        func htmlPage() throws {
            let directory = try TemporaryDirectory()
            let host = #"<b class="injected">evil</b><script>alert(1)</script> & 'quoted'"#
            let a = try directory.write("a.csv", Self.resultFile([("serial-queue", [100, 101, 102])]))
            let b = try directory.write("b.csv", Self.resultFile([("serial-queue", [100, 101, 102])], host: host))
            let page = bench(["compare", a, b, "--format", "html"])
            #expect(page.status == .success, "\(page.error)")
            #expect(page.output.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
            #expect(page.output.hasSuffix("</html>\n"))
            #expect(page.output.contains("&lt;b class=&quot;injected&quot;&gt;evil&lt;/b&gt;&lt;script&gt;"))
            #expect(page.output.contains("&amp; &#39;quoted&#39;"))
            #expect(!page.output.contains("<script"))
            #expect(!page.output.contains("class=\"injected\""))
            // Nothing fetched from elsewhere: no script, stylesheet, font or image by address.
            for reference in ["src=", "href=", "@import", "url("] {
                #expect(!page.output.contains(reference), "\(reference)")
            }
            // The chart, inline, without the XML declaration a standalone file has.
            #expect(page.output.contains("<svg") && !page.output.contains("<?xml"))
            #expect(page.output.components(separatedBy: "<table>").count - 1 >= 3)
            // Tables and charts sit in boxes that scroll sideways on their own.
            #expect(page.output.contains("<div class=\"scroll\"><table>"))
            // The text formats leave the chart out and stay as they were.
            let text = bench(["compare", a, b])
            #expect(!text.output.contains("<svg"))
            #expect(HTMLRenderer.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
            // Prose keeps an option's name on one line, and escapes the rest as ever; a dash inside a word is no flag.
            #expect(
                HTMLRenderer.prose("add --repetitions 6 <or> --allow-long, not a--b or -- alone")
                    == "add <span class=\"flag\">--repetitions</span> 6 &lt;or&gt; <span class=\"flag\">--allow-long</span>, "
                    + "not a--b or -- alone")
        }

        @Test("text output: a heading longer than a screen wraps at 120 columns, as paragraphs do; a short one stays")
        func headingsWrap() {
            // A one-configuration sweep's cost title in processes and runs came to 121 characters.
            let long = "Cost per job at 8×12500: median of the runs ± its 95% interval (bootstrap of processes, then runs; "
                + "under 6 runs, widened)"
            var document = Document()
            document.heading(long)
            document.heading("Warnings")
            let lines = PlainTextRenderer.render(document).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.allSatisfy { $0.count <= PlainTextRenderer.width }, "\(lines)")
            #expect(lines.joined(separator: " ").split(separator: " ") == (long + " Warnings").split(separator: " "))
            #expect(lines.contains("Warnings"))
        }

        @Test("text output: a line of phrases, as the summary's Machine line, breaks only between them")
        func phrasesWrap() {
            let phrases = ["Machine: vm ·", "AMD EPYC 7B13 64-Core Processor ·", "2 CPUs ·", "Debian GNU/Linux 12 (bookworm) ·",
                "Swift 6.3.1 release ·", "clock 20 ns ·", "1196 runs (3 to 30 a cell)"]
            var document = Document()
            document.phrases(phrases)
            let lines = PlainTextRenderer.render(document).split(separator: "\n").map(String.init)
            // Broken at any space, this line split "clock 20 ns" in two.
            #expect(
                lines == [
                    "Machine: vm · AMD EPYC 7B13 64-Core Processor · 2 CPUs · Debian GNU/Linux 12 (bookworm) · "
                        + "Swift 6.3.1 release ·",
                    "  clock 20 ns · 1196 runs (3 to 30 a cell)",
                ])
            #expect(MarkdownRenderer.render(document) == phrases.joined(separator: " ") + "\n")
        }

        @Test("a sweep to a file writes its report beside it, NAME.html; none with --no-report or to standard output")
        func sweepReport() throws {
            let directory = try TemporaryDirectory()
            let sweep = ["--runners", "serial-queue,single-threaded", "--queues", "1,2", "--iterations", "100",
                "--repetitions", "3", "--warmup", "0"]
            let run = bench(sweep + ["--output", directory.path + "/s.csv"])
            #expect(run.status == .success, "\(run.error)")
            #expect(directory.contents == ["s.csv", "s.html"])
            #expect(run.error.hasSuffix("bench: wrote the report to \(directory.path)/s.html\n"))
            let page = try String(contentsOfFile: directory.path + "/s.html", encoding: .utf8)
            #expect(page.contains("<svg") && page.contains("<table>") && page.contains("serial-queue"))
            // 1×100 and 2×100 differ in jobs, so the chart shows the cost per job.
            #expect(page.contains("What each runner costs per job, by configuration"))
            let none = bench(sweep + ["--output", directory.path + "/t.csv", "--no-report"])
            #expect(none.status == .success)
            #expect(directory.contents == ["s.csv", "s.html", "t.csv"])
            let standardOutput = bench(sweep + ["--output", "-", "--quiet"])
            #expect(standardOutput.status == .success)
            #expect(directory.contents == ["s.csv", "s.html", "t.csv"])
        }

        @Test("compare --metrics: context switches are not set side by side across Linux and macOS")
        func switchesAcrossKernels() throws {
            let directory = try TemporaryDirectory()
            let linux = try directory.write("l.csv", Self.resultFile([("serial-queue", [100, 101, 102])], kernel: "Linux 6.1.0"))
            let linux2 = try directory.write("l2.csv", Self.resultFile([("serial-queue", [100, 101, 102])], kernel: "Linux 6.8.0"))
            let mac = try directory.write("m.csv", Self.resultFile([("serial-queue", [100, 101, 102])], kernel: "Darwin 24.1.0"))
            let across = bench(["compare", linux, mac, "--metrics"])
            #expect(across.status == .success)
            #expect(across.output.contains("the files come from different kernels (Darwin, Linux)"))
            #expect(!bench(["compare", linux, linux2, "--metrics"]).output.contains("different kernels"))
        }

        @Test("chart: a well-formed SVG with axes, labels, a legend and a bar per cell")
        func chart() throws {
            let directory = try TemporaryDirectory()
            let a = try directory.write("a.csv", Self.resultFile([("serial-queue", [100, 110, 120]), ("detach-thread", [15_000, 16_000, 17_000])]))
            let b = try directory.write("b.csv", Self.resultFile([("serial-queue", [90, 95, 99])], host: "other"))
            let output = directory.path + "/chart.svg"
            let run = bench(["chart", a, b, "-o", output, "--bars"])
            #expect(run.status == .success, "\(run.error)")
            #expect(directory.contents == ["a.csv", "b.csv", "chart.svg"])
            let svg = try String(contentsOfFile: output, encoding: .utf8)
            #expect(XMLParser(data: Data(svg.utf8)).parse())
            for text in [
                "seconds per run", "configuration (queues × iterations per queue)", "Runners that start a thread per job",
                "Runners that reuse threads", ">A: ", "a.csv<", ">B: ", "b.csv<", ">serial-queue<", ">detach-thread<",
                "4×500", "other · cpu · 2 logical CPUs",
            ] {
                #expect(svg.contains(text), "\(text)")
            }
            // Three bars with a tooltip each: serial-queue in both files, detach-thread in the first.
            #expect(svg.components(separatedBy: "<rect").count - 1 == 1 + 3 + 2)
            #expect(svg.components(separatedBy: "<title>").count - 1 == 3)
            #expect(svg.contains("Median seconds per run"))
            // Seconds per run on a logarithmic axis: decade ticks labelled with the decimals each needs.
            let logOutput = directory.path + "/log.svg"
            let log = bench(["chart", a, b, "-o", logOutput, "--bars", "--log"])
            #expect(log.status == .success, "\(log.error)")
            let logSVG = try String(contentsOfFile: logOutput, encoding: .utf8)
            #expect(XMLParser(data: Data(logSVG.utf8)).parse())
            #expect(logSVG.contains("seconds per run (log scale)"))
            #expect(logSVG.contains(">0.0001<"))
            #expect(logSVG.contains(">0.1<"))
        }

        @Test("chart --bars: a panel of few runners spreads its groups over the column as the fullest panel does")
        func chartPanelsAlign() throws {
            let directory = try TemporaryDirectory()
            let reusing = ["single-threaded", "serial-queue", "global-queue", "task", "actor", "continuation", "run-loop"]
            let svg = try Self.chart(
                of: Self.resultFile((reusing + ["detach-thread"]).map { ($0, [100, 110, 120]) }), ["--bars"], in: directory)
            // The configuration's label under each panel's group: at one x in both, not the thread panel's bunched
            // at the column's left.
            let places = svg.matches(of: /<text[^>]* x="([0-9.]+)"[^>]*>4×500<\/text>/).map { String($0.output.1) }
            #expect(places.count == 2 && Set(places).count == 1, "\(places)")
        }

        @Test("chart: every built-in runner but the floors in a colour of its own; each floor in its runner's")
        func chartColours() throws {
            let directory = try TemporaryDirectory()
            let runners = RunnerCatalogue.builtIn.runners
            let svg = try Self.chart(of: Self.resultFile(runners.map { ($0.id, [100, 110, 120]) }), ["--bars"], in: directory)
            // Each legend swatch's fill, in the legend's order: the runners', a floor right after its runner.
            let fills = Self.swatchFills(svg)
            let floors = runners.filter { $0.traits.floorOf != nil }
            #expect(fills.count == runners.count)
            #expect(Set(fills).count == runners.count - floors.count)
            #expect(Self.closestColours(Set(fills)) >= 12)
        }

        @Test("chart: the runners of one chart in colours far apart, a user's few runners too (CIE76 ΔE)")
        func chartColourDistance() throws {
            let directory = try TemporaryDirectory()
            // A user's own runners, which the catalogue does not know, drawn alone: they once came out as three
            // near-identical greens.
            for count in [3, 6, 10] {
                let names = (1...count).map { "mine-\($0)" }
                let file = try directory.write("mine\(count).csv", Self.resultFile(names.map { ($0, [100, 110, 120]) }))
                let output = directory.path + "/mine\(count).svg"
                #expect(bench(["chart", file, "-o", output, "--bars"]).status == .success)
                let fills = Self.swatchFills(try String(contentsOfFile: output, encoding: .utf8))
                #expect(fills.count == count)
                // Farther apart than 30 ΔE: plainly different colours, not shades of one.
                #expect(Self.closestColours(Set(fills)) >= 30, "\(fills)")
            }
            // The palette as a whole: every colour at least 12 ΔE from every other.
            #expect(Self.closestColours(Set(BarChart.palette)) >= 12)
            #expect(Set(BarChart.palette).count == BarChart.palette.count)
        }

        /// The element drawn right before the legend's text `label` in a row chart (its marker), as written.
        static func legendMarker(of label: String, in svg: String) -> String? {
            guard let text = svg.range(of: ">\(label)</text>") else {
                return nil
            }
            let before = svg[..<text.lowerBound]
            guard let textStart = before.range(of: "<text", options: .backwards),
                let start = before[..<textStart.lowerBound].range(of: "<", options: .backwards)
            else {
                return nil
            }
            return String(before[start.lowerBound..<textStart.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Each legend swatch's fill in an SVG chart, in the legend's order.
        static func swatchFills(_ svg: String) -> [String] {
            svg.split(separator: "<rect").compactMap { element -> String? in
                guard element.contains("width=\"12\""), element.contains("height=\"12\""),
                    let start = element.range(of: "fill=\"")
                else {
                    return nil
                }
                return String(element[start.upperBound...].prefix(7))
            }
        }

        /// The smallest CIE76 ΔE (Euclidean distance in CIE Lab, D65) between two of `colours` (`#rrggbb`).
        static func closestColours(_ colours: Set<String>) -> Double {
            func lab(_ hex: String) -> [Double] {
                let value = Int(hex.dropFirst(), radix: 16) ?? 0
                let linear = [16, 8, 0].map { shift -> Double in
                    let channel = Double((value >> shift) & 0xff) / 255
                    return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
                }
                let (r, g, b) = (linear[0], linear[1], linear[2])
                let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
                let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
                let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
                let f = { (t: Double) in t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
                return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
            }
            let points = colours.map(lab)
            var closest = Double.infinity
            for i in points.indices {
                for j in points.indices where j > i {
                    closest = min(closest, zip(points[i], points[j]).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot())
                }
            }
            return closest
        }

        @Test("chart: a dot for each mode of a multimodal cell, its share in the tooltip; none for one mode")
        func chartModes() throws {
            let directory = try TemporaryDirectory()
            let twoModes: [Int64] = Array(repeating: 100, count: 9) + [101, 102, 103] + [300, 301, 302, 303, 304, 305]
            let svg = try Self.chart(
                of: Self.resultFile([("serial-queue", twoModes), ("global-queue", Array(100...117))]), ["--bars"],
                in: directory)
            #expect(svg.components(separatedBy: "<circle").count - 1 == 2)
            #expect(svg.contains("serial-queue at 4×500: a mode at 0.000200 s, 67% of the runs"))
            #expect(svg.contains("serial-queue at 4×500: a mode at 0.000605 s, 33% of the runs"))
            #expect(svg.contains("modes per job: 100 ns 67%; 302 ns 33%"))
        }

        @Test("chart: cost per job when the configurations differ in jobs; a logarithmic axis with --log")
        func chartPerJobAndLog() throws {
            let directory = try TemporaryDirectory()
            let records = [(2, 500), (3, 333)].flatMap { queues, iterations in
                ["serial-queue", "run-loop"].map { runner in
                    okRecord(
                        runner, RunConfiguration(queues: queues, iterations: iterations),
                        nanoseconds: runner == "run-loop" ? 1_000_000 : 100_000)
                }
            }
            let svg = try Self.chart(of: resultFileText(records), ["--bars", "--log"], in: directory)
            #expect(svg.contains("Median cost per job"))
            #expect(svg.contains("cost per job (log scale)"))
            // 1,000,000 ns over 1000 jobs is 1 µs; 100,000 over 999 about 100 ns: decade ticks from 100 ns to 1 µs.
            #expect(svg.contains(">100 ns<"))
            #expect(svg.contains(">1.00 µs<"))
            #expect(svg.contains("run-loop at 3×333: median 1.00 µs"))
        }

        @Test("chart of a folder: two builds drawn as two, a crossover's file left out with a line, rows that wrap")
        func chartOfAFolder() throws {
            let directory = try TemporaryDirectory()
            func write(_ name: String, _ records: [ResultRecord]) throws -> String {
                try directory.write(
                    name, resultFileText(records))
            }
            let configuration = RunConfiguration(queues: 4, iterations: 500)
            // Costs 1,000 times apart: a linear axis would flatten serial-queue's bars.
            let interleaved = try write(
                "interleaved.csv",
                ["A", "B"].flatMap { variant in
                    [okRecord("serial-queue", configuration, nanoseconds: 200_000, variant: variant),
                     okRecord("operation-queue", configuration, nanoseconds: 200_000_000, variant: variant)]
                })
            // Each runner its own iterations at each work size, as bench crossover makes them.
            let crossover = try write(
                "crossover.csv",
                [(1_000, 0), (2_000, 100), (3_000, 200)].flatMap { iterations, work in
                    ["serial-queue", "task"].enumerated().map { index, runner in
                        okRecord(runner, RunConfiguration(queues: 1, iterations: iterations + index, workNanoseconds: work),
                            nanoseconds: 1_000_000)
                    }
                })
            let sweeps = try (1...9).map { try write("sweep-\($0).csv", [okRecord("serial-queue", configuration, nanoseconds: 200_000)]) }
            let output = directory.path + "/all.svg"
            let run = bench(["chart", interleaved, crossover] + sweeps + ["-o", output, "--bars"])
            #expect(run.status == .success, "\(run.error)")
            // The notice wraps to the screen's width, its lines after the first indented by four spaces.
            #expect(run.error.split(separator: "\n").allSatisfy { $0.count <= 120 }, "\(run.error)")
            #expect(
                run.error.replacingOccurrences(of: "\n    ", with: " ").contains(
                    "left out '\(crossover)': its runners ran configurations of their own"))
            let svg = try String(contentsOfFile: output, encoding: .utf8)
            #expect(XMLParser(data: Data(svg.utf8)).parse())
            #expect(svg.contains("interleaved.csv (A: ./bench-a)<") && svg.contains("interleaved.csv (B: ./bench-b)<"))
            #expect(!svg.contains("crossover.csv"))
            #expect(svg.contains("seconds per run (log scale)"))
            // Eleven columns of 300 units or more would be 3,700 wide at least in one row; they wrap into rows instead.
            let width = try #require(svg.firstMatch(of: /width="([0-9.]+)"/).flatMap { Double($0.1) })
            #expect(width <= BarChart.leftMargin + BarChart.maximumRowWidth + 30)
            // Without --bars, more files than a row chart holds are drawn as bars too, saying so.
            let rows = bench(["chart", interleaved] + sweeps + ["-o", directory.path + "/rows.svg"])
            #expect(rows.status == .success)
            #expect(rows.error.contains("bench chart: 11 files: drawn as bars (--bars), side by side; a row chart holds up to 6"))
            #expect(try String(contentsOfFile: directory.path + "/rows.svg", encoding: .utf8).contains("seconds per run"))
            // Left out, it leaves nothing to draw: an error, not an empty chart.
            let alone = bench(["chart", crossover, "-o", directory.path + "/none.svg"])
            #expect(alone.status == .failure)
            #expect(alone.error.hasSuffix("Error: Nothing to draw: every file was left out\n"))
        }

        /// What `bench chart` draws of a result file's `text` with `options`, checked to succeed and to be
        /// well-formed.
        static func chart(of text: String, _ options: [String], in directory: borrowing TemporaryDirectory)
            throws -> String
        {
            let file = try directory.write("chart.csv", text)
            let output = directory.path + "/chart.svg"
            #expect(bench(["chart", file, "-o", output] + options).status == .success)
            let svg = try String(contentsOfFile: output, encoding: .utf8)
            #expect(XMLParser(data: Data(svg.utf8)).parse())
            return svg
        }

        @Test("chart --latency: p50 bars, p90 to p99 whiskers, a logarithmic axis; refused for a file without latency")
        func chartLatency() throws {
            let directory = try TemporaryDirectory()
            let records = ["serial-queue", "actor"].map { runner in
                okRecord(
                    runner, RunConfiguration(queues: 4, iterations: 250, shape: .pingPong), nanoseconds: 5_000_000,
                    latency: runner == "actor"
                        ? LatencyPercentiles(samples: 124, p50: 3_000, p90: 4_000, p99: 9_000, maximum: 20_000) : nil)
            }
            let svg = try Self.chart(of: resultFileText(records), ["--latency", "--bars"], in: directory)
            #expect(svg.contains("Latency percentiles, by configuration and runner"))
            #expect(svg.contains("latency (log scale)"))
            #expect(svg.contains("actor at ping-pong 4×250: p50 3.00 µs, p90 4.00 µs, p99 9.00 µs"))
            #expect(svg.contains("pairs × round trips in ping-pong"))
            // serial-queue has no samples: a ×, no bar.
            #expect(!svg.contains("serial-queue at ping-pong 4×250: p50"))

            let plain = try directory.write(
                "plain.csv", resultFileText([ResultFileTests.records[0]]))
            let refused = bench(["chart", plain, "-o", directory.path + "/none.svg", "--latency"])
            #expect(refused.status == .failure)
            #expect(refused.error.hasPrefix("Error: No run in "))
            #expect(!FileManager.default.fileExists(atPath: directory.path + "/none.svg"))
        }

        @Test("chart: a row per runner with its name, grouped by family, each C floor under its runner; a mark per cell")
        func rowChart() throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write(
                "a.csv",
                Self.resultFile([
                    ("floor-serial-queue", [20, 21, 22]), ("task", [400, 410, 420]), ("serial-queue", [100, 110, 120]),
                    ("mine", [50, 51, 52]),
                ]))
            for width in [960, 390] {
                let output = directory.path + "/rows-\(width).svg"
                let run = bench(["chart", file, "-o", output, "--width", "\(width)"])
                #expect(run.status == .success, "\(run.error)")
                let svg = try String(contentsOfFile: output, encoding: .utf8)
                #expect(XMLParser(data: Data(svg.utf8)).parse())
                #expect(svg.contains("width=\"\(width)\""))
                for text in [
                    "What each runner costs per job, by configuration", "cost per job (log scale)", ">4×500<",
                    ">The 2010 experiment<", ">Swift concurrency<", ">Your runners<", ">serial-queue<", ">C floor<",
                    "<title>floor-serial-queue</title>", "serial-queue at 4×500: 110 ns per job, 95% interval",
                    ">100 ns<",
                ] {
                    #expect(svg.contains(text), "\(text) at \(width)")
                }
                // The floor right under its runner, not in a family of floors; the families in the tables' order.
                let order = ["<title>serial-queue</title>", "<title>floor-serial-queue</title>", "<title>task</title>",
                    "<title>mine</title>"].map { svg.range(of: $0)?.lowerBound }
                #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
                #expect(!svg.contains(">C floors<"))
                // A mark per cell, each with its tooltip: four runners in one configuration.
                #expect(svg.components(separatedBy: " at 4×500: ").count - 1 == 4)
                // Its marks are filled, and so is the legend's marker for them.
                let marker = Self.legendMarker(of: "4×500", in: svg)
                #expect(marker?.hasPrefix("<circle") == true && marker?.contains("fill=\"white\"") == false)
            }
            // Every text a result file brings stays text: a runner's name with markup in it.
            let crafted = try directory.write("crafted.csv", Self.resultFile([("<b>x</b>", [100, 110, 120])]))
            let output = directory.path + "/crafted.svg"
            #expect(bench(["chart", crafted, "-o", output]).status == .success)
            let svg = try String(contentsOfFile: output, encoding: .utf8)
            #expect(svg.contains("&lt;b&gt;x&lt;/b&gt;") && !svg.contains("<b>"))
            #expect(XMLParser(data: Data(svg.utf8)).parse())
        }

        @Test("compare's page draws B/A of each cell: the noise band, the machine factor, the cells that moved filled")
        func comparisonChart() throws {
            let directory = try TemporaryDirectory()
            // Six cells, five of which move with the machine (1.5 times) and one against it (3 times).
            let runners = ["single-threaded", "serial-queue", "global-queue", "task", "actor", "continuation"]
            let a = try directory.write("a.csv", Self.resultFile(runners.map { ($0, [100, 101, 102]) }))
            let b = try directory.write(
                "b.csv", Self.resultFile(runners.map { ($0, $0 == "task" ? [300, 303, 306] : [150, 151, 153]) }))
            let page = bench(["compare", a, b, "--format", "html"])
            #expect(page.status == .success, "\(page.error)")
            let html = page.output
            #expect(html.contains("B against A: each cell&#39;s cost per job over A&#39;s"))
            #expect(html.contains("within the noise threshold (±5%)"))
            #expect(html.contains(">machine 1.5"))
            // task moved against the machine: its mark filled, its name bold, its flag at the row's end.
            #expect(html.contains("task at 4×500: B/A 3.00 (95% 2.46–3.66), slower; beside the machine 2.01, dearer"))
            #expect(html.contains(">dearer 2.01 × machine<"))
            // The legend draws its marker as most marks are drawn: hollow, as five of the six cells' are.
            #expect(Self.legendMarker(of: "4×500", in: html)?.contains("fill=\"white\"") == true)
            // Two layouts of the one chart, for a laptop and for a phone.
            #expect(html.contains("<div class=\"wide\">") && html.contains("<div class=\"narrow\">"))
            // Where the files share few cells, the picture says so.
            let c = try directory.write("c.csv", Self.resultFile([("serial-queue", [100, 101, 102]), ("mine", [5, 5, 5])]))
            let few = bench(["compare", a, c, "--format", "html"])
            #expect(few.output.contains("A and B share 1 of 7 cells: only those are drawn"))
            #expect(few.output.contains("share too few cells for a machine factor"))
        }

        @Test("the row charts' colours stay apart for readers with deuteranopia or protanopia (simulated), markers too")
        func rowChartPalette() {
            // Machado, Oliveira and Fernandes (2009), severity 1, applied to linear RGB.
            let deuteranopia = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
            let protanopia = [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
            func simulated(_ hex: String, _ matrix: [[Double]]) -> String {
                let value = Int(hex.dropFirst(), radix: 16) ?? 0
                let linear = [16, 8, 0].map { shift -> Double in
                    let channel = Double((value >> shift) & 0xff) / 255
                    return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
                }
                let mixed = matrix.map { row in min(max(zip(row, linear).map(*).reduce(0, +), 0), 1) }
                let encoded = mixed.map { channel -> Int in
                    let gamma = channel <= 0.0031308 ? 12.92 * channel : 1.055 * pow(channel, 1 / 2.4) - 0.055
                    return Int((gamma * 255).rounded())
                }
                return "#" + encoded.map { String(format: "%02x", $0) }.joined()
            }
            // The four configurations of a default sweep, and the whole palette.
            for colours in [Array(RowChart.palette.prefix(4)), RowChart.palette] {
                for matrix in [deuteranopia, protanopia] {
                    let seen = Set(colours.map { simulated($0, matrix) })
                    print("closest simulated colours of \(colours.count): \(Self.closestColours(seen))")
                    #expect(seen.count == colours.count)
                    // Measured: 18.1 at least (deuteranopia), for the first four and for all seven.
                    #expect(Self.closestColours(seen) >= 15)
                }
            }
            // And each series its own marker, so that colour is never the only cue.
            #expect(Set((0..<RowChart.Marker.allCases.count).map { RowChart.style($0).marker }).count == RowChart.Marker.allCases.count)
        }

        @Test("captions over the axis stack where they would overprint (three machines' factors close together)")
        func captionLines() {
            // Three 100-wide captions 20 apart: each a line of its own; one far off goes back to the first line.
            #expect(RowChart.captionLines([(100, 100), (120, 100), (140, 100), (400, 100)]) == [0, 1, 2, 0])
            // A reference without a caption takes no room.
            #expect(RowChart.captionLines([(100, 100), nil, (260, 100)]) == [0, 0, 0])
            #expect(RowChart.captionLines([(100, 100), (150, 100)]) == [0, 1])
        }
    }
}
