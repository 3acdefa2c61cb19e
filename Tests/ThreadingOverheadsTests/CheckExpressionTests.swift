import BenchResults
import Foundation
import JobRunners
import Testing

extension ThreadingOverheadsTests {
    @Suite struct CheckExpressionTests {
        typealias Operand = CheckExpression.Operand

        /// `runner`, at `queues` × `iterations` where given.
        static func operand(_ runner: String, _ queues: Int? = nil, _ iterations: Int? = nil) -> Operand {
            Operand(runner: runner, configuration: queues.map { RunConfiguration(queues: $0, iterations: iterations ?? 0) })
        }

        static func check(_ subject: Operand, _ comparison: CheckExpression.Comparison, _ bound: CheckExpression.Bound)
            -> CheckExpression
        {
            CheckExpression(subject: subject, comparison: comparison, bound: bound)
        }

        static let goodChecks: [(String, CheckExpression)] = [
            ("task <= 4 allocs/job", check(operand("task"), .lessOrEqual, .allocationsPerJob(4))),
            ("single-threaded <= 0 allocations / job", check(operand("single-threaded"), .lessOrEqual, .allocationsPerJob(0))),
            (
                "condition-worker <= serial-queue-closure allocs",
                check(operand("condition-worker"), .lessOrEqual, .allocationsMultiple(1, of: operand("serial-queue-closure")))
            ),
            (
                "actor@8x12500 < 2x task allocs",
                check(operand("actor", 8, 12_500), .less, .allocationsMultiple(2, of: operand("task")))
            ),
            ("detach-thread >= 10x serial-queue", check(operand("detach-thread"), .greaterOrEqual, .multiple(10, of: operand("serial-queue")))),
            ("serial-queue <= 200ns/job", check(operand("serial-queue"), .lessOrEqual, .perJob(nanoseconds: 200))),
            (
                "run-loop@8x12500 > 2x global-queue@8x12500",
                check(operand("run-loop", 8, 12_500), .greater, .multiple(2, of: operand("global-queue", 8, 12_500)))
            ),
            (
                "  verified-detach>=0.8x detach-thread  ",
                check(operand("verified-detach"), .greaterOrEqual, .multiple(0.8, of: operand("detach-thread")))
            ),
            ("run-loop@4×25000 < 1.5 µs / job", check(operand("run-loop", 4, 25_000), .less, .perJob(nanoseconds: 1_500))),
            ("detach-thread < 2ms/job", check(operand("detach-thread"), .less, .perJob(nanoseconds: 2_000_000))),
            ("detach-thread < 1s/job", check(operand("detach-thread"), .less, .perJob(nanoseconds: 1e9))),
            ("serial-queue <= 3us/job", check(operand("serial-queue"), .lessOrEqual, .perJob(nanoseconds: 3_000))),
        ]

        @Test("the grammar: ratios, absolute costs, configurations, spacing, units", arguments: goodChecks)
        func parses(text: String, expected: CheckExpression) throws {
            #expect(try CheckExpression(parsing: text) == expected)
        }

        @Test("a check's description parses back to the same check", arguments: goodChecks.map(\.1))
        func roundTrips(expression: CheckExpression) throws {
            #expect(try CheckExpression(parsing: expression.description) == expression)
        }

        static let badChecks: [(String, String)] = [
            ("", "expected a runner id such as serial-queue at the start"),
            ("   ", "expected a runner id such as serial-queue at the start"),
            (">= 10x serial-queue", "expected a runner id such as serial-queue at the start"),
            ("detach-thread", "expected >=, <=, > or < after 'detach-thread'"),
            ("detach-thread == 10x serial-queue", "expected >=, <=, > or < after 'detach-thread', not '=='"),
            ("detach-thread >= serial-queue", "expected a number before 'serial-queue', or 'allocs' after it (serial-queue allocs)"),
            ("detach-thread >= 0x serial-queue", "expected a positive number after '>=', not '0'"),
            ("task <= 1 allocs", "'1' needs a unit: 1x serial-queue, 1ns/job or 1 allocs/job"),
            ("detach-thread >= 0x serial-queue", "expected a positive number after '>=', not '0'"),
            ("detach-thread >= 1.2.3x serial-queue", "expected a positive number after '>=', not '1.2.3'"),
            ("task <= -1 allocs/job", "a bound cannot be negative: expected a positive number after '<=' (or 0 allocs/job)"),
            ("task < 0 allocs/job", "'< 0' can never hold: a count is 0 or more (a count of none per job: '< 0.01')"),
            ("detach-thread >= 10", "'10' needs a unit: 10x serial-queue, 10ns/job or 10 allocs/job"),
            ("detach-thread >= 10 serial-queue", "'10' needs a unit: 10x serial-queue, 10ns/job or 10 allocs/job"),
            ("detach-thread >= 10x", "expected a runner id such as serial-queue after '10x'"),
            ("detach-thread >= 10x 5", "expected a runner id such as serial-queue after '10x'"),
            ("serial-queue <= 200 ns", "expected '/job' after 'ns': a cost per job reads '200ns/job'"),
            ("serial-queue <= 200ns/run", "expected '/job' after 'ns': a cost per job reads '200ns/job'"),
            ("serial-queue <= 200 parsecs/job", "'parsecs' is not a unit of time: ns, us (or µs), ms or s, as in 200ns/job"),
            ("task <= 1usec/job", "'usec' is not a unit of time: ns, us (or µs), ms or s, as in 1ns/job"),
            ("serial-queue <= 2X task", "a multiple is written with a small x, as in 2x serial-queue, not '2X'"),
            ("run-loop@8 > 2x global-queue", "expected a configuration such as 8x12500 (queues x iterations) after 'run-loop@'"),
            ("run-loop@x12500 > 2x global-queue", "expected a configuration such as 8x12500 (queues x iterations) after 'run-loop@'"),
            ("run-loop@0x5 > 2x global-queue", "expected a configuration such as 8x12500 (queues x iterations) after 'run-loop@'"),
            ("detach-thread >= 10x serial-queue and more", "unexpected 'and more' at the end"),
        ]

