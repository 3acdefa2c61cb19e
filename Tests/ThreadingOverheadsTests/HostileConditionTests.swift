import BenchResults
import Foundation
import JobRunners
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import BenchKit

extension ThreadingOverheadsTests {
    /// `bench` under conditions that a benchmark run in CI and on unfamiliar machines meets: thread limits,
    /// interrupts, unwritable and full disks, bad files, command lines that ask too much.
    @Suite struct HostileConditionTests {
        /// A directory that the unprivileged user `nobody` can write to.
        static func sharedDirectory() throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            chmod(directory.path, 0o777)
            return directory
        }

        /// Runs bench with `arguments` and `--output` a file, as `nobody` limited to `processes` threads, and reads
        /// the file back (an error if it can't be read).
        static func benchAsNobody(processes: Int, timeout: Double, _ arguments: [String]) throws -> (
            run: ProcessResult, records: [ResultRecord]
        ) {
            let directory = try sharedDirectory()
            let path = directory.path + "/limited.csv"
            let command = try #require(Environment.limitedToNobody(processes: processes))
            let bench = try #require(Environment.benchExecutable)
            let run = try runProcess(command + [bench.path] + arguments + ["--output", path], timeout: timeout)
            let records = try ResultSet(contentsOfFile: path).records
            return (run, records)
        }

        @Test(
            "thread exhaustion: verified-detach fails, detach-thread stalls, single-threaded is intact, exit 2",
            .enabled(if: Environment.canLimitThreads, "needs root and setpriv, to run bench as nobody under ulimit -u"),
            .timeLimit(.minutes(3)))
        func threadExhaustion() throws {
            let started = ContinuousClock.now
            let (run, records) = try Self.benchAsNobody(
                processes: 48, timeout: 120,
                [
                    "--runners", "single-threaded,verified-detach,detach-thread", "--queues", "64", "--iterations",
                    "200", "--verify-timeout", "2", "--stall-timeout", "5", "--repetitions", "3", "--warmup", "1",
                ])
            let seconds = (ContinuousClock.now - started).timeInterval
            print("thread exhaustion: bench ended with \(run.status) after \(Format.number((seconds * 10).rounded() / 10)) s")
            #expect(!run.timedOut, "bench was still running after 2 minutes")
            #expect(run.status == 2, "\(run.error)")
            #expect(records.count == 9)
            for record in records {
                switch record.runner {
                case "single-threaded":
                    #expect(record.status == .ok)
                    #expect(record.completedIterations == 12_800)
                case "verified-detach":
                    #expect(record.status == .failed)
                    #expect(record.detail.contains("did not signal its start within 2 s"), "\(record.detail)")
                default:
                    #expect(record.status == .stalled || record.status == .failed, "\(record.detail)")
                    #expect((record.completedIterations ?? 0) < 12_800)
                }
            }
        }

        @Test(
            "thread exhaustion: Dispatch runners stuck in libdispatch end as stalled or failed, not hung",
            .enabled(if: Environment.canLimitThreads, "needs root and setpriv, to run bench as nobody under ulimit -u"),
            .timeLimit(.minutes(3)))
        func dispatchUnderExhaustion() throws {
            let (run, records) = try Self.benchAsNobody(
                processes: 12, timeout: 120,
                [
                    "--runners", "serial-queue,global-queue", "--queues", "64", "--iterations", "200",
                    "--verify-timeout", "2", "--stall-timeout", "3", "--repetitions", "1", "--warmup", "0",
                    "--seed", "3",
                ])
            #expect(!run.timedOut, "bench was still running after 2 minutes")
            #expect(run.status == 2, "\(run.error)")
            #expect(records.count == 2)
            #expect(records.allSatisfy { $0.status != .ok })
            // Seed 3 runs serial-queue first, as the round-robin order before shuffling did (`bench --seed 3` gives
            // it); in the other order global-queue's run could leave Dispatch threads for serial-queue's to reuse.
            #expect(records.first?.runner == "serial-queue")
        }

