import BenchResults
import JobRunners
import Testing

@testable import BenchKit

extension ThreadingOverheadsTests {
    @Suite struct CommandLineParserTests {
        /// The options a sweep's command line gives, as scanned, and the plan its command settles.
        func sweep(_ arguments: [String]) throws -> (options: SweepOptions, plan: SweepPlan) {
            let sweep = try #require(
                try CommandLineParser.parse(arguments) as? SweepCommand, "expected a sweep for \(arguments)")
            guard case .sweep(let plan, _) = sweep.action else {
                throw ExpectedSweep(arguments: arguments)
            }
            return (try SweepCommand.definition.scan(arguments).options, plan)
        }

        struct ExpectedSweep: Error {
            let arguments: [String]
        }

        /// The request that `arguments` make, which must be of type `T`.
        func parsed<T: Invocation>(_ arguments: [String], as _: T.Type) throws -> T {
            try #require(try CommandLineParser.parse(arguments) as? T, "expected \(T.self) for \(arguments)")
        }

        func options(_ arguments: String...) throws -> SweepOptions {
            try sweep(arguments).options
        }

        func plan(_ arguments: String...) throws -> SweepPlan {
            try sweep(arguments).plan
        }

        func configurations(_ arguments: String...) throws -> [String] {
            try sweep(arguments).plan.configurations.map(\.description)
        }

        @Test("the default budget: 1.5 s a cell, from 60 to 150 s; --budget overrides it")
        func defaultBudget() throws {
            func seconds(_ plan: SweepPlan) -> Double? {
                guard case .budget(let budget) = plan.sampling else { return nil }
                return budget.seconds
            }
            // The default sweep: about 100 cells, 150 s.
            #expect(try seconds(plan()) == 150)
            // One configuration of every runner: 25 or 26 cells, 60 s, the least.
            #expect(try seconds(plan("--queues", "8", "--iterations", "12500")) == 60)
            // 48 cells: 72 s.
            #expect(try seconds(plan("--runners", "serial-queue,task,actor", "--queues", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16")) == 72)
            #expect(try seconds(plan("--queues", "8", "--iterations", "12500", "--budget", "30")) == 30)
        }