        @Test("malformed checks are refused, saying what was expected where", arguments: badChecks)
        func refuses(text: String, message: String) {
            #expect(throws: CheckExpression.ParseError(expression: text, message: message)) {
                try CheckExpression(parsing: text)
            }
        }

        static let configuration = RunConfiguration(queues: 4, iterations: 500)
        static let other = RunConfiguration(queues: 8, iterations: 250)

        /// serial-queue 100 ns/job and detach-thread 15 µs/job at 4×500 (median of 6), only serial-queue at 8×250
        /// (300 ns/job in each of 6 runs).
        static let report = Report(
            records: (1...6).flatMap { repetition in
                [
                    record("serial-queue", configuration, repetition, nanosecondsPerJob: [90, 100, 130][repetition % 3]),
                    record("detach-thread", configuration, repetition, nanosecondsPerJob: [15_000, 14_000, 16_000][repetition % 3]),
                    record("serial-queue", other, repetition, nanosecondsPerJob: 300),
                ]
            })

        @Test("checks evaluate on the headline per job with its interval, in every configuration the subject has")
        func evaluates() throws {
            let ratio = try Self.report.check("detach-thread >= 10x serial-queue")
            #expect(ratio.count == 1)
            #expect(ratio[0].holds)
            #expect(ratio[0].configuration == Self.configuration)
            #expect(ratio[0].subjectNanosecondsPerJob == 15_000)
            #expect(ratio[0].otherNanosecondsPerJob == 100)
            #expect(ratio[0].explanation.hasPrefix("detach-thread 15.0 µs/job is 150× serial-queue 100 ns/job (95% interval "))
            #expect(ratio[0].explanation.hasSuffix("×); needs >= 10×"))

            let absolute = try Self.report.check("serial-queue <= 200ns/job")
            #expect(absolute.map(\.configuration) == [Self.configuration, Self.other])
            #expect(absolute.map(\.holds) == [true, false])
            #expect(absolute[1].explanation == "serial-queue 300 ns/job (95% interval 300 ns–300 ns); needs <= 200 ns/job")

            // In both configurations serial-queue has; at 8×250 there is no detach-thread to compare with.
            #expect(try Self.report.check("serial-queue >= 10x detach-thread").map(\.holds) == [false, false])
            // A bound at the estimate itself, inside its interval: these runs cannot tell.
            #expect(try Self.report.check("detach-thread > 150x serial-queue").map(\.outcome) == [.inconclusive])
            #expect(try Self.report.check("detach-thread >= 150x serial-queue").map(\.outcome) == [.inconclusive])
            #expect(try Self.report.check("detach-thread >= 200x serial-queue").map(\.outcome) == [.fails])
            #expect(try Self.report.check("serial-queue@8x250 > 2x serial-queue@4x500").map(\.holds) == [true])
        }

