import BenchResults
import Foundation
import JobRunners

/// `bench crossover`: the job size at which each runner's overhead falls below 10% and 1% of the job's time.
///
/// Every runner runs one queue at each work size (and at none), with iterations chosen so that a run takes about
/// ``CrossoverOptions/targetRunSeconds``; the control runner always runs too, as the analysis needs it
/// (``Crossover``). The runs go to a result file like a sweep's, so the analysis can be made again from it
/// (`--input`).
struct CrossoverCommand: Command, Equatable {
    /// What its command line gave: the file to analyze (`--input`), or the terms of the plan, which is made only
    /// once a pilot run of each runner has chosen its iterations (a crossover's cells are not known before it
    /// measures), and where its rows go.
    let options: CrossoverOptions
    /// The runners to measure, the control first (the analysis needs it).
    let runners: [RunnerKind]

    init(_ line: ParsedCommandLine<CrossoverOptions>, _ context: ParseContext) throws(UsageError) {
        let (options, catalogue) = (line.options, context.catalogue)
        if let unexpected = line.arguments.first {
            throw UsageError("Unexpected argument '\(unexpected)'")
        }
        if options.input != nil, let given = line.firstGiven(of: Self.measuring) {
            throw UsageError(
                "'\(Self.input.flag)' analyzes an existing file, so '\(given.flag)', which shapes a run, does not apply")
        }
        _ = try options.run.placement.settings()
        let control = try catalogue.runner(Report.controlRunner, namedIn: nil)
        self.options = options
        runners = ([control] + (try options.run.cells.runnerKinds(in: catalogue))).uniqued()
        // A crossover is a chain of one queue: a runner that runs no chain has nothing to measure here.
        let refused = runners.lazy.compactMap { runner in runner.reasonItCannotRun(.chain).map { (runner.id, $0) } }.first
        if options.input == nil, let (id, reason) = refused {
            throw UsageError("'\(id)' cannot be measured by a crossover, one queue's chain: \(id) \(reason)")
        }
    }

    var needsMainThread: Bool {
        options.input == nil && runners.contains { $0.traits.needsMainThread }
    }

    func run(_ context: CommandContext) -> ExitCode {
        let console = context.console
        if let path = options.input {
            guard let file = ResultSet.read([path], console: console)?.first else {
                return .failure
            }
            let crossover = Crossover(report: Report(records: file.records))
            // A file of no crossover (a sweep's) would give a table of dashes and exit 0, as if it had been analyzed.
            guard crossover.rows.contains(where: { !$0.points.isEmpty }) else {
                console.reportError(
                    "'\(path)' holds no crossover: no runs of one queue with work per job, the control's among them "
                        + "('\(Program.name) crossover' makes them)")
                return .failure
            }
            console.output(Self.output(crossover).render(options.format))
            return .success
        }
        // Every runner at every work size; the plan spreads their runs over the whole sweep in a shuffled order, so
        // that a drift of the machine falls on a runner and the control alike.
        let iterations = runners.map { Self.iterationsPerRun($0, options: options) }
        let sizes = ([0] + options.run.cells.work).uniqued()
        let cells = sizes.flatMap { work in
            zip(runners, iterations).map { runner, iterations in
                SweepPlan.Cell(
                    runner: runner,
                    configuration: RunConfiguration(queues: 1, iterations: iterations(work), workNanoseconds: work))
            }
        }
        let plan: SweepPlan
        do {
            plan = try options.run.plan(cells: cells)
        } catch {
            BenchCommand.report(UsageError(error.message, command: .crossover), console: console)
            return .usage
        }
        guard
            let session = MeasuringSession(
                command: Program.command("crossover"), output: options.run.recording.output, quiet: options.run.recording.quiet,
                console: console,
                onInterrupt: { ended, signal in
                    console.error(ended.interruptionLine(Program.command("crossover"), by: signal))
                })
        else {
            return .failure
        }
        if !options.run.recording.quiet {
            session.progress.line(
                "\(Program.name) crossover: \(Format.count(runners.count, "runner")) × "
                    + "\(Format.count(sizes.count, "work size")), one queue: " + SweepCommand.describe(plan) + session.resultsClause)
        }
        // Every run in this process: a crossover's runs are short, and its pilots were made here.
        guard session.measure(plan, with: PlacedRuns()) != nil, let ended = session.finish() else {
            return .failure
        }
        console.summaryStream(rowsTo: options.run.recording.output).write(Self.output(Crossover(report: Report(records: ended.records))).render(options.format))
        return ended.records.contains { $0.status != .ok } ? .someRunsFailed : .success
    }