        @Test(
            "thread exhaustion: the C floor's pthread_create fails, says why, and fails the run",
            .enabled(if: Environment.canLimitThreads, "needs root and setpriv, to run bench as nobody under ulimit -u"),
            .timeLimit(.minutes(1)))
        func floorUnderExhaustion() throws {
            let (run, records) = try Self.benchAsNobody(
                processes: 24, timeout: 60,
                [
                    "--runners", "floor-detach-thread", "--queues", "64", "--iterations", "50", "--stall-timeout", "5",
                    "--verify-timeout", "2", "--repetitions", "1", "--warmup", "0",
                ])
            #expect(!run.timedOut)
            #expect(run.status == 2, "\(run.error)")
            #expect(records.map(\.status) == [.failed])
            #expect(records.first?.detail.hasPrefix("pthread_create failed: Resource temporarily unavailable") == true)
        }

        /// Starts a sweep of three rounds of a quick single-threaded run and a long detach-thread run, waits until the
        /// first run's row is written, then sends `signal`. Seed 3 orders the first round single-threaded, then
        /// detach-thread (the order `bench --seed 3` gives); a seed that put the long run first would leave no row for
        /// tens of seconds under ThreadSanitizer.
        func interrupt(with signal: Int32) throws -> (ProcessResult, [ResultRecord], String) {
            let bench = try #require(Environment.benchExecutable)
            let directory = try TemporaryDirectory()
            let path = directory.path + "/interrupted.csv"
            var signalled: ContinuousClock.Instant?
            let run = try runProcess(
                [
                    bench.path, "--runners", "single-threaded,detach-thread", "--queues", "1", "--iterations",
                    "300000", "--warmup", "0", "--repetitions", "3", "--seed", "3", "--output", path,
                ],
                timeout: 60
            ) { process in
                let rowWritten = eventually(timeout: 30) {
                    (Self.partialText(of: "interrupted.csv", in: directory.path)?.split(separator: "\n").count ?? 0) >= 2
                }
                #expect(rowWritten)
                // A detach-thread run (300,000 threads: seconds) is now in flight, or about to be.
                Thread.sleep(forTimeInterval: 0.3)
                kill(process.processIdentifier, signal)
                signalled = .now
            }
            let exitSeconds = signalled.map { (ContinuousClock.now - $0).timeInterval } ?? .infinity
            #expect(exitSeconds < 5, "bench took \(exitSeconds) s to exit after the signal")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasSuffix("\n"))
            // The report of the runs made is beside it; no temporary file is left.
            #expect(directory.contents == ["interrupted.csv", "interrupted.html"])
            let report = try String(contentsOfFile: directory.path + "/interrupted.html", encoding: .utf8)
            #expect(report.contains("Interrupted by SIG"))
            return (run, try ResultSet(contentsOfFile: path).records, text)
        }

