import BenchResults
import Foundation
import JobRunners
import Testing

@testable import BenchKit

extension ThreadingOverheadsTests {
    /// Runs made in worker processes: spread over several (`--processes`), fresh for each (`--isolate`), and two
    /// builds side by side (`bench interleave`); the protocol both sides must speak.
    @Suite struct WorkerTests {
        /// Runs `bench` in this process with `arguments`, its workers the `bench` executable `swift test` built.
        static func withWorkers(_ arguments: [String]) throws -> (status: ExitCode, output: String, error: String) {
            let executable = try #require(Environment.benchExecutable)
            let captured = CapturedConsole()
            let status = BenchCommand.main(arguments: arguments, console: captured.console, executable: executable)
            return (status, captured.output, captured.error)
        }

        @Test("--processes 2: each cell's runs spread over two workers, in turn, each warming up on its own",
            .timeLimit(.minutes(1)))
        func processes() throws {
            let run = try Self.withWorkers([
                "--runners", "serial-queue,task", "--queues", "2", "--iterations", "50", "--repetitions", "4",
                "--output", "-", "--processes", "2",
            ])
            #expect(run.status == .success, "\(run.error)")
            let body = try rows(ofCSV: run.output)
            #expect(body.count == 8)
            #expect(body.allSatisfy { $0["status"] == "ok" && $0["completed_iterations"] == "100" })
            for runner in ["serial-queue", "task"] {
                let processes = body.filter { $0["runner"] == runner }.sorted { $0["repetition"] ?? "" < $1["repetition"] ?? "" }
                    .map { $0["process"] ?? "" }
                // Consecutive runs of a cell in different workers, each worker two runs.
                #expect(Set(processes) == ["1", "2"])
                #expect(zip(processes, processes.dropFirst()).allSatisfy { $0 != $1 })
            }
            // No warm-up step in this process: the workers make their own.
            #expect(run.error.contains("[8/8]"))
            #expect(run.error.contains("each cell's runs spread over 2 worker processes"))
        }

        @Test("--isolate: a fresh worker for every recorded run", .timeLimit(.minutes(1)))
        func isolate() throws {
            let run = try Self.withWorkers([
                "--runners", "serial-queue,detach-thread", "--queues", "2", "--iterations", "20", "--repetitions", "2",
                "--output", "-", "--isolate",
            ])
            #expect(run.status == .success, "\(run.error)")
            let body = try rows(ofCSV: run.output)
            #expect(body.count == 4)
            #expect(body.allSatisfy { $0["status"] == "ok" && $0["completed_iterations"] == "40" && $0["process"] == "1" })
            #expect(run.error.contains("[4/4]"))
            #expect(run.error.contains("each recorded run in a fresh process"))
        }

        @Test("a worker of another protocol refuses to start; a parent refuses an executable that does not answer as one",
            .timeLimit(.minutes(1)))
        func protocolVersion() throws {
            let executable = try #require(Environment.benchExecutable)
            let refused = try runProcess([executable.path, "worker", "--protocol", "99"], timeout: 30)
            #expect(refused.status == 1)
            #expect(
                refused.error.hasPrefix(
                    "Error: the parent bench speaks worker protocol 99, this one speaks \(WorkerProtocol.version): "))
            #expect(refused.output.isEmpty)
            // A program that is not a bench of this protocol: interleave names it before measuring anything.
            let other = "/bin/echo"
            let run = try Self.withWorkers(["interleave", executable.path, other, "--runners", "serial-queue", "--queues", "1",
                                      "--iterations", "10", "--repetitions", "1", "--output", "-"])
            #expect(run.status == .failure)
            #expect(run.error.hasPrefix("Error: '\(other)' does not answer as a worker of protocol \(WorkerProtocol.version)"))
            #expect(run.output.isEmpty)
        }

        @Test("a worker answers each request with one run's rows, and refuses a bad one; its input closed, it exits")
        func workerRequests() throws {
            let executable = try #require(Environment.benchExecutable)
            let child = try ChildProcess(
                executable: executable, arguments: ["worker", "--protocol", String(WorkerProtocol.version)],
                withInput: true)
            var reader = DescriptorReader(child.output)
            #expect(reader.line() == WorkerProtocol.greeting)
            let request = WorkerProtocol.request([
                "--runners=serial-queue", "--queues=2", "--iterations=30", "--repetitions=1", "--output=-", "--quiet",
            ])
            for _ in 1...2 {
                try child.input?.write(contentsOf: Data(request.utf8))
                let header = reader.line() ?? ""
                #expect(header.hasPrefix("rows "))
                let length = try #require(Int(header.dropFirst(5)))
                let data = reader.bytes(length) ?? Data()
                let records = try ResultSet(path: "worker", data: data).records
                #expect(records.count == 1 && records.first?.status == .ok)
            }
            try child.input?.write(contentsOf: Data(WorkerProtocol.request(["--runners=nope"]).utf8))
            #expect(reader.line()?.hasPrefix("error Unknown runner 'nope'") == true)
            #expect(child.finish() == .exited(0))
        }

        @Test("interleave: the same bench twice, every step a pair in one file; compare reads it pair by pair",
            .timeLimit(.minutes(2)))
        func interleave() throws {
            let executable = try #require(Environment.benchExecutable)
            let directory = try TemporaryDirectory()
            let path = directory.path + "/ab.csv"
            let run = try Self.withWorkers([
                "interleave", executable.path, executable.path, "--runners", "serial-queue,single-threaded",
                "--queues", "2", "--iterations", "200", "--repetitions", "4", "--processes", "2", "--output", path,
            ])
            #expect(run.status == .success, "\(run.error)")
            let records = try ResultSet(contentsOfFile: path).records
            #expect(records.count == 2 * 2 * 4)
            #expect(Set(records.compactMap(\.variant?.label)) == ["A", "B"])
            #expect(records.allSatisfy { $0.variant?.executable == executable.path && $0.process != nil })
            // Each cell's repetitions 1 to 4 in each build: pair k is A's k-th run and B's.
            for label in ["A", "B"] {
                let serial = records.filter { $0.runner == "serial-queue" && $0.variant?.label == label }
                #expect(serial.map(\.repetition).sorted() == [1, 2, 3, 4])
            }
            #expect(run.output.contains("B against A, run by run in one session"))
            #expect(run.output.contains("Verdicts: "))
            let comparison = try InterleavedComparison(records: records)
            #expect(comparison.rows.count == 2)
            // Four pairs give a ratio but no interval (fewer than InterleavedComparison.fewestPairsForInterval), so
            // no verdict of faster or slower either.
            #expect(comparison.rows.allSatisfy { $0.pairs == 4 && $0.ratio != nil && $0.interval == nil })
            #expect(comparison.rows.allSatisfy { $0.verdict != .faster && $0.verdict != .slower })
            let compared = bench(["compare", path, "--format", "csv"])
            #expect(compared.status == .success)
            #expect(try rows(ofCSV: compared.output).map { $0["pairs"] } == ["4", "4"])
            // The other commands read one build's runs only, and say where to look.
            let summary = bench(["--input", path])
            #expect(summary.status == .failure)
            #expect(summary.error.hasPrefix("Error: '\(path)' holds runs of two builds, made by 'bench interleave'"))
        }
    }
}
