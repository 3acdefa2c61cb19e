import BenchResults
import Foundation
import JobRunners

/// `bench check EXPR…`: assertions about overhead, for CI, over a fresh run or an existing result file.
///
/// On a fresh run, a check that fails is measured again, up to `--retries` times, before it fails: a noisy
/// machine can make any one measurement wrong. Each new measurement of a cell replaces the last, every attempt is
/// reported, and the verdict says how many measurements it took.
enum CheckCommand {
    static func run(_ options: CheckOptions, console: Console, executable: URL?) -> ExitCode {
        if let path = options.inputPath {
            let report: Report
            do {
                report = try Report(contentsOfFile: path)
            } catch {
                console.error("Error: \(error)\n")
                return .failure
            }
            return conclude(options.expressions.flatMap { $0.evaluate(on: report) }, attempts: 1, console: console)
        }
        return freshRun(options, console: console, executable: executable)
    }

    private static func freshRun(_ options: CheckOptions, console: Console, executable: URL?) -> ExitCode {
        guard let (machine, output) = Bench.startMeasuring(output: options.output, console: console) else {
            return .failure
        }
        if options.isolate, executable == nil {
            output.discard()
            console.error("Error: cannot find bench's own executable to start child processes (--isolate)\n")
            return .failure
        }
        Interrupts.setHandler { signal in
            console.error("\nbench check: interrupted by \(Interrupts.name(of: signal)); no check was decided\n")
        }
        defer { Interrupts.setHandler(nil) }
        let progress = Progress(console: console, quiet: options.quiet)
        for exclusion in options.plan.exclusions {
            progress.line("bench check: not running \(exclusion.runner.id) at \(exclusion.configuration): \(exclusion.reason)")
        }
        func measure(_ plan: SweepPlan) -> [ResultRecord] {
            let sweep = Sweep(plan: plan, runsWarmups: !options.isolate)
            let measure: (Sweep.Step) -> RunOutcome =
                if let executable, options.isolate {
                    ChildProcessRunner(executable: executable, plan: plan).measure
                } else {
                    sweep.measureInProcess
                }
            progress.begin(sweep.steps)
            let records = sweep.run(machine: machine, measure: measure, record: { _ in }, observe: progress.handle)
            progress.clearStatus()
            return records
        }

        var records = measure(options.plan)
        var results = options.expressions.flatMap { $0.evaluate(on: Report(records: records)) }
        var attempts = 1
        while attempts <= options.retries, results.contains(where: { !$0.holds }) {
            let failing = results.filter { !$0.holds }
            let cells = failing.flatMap(\.cells).uniqued()
            for result in failing {
                console.error("bench check: measurement \(attempts): \(line(for: result))\n")
            }
            console.error(
                "bench check: \(count(failing.count, "check")) failed; measuring "
                    + "\(cells.map(\.description).joined(separator: ", ")) again "
                    + "(retry \(attempts) of \(options.retries))\n")
            let again = remeasure(cells, plan: options.plan, measure: measure)
            records = records.filter { record in
                !cells.contains(CellKey(runner: record.runner, configuration: record.configuration))
            } + again
            results = options.expressions.flatMap { $0.evaluate(on: Report(records: records)) }
            attempts += 1
        }
        do {
            for record in records {
                try output.append(fields: ResultSchema.fields(of: record))
            }
            try output.finish()
        } catch {
            console.error("Error: \(error)\n")
            return .failure
        }
        if !options.quiet, !output.displayPath.isEmpty, output.displayPath != "-" {
            console.error("bench check: wrote the \(records.count) rows the checks used to \(output.displayPath)\n")
        }
        return conclude(results, attempts: attempts, console: console)
    }

    /// Measures `cells` again with the plan's repetitions and warm-up, one configuration at a time.
    private static func remeasure(
        _ cells: [CellKey], plan: SweepPlan, measure: (SweepPlan) -> [ResultRecord]
    ) -> [ResultRecord] {
        var records: [ResultRecord] = []
        for configuration in cells.map(\.configuration).uniqued() {
            var again = plan
            again.configurations = [configuration]
            again.runners = plan.runners.filter { runner in
                cells.contains(CellKey(runner: runner.id, configuration: configuration))
            }
            records += measure(again)
        }
        return records
    }

    /// Prints every result and returns 0 if all hold, 1 if any fails.
    private static func conclude(_ results: [CheckResult], attempts: Int, console: Console) -> ExitCode {
        for result in results {
            console.output(line(for: result) + "\n")
        }
        let failed = results.filter { !$0.holds }.count
        let measured = attempts > 1 ? " after \(attempts) measurements" : ""
        if results.isEmpty {
            console.output("bench check: nothing to check\n")
            return .failure
        }
        if failed == 0 {
            console.output("bench check: \(results.count == 1 ? "the check holds" : "all \(results.count) checks hold")\(measured)\n")
            return .success
        }
        console.output("bench check: \(failed) of \(count(results.count, "check")) failed\(measured)\n")
        return .failure
    }

    /// `PASS  detach-thread >= 10x serial-queue at 4×500: detach-thread 15.7 µs/job is 105× …`
    private static func line(for result: CheckResult) -> String {
        "\(result.holds ? "PASS" : "FAIL")  \(result.expression) at \(result.configuration): \(result.explanation)"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

}