        /// What the temporary file of `name` in `directory` holds so far (`.NAME.partial-PID`); nil while there is none.
        static func partialText(of name: String, in directory: String) -> String? {
            let partial = (try? FileManager.default.contentsOfDirectory(atPath: directory))?
                .first { $0.hasPrefix(".\(name).partial") }
            return partial.flatMap { try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
        }

        /// A sweep to a default file name in results/ under `directory`, its result file only (these tests are
        /// about its name; the report beside it is tested on its own), that lasts about 2 s in any build: its jobs
        /// spin for 5 ms each (`--work`, calibrated in each process), so a debug build or ThreadSanitizer, which made
        /// 200 runs of 100,000 bare jobs last 0.3 s in release and 47 s sanitized, barely changes its length. In one
        /// worker process: four (the default) each start, and under ThreadSanitizer each takes seconds to.
        static let defaultNameSweep = [
            "--runners", "single-threaded", "--queues", "1", "--iterations", "20", "--work", "5000000", "--warmup", "0",
            "--repetitions", "\(defaultNameSweepRows)", "--processes", "1", "--no-report",
        ]

        /// The rows `defaultNameSweep` writes: one a run.
        static let defaultNameSweepRows = 20

        @Test(
            "validate without files makes the sweep twice, in fresh processes, to two new files in results/",
            .timeLimit(.minutes(1)))
        func validateMakesItsFiles() throws {
            let bench = try #require(Environment.benchExecutable)
            let directory = try TemporaryDirectory()
            // In-process runs (--processes 1): each sweep is a fresh bench process, which is what is checked, without
            // four workers each; ten sanitized process starts were too slow for the time limit on a slow runner.
            let sweep = [
                "--runners", "single-threaded,serial-queue", "--queues", "1", "--iterations", "1000", "--repetitions", "5",
                "--processes", "1",
            ]
            let run = try runProcess([bench.path, "validate", "--format", "json"] + sweep, in: directory.path, timeout: 50)
            #expect(run.status == 0, "\(run.error)")
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/results").sorted()
            #expect(names.count == 2, "\(names)")
            for name in names {
                let records = try ResultSet(contentsOfFile: directory.path + "/results/" + name).records
                #expect(records.count == 10)
                #expect(Set(records.map(\.runner)) == ["single-threaded", "serial-queue"])
            }
            // Two processes, two seeds: two sessions, not one sweep split in two.
            let seeds = try names.map { try ResultSet(contentsOfFile: directory.path + "/results/" + $0).records.first?.seed }
            #expect(Set(seeds).count == 2)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            #expect(json["cells"] as? Int == 2)
            #expect(run.error.contains("bench validate: sweep 2 of 2"))
            // A sweep option with files is a mistake, not ignored.
            let mixed = try runProcess([bench.path, "validate", "a.csv", "b.csv", "--budget", "10"], in: directory.path, timeout: 10)
            #expect(mixed.status == 64)
            #expect(mixed.error.hasPrefix("Error: '--budget' shapes the sweeps"))
        }

        @Test(
            "two sweeps to default names at once: two complete files, each named by its own run",
            .timeLimit(.minutes(1)))
        func concurrentDefaultNames() throws {
            let bench = try #require(Environment.benchExecutable)
            let directory = try TemporaryDirectory()
            // Started together, they pick the same name (the host and the second) unless the clock ticks between.
            let finished = Mutex<[ProcessResult]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                let run = try? runProcess([bench.path] + Self.defaultNameSweep, in: directory.path, timeout: 50)
                finished.withLock { $0 += run.map { [$0] } ?? [] }
            }
            let runs = finished.withLock { $0 }
            #expect(runs.map(\.status) == [0, 0])
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/results").sorted()
            #expect(names.count == 2, "\(names)")
            #expect(names.allSatisfy { $0.hasSuffix(".csv") && !$0.hasPrefix(".") })
            for name in names {
                let records = try ResultSet(contentsOfFile: directory.path + "/results/" + name).records
                #expect(records.count == Self.defaultNameSweepRows)
            }
            let announced = runs.compactMap {
                $0.error.split(separator: "\n").last { $0.contains("wrote \(Self.defaultNameSweepRows) rows to") }
            }
                .map { String($0.split(separator: "/").last ?? "") }.sorted()
            #expect(announced == names)
        }

        @Test(
            "a file that takes the default name while the sweep runs is kept; the sweep takes the next name",
            .timeLimit(.minutes(1)))
        func defaultNameNeverReplaces() throws {
            let bench = try #require(Environment.benchExecutable)
            let directory = try TemporaryDirectory()
            let results = directory.path + "/results"
            var claimed: String?
            let run = try runProcess([bench.path] + Self.defaultNameSweep, in: directory.path, timeout: 50) { _ in
                // The partial file's name gives the name the sweep means to take: `.NAME.csv.partial-PID`.
                _ = eventually(timeout: 20) {
                    let partial = (try? FileManager.default.contentsOfDirectory(atPath: results))?
                        .first { $0.hasPrefix(".") && $0.contains(".csv.partial-") }
                    claimed = partial.map { String($0.dropFirst().prefix { $0 != "%" }.components(separatedBy: ".partial-")[0]) }
                    return claimed != nil
                }
                if let claimed {
                    try "precious\n".write(toFile: results + "/" + claimed, atomically: false, encoding: .utf8)
                }
            }
            let name = try #require(claimed)
            #expect(run.status == 0, "\(run.error)")
            #expect(try String(contentsOfFile: results + "/" + name, encoding: .utf8) == "precious\n")
            let taken = name.replacingOccurrences(of: ".csv", with: "-2.csv")
            #expect(run.error.contains("wrote \(Self.defaultNameSweepRows) rows to results/\(taken)"), "\(run.error)")
            #expect(try ResultSet(contentsOfFile: results + "/" + taken).records.count == Self.defaultNameSweepRows)
            #expect(try FileManager.default.contentsOfDirectory(atPath: results).sorted() == [name, taken].sorted())
        }

