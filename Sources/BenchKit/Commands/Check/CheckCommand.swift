import BenchResults
import Foundation
import JobRunners

/// `bench check EXPR…`: assertions about overhead, for CI, over a fresh run or an existing result file.
///
/// Each check is decided by one rule over every run of its cells, pooled (``CheckExpression/evaluate(on:confidence:)``):
/// it holds, fails, or is inconclusive. A fresh run looks at its runs up to four times, after 6, 12, 24 and 48 runs
/// of each cell, and measures more only the cells of checks still inconclusive, while its budget lasts; the
/// confidence is split among the looks, so that looking again cannot make a decision likelier than the confidence
/// says. With `--repetitions`, it decides once, on that many runs.
struct CheckCommand: Command, Equatable {
    /// What its command line gave: the file to check (`--input`), the confidence, the format, where the rows go.
    let options: CheckOptions
    let expressions: [CheckExpression]
    /// The fresh run that measures the checks; nil with `--input`.
    let fresh: FreshRun?

    /// A fresh run, every default settled: what it measures first, where, when it looks, and for how long it may
    /// measure more.
    struct FreshRun: Equatable {
        /// The first look's runs: each check's cells.
        var plan: SweepPlan
        var placement: RunPlacement
        /// The runs of each cell in all at each look: ``CheckOptions/looks``, or `--repetitions` alone.
        var looks: [Int]
        /// The seconds that measuring may take in all, for more looks (`--budget`).
        var budget: Double
        /// Where each check is decided, in the order of the checks: the configuration it names, or those of the run
        /// options (`--queues`, `--iterations`, ...) whose shape its runners run; not wherever another check's runs
        /// put its runner.
        var decidedIn: [[RunConfiguration]]
        /// What the plan leaves undecided, and why: a check in a configuration whose shape a runner of it runs not.
        var notes: [String]
    }

    /// The checks a command line asks for, and the fresh run that measures them (nil with `--input`).
    init(_ line: ParsedCommandLine<CheckOptions>, _ context: ParseContext) throws(UsageError) {
        let (options, arguments) = (line.options, line.arguments)
        guard !arguments.isEmpty else {
            throw UsageError("'\(Program.name) check' needs at least one check, such as 'detach-thread >= 10x serial-queue'")
        }
        var expressions: [CheckExpression] = []
        for text in arguments {
            do {
                expressions.append(try CheckExpression(parsing: text))
            } catch {
                throw UsageError(error.description)
            }
        }
        // A check given twice is decided once, and counted once.
        expressions = expressions.uniqued()
        guard options.input == nil else {
            if let given = line.firstGiven(of: Self.measuring) {
                throw UsageError(
                    "'\(Self.input.flag)' checks an existing file, so '\(given.flag)', which shapes a fresh run, does "
                        + "not apply")
            }
            (self.options, self.expressions, fresh) = (options, expressions, nil)
            return
        }
        if options.run.sampling.repetitions != nil, options.run.sampling.budget != nil {
            throw UsageError(
                "'\(Self.repetitions.flag)' decides every check at once, so '\(Self.budget.flag)', the time for measuring "
                    + "more, does not apply")
        }
        if let repetitions = options.run.sampling.repetitions, repetitions < CheckExpression.fewestRuns {
            throw UsageError(
                "'\(Self.repetitions.flag)' must be at least \(CheckExpression.fewestRuns), the fewest runs a check on "
                    + "cost decides from, not \(repetitions)")
        }
        let (plan, decidedIn, notes) = try Self.plan(expressions, options.run, context.catalogue)
        let fresh = FreshRun(
            plan: plan, placement: options.run.placement.settled(asProgram: context.asProgram),
            looks: options.run.sampling.repetitions.map { [$0] } ?? CheckOptions.looks,
            budget: options.run.sampling.budget ?? CheckOptions.defaultBudget, decidedIn: decidedIn, notes: notes)
        (self.options, self.expressions, self.fresh) = (options, expressions, fresh)
    }

    var needsMainThread: Bool {
        fresh?.plan.needsMainThread ?? false
    }

