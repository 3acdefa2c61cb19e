import BenchResults
import Foundation
import JobRunners

/// `bench interleave A B`: the same plan run by two bench executables in one session, run by run in alternation,
/// and compared pair by pair (``InterleavedComparison``).
///
/// Each build has its own worker processes (``WorkerPool``; both must speak this bench's worker protocol). For each
/// step of the plan's shuffled order, the two builds make the step's run one right after the other, in an order
/// drawn from the plan's seed: the pair is adjacent in time, so that the machine's drift falls on both alike. Pair k
/// of a cell runs in worker (c + k) mod n of each build, c the cell's place in the plan. Every run goes to one
/// result file, each row naming its build (`variant`, `executable`) and its worker (`process`).
enum InterleaveCommand {
    static func run(
        _ options: InterleaveOptions, plan: SweepPlan, catalogue: RunnerCatalogue, console: Console
    ) -> ExitCode {
        let count = options.run.processes ?? RunOptions.defaultProcesses
        let variants = zip(["A", "B"], options.executables).map { label, path in
            ResultRecord.Variant(label: label, executable: path)
        }
        let pools = variants.map { variant in
            WorkerPool(executable: URL(fileURLWithPath: variant.executable), count: count)
        }
        // Every worker is started, and has answered as one, before anything is measured.
        do {
            for pool in pools {
                for index in 0..<count {
                    try pool.start(index)
                }
            }
        } catch {
            console.error("Error: \(error)\n")
            return .failure
        }
        defer {
            for pool in pools {
                pool.finish()
            }
        }
        let conclusion = Conclusion(options: options, console: console)
        guard
            let session = MeasuringSession(
                command: Program.command("interleave"), output: options.run.output, quiet: options.run.quiet,
                isolate: false, processes: 1, executable: nil, console: console,
                onInterrupt: { records, _, signal in
                    console.error(
                        "\(Program.name) interleave: interrupted by \(Interrupts.name(of: signal)); the "
                            + "\(records.count) runs made are in the result file\n")
                })
        else {
            return .failure
        }
        if !options.run.quiet {
            session.progress.line(
                "\(Program.name) interleave: A \(variants[0].executable), B \(variants[1].executable); "
                    + "\(plan.runners.count) runners × \(plan.configurations.count) configurations, each run made by "
                    + "both, one right after the other, in \(count) worker processes of each"
                    + (session.resultPath.isEmpty ? "" : "; results to \(session.resultPath)"))
        }
        let cellIndex = Dictionary(plan.cells.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var order = SplitMix64(seed: plan.seed ^ 0x6f72_6465_72)
        let measurements = { (step: SweepPlan.Step) -> [SweepPlan.Measurement] in
            let index = ((cellIndex[step.cell] ?? 0) + (step.repetition ?? 1) - 1) % count
            let sides = order.next() % 2 == 0 ? [0, 1] : [1, 0]
            var made: [Int: SweepPlan.Measurement] = [:]
            for side in sides {
                made[side] = SweepPlan.Measurement(
                    outcome: pools[side].measure(step, of: plan, worker: index), process: index + 1,
                    variant: variants[side])
            }
            return [0, 1].compactMap { made[$0] }
        }
        guard session.measure(plan, interleaved: measurements) != nil else {
            return .failure
        }
        return session.finish { records, _ in
            conclusion.conclude(records)
        }
    }

    /// What ends the command: the comparison of the runs, and the exit code.
    private struct Conclusion {
        let options: InterleaveOptions
        let console: Console

        func conclude(_ records: [ResultRecord]) -> ExitCode {
            do {
                let comparison = try InterleavedComparison(records: records, threshold: options.threshold)
                console.output(
                    (options.format == .table || options.format == .markdown ? "\n" : "")
                        + InterleavedOutput(comparison).output.render(options.format))
            } catch {
                console.error("Error: \(error)\n")
                return .failure
            }
            let notOK = records.filter { $0.status != .ok }
            guard notOK.isEmpty else {
                console.error(
                    "\(Program.name) interleave: \(notOK.count) of \(records.count) runs failed or stalled; see the "
                        + "detail column\n")
                return .someRunsFailed
            }
            return .success
        }
    }
}

/// An interleaved comparison for people and programs: `bench interleave`'s, and `bench compare`'s of one file that
/// holds runs of two builds.
struct InterleavedOutput {
    let comparison: InterleavedComparison

    init(_ comparison: InterleavedComparison) {
        self.comparison = comparison
    }

    var output: CommandOutput {
        CommandOutput(
            title: "\(Program.name) interleave: two builds, run by run", document: document,
            csv: { CSV.text(Self.columns, comparison.rows) }, json: json)
    }

    private func document() -> Document {
        var document = Document()
        let (a, b) = (comparison.baseline, comparison.candidate)
        document.heading("\(b.label) against \(a.label), run by run in one session")
        document.lines("\(a.label): \(a.executable)", "\(b.label): \(b.executable)")
        document.paragraph(
            "Each cell's ratio is the 20% trimmed mean over its pairs of \(b.label)/\(a.label) (on the log scale), two "
                + "runs made one right after the other; the interval a bootstrap of the pairs (of the worker processes, "
                + "then of the pairs in each), none below \(InterleavedComparison.fewestPairsForInterval) pairs. Noise "
                + "threshold \(Format.number(comparison.threshold * 100))%.")
        let rows = comparison.rows.map { row in
            [
                row.key.runner, row.key.configuration.description, "\(row.pairs)",
                row.baseline.headlineNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                row.candidate.headlineNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                row.ratio.map(Format.ratio) ?? "-", row.interval.map { Format.range($0) } ?? "-", row.verdict.rawValue,
            ]
        }
        document.table(
            TextTable(
                columns: [
                    "runner", "configuration", "pairs", "\(a.label) per job", "\(b.label) per job",
                    "\(b.label)/\(a.label)", "95% interval", "verdict",
                ],
                rows: rows, rightAligned: [2, 3, 4, 5, 6], keyColumns: 2))
        let counts = Comparison.Verdict.allCases.map { verdict in
            "\(comparison.rows.filter { $0.verdict == verdict }.count) \(verdict.rawValue)"
        }
        document.lines("Verdicts: \(counts.joined(separator: ", "))")
        if let interference = interferenceText {
            document.paragraph(interference)
        }
        return document
    }

