import BenchResults
import Foundation
import JobRunners

/// `bench check EXPR…`: assertions about overhead, for CI, over a fresh run or an existing result file.
///
/// On a fresh run, a check that fails is measured again, up to `--retries` times, before it fails: a noisy
/// machine can make any one measurement wrong. Each new measurement of a cell replaces the last in the decision
/// (the result file keeps every run), every attempt is reported, and the verdict says how many measurements it took.
enum CheckCommand {
    static func run(
        _ options: CheckOptions, expressions: [CheckExpression], plan: SweepPlan?, console: Console, executable: URL?
    ) -> ExitCode {
        guard let plan else {
            let report: Report
            do {
                report = try Report(contentsOfFile: options.input ?? "")
            } catch {
                console.error("Error: \(error)\n")
                return .failure
            }
            return conclude(
                expressions.flatMap { $0.evaluate(on: report) }, attempts: 1, format: options.format, console: console)
        }
        guard
            let session = MeasuringSession(
                command: "bench check", output: options.run.output, quiet: options.run.quiet,
                isolate: options.run.isolate, executable: executable, console: console,
                onInterrupt: { _, _, signal in
                    console.error("bench check: interrupted by \(Interrupts.name(of: signal)); no check was decided\n")
                })
        else {
            return .failure
        }
        for exclusion in plan.exclusions {
            session.progress.line(
                "bench check: not running \(exclusion.cell.runner.id) at \(exclusion.cell.configuration): "
                    + exclusion.reason)
        }
        guard var records = session.measure(plan) else {
            return .failure
        }
        var results = expressions.flatMap { $0.evaluate(on: Report(records: records)) }
        var attempts = 1
        while attempts <= options.retries, results.contains(where: { !$0.holds }) {
            let failing = results.filter { !$0.holds }
            let cells = Set(failing.flatMap(\.cells))
            for result in failing {
                console.error("bench check: measurement \(attempts): \(line(for: result))\n")
            }
            let again = plan.restricted(to: Set(plan.cells.filter { cells.contains($0.key) }))
            console.error(
                "bench check: \(count(failing.count, "check")) failed; measuring "
                    + "\(again.cells.map(\.description).joined(separator: ", ")) again "
                    + "(retry \(attempts) of \(options.retries))\n")
            guard let remeasured = session.measure(again) else {
                return .failure
            }
            let replaced = Set(again.cells.map(\.key))
            records = records.filter { !replaced.contains($0.key) } + remeasured
            results = expressions.flatMap { $0.evaluate(on: Report(records: records)) }
            attempts += 1
        }
        return session.finish { _, _ in
            conclude(results, attempts: attempts, format: options.format, console: console)
        }
    }

    /// Prints every result and returns 0 if all hold, 1 if any fails.
    private static func conclude(
        _ results: [CheckResult], attempts: Int, format: OutputFormat, console: Console
    ) -> ExitCode {
        let failed = results.filter { !$0.holds }.count
        let measured = attempts > 1 ? " after \(attempts) measurements" : ""
        let verdict =
            if results.isEmpty {
                "bench check: nothing to check"
            } else if failed == 0 {
                "bench check: \(results.count == 1 ? "the check holds" : "all \(results.count) checks hold")\(measured)"
            } else {
                "bench check: \(failed) of \(count(results.count, "check")) failed\(measured)"
            }
        let output = CommandOutput(
            document: {
                var document = Document()
                document.list(results.map(line(for:)))
                document.lines(verdict)
                return document
            },
            csv: { CSV.text(columns, results) },
            json: { .object(["checks": .records(columns, results), "measurements": .integer(attempts)]) })
        console.output(output.render(format))
        return !results.isEmpty && failed == 0 ? .success : .failure
    }

    /// The columns of a check's result in one configuration, for csv and json.
    static let columns: [DataColumn<CheckResult>] = [
        DataColumn("check") { .text($0.expression.description) },
        DataColumn("queues") { .integer($0.configuration.queues) },
        DataColumn("iterations") { .integer($0.configuration.iterations) },
        DataColumn("work_ns") { .integer($0.configuration.workNanoseconds) },
        DataColumn("outcome") { .text($0.holds ? "holds" : "fails") },
        DataColumn("subject_ns_per_job") { .decimal($0.subjectNanosecondsPerJob, places: 3) },
        DataColumn("other_ns_per_job") { .decimal($0.otherNanosecondsPerJob, places: 3) },
        DataColumn("detail") { .text($0.explanation) },
    ]

    /// `PASS  detach-thread >= 10x serial-queue at 4×500: detach-thread 15.7 µs/job is 105× …`
    private static func line(for result: CheckResult) -> String {
        "\(result.holds ? "PASS" : "FAIL")  \(result.expression) at \(result.configuration): \(result.explanation)"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