        @Test("--shape: each shape's own default queues and jobs; the runners that run it, unless named")
        func shapes() throws {
            #expect(
                try configurations("--shape", "ping-pong")
                    == ["ping-pong 1×10000", "ping-pong 4×2500", "ping-pong 8×1250", "ping-pong 16×625"])
            #expect(
                try configurations("--shape", "contention")
                    == [1, 2, 4, 8, 16, 32, 64].map { "contention \($0)×\((10_000 + $0 / 2) / $0)" })
            #expect(try configurations("--shape", "chain,ping-pong", "--queues", "2", "--jobs", "100") == ["2×50", "ping-pong 2×50"])
            #expect(try configurations("--latency", "--queues", "1") == ["1×100000 latency"])
            // --latency is a chain's; fan-out has its submit time instead.
            #expect(try configurations("--shape", "fan-out", "--latency", "--queues", "4") == ["fan-out 4×2500"])
            let (_, plan) = try sweep(["--shape", "contention"])
            #expect(
                plan.runners.map(\.id) == [
                    "run-loop", "serial-queue", "serial-queue-closure", "operation-queue", "task-executor", "actor",
                    "executor-actor", "continuation", "async-stream", "mutex", "floor-run-loop", "floor-serial-queue",
                    "floor-mutex",
                ])
            #expect(plan.exclusions.isEmpty)
            // Named, a runner that doesn't run the shape is left out, with the reason.
            let (_, named) = try sweep(["--shape", "contention", "--runners", "mutex,task", "--queues", "2"])
            #expect(named.cells.map(\.runner) == [.mutex])
            #expect(named.exclusions.map(\.reason) == ["runs no contention (its shapes: chain, ping-pong, fan-out)"])
        }

        @Test("no arguments: the 2010 sweep, every runner, warm-ups until settled, the default budget, a new file in results/")
        func defaults() throws {
            let (options, plan) = try sweep([])
            #expect(plan.configurations.map(\.description) == ["1×100000", "4×25000", "8×12500", "16×6250"])
            // Every standard runner that runs a chain: all but the mutex and its floor.
            #expect(plan.runners == RunnerCatalogue.builtIn.standard.filter { $0.traits.shapes.contains(.chain) })
            #expect(!plan.runners.contains(.mainQueue) && !plan.runners.contains(.mutex))
            #expect(plan.repetitions == nil)
            #expect(plan.sampling == .budget(RunOptions.defaultBudget))
            #expect(plan.warmup == .settling)
            #expect(plan.cells == SweepPlan().cells)
            #expect(options.run.recording.output == .newFileInResults)
            #expect(options.summary.format == .table)
            #expect(options.summary.summaryPath == nil)
            #expect(!options.run.placement.isolate)
            #expect(!options.run.recording.quiet)
            #expect(plan.settings.verifyTimeout == .seconds(10))
            #expect(plan.settings.stallTimeout == .seconds(30))
        }

        @Test("--queues and --iterations: every combination, in order")
        func queuesAndIterations() throws {
            #expect(try configurations("--queues", "8", "--iterations", "12500") == ["8×12500"])
            #expect(
                try configurations("--queues", "1,2", "--iterations", "10,20") == ["1×10", "1×20", "2×10", "2×20"])
            #expect(try configurations("--queues=4,4,8", "--iterations=5") == ["4×5", "8×5"])
            // Iterations alone run with the default queue counts.
            #expect(try configurations("--iterations", "7") == ["1×7", "4×7", "8×7", "16×7"])
            // An option given twice with one value is that value (two values are an error: badCommandLines).
            #expect(try configurations("--queues", "8", "--queues=8", "--iterations", "5") == ["8×5"])
        }

        @Test("--jobs: iterations = total / queues, rounded to the nearest where queues don't divide it")
        func jobs() throws {
            #expect(try configurations("--jobs", "1000", "--queues", "1,4,8") == ["1×1000", "4×250", "8×125"])
            #expect(try configurations("--jobs", "1600") == ["1×1600", "4×400", "8×200", "16×100"])
            #expect(try configurations("--queues", "8") == ["8×12500"])
            #expect(try configurations("--queues", "64,128,256") == ["64×1563", "128×781", "256×391"])
            #expect(try configurations("--jobs", "100", "--queues", "3") == ["3×33"])
            #expect(try options("--queues", "3").run.cells.jobsTotal(for: .chain) == 100_000)
            #expect(try options("--queues", "3").run.cells.jobsTotal(for: .pingPong) == 10_000)
            #expect(try options("--queues", "3", "--jobs", "60").run.cells.jobsTotal(for: .pingPong) == 60)
            #expect(try options("--queues", "3", "--iterations", "5").run.cells.jobsTotal(for: .chain) == nil)
        }

        @Test("--work: every configuration, with each work size")
        func work() throws {
            #expect(try configurations("--queues", "2", "--iterations", "500", "--work", "2000") == ["2×500+2000ns"])
            #expect(
                try configurations("--queues", "1,2", "--iterations", "10", "--work", "0,100")
                    == ["1×10", "1×10+100ns", "2×10", "2×10+100ns"])
        }

        @Test("--runners, --repetitions, --warmup, --output, the timeouts, --format, --summary, the flags")
        func otherOptions() throws {
            let (options, plan) = try sweep([
                "--runners", "serial-queue,run-loop,serial-queue", "--repetitions", "5", "--warmup", "0",
                "--output", "out.csv", "--verify-timeout", "2", "--stall-timeout", "5.5", "--format", "json",
                "--summary", "summary.csv", "--isolate", "--quiet", "--metrics",
            ])
            #expect(plan.runners == [.serialQueue, .runLoop])
            #expect(plan.repetitions == 5)
            #expect(plan.warmup == .runs(0))
            #expect(options.run.recording.output == .file(path: "out.csv"))
            #expect(plan.settings.verifyTimeout == .seconds(2))
            #expect(plan.settings.stallTimeout == .seconds(5.5))
            #expect(options.summary.format == .json)
            #expect(options.summary.summaryPath == "summary.csv")
            #expect(options.run.placement.isolate)
            #expect(options.run.recording.quiet)
            #expect(options.summary.showsMetrics)
            #expect(try self.options("--output", "-").run.recording.output == .standardOutput)
            #expect(try self.options("--output=-").run.recording.output == .standardOutput)
            // -o, as chart's: a result file's path by either name.
            #expect(try self.options("-o", "-").run.recording.output == .standardOutput)
            for format in OutputFormat.allCases {
                #expect(try self.options("--format", format.rawValue).summary.format == format)
            }
        }

        @Test(
            "--help, -h and help give help, for the command they follow",
            arguments: [
                (["--help"], nil), (["-h"], nil), (["--queues", "x", "--help"], nil), (["help"], nil),
                (["compare", "--help"], Subcommand.compare), (["help", "check"], .check), (["chart", "-h"], .chart),
                (["crossover", "--help"], .crossover),
            ] as [([String], Subcommand?)])
        func help(arguments: [String], topic: Subcommand?) throws {
            #expect(try CommandLineParser.parse(arguments) as? HelpRequest == HelpRequest(topic: topic))
        }

        @Test("compare: two or more files, --threshold as a percentage, --format")
        func compare() throws {
            let command = try CommandLineParser.parse(["compare", "a.csv", "b.csv", "c.csv", "--threshold", "2.5%", "--format", "markdown"])
            let compare = try #require(command as? CompareCommand)
            #expect(compare.paths == ["a.csv", "b.csv", "c.csv"])
            #expect(compare.options.threshold == 0.025)
            #expect(compare.options.format == .markdown)
            #expect(!compare.options.showsMetrics)
            let defaults = try parsed(["compare", "a.csv", "b.csv"], as: CompareCommand.self)
            #expect(defaults.paths == ["a.csv", "b.csv"])
            #expect(defaults.options.threshold == Comparison.defaultThreshold)
            #expect(defaults.options.format == .table)
        }

        @Test("check: the checks' runners and configurations make the fresh run")
        func check() throws {
            let check = try parsed([
                "check", "detach-thread >= 10x serial-queue", "run-loop@8x12500 > 2x global-queue",
                "--queues", "4", "--iterations", "500", "--repetitions", "7", "--confidence", "90",
            ], as: CheckCommand.self)
            let (options, expressions) = (check.options, check.expressions)
            let fresh = try #require(check.fresh, "expected a check with a fresh run")
            let plan = fresh.plan
            // Settled when read: one look of the runs asked for, the default budget, every run in this process.
            #expect(fresh.looks == [7])
            #expect(fresh.budget == CheckOptions.defaultBudget)
            #expect(fresh.placement == .thisProcess)
            #expect(expressions.count == 2)
            // Each check's runners, in the configuration it names or, naming none, in those of the run options.
            #expect(plan.cells.map(\.description) == [
                "detach-thread at 4×500", "serial-queue at 4×500", "run-loop at 8×12500", "global-queue at 8×12500",
            ])
            #expect(plan.repetitions == 7)
            #expect(options.confidence == 0.9)
            #expect(options.input == nil)
            #expect(options.run.recording.output == OutputDestination.none)

            let named = try #require(
                try parsed(["check", "run-loop@8x12500 > 2x global-queue"], as: CheckCommand.self).fresh?.plan,
                "expected a check with a fresh run")
            // Only the named configuration: no check needs the default sweep.
            #expect(named.configurations.map(\.description) == ["8×12500"])

            let input = try parsed(["check", "serial-queue <= 200ns/job", "--input", "r.csv"], as: CheckCommand.self)
            #expect(input.options.input == "r.csv")
            #expect(input.fresh == nil)
        }

        @Test("crossover: runners, work sizes, input, format")
        func crossover() throws {
            let crossover = try parsed(["crossover"], as: CrossoverCommand.self)
            let (defaults, runners) = (crossover.options, crossover.runners)
            #expect(runners == RunnerCatalogue.builtIn.standard.filter { $0.traits.shapes.contains(.chain) })
            #expect(defaults.run.cells.work == CrossoverOptions.defaultWork)
            #expect(defaults.run.sampling.repetitions == 5)
            #expect(defaults.run.recording.output == .newFileInResults)
            let given = try parsed([
                "crossover", "--runners", "task,thread-pool", "--work", "100,1000", "--repetitions", "2", "--format",
                "markdown", "--output", "-",
            ], as: CrossoverCommand.self)
            let (options, named) = (given.options, given.runners)
            // The control first: the analysis needs it.
            #expect(named == [.singleThreaded, .task, .threadPool])
            #expect(options.run.cells.work == [100, 1000])
            #expect(options.run.sampling.repetitions == 2)
            #expect(options.format == .markdown)
            #expect(options.run.recording.output == .standardOutput)
            #expect(try parsed(["crossover", "--input", "r.csv"], as: CrossoverCommand.self).options.input == "r.csv")
        }

        @Test("chart: files and an SVG path")
        func chart() throws {
            func chart(
                _ paths: [String], _ output: String, title: String? = nil, log: Bool = false, bars: Bool = false,
                width: Int = Int(RowChart.defaultWidth)
            ) -> [String] {
                [paths.joined(separator: ","), output, title ?? "-", "\(log)", "\(bars)", "\(width)"]
            }
            func parsed(_ arguments: [String]) throws -> [String] {
                let chart = try self.parsed(arguments, as: ChartCommand.self)
                return [
                    chart.paths.joined(separator: ","), chart.outputPath, chart.options.title ?? "-", "\(chart.options.logarithmic)",
                    "\(chart.options.bars)", "\(chart.options.width)",
                ]
            }
            #expect(try parsed(["chart", "a.csv", "b.csv", "-o", "c.svg"]) == chart(["a.csv", "b.csv"], "c.svg"))
            #expect(
                try parsed(["chart", "a.csv", "--output=c.svg", "--title", "Mine"])
                    == chart(["a.csv"], "c.svg", title: "Mine"))
            #expect(
                try parsed(["chart", "a.csv", "-o", "c.svg", "--bars", "--log"])
                    == chart(["a.csv"], "c.svg", log: true, bars: true))
            #expect(
                try parsed(["chart", "a.csv", "-o", "c.svg", "--width", "390"])
                    == chart(["a.csv"], "c.svg", width: 390))
        }

        static let badCommandLines: [([String], String, Subcommand?)] = [
            (["--frobnicate"], "Unknown option '--frobnicate'", nil),
            (["-q", "4"], "Unknown option '-q'", nil),
            (["--queue", "4"], "Unknown option '--queue'; did you mean '--queues'?", nil),
            (["validate", "a.csv", "./a.csv"], "'./a.csv' is the first file again: 'bench validate' needs two sweeps, made one after the other", .validate),
            (["compare", "a.csv", "b.csv", "--treshold", "3"], "Unknown option '--treshold'; did you mean '--threshold'?", .compare),
            (["-"], "Unexpected argument '-'", nil),
            (["frobnicate"], "Unknown command 'frobnicate'; the commands are compare, check, chart, crossover, validate, interleave, worker", nil),
            (["comapre", "a.csv", "b.csv"], "Unknown command 'comapre'; did you mean 'compare'?", nil),
            (["help", "chekc"], "Unknown command 'chekc'; did you mean 'check'?", nil),
            (["--hlep"], "Unknown option '--hlep'; did you mean '--help'?", nil),
            (["--verison"], "Unknown option '--verison'; did you mean '--version'?", nil),
            // --version is the program's alone: a subcommand's slip is not sent to it.
            (["check", "task <= 5 allocs/job", "--verison"], "Unknown option '--verison'", .check),
            (["run.csv"], "Unknown command 'run.csv'; for the summary of a result file: 'bench --input run.csv'", nil),
            (
                ["chart", "a.csv", "-o", "chart.png"],
                "'chart.png': 'bench chart' writes SVG, so name it .svg (rsvg-convert makes a PNG of that)", .chart
            ),
            (["--queues"], "Missing value for '--queues <list>'", nil),
            (["--queues", "--iterations", "5"], "Missing value for '--queues <list>'", nil),
            (["--output"], "Missing value for '--output <path>'", nil),
            (["--output", ""], "Missing value for '--output <path>'", nil),
            (["--quiet=yes"], "'--quiet' takes no value", nil),
            (["--queues", "4", "--queues=8"], "'--queues <list>' is given twice, '4' and '8': give it once", nil),
            (
                ["--input", "a.csv", "--input", "b.csv"],
                "'--input <file.csv>' is given twice, 'a.csv' and 'b.csv': give it once", nil
            ),
            (["--queues", "abc"], "'--queues' expects a whole number, not 'abc'", nil),
            (["--repetitions", "1.5"], "'--repetitions' expects a whole number, not '1.5'", nil),
            (["--stall-timeout", "soon"], "'--stall-timeout' expects a number of seconds such as 30 or 0.5, not 'soon'", nil),
            (["--verify-timeout", "nan"], "'--verify-timeout' expects a number of seconds such as 30 or 0.5, not 'nan'", nil),
            (["--queues", "0"], "'--queues' must be at least 1, not 0", nil),
            (["--iterations", "0"], "'--iterations' must be at least 1, not 0", nil),
            (["--jobs", "0"], "'--jobs' must be at least 1, not 0", nil),
            (["--repetitions", "0"], "'--repetitions' must be at least 1, not 0", nil),
            (["--stall-timeout", "0"], "'--stall-timeout' must be more than 0 and at most 86400 seconds, not 0", nil),
            (["--queues", "-4"], "'--queues' must be at least 1, not -4", nil),
            (["--warmup", "-1"], "'--warmup' must be at least 0, not -1", nil),
            (["--verify-timeout", "-1"], "'--verify-timeout' must be more than 0 and at most 86400 seconds, not -1", nil),
            (
                ["--iterations", "99999999999999999999"],
                "'--iterations' value '99999999999999999999' is out of range (at most 9223372036854775807)", nil
            ),
            (["--stall-timeout", "1e9"], "'--stall-timeout' must be more than 0 and at most 86400 seconds, not 1e9", nil),
            (
                ["--queues", "4", "--iterations", "4611686018427387904"],
                "4 queues × 4611686018427387904 iterations is more jobs than can be counted", nil
            ),
            (
                ["--queues", "2", "--jobs", "9223372036854775807"],
                "--jobs 9223372036854775807 is more jobs than can be counted", nil
            ),
            (["--processes", "65"], "'--processes' must be at most 64 (workers at a time), not 65", nil),
            (["--queues", ""], "'--queues' needs at least one value", nil),
            (["--queues="], "'--queues' needs at least one value", nil),
            (["--runners", ""], "'--runners' needs at least one value", nil),
            (["--queues", "4,,8"], "'--queues' has an empty item in '4,,8'", nil),
            (
                ["--runners", "serial-queue,gcd"],
                "Unknown runner 'gcd' in '--runners': RUNNERS in 'bench --help' lists them", nil
            ),
            (["--runners", "serial-q"], "Unknown runner 'serial-q' in '--runners'; did you mean 'serial-queue'?", nil),
            (["--runners", "detach-thraed"], "Unknown runner 'detach-thraed' in '--runners'; did you mean 'detach-thread'?", nil),
            (
                ["--jobs", "2", "--queues", "5"],
                "--jobs 2 is fewer than --queues 5: every queue needs a job at least", nil
            ),
            (["--work", "-1"], "'--work' must be at least 0, not -1", nil),
            (["--work", "2000000000"], "'--work' must be at most 1000000000 ns (1 s per job), not 2000000000", nil),
            (["--metrics=yes"], "'--metrics' takes no value", nil),
            (["--jobs", "100", "--iterations", "10"], "'--jobs' and '--iterations' cannot be combined: give one or the other", nil),
            (
                ["--verify-timeout", "30"],
                "'--verify-timeout' (30 s) must be under '--stall-timeout' (30 s), or a thread that never "
                    + "starts counts as a stall", nil
            ),
            (["--format", "xml"], "Unknown format 'xml' for '--format'; the formats are: table, csv, json, markdown, html", nil),
            (["--summary", "-"], "'--summary' needs a file path (the summary goes to standard output with --format csv)", nil),
            (["compare"], "'bench compare' needs two or more result files (the baseline first), or one of 'bench interleave'", .compare),
            (["interleave", "a"], "'bench interleave' needs two bench executables, A and B (the same one twice for an A/A test), not 1", .interleave),
            (["worker"], "'bench worker' needs '--protocol <version>', the parent's worker protocol (a worker of another refuses to start)", .worker),
            (["compare", "a.csv", "b.csv", "--threshold", "0"], "'--threshold' must be more than 0 and less than 100 (percent), not 0", .compare),
            (["compare", "a.csv", "b.csv", "--threshold", "five"], "'--threshold' expects a percentage such as 5 or 2.5%, not 'five'", .compare),
            (["compare", "a.csv", "b.csv", "--queues", "4"], "Unknown option '--queues'", .compare),
            (
                ["compare", "ab.csv", "--metrics"],
                "'--metrics' needs two or more files: one of 'bench interleave' is compared pair by pair, on "
                    + "time alone", .compare
            ),
            (["check"], "'bench check' needs at least one check, such as 'detach-thread >= 10x serial-queue'", .check),
            (
                ["check", "serial-queue >= 10 detach-thread"],
                "'serial-queue >= 10 detach-thread' is not a check: '10' needs a unit: 10x serial-queue, "
                    + "10ns/job or 10 allocs/job", .check
            ),
            (["check", "gcd >= 2x serial-queue"], "Unknown runner 'gcd': RUNNERS in 'bench --help' lists them", .check),
            (
                ["crossover", "--input", "r.csv", "--work", "100"],
                "'--input' analyzes an existing file, so '--work', which shapes a run, does not apply", .crossover
            ),
            (["crossover", "--work", "0"], "'--work' must be at least 1, not 0", .crossover),
            (["crossover", "extra"], "Unexpected argument 'extra'", .crossover),
            (
                ["crossover", "--runners", "task,mutex"],
                "'mutex' cannot be measured by a crossover, one queue's chain: mutex runs no chain (its shapes: "
                    + "contention)", .crossover
            ),
            (
                ["check", "serial-queue <= 1us/job", "--input", "r.csv", "--queues", "4"],
                "'--input' checks an existing file, so '--queues', which shapes a fresh run, does not apply", .check
            ),
            (["check", "serial-queue <= 1us/job", "--runners", "run-loop"], "Unknown option '--runners'", .check),
            // Given means given, even at the default's value.
            (
                ["--repetitions", "3", "--precision", "2"],
                "'--repetitions' fixes the runs of every cell, so '--precision' does not apply", nil
            ),
            (
                ["--repetitions", "3", "--precision", "1"],
                "'--repetitions' fixes the runs of every cell, so '--precision' does not apply", nil
            ),
            (
                ["check", "serial-queue <= 1us/job", "--repetitions", "3", "--budget", "60"],
                "'--repetitions' decides every check at once, so '--budget', the time for measuring more, does not "
                    + "apply", .check
            ),
            (
                ["--input", "r.csv", "--work", "0"],
                "'--input' summarizes an existing file, so '--work', which shapes a sweep, does not apply", nil
            ),
            (["chart", "a.csv"], "'bench chart' needs '--output <chart.svg>' (or -o), the SVG file to write", .chart),
            (["chart", "-o", "c.svg"], "'bench chart' needs one or more result files", .chart),
            (["chart", "a.csv", "-o", "-"], "'bench chart' writes a file: give '--output <chart.svg>' a path, not -", .chart),
            (
                ["chart", "a.csv", "-o", "c.svg", "--log"],
                "'--log' draws the bars of '--bars' on a logarithmic axis; a row chart's is always", .chart
            ),
            (
                ["chart", "a.csv", "-o", "c.svg", "--bars", "--width", "390"],
                "'--width' lays out a row chart; the bars of '--bars' take the width they need", .chart
            ),
            (["chart", "a.csv", "-o", "c.svg", "--width", "200"], "'--width' must be at least 300, not 200", .chart),
            (
                // A fraction for a percentage: a confidence of 0.99% would decide every check on a point.
                ["check", "task <= 1us/job", "--confidence", "0.99"],
                "'--confidence' is a percentage of at least 50 and under 100, such as 95 or 99, not 0.99 (which would "
                    + "be 0.99%)", .check
            ),
        ]

        @Test("bad command lines are refused with a message that says what is wrong", arguments: badCommandLines)
        func refuses(arguments: [String], message: String, command: Subcommand?) {
            #expect(throws: UsageError(message, command: command)) {
                try CommandLineParser.parse(arguments)
            }
            // One line, which fits a screen of 120 columns where what the user typed is as short as here.
            #expect(Console.errorLine(message).count <= PlainTextRenderer.width, "\(message)")
        }
    }
}