        @Test("a check on cost is not decided from fewer than 6 runs of a cell, and says so")
        func fewRuns() throws {
            // 1 run: a point, which any bound would seem to decide; 3 runs: their range holds the median 75% of the time.
            for runs in [1, 3, 5] {
                let report = Report(
                    records: (1...runs).flatMap { repetition in
                        [
                            Self.record("serial-queue", Self.configuration, repetition, nanosecondsPerJob: 100),
                            Self.record("detach-thread", Self.configuration, repetition, nanosecondsPerJob: 15_000),
                        ]
                    })
                let absolute = try #require(try report.check("serial-queue <= 200ns/job").first)
                #expect(absolute.outcome == .inconclusive)
                #expect(
                    absolute.explanation == "serial-queue 100 ns/job; needs <= 200 ns/job; not decided: serial-queue at 4×500 has "
                        + "\(runs) ok run\(runs == 1 ? "" : "s"), and a check decides from 6 or more (a fresh check measures them)")
                let ratio = try #require(try report.check("detach-thread >= 10x serial-queue").first)
                #expect(ratio.outcome == .inconclusive)
                #expect(ratio.explanation.contains("not decided: detach-thread at 4×500 has \(runs)"))
                #expect(ratio.explanation.contains(" and serial-queue at 4×500 has \(runs)"))
            }
        }

        @Test("a check without data fails and says what is missing")
        func missingData() throws {
            let missingOther = try Self.report.check("serial-queue@8x250 >= 2x detach-thread")
            #expect(missingOther.map(\.holds) == [false])
            #expect(missingOther[0].explanation == "no run of detach-thread at 8×250: the runs checked hold detach-thread at 4×500 only")
            let missingSubject = try Self.report.check("run-loop <= 1us/job")
            #expect(missingSubject.map(\.holds) == [false, false])
            #expect(missingSubject[0].explanation == "no run of run-loop at 4×500: the runs checked hold no run of run-loop")
            // A cell whose runs all failed is there, and says so.
            var failed = Self.record("task", Self.configuration, 1, nanosecondsPerJob: 100)
            failed.outcome = RunOutcome(status: .failed, nanoseconds: nil, detail: "lost", completedIterations: 0, startedAt: nil)
            let failing = Report(records: Self.report.records + [failed])
            let noneOk = try failing.check("serial-queue@4x500 <= 2x task")
            #expect(noneOk.map(\.holds) == [false])
            #expect(noneOk[0].explanation == "no ok run of task at 4×500: 1 run, none ok")
        }

        @Test("a check on allocations is decided on every run's count, busy or not; without counts, inconclusive")
        func allocationChecks() throws {
            func run(_ runner: String, _ repetition: Int, allocations: Double?, busy: Bool = false) -> ResultRecord {
                var record = Self.record(runner, Self.configuration, repetition, nanosecondsPerJob: 100)
                record.outcome.allocations = allocations.map { Allocations(perJob: $0, bytesPerJob: $0 * 64, freesPerJob: $0) }
                // Every run made while other programs used the machine: a check on cost would be inconclusive.
                record.load = busy ? RunLoad(others: 0.5, steal: 0) : nil
                return record
            }
            let report = Report(records: [
                run("task", 1, allocations: 4, busy: true), run("task", 2, allocations: 4, busy: true),
                run("actor", 1, allocations: 4, busy: true), run("actor", 2, allocations: 4.5, busy: true),
                run("serial-queue", 1, allocations: 0), run("run-loop", 1, allocations: nil),
            ])
            #expect(try report.check("task <= 4 allocs/job").map(\.outcome) == [.holds])
            #expect(try report.check("task < 4 allocs/job").map(\.outcome) == [.fails])
            #expect(try report.check("task <= 4 allocs/job")[0].explanation == "task 4 allocs/job in every run; needs <= 4")
            // Two processes counted 4 and 4.5: a bound between them is straddled.
            #expect(try report.check("actor <= 4.2 allocs/job").map(\.outcome) == [.inconclusive])
            #expect(try report.check("actor <= 4.5 allocs/job").map(\.outcome) == [.holds])
            // Both ends with the same decimals, each exact as written: 4.0 is shown as 4.0, not as 4.
            #expect(
                try report.check("actor <= 4.5 allocs/job")[0].explanation
                    == "actor 4.0–4.5 allocs/job in every run; needs <= 4.5")
            #expect(Format.numberRange(4.001...4.0443) == "4.0010–4.0443")
            #expect(Format.numberRange(2...2) == "2")
            #expect(try report.check("serial-queue <= 0 allocs/job").map(\.outcome) == [.holds])
            #expect(try report.check("actor >= task allocs").map(\.outcome) == [.holds])
            #expect(try report.check("actor <= task allocs").map(\.outcome) == [.inconclusive])
            #expect(try report.check("task <= 0.5x actor allocs").map(\.outcome) == [.fails])
            #expect(try report.check("serial-queue <= 0.1x task allocs").map(\.outcome) == [.holds])
            let uncounted = try report.check("run-loop <= 10 allocs/job")
            #expect(uncounted.map(\.outcome) == [.inconclusive])
            #expect(uncounted[0].explanation.contains("no allocation count in its runs (a file made before counts were"))
        }

        static func record(
            _ runner: String, _ configuration: RunConfiguration, _ repetition: Int, nanosecondsPerJob: Int64
        ) -> ResultRecord {
            ResultRecord(
                runner: runner, configuration: configuration, repetition: repetition,
                outcome: RunOutcome(status: .ok, nanoseconds: nanosecondsPerJob * Int64(configuration.jobs), detail: "", completedIterations: configuration.jobs, startedAt: nil),
                machine: .current())
        }
    }
}