        @Test(
            "SIGINT mid-sweep: finished runs kept whole, valid CSV, their report, the summary says so, exit 130",
            .timeLimit(.minutes(1)))
        func sigint() throws {
            let (run, records, _) = try interrupt(with: SIGINT)
            #expect(run.status == 130)
            #expect(!run.wasSignalled)
            #expect(records.count >= 1)
            // The seed's order, as `interrupt(with:)` relies on it.
            #expect(records.first?.runner == "single-threaded")
            #expect(records.allSatisfy { $0.status == .ok && $0.completedIterations == $0.configuration.jobs })
            #expect(run.output.contains("Interrupted by SIGINT after \(Format.count(records.count, "recorded run")) of 6 planned"))
            #expect(run.error.contains("bench: wrote \(Format.count(records.count, "row")) to "))
            #expect(run.error.contains("bench: wrote the report to "), "\(run.error)")
        }

        @Test(
            "SIGINT before any run is recorded: the file named keeps what it held, nothing else is written, exit 130",
            .timeLimit(.minutes(1)))
        func sigintBeforeFirstRun() throws {
            let bench = try #require(Environment.benchExecutable)
            let directory = try TemporaryDirectory()
            let held = "what an earlier sweep wrote\n"
            let path = try directory.write("kept.csv", held)
            let run = try runProcess(
                [
                    bench.path, "--runners", "detach-thread", "--queues", "1", "--iterations", "300000", "--warmup", "0",
                    "--repetitions", "1", "--output", path,
                ],
                timeout: 60
            ) { process in
                // The session has begun once its temporary file exists; the one run (300,000 threads) takes seconds.
                #expect(eventually(timeout: 30) { Self.partialText(of: "kept.csv", in: directory.path) != nil })
                Thread.sleep(forTimeInterval: 0.3)
                kill(process.processIdentifier, SIGINT)
            }
            #expect(run.status == 130, "\(run.error)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == held)
            #expect(directory.contents == ["kept.csv"])
            #expect(run.error.contains("bench: no run was recorded; \(path) is left as it was"), "\(run.error)")
            #expect(!run.output.contains("Interrupted"))
        }

        @Test(
            "SIGTERM mid-sweep: the same, exit 143",
            .timeLimit(.minutes(1)))
        func sigterm() throws {
            let (run, records, _) = try interrupt(with: SIGTERM)
            #expect(run.status == 143)
            #expect(records.count >= 1)
            #expect(run.output.contains("Interrupted by SIGTERM after \(Format.count(records.count, "recorded run"))"))
        }

        @Test(
            "rows to a standard output whose reader has gone (bench --output - | head -c 1): exit 141, no crash",
            .timeLimit(.minutes(1)))
        func standardOutputClosed() throws {
            let bench = try #require(Environment.benchExecutable)
            // head reads the header's first byte and leaves. 600 rows of about 330 bytes are three times what a pipe
            // (64 KiB on Linux) and head's one read can hold, so some of them meet the closed pipe however late head
            // runs on a loaded machine: with 20 rows, a head delayed past the whole sweep left bench to end with 0.
            let run = try runProcess(
                [
                    "/bin/bash", "-c", "\"$0\" \"$@\" | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}", bench.path,
                    "--runners", "single-threaded", "--queues", "1", "--iterations", "1000", "--repetitions", "600",
                    "--warmup", "0", "--output", "-",
                ], timeout: 50)
            #expect(!run.timedOut)
            #expect(run.status == 141, "\(run.error)")
            #expect(!run.error.contains("Fatal error"), "\(run.error)")
            #expect(!run.error.contains("Error:"), "\(run.error)")
        }

        @Test(
            "an unwritable directory: one Error line, exit 1, nothing left",
            .enabled(if: Environment.canLimitThreads, "needs root and setpriv, to run bench as nobody"))
        func unwritableDirectory() throws {
            let directory = try TemporaryDirectory()
            chmod(directory.path, 0o755)
            let command = try #require(Environment.limitedToNobody(processes: 1_000))
            let bench = try #require(Environment.benchExecutable)
            let path = directory.path + "/x.csv"
            let run = try runProcess(
                command + [bench.path, "--runners", "serial-queue", "--queues", "1", "--iterations", "5", "--output", path],
                timeout: 60)
            #expect(run.status == 1)
            #expect(run.error.split(separator: "\n").filter { $0.hasPrefix("Error:") } == ["Error: Cannot write '\(path)': Permission denied"])
            #expect(directory.contents.isEmpty)
        }

