import JobRunners
import Testing

@testable import BenchKit

extension ThreadingOverheadsTests {
    @Suite struct CommandLineParserTests {
        func options(_ arguments: String...) throws -> BenchOptions {
            guard case .sweep(let options) = try CommandLineParser.parse(arguments) else {
                Issue.record("expected a sweep for \(arguments)")
                return BenchOptions()
            }
            return options
        }

        func configurations(_ arguments: String...) throws -> [String] {
            guard case .sweep(let options) = try CommandLineParser.parse(arguments) else {
                Issue.record("expected a sweep for \(arguments)")
                return []
            }
            return options.configurations.map(\.description)
        }

        @Test("no arguments: the 2010 sweep, every runner, 1 warm-up, 3 repetitions, a new file in results/")
        func defaults() throws {
            let options = try options()
            #expect(options.configurations.map(\.description) == ["1×100000", "4×25000", "8×12500", "16×6250"])
            #expect(options.runners == RunnerKind.allCases)
            #expect(options.repetitions == 3)
            #expect(options.warmup == 1)
            #expect(options.output == .newFileInResults)
            #expect(options.settings.verifyTimeout == .seconds(10))
            #expect(options.settings.stallTimeout == .seconds(30))
        }

        @Test("--queues and --iterations: every combination, in order")
        func queuesAndIterations() throws {
            #expect(try configurations("--queues", "8", "--iterations", "12500") == ["8×12500"])
            #expect(
                try configurations("--queues", "1,2", "--iterations", "10,20") == ["1×10", "1×20", "2×10", "2×20"])
            #expect(try configurations("--queues=4,4,8", "--iterations=5") == ["4×5", "8×5"])
            // Iterations alone run with the default queue counts.
            #expect(try configurations("--iterations", "7") == ["1×7", "4×7", "8×7", "16×7"])
        }

        @Test("--jobs: iterations = total / queues")
        func jobs() throws {
            #expect(try configurations("--jobs", "1000", "--queues", "1,4,8") == ["1×1000", "4×250", "8×125"])
            #expect(try configurations("--jobs", "1600") == ["1×1600", "4×400", "8×200", "16×100"])
            #expect(try configurations("--queues", "8") == ["8×12500"])
        }

        @Test("--runners, --repetitions, --warmup, --output, the timeouts")
        func otherOptions() throws {
            let options = try options(
                "--runners", "serial-queue,run-loop,serial-queue", "--repetitions", "5", "--warmup", "0",
                "--output", "out.csv", "--verify-timeout", "2", "--stall-timeout", "5.5")
            #expect(options.runners == [.serialQueue, .runLoop])
            #expect(options.repetitions == 5)
            #expect(options.warmup == 0)
            #expect(options.output == .file(path: "out.csv"))
            #expect(options.settings.verifyTimeout == .seconds(2))
            #expect(options.settings.stallTimeout == .seconds(5.5))
            #expect(try self.options("--output", "-").output == .standardOutput)
            #expect(try self.options("--output=-").output == .standardOutput)
        }

        @Test("--help and -h win over everything else", arguments: [["--help"], ["-h"], ["--queues", "x", "--help"]])
        func help(arguments: [String]) throws {
            #expect(try CommandLineParser.parse(arguments) == .help)
        }

        static let badCommandLines: [([String], String)] = [
            (["--frobnicate"], "Unknown option '--frobnicate'"),
            (["-q", "4"], "Unknown option '-q'"),
            (["-"], "Unexpected argument '-'"),
            (["compare"], "Unexpected argument 'compare'"),
            (["--queues"], "Missing value for '--queues <list>'"),
            (["--queues", "--iterations", "5"], "Missing value for '--queues <list>'"),
            (["--output"], "Missing value for '--output <path>'"),
            (["--output", ""], "Missing value for '--output <path>'"),
            (["--queues", "abc"], "'--queues' expects a whole number, not 'abc'"),
            (["--repetitions", "1.5"], "'--repetitions' expects a whole number, not '1.5'"),
            (["--stall-timeout", "soon"], "'--stall-timeout' expects a number of seconds such as 30 or 0.5, not 'soon'"),
            (["--verify-timeout", "nan"], "'--verify-timeout' expects a number of seconds such as 30 or 0.5, not 'nan'"),
            (["--queues", "0"], "'--queues' must be at least 1, not 0"),
            (["--iterations", "0"], "'--iterations' must be at least 1, not 0"),
            (["--jobs", "0"], "'--jobs' must be at least 1, not 0"),
            (["--repetitions", "0"], "'--repetitions' must be at least 1, not 0"),
            (["--stall-timeout", "0"], "'--stall-timeout' must be more than 0 and at most 86400 seconds, not 0"),
            (["--queues", "-4"], "'--queues' must be at least 1, not -4"),
            (["--warmup", "-1"], "'--warmup' must be at least 0, not -1"),
            (["--verify-timeout", "-1"], "'--verify-timeout' must be more than 0 and at most 86400 seconds, not -1"),
            (
                ["--iterations", "99999999999999999999"],
                "'--iterations' value '99999999999999999999' is out of range (at most 9223372036854775807)"
            ),
            (["--stall-timeout", "1e9"], "'--stall-timeout' must be more than 0 and at most 86400 seconds, not 1e9"),
            (
                ["--queues", "4", "--iterations", "4611686018427387904"],
                "4 queues × 4611686018427387904 iterations is more jobs than can be counted"
            ),
            (["--queues", ""], "'--queues' needs at least one value"),
            (["--queues="], "'--queues' needs at least one value"),
            (["--runners", ""], "'--runners' needs at least one value"),
            (["--queues", "4,,8"], "'--queues' has an empty item in '4,,8'"),
            (
                ["--runners", "serial-queue,gcd"],
                "Unknown runner 'gcd' in '--runners'; the runners are: single-threaded, run-loop, detach-thread, "
                    + "verified-detach, serial-queue, global-queue"
            ),
            (
                ["--jobs", "100", "--queues", "3"],
                "--jobs 100 is not divisible by --queues 3: give a --jobs that is, or --iterations"
            ),
            (["--queues", "3"], "--jobs 100000 is not divisible by --queues 3: give a --jobs that is, or --iterations"),
            (["--jobs", "100", "--iterations", "10"], "'--jobs' and '--iterations' cannot be combined: give one or the other"),
            (
                ["--verify-timeout", "30"],
                "'--verify-timeout' (30 s) must be shorter than '--stall-timeout' (30 s), or a thread that never "
                    + "starts is reported as a stall"
            ),
        ]

        @Test("bad command lines are refused with a message that says what is wrong", arguments: badCommandLines)
        func refuses(arguments: [String], message: String) {
            #expect(throws: UsageError(message)) {
                try CommandLineParser.parse(arguments)
            }
        }
    }
}