    /// The iterations for a run of `runner` at a work size: about the target time per run, from a short first run
    /// of the runner without work; at least 20, at most 1,000,000.
    private static func iterationsPerRun(_ runner: RunnerKind, options: CrossoverOptions) -> @Sendable (Int) -> Int {
        let settings = RunSettings(verifyTimeout: options.run.placement.verifyTimeout, stallTimeout: options.run.placement.stallTimeout)
        let pilot = Experiment.run(runner, configuration: RunConfiguration(queues: 1, iterations: 1_000), settings: settings)
        let overhead = pilot.nanoseconds.map { Double($0) / 1_000 } ?? 50_000
        return { work in
            let iterations = Int((CrossoverOptions.targetRunSeconds * 1e9 / (Double(work) + overhead)).rounded())
            return min(max(iterations, 20), 1_000_000)
        }
    }

    /// The crossover in every format: the table of crossings and the table of shares; a CSV row per runner of the
    /// first; JSON with every share.
    static func output(_ crossover: Crossover) -> CommandOutput {
        let works = crossover.rows.flatMap { $0.points.map(\.work) }.uniqued().sorted()
        return CommandOutput(
            title: "\(Program.name) crossover: where the work outweighs the overhead",
            document: {
                var document = Document()
                document.heading("Job size at which the overhead falls below 10% and 1% of the job's own time (one queue)")
                document.table(
                    TextTable(
                        columns: columns.names(), rows: crossover.rows.map { row in columns.map { $0.value(row).csvField } },
                        rightAligned: [1, 2, 3]))
                document.heading("Overhead as a share of the job's own time, by work per job")
                document.table(
                    TextTable(
                        columns: ["runner"] + works.map { Format.perJob(nanoseconds: Double($0)) },
                        rows: crossover.rows.map { row in
                            [row.runner]
                                + works.map { work in
                                    row.points.first { $0.work == work }
                                        .map { String(format: "%.1f%%", $0.overheadShare * 100) } ?? "-"
                                }
                        },
                        rightAligned: Set(works.indices.map { $0 + 1 })))
                let negative = crossover.rows.filter { $0.points.contains { $0.overheadShare < 0 } }.map(\.runner)
                if !negative.isEmpty {
                    document.paragraph(
                        "A share below 0 (\(Format.list(negative))): the runner's runs with that work took less than the "
                            + "control's, which is noise at a size where the overhead is small beside the work; a "
                            + "crossing there is put at that size. More --repetitions narrow it.")
                }
                return document
            },
            csv: { CSV.text(columns, crossover.rows) },
            json: {
                .array(
                    crossover.rows.map { row in
                        .object([
                            "runner": .string(row.runner),
                            "overhead_ns_without_work": row.overheadWithoutWork.map(JSONValue.number) ?? .null,
                            "below_ten_percent": .string(text(row.belowTenPercent)),
                            "below_one_percent": .string(text(row.belowOnePercent)),
                            "overhead_share_by_work_ns": .object(
                                Dictionary(uniqueKeysWithValues: row.points.map { (String($0.work), .number($0.overheadShare)) })),
                        ])
                    })
            })
    }

    /// A runner's crossings, as the table and the CSV give them.
    static let columns: [DataColumn<Crossover.Row>] = [
        DataColumn("runner") { .text($0.runner) },
        DataColumn("overhead per job (no work)") { .text($0.overheadWithoutWork.map(Format.perJob(nanoseconds:)) ?? "-") },
        DataColumn("overhead < 10% of the job from") { .text(text($0.belowTenPercent)) },
        DataColumn("< 1% from") { .text(text($0.belowOnePercent)) },
    ]

    /// `1.41 ms`, `≤ 100 ns`, `> 3.00 ms`, `-`.
    private static func text(_ crossing: Crossover.Crossing) -> String {
        switch crossing {
        case .at(let work): Format.perJob(nanoseconds: work)
        case .atMost(let work): "≤ " + Format.perJob(nanoseconds: work)
        case .beyond(let work): "> " + Format.perJob(nanoseconds: work)
        case .unknown: "-"
        }
    }
}