    /// What other programs did meanwhile, when they used the machine during any pair; nil when they did not. A
    /// pair's two runs are read one load (``RunLoad``) between them, so A's marked runs are the marked pairs.
    var interferenceText: String? {
        let marked = comparison.rows.map(\.baseline.interferedRuns).reduce(0, +)
        guard marked > 0 else {
            return nil
        }
        let runs = comparison.rows.map(\.baseline.runs).reduce(0, +)
        return "Interference: other programs used \(Format.number(RunLoad.interferenceShare * 100))% of the machine "
            + "or more during \(marked) of \(Format.count(runs, "pair")). A pair's two runs are made one right after "
            + "the other, so it fell on both builds alike: it widens the intervals (more cells unsure), and faster or "
            + "slower still needs the pairs to agree."
    }

    private func json() -> JSONValue {
        .object([
            "baseline": .object([
                "label": .string(comparison.baseline.label), "executable": .string(comparison.baseline.executable),
            ]),
            "candidate": .object([
                "label": .string(comparison.candidate.label), "executable": .string(comparison.candidate.executable),
            ]),
            "threshold": .number(comparison.threshold),
            "rows": .records(Self.columns, comparison.rows),
        ])
    }

    /// The columns of its CSV, and of each row in its JSON.
    static let columns: [DataColumn<InterleavedComparison.Row>] =
        ResultSchema.cellColumns.lifted(\InterleavedComparison.Row.key)
        + [
            DataColumn("pairs") { .integer($0.pairs) },
            DataColumn("baseline_ns_per_job") { .decimal($0.baseline.headlineNanosecondsPerJob, places: 3) },
            DataColumn("candidate_ns_per_job") { .decimal($0.candidate.headlineNanosecondsPerJob, places: 3) },
            DataColumn("ratio") { .decimal($0.ratio, places: 4) },
            DataColumn("interval_low") { .decimal($0.interval?.lowerBound, places: 4) },
            DataColumn("interval_high") { .decimal($0.interval?.upperBound, places: 4) },
            DataColumn("verdict") { .text($0.verdict.rawValue) },
        ]
}

extension InterleaveCommand: ParsableCommand {}

extension Subcommand {
    /// `bench interleave`.
    static let interleave = Subcommand(
        InterleaveCommand.self, name: "interleave",
        abstract: "Compare two builds of \(Program.name) in one session, run by run in alternation.",
        help: { _ in HelpText.interleave })
}

/// What `bench interleave` is asked: `plan`, run by the two executables of `options` in alternation.
struct InterleaveRequest: Invocation, Equatable {
    var options: InterleaveOptions
    var plan: SweepPlan

    func run(_ context: CommandContext) -> ExitCode {
        InterleaveCommand.run(options, plan: plan, catalogue: context.catalogue, console: context.console)
    }
}

extension HelpText {
    /// The help of `bench interleave`.
    static var interleave: String {
        """
        OVERVIEW: Compares two builds of bench (a toolchain upgrade, a change to your own runner) on this machine,
        measuring both in one session, run by run in alternation, and judging each cell pair by pair.

        \(usage(.interleave))
        \(paragraph("Both executables must be bench programs built from the same version of ThreadingOverheads (their worker protocol is checked before anything runs); they may be the same one twice, which is an A/A test of this machine. Each build gets \(RunOption.processes.flag) worker processes. For each step of the plan's shuffled order, both builds make the run, one right after the other, which of them first drawn from the seed: whatever the machine does over seconds and minutes falls on both runs of the pair alike. Every run goes to one result file whose rows name their build (variant A or B, and the executable) and worker; '\(Program.name) compare FILE' compares such a file again.", indent: 0))
        \(paragraph("A cell's ratio is the 20% trimmed mean over its pairs of B/A (on the log scale), its 95% interval a bootstrap of the pairs (of the worker processes, then of the pairs in each; none with fewer than \(InterleavedComparison.fewestPairsForInterval) pairs, as the runners that start a thread per job have under the default budget: \(RunOption.repetitions.flag) or \(RunOption.budget.flag) gives them more), and its verdict compare's rule: same within the noise threshold, faster or slower when the interval lies wholly below or above 1, unsure otherwise.", indent: 0))

        OPTIONS:
        \(InterleaveCommand.definition.optionsSection)

        EXIT CODES:
          0   compared   1   an executable is not a bench of this protocol, or a file cannot be written
          2   some runs failed or stalled   64   the command line was wrong   130, 143   interrupted

        EXAMPLE:
          swift build -c release --scratch-path .build-a && swift build -c release --scratch-path .build-b
          swift run -c release \(Program.name) interleave .build-a/release/bench .build-b/release/bench --runners task,actor

        """
    }
}