    func run(_ context: CommandContext) -> ExitCode {
        let (console, executable) = (context.console, context.executable)
        guard let fresh else {
            guard let file = ResultSet.read([options.input ?? ""], console: console)?.first else {
                return .failure
            }
            let report = Report(records: file.records)
            // A runner neither this build nor the file knows is a misspelling, not a failed check: the same usage
            // error a fresh run gives. One the file lacks but this build knows fails its check ("no ok run").
            let inFile = Set(report.runners)
            for id in expressions.flatMap(\.runners) where !inFile.contains(id) {
                do {
                    _ = try context.catalogue.runner(id, namedIn: nil)
                } catch {
                    BenchCommand.report(UsageError(error.message, command: .check), console: console)
                    return .usage
                }
            }
            let results = expressions.flatMap { $0.evaluate(on: report, confidence: options.confidence) }
            return Self.conclude(results, looks: nil, format: options.format, colour: options.color.isOn(for: console), console: console)
        }
        let (plan, looks) = (fresh.plan, fresh.looks)
        guard let maker = PlacedRuns.make(fresh.placement, for: plan, executable: executable, console: console),
            let session = MeasuringSession(
                command: Program.command("check"), output: options.run.recording.output, quiet: options.run.recording.quiet, console: console,
                onInterrupt: { _, signal in
                    console.error("\(Program.name) check: interrupted by \(Interrupts.name(of: signal)); no check was decided\n")
                })
        else {
            return .failure
        }
        for exclusion in plan.exclusions {
            session.progress.line(
                "\(Program.name) check: not running \(exclusion.cell.runner.id) at \(exclusion.cell.configuration): "
                    + exclusion.reason)
        }
        for note in fresh.notes {
            session.progress.line("\(Program.name) check: \(note)")
        }
        // Bonferroni over the looks: each look's intervals at 1 − (1 − confidence) / looks.
        let confidence = 1 - (1 - options.confidence) / Double(looks.count)
        let clock = ContinuousClock()
        let started = clock.now
        var records: [ResultRecord] = []
        var decided: [CheckResult] = []
        // Each check in each of its configurations is decided once: a look decides those still open.
        var undecided = Array(zip(expressions, fresh.decidedIn))
        var next = plan
        for (look, total) in looks.enumerated() {
            guard let made = session.measure(next, with: maker) else {
                return .failure
            }
            records += made
            let report = Report(records: records)
            let results = undecided.flatMap { expression, configurations in
                expression.evaluate(on: report, in: configurations, confidence: confidence)
            }
            decided += results.filter { $0.outcome != .inconclusive || look == looks.count - 1 }
            let open = results.filter { $0.outcome == .inconclusive }
            undecided = expressions.map { expression in
                (expression, open.filter { $0.expression == expression }.map(\.configuration))
            }.filter { !$0.1.isEmpty }
            guard look < looks.count - 1, !open.isEmpty else {
                break
            }
            // The next look doubles every undecided cell's runs, if the budget pays for it at this pace.
            let elapsed = (clock.now - started) / .seconds(1)
            let cells = Set(open.flatMap(\.cells))
            let more = looks[look + 1] - total
            let runs = Double(records.count)
            let cost = elapsed / max(runs, 1) * Double(more * cells.count)
            let budget = fresh.budget
            guard elapsed + cost <= budget else {
                decided += open
                session.progress.line(
                    "\(Program.name) check: \(Format.count(open.count, "check")) still inconclusive after \(total) runs a cell; "
                        + "\(more) more of each would exceed the budget of \(Progress.clockText(budget))")
                break
            }
            // Why it measures more, where the runs cannot say it: other programs or guests used the machine.
            let interfered = CheckExpression.interferedCells(cells, in: report)
            let why = interfered.isEmpty ? "" : " (\(CheckExpression.interferenceText(interfered)))"
            session.progress.line(
                "\(Program.name) check: \(Format.count(open.count, "check")) inconclusive after \(total) runs a cell\(why); measuring "
                    + "\(cells.map(\.description).sorted().joined(separator: ", ")) \(more) times more")
            next = SweepPlan(
                cells: plan.cells.filter { cells.contains($0.key) }, sampling: .repetitions(more), warmup: .runs(0),
                settings: plan.settings, seed: plan.seed &+ UInt64(look + 1))
        }
        let results = expressions.flatMap { expression in decided.filter { $0.expression == expression } }
        guard session.finish() != nil else {
            return .failure
        }
        let toError = console.summaryStream(rowsTo: options.run.recording.output).isError
        return Self.conclude(
            results, looks: looks.count, format: options.format,
            colour: options.color.isOn(for: console, toStandardError: toError), console: console, toError: toError)
    }