        // Linux only: a tmpfs to fill is mounted with Linux's mount(2) and umount(2) (macOS has a four-argument
        // mount and unmount, and no tmpfs).
        #if os(Linux)
        @Test(
            "a full disk: one Error line, exit 1, nothing partial left", .timeLimit(.minutes(1)),
            .enabled(if: Environment.canMountTmpfs, "needs root and the right to mount a tmpfs, to fill a disk"))
        func fullDisk() throws {
            let directory = try TemporaryDirectory()
            try #require(Environment.mountTmpfs(at: directory.path, size: "8k"))
            defer { umount(directory.path) }
            // About 200 bytes per row: 100 rows do not fit in 8 KiB.
            let path = directory.path + "/x.csv"
            let run = bench([
                "--runners", "single-threaded", "--queues", "1", "--iterations", "1", "--repetitions", "100",
                "--warmup", "0", "--output", path, "--quiet",
            ])
            #expect(run.status == .failure)
            #expect(run.error.split(separator: "\n").filter { $0.hasPrefix("Error:") } == ["Error: Cannot write '\(path)': No space left on device"])
            #expect(directory.contents.isEmpty)
            #expect(run.output.isEmpty)
        }

        #endif

        @Test(
            "bad result files: compare, check and chart name the file and line, exit 1, never crash",
            arguments: [["compare"], ["check", "serial-queue <= 1s/job", "--input"], ["chart"]],
            ResultFileTests.badFiles.map(\.0))
        func badFiles(command: [String], data: Data) throws {
            let directory = try TemporaryDirectory()
            let good = try directory.write("good.csv", SubcommandTests.resultFile([("serial-queue", [100])]))
            let bad = directory.path + "/bad.csv"
            try data.write(to: URL(fileURLWithPath: bad))
            let arguments: [String] =
                switch command[0] {
                case "compare": command + [good, bad]
                case "chart": command + [good, bad, "-o", directory.path + "/c.svg"]
                default: command + [bad]
                }
            let run = bench(arguments)
            #expect(run.status == .failure)
            let lines = run.error.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("Error: '\(bad)'") == true, "\(run.error)")
            #expect(!directory.contents.contains("c.svg"))
        }

        /// The plan of the sweep that `arguments` ask for.
        static func plan(_ arguments: [String]) throws -> SweepPlan {
            let sweep = try #require(try CommandLineParser.parse(arguments) as? SweepCommand, "expected a sweep")
            guard case .sweep(let plan, _) = sweep.action else {
                throw UsageError("expected a sweep, not a summary")
            }
            return plan
        }

        @Test("resource-hungry command lines are refused, or their cells left out, before anything runs")
        func resourceLimits() throws {
            #expect(throws: UsageError.self) {
                try CommandLineParser.parse(["--runners", "detach-thread", "--queues", "1000000", "--iterations", "1"])
            }
            #expect(throws: UsageError.self) {
                try CommandLineParser.parse(["--queues", "1000001", "--iterations", "1"])
            }
            #expect(throws: UsageError.self) {
                try CommandLineParser.parse(["--runners", "detach-thread", "--queues", "1", "--iterations", "100000000"])
            }
            let long = try Self.plan(
                ["--runners", "detach-thread", "--queues", "1", "--iterations", "100000000", "--allow-long"])
            #expect(long.exclusions.isEmpty)
            let wide = try Self.plan(["--queues", "600", "--iterations", "10"])
            // 600 queues: run-loop's 600 threads are within the limit, the detach runners' 3000 are not.
            #expect(wide.exclusions.map(\.cell.runner) == [.detachThread, .verifiedDetach, .floorDetachThread])
            #expect(wide.cells.allSatisfy { !$0.runner.traits.startsThreadPerJob })
            let run = bench(["--queues", "600", "--iterations", "1", "--runners", "detach-thread,single-threaded",
                             "--repetitions", "1", "--warmup", "0", "--output", "-", "--quiet"])
            #expect(run.status == .success)
            #expect(run.error.unwrapped.contains("bench: not running detach-thread at 600×1: up to 3000 threads of its own at once, over bench's limit of 1024"))
            #expect(try rows(ofCSV: run.output).map { $0["runner"] } == ["single-threaded"])
        }
    }
}
