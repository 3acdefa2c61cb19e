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
            #expect(run.error.contains("8/8 runs (100%)"))
            #expect(run.error.unwrapped.contains("each cell's runs spread over worker processes (2 at a time, each replaced by a fresh one after 20 s)"))
        }

        @Test("a sweep's workers live 20 s, or a smaller budget's share of it: a short sweep has as many generations")
        func lifetime() {
            func seconds(_ sampling: SweepPlan.Sampling) -> Double {
                Double(WorkerPool.lifetime(of: sampling)) / 1e9
            }
            #expect(seconds(.repetitions(60)) == 20)
            #expect(seconds(.budget(RunOptions.defaultBudget)) == 20)
            #expect(seconds(.budget(SweepPlan.Budget(seconds: 600))) == 20)
            // One configuration's 60 s: 8 s, so that its cheap cells' runs come from some 30 processes, not 8.
            #expect(seconds(.budget(SweepPlan.Budget(seconds: 60))) == 8)
            #expect(seconds(.budget(SweepPlan.Budget(seconds: 10))) == 5)
            #expect(
                WorkerPool.lifetimeText
                    == "20 s, or less under a smaller budget, in proportion (8 s at 60 s; 5 s at the least)")
        }

        @Test("a budget of 60 s: the sweep says its workers retire after 8 s", .timeLimit(.minutes(1)))
        func shortBudgetLifetime() throws {
            let run = try Self.withWorkers([
                "--runners", "serial-queue", "--queues", "2", "--iterations", "50", "--budget", "60", "--output", "-",
                "--processes", "2",
            ])
            #expect(run.status == .success, "\(run.error)")
            #expect(run.error.unwrapped.contains("(2 at a time, each replaced by a fresh one after 8 s)"))
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
            #expect(body.allSatisfy { $0["status"] == "ok" && $0["completed_iterations"] == "40" })
            // Each run's process is a fresh one, and its number, unique in the file, says so.
            #expect(Set(body.compactMap { $0["process"] }).count == 4)
            #expect(run.error.contains("4/4 runs (100%)"))
            #expect(run.error.unwrapped.contains("each recorded run in a fresh process"))
        }

        @Test("a worker of another protocol refuses to start; a parent refuses an executable that does not answer as one",
            .timeLimit(.minutes(1)))
        func protocolVersion() throws {
            let executable = try #require(Environment.benchExecutable)
            let refused = try runProcess([executable.path, "worker", "--protocol", "99"], timeout: 30)
            #expect(refused.status == 1)
            #expect(
                refused.error.hasPrefix(
                    "Error: This worker speaks protocol \(WorkerProtocol.version), its parent bench 99: "))
            #expect(refused.output.isEmpty)
            // A program that is not a bench of this protocol: interleave names it before measuring anything.
            let other = "/bin/echo"
            let run = try Self.withWorkers(["interleave", executable.path, other, "--runners", "serial-queue", "--queues", "1",
                                      "--iterations", "10", "--repetitions", "1", "--output", "-"])
            #expect(run.status == .failure)
            #expect(run.error.hasPrefix("Error: '\(other)' does not answer as a worker of protocol \(WorkerProtocol.version)"))
            #expect(run.output.isEmpty)
        }

        @Test("a worker answers each request with one run's outcome, and refuses a bad one; its input closed, it exits")
        func workerRequests() throws {
            let executable = try #require(Environment.benchExecutable)
            let child = try ChildProcess(
                executable: executable, arguments: ["worker", "--protocol", String(WorkerProtocol.version)],
                withInput: true)
            var reader = DescriptorReader(child.output)
            #expect(reader.line() == WorkerProtocol.greeting)
            // Then its build, which the rows of its runs record (interleave's other build may differ in it).
            #expect(try WorkerProtocol.message(MachineInfo.Build.self, from: reader.line() ?? "") == .current)
            let plan = SweepPlan(
                runners: [.serialQueue], configurations: [RunConfiguration(queues: 2, iterations: 30)], repetitions: 1)
            var request = WorkerRequest(SweepPlan.Step(cell: plan.cells[0], repetition: 1), of: plan)
            func answer() throws -> WorkerReply {
                try child.input?.write(contentsOf: Data(try WorkerProtocol.line(request).utf8))
                return try WorkerProtocol.message(WorkerReply.self, from: reader.line() ?? "")
            }
            for _ in 1...2 {
                guard case .run(let outcome) = try answer() else {
                    Issue.record("expected a run")
                    return
                }
                #expect(outcome.status == .ok && outcome.completedIterations == 60 && outcome.nanoseconds != nil)
            }
            request.runner = "nope"
            #expect(try answer() == .refused("this worker knows no runner 'nope'"))
            try child.input?.write(contentsOf: Data("--runners=serial-queue\n".utf8))
            guard case .refused(let reason) = try WorkerProtocol.message(WorkerReply.self, from: reader.line() ?? "") else {
                Issue.record("expected a refusal")
                return
            }
            #expect(reason.hasPrefix("a request that is not a run"))
            #expect(child.finish() == .exited(0))
        }

        @Test("a request and a reply carry every field of a configuration, the settings and an outcome, both ways")
        func messagesRoundTrip() throws {
            // Every field differs from a plain value's, so that a field that did not travel would come back changed;
            // a field added later without a value here fails the first check, which asks for one.
            let configuration = RunConfiguration(
                queues: 3, iterations: 70, workNanoseconds: 500, shape: .pingPong, measuresLatency: false)
            let settings = RunSettings(verifyTimeout: .milliseconds(1500), stallTimeout: .seconds(9))
            let outcome = RunOutcome(
                status: .stalled, nanoseconds: 123_456_789, detail: "a detail,\nover \"two\" lines",
                completedIterations: 41, startedAt: Date(timeIntervalSince1970: 1_795_000_000.25),
                metrics: RunMetrics(
                    cpuUserSeconds: 0.125, cpuSystemSeconds: 0.5, voluntaryContextSwitches: 7,
                    involuntaryContextSwitches: 3, peakThreads: 12, maxRSSBytes: 1 << 30),
                workSpins: 17, spinsPerMicrosecond: 123.5,
                latency: LatencyPercentiles(samples: 99, p50: 100, p90: 200, p99: 300, maximum: 4000),
                submitNanoseconds: 1000, allocations: Allocations(perJob: 2.5, bytesPerJob: 96.25, freesPerJob: 2.25))
            let plain = (
                configuration: RunConfiguration(queues: 1, iterations: 1, measuresLatency: true),
                settings: RunSettings(),
                outcome: RunOutcome(status: .ok, nanoseconds: nil, completedIterations: nil, startedAt: nil),
                metrics: RunMetrics(
                    cpuUserSeconds: 0, cpuSystemSeconds: 0, voluntaryContextSwitches: 0, involuntaryContextSwitches: 0,
                    peakThreads: nil, maxRSSBytes: nil),
                latency: LatencyPercentiles(samples: 0, p50: 0, p90: 0, p99: 0, maximum: 0),
                allocations: Allocations(perJob: 0, bytesPerJob: 0, freesPerJob: 0))
            func differsInEveryField(_ value: Any, _ other: Any) {
                let fields = Mirror(reflecting: value).children
                let others = Dictionary(
                    Mirror(reflecting: other).children.map { ($0.label ?? "", "\($0.value)") }, uniquingKeysWith: { a, _ in a })
                #expect(!fields.isEmpty)
                for field in fields {
                    #expect("\(field.value)" != others[field.label ?? ""], "give \(field.label ?? "") a value of its own")
                }
            }
            differsInEveryField(configuration, plain.configuration)
            differsInEveryField(settings, plain.settings)
            differsInEveryField(outcome, plain.outcome)
            differsInEveryField(try #require(outcome.metrics), plain.metrics)
            differsInEveryField(try #require(outcome.latency), plain.latency)
            differsInEveryField(try #require(outcome.allocations), plain.allocations)

            let plan = SweepPlan(
                cells: [SweepPlan.Cell(runner: .task, configuration: configuration)], sampling: .repetitions(4),
                warmup: .untilSettled(maximum: 4, tolerance: 0.25), settings: settings, seed: 42)
            let request = WorkerRequest(SweepPlan.Step(cell: plan.cells[0], repetition: 3), of: plan)
            let line = try WorkerProtocol.line(request)
            #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil)
            let back = try WorkerProtocol.message(WorkerRequest.self, from: String(line.dropLast()))
            #expect(back == request)
            let child = try back.plan(catalogue: .builtIn, warm: false)
            #expect(child.cells == plan.cells && child.repetitions == 1)
            #expect(child.warmup == plan.warmup && child.settings == settings && child.seed == 42)
            #expect(try back.plan(catalogue: .builtIn, warm: true).warmup == .runs(0))
            for reply in [WorkerReply.run(outcome), .refused("why,\n\"not\"")] {
                let line = try WorkerProtocol.line(reply)
                #expect(line.dropLast().firstIndex(of: "\n") == nil)
                #expect(try WorkerProtocol.message(WorkerReply.self, from: String(line.dropLast())) == reply)
            }
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
            #expect(summary.error.hasPrefix("Error: '\(path)' is from 'bench interleave': give it to 'bench compare' alone"))
        }

        @Test("interleave: the k-th workers of the two builds retire together, so a pair's runs share their generation",
            .timeLimit(.minutes(1)))
        func interleaveRetiresInPairs() throws {
            let executable = try #require(Environment.benchExecutable)
            let plan = SweepPlan(
                runners: [.serialQueue], configurations: [RunConfiguration(queues: 2, iterations: 30)], repetitions: 6)
            let variants = ["A", "B"].map { ResultRecord.Variant(label: $0, executable: executable.path) }
            // The processes that made each step's two runs, A's first, with workers that live `lifetime`.
            func processes(lifetime: UInt64?) -> [[Int?]] {
                let pools = variants.map { _ in WorkerPool(executable: executable, count: 2) }
                defer { pools.forEach { $0.finish() } }
                let builds = InterleaveCommand.Builds(
                    variants: variants, pools: pools, lifetime: lifetime, order: SplitMix64(seed: 7))
                return (1...6).map { repetition in
                    let made = builds.measurements(SweepPlan.Step(cell: plan.cells[0], repetition: repetition), of: plan)
                    #expect(made.map(\.outcome.status) == [.ok, .ok] && made.map(\.variant?.label) == ["A", "B"])
                    return made.map(\.process)
                }
            }
            // Two workers of each build, used in turn: kept for the session, or replaced at every step.
            #expect(processes(lifetime: nil) == [[1, 1], [2, 2], [1, 1], [2, 2], [1, 1], [2, 2]])
            #expect(processes(lifetime: 0) == (1...6).map { [$0, $0] })
        }

        @Test("interleave: each build's rows record its own configuration and compiler; --output - is the CSV alone",
            .timeLimit(.minutes(2)))
        func interleaveBuilds() throws {
            let executable = try #require(Environment.benchExecutable)
            let directory = try TemporaryDirectory()
            // B: this bench's worker, which says it is another build (its first two lines replaced).
            let other = try directory.write(
                "other-bench",
                "#!/bin/sh\necho '\(WorkerProtocol.greeting)'\necho '{\"configuration\":\"other\",\"swiftVersion\":\"9.9\"}'\n"
                    // The shell's read takes a pipe's bytes one line at a time, so each reply passes on at once.
                    + "'\(executable.path)' \"$@\" | { read -r a; read -r b; "
                    + "while IFS= read -r line; do printf '%s\\n' \"$line\"; done; }\n")
            #expect(chmod(other, 0o755) == 0)
            let run = try Self.withWorkers([
                "interleave", executable.path, other, "--runners", "serial-queue", "--queues", "2", "--iterations",
                "200", "--repetitions", "2", "--processes", "1", "--output", "-",
            ])
            #expect(run.status == .success, "\(run.error)")
            // Standard output holds the CSV and nothing else; the comparison went to standard error.
            let records = try ResultSet(path: "-", data: Data(run.output.utf8)).records
            #expect(records.count == 4)
            let current = MachineInfo.Build.current
            for record in records {
                let build = record.variant?.label == "B" ? MachineInfo.Build(configuration: "other", swiftVersion: "9.9") : current
                #expect(MachineInfo.Build(configuration: record.machine.build, swiftVersion: record.machine.swiftVersion) == build)
            }
            #expect(run.error.contains("B against A, run by run in one session"))
            #expect(run.error.contains("B: \(other) (other build, Swift 9.9)"))
            #expect(run.error.contains("verdict  sees") && run.error.contains("Could see ×1.2 (80% of the time): "))
            #expect(run.error.contains("A: \(executable.path) (\(current.configuration) build, Swift \(current.swiftVersion))"))
        }
    }
}