    /// Prints every result; returns 0 if all hold, 1 if any fails, 3 if none fails but some are inconclusive.
    private static func conclude(
        _ results: [CheckResult], looks: Int?, format: OutputFormat, colour: Bool, console: Console, toError: Bool = false
    ) -> ExitCode {
        let failed = results.filter { $0.outcome == .fails }.count
        let inconclusive = results.filter { $0.outcome == .inconclusive }.count
        // Each look decided at its share of the error (Bonferroni): what holds overall is the confidence asked. Checks
        // on allocations have no interval: where they are all there is, the line claims no confidence.
        let confidence = results.first(where: { !$0.expression.isOnAllocations }).map { result in
            guard let looks, looks > 1 else {
                return " at \(Format.number(result.confidence * 100))% confidence"
            }
            let overall = 1 - (1 - result.confidence) * Double(looks)
            return " at \(Format.number((overall * 1e6).rounded() / 1e4))% confidence "
                + "(\(Format.number(result.confidence * 100))% at each of up to \(looks) looks)"
        } ?? ""
        // A check without a configuration is decided in each one measured: where that makes more results than
        // checks, the line says so rather than count one check as several.
        let checks = results.map(\.expression.description).uniqued().count
        let configurations = results.map(\.configuration).uniqued().count
        let (scope, decided) =
            checks == results.count
            ? ("", Format.count(results.count, "check"))
            : ("\(Format.count(checks, "check")) in \(Format.count(configurations, "configuration")): ", "\(results.count)")
        let verdict =
            if results.isEmpty {
                "\(Program.name) check: nothing to check"
            } else if failed == 0, inconclusive == 0 {
                "\(Program.name) check: \(scope)"
                    + (results.count == 1 ? "the check holds" : "all \(decided) hold") + confidence
            } else {
                "\(Program.name) check: \(scope)\(failed) of \(decided) failed, \(inconclusive) inconclusive\(confidence)"
            }
        let output = CommandOutput(
            title: "\(Program.name) check",
            document: {
                var document = Document()
                document.list(results.map(line(for:)))
                document.lines(verdict)
                return document
            },
            csv: { CSV.text(columns, results) },
            json: { .object(["checks": .records(columns, results), "looks": looks.map(JSONValue.integer) ?? .null]) })
        (toError ? console.error : console.output)(output.render(format, colour: colour))
        if results.isEmpty || failed > 0 {
            return .failure
        }
        return inconclusive > 0 ? .inconclusive : .success
    }

    /// The columns of a check's result in one configuration, for csv and json.
    static let columns: [DataColumn<CheckResult>] = [
        DataColumn("check") { .text($0.expression.description) },
        DataColumn("queues") { .integer($0.configuration.queues) },
        DataColumn("iterations") { .integer($0.configuration.iterations) },
        DataColumn("work_ns") { .integer($0.configuration.workNanoseconds) },
        DataColumn("outcome") { .text($0.outcome.rawValue) },
        DataColumn("confidence") { .decimal($0.confidence, places: 4) },
        DataColumn("interval_low") { .decimal($0.interval?.lowerBound, places: 4) },
        DataColumn("interval_high") { .decimal($0.interval?.upperBound, places: 4) },
        DataColumn("subject_ns_per_job") { .decimal($0.subjectNanosecondsPerJob, places: 3) },
        DataColumn("other_ns_per_job") { .decimal($0.otherNanosecondsPerJob, places: 3) },
        DataColumn("detail") { .text($0.explanation) },
    ]

    /// `PASS  detach-thread >= 10x serial-queue at 4×500: detach-thread 15.7 µs/job is 105× …`
    private static func line(for result: CheckResult) -> String {
        let word =
            switch result.outcome {
            case .holds: "PASS"
            case .fails: "FAIL"
            case .inconclusive: "INCONCLUSIVE"
            }
        return "\(word)  \(result.expression) at \(result.configuration): \(result.explanation)"
    }
}
