import BenchResults
import Foundation
import JobRunners

/// `bench` without a subcommand: runs a sweep, writes the result file as runs finish, then prints the summary.
///
/// An interrupt (SIGINT, SIGTERM) ends the sweep at once: the runs already made are in the result file, whole, and
/// in its report, the summary covers them and says the sweep was interrupted, and the exit code is 128 + the signal's
/// number.
struct SweepCommand: Command, Equatable {
    /// What it does: measure a plan, or summarize a result file (`--input`).
    enum Action: Equatable {
        /// Measure `plan`, its recorded runs made where `placement` says.
        case sweep(SweepPlan, placement: RunPlacement)
        /// Print the summary of the result file at this path, measuring nothing.
        case summarize(input: String)
    }

    let action: Action
    /// What the summary shows, and where it goes besides standard output.
    let summary: SummaryOptions
    /// Where the rows go, and whether progress shows.
    let recording: RecordingOptions
    /// What the sweep says before it measures of configurations whose jobs do not divide into their queues, so
    /// that it runs a few more or fewer: `--jobs 1000 does not divide into 3 queues: running 3 × 333 = 999 jobs`.
    let divisionNotes: [String]

    init(_ line: ParsedCommandLine<SweepOptions>, _ context: ParseContext) throws(UsageError) {
        let options = line.options
        if let unexpected = line.arguments.first {
            throw UsageError("Unexpected argument '\(unexpected)'")
        }
        (summary, recording) = (options.summary, options.run.recording)
        try Self.checkSummaryPath(options)
        if let input = options.input {
            if let given = line.firstGiven(of: Self.measuring) {
                throw UsageError(
                    "'\(Self.input.flag)' summarizes an existing file, so '\(given.flag)', which shapes a sweep, does "
                        + "not apply")
            }
            (action, divisionNotes) = (.summarize(input: input), [])
            return
        }
        let plan = try options.run.plan(cells: try options.run.cells.settled(in: context.catalogue))
        action = .sweep(plan, placement: options.run.placement.settled(asProgram: context.asProgram))
        divisionNotes = plan.configurations.compactMap { configuration in
            guard let total = options.run.cells.jobsTotal(for: configuration.shape), configuration.jobs != total else {
                return nil
            }
            let given =
                options.run.cells.jobs == nil
                ? "\(total) jobs (\(configuration.shape)'s default) do" : "\(RunOption.jobs.flag) \(total) does"
            return "\(Program.name): \(given) not divide into \(configuration.queues) queues: running "
                + "\(configuration.queues) × \(configuration.iterations) = \(configuration.jobs) jobs"
        }
    }

    /// Refuses a `--summary` path that names a file this command reads or writes besides: the result file it
    /// summarizes (`--input`), the one it writes (`--output`), or its report. Written last, the summary would
    /// replace it, and a result file is replaced only where the user named it as one.
    private static func checkSummaryPath(_ options: SweepOptions) throws(UsageError) {
        guard let summaryPath = options.summary.summaryPath else {
            return
        }
        var others: [(path: String, what: String)] = []
        if let input = options.input {
            others.append((input, "the result file it summarizes (\(Self.input.flag))"))
        } else if case .file(let output) = options.run.recording.output {
            others.append((output, "the result file (\(RunOption.output.flag))"))
            if !options.summary.noReport {
                others.append((Conclusion.reportPath(besideResultsAt: output), "the report beside the result file"))
            }
        }
        if let clash = others.first(where: { ResultSet.isSameFile(summaryPath, $0.path) }) {
            throw UsageError(
                "'\(Self.summary.flag) \(summaryPath)' names \(clash.what): give the summary a path of its own")
        }
    }

    var needsMainThread: Bool {
        guard case .sweep(let plan, _) = action else {
            return false
        }
        return plan.needsMainThread
    }

    func run(_ context: CommandContext) -> ExitCode {
        let conclusion = Conclusion(command: self, catalogue: context.catalogue, console: context.console)
        switch action {
        case .sweep(let plan, let placement):
            return measure(plan, placement: placement, conclusion: conclusion, context)
        case .summarize(let path):
            guard let file = ResultSet.read([path], console: context.console)?.first,
                let machine = file.records.first?.machine
            else {
                return .failure
            }
            return conclusion.summarize(file.records, machine: machine) ?? .success
        }
    }

    /// Measures `plan`, its runs made where `placement` says, and concludes.
    private func measure(
        _ plan: SweepPlan, placement: RunPlacement, conclusion: Conclusion, _ context: CommandContext
    ) -> ExitCode {
        let console = context.console
        if let path = summary.summaryPath {
            // Written after the runs: a path that cannot take it is refused now, not once they are made.
            do {
                try OutputFile.check(path, console: console)
            } catch {
                console.reportError(error)
                return .failure
            }
        }
        guard let maker = PlacedRuns.make(placement, for: plan, executable: context.executable, console: console),
            let session = MeasuringSession(
                command: Program.name, output: recording.output, quiet: recording.quiet, verbose: summary.isVerbose,
                console: console,
                onInterrupt: { ended, signal in
                    // Before any run was recorded there is nothing to sum up (the session said so), and a
                    // --summary file the user named keeps what it held.
                    guard !ended.records.isEmpty else {
                        return
                    }
                    _ = conclusion.conclude(ended, interruptedBy: signal, resultPath: ended.resultPath)
                })
        else {
            return .failure
        }
        let progress = session.progress
        for note in divisionNotes {
            progress.line(note)
        }
        for exclusion in plan.exclusions {
            progress.line("\(Program.name): not running \(exclusion.cell.runner.id) at \(exclusion.cell.configuration): \(exclusion.reason)")
        }
        if !recording.quiet {
            let isolation =
                switch placement {
                case .isolated: ", each recorded run in a fresh process"
                case .workers(let count) where count > 1:
                    ", each cell's runs spread over worker processes (\(count) at a time, each replaced by a fresh one "
                        + "after \(WorkerPool.seconds(WorkerPool.lifetime(of: plan.sampling))))"
                case .workers, .thisProcess: ""
                }
            progress.line(
                "\(Program.name): \(Format.count(plan.runners.count, "runner")) × "
                    + "\(Format.count(plan.configurations.count, "configuration")): "
                    + Self.describe(plan) + isolation
                    + session.resultsClause)
        }
        guard session.measure(plan, with: maker) != nil, let ended = session.finish() else {
            return .failure
        }
        return conclusion.conclude(ended, interruptedBy: nil, resultPath: ended.resultPath)
    }

    /// A cell's warm-ups, in words, for the plan line and `--warmup`'s help: `1 warm-up`, `warm-ups until two in a
    /// row agree within 10% or they have timed 0.1 s (at most 5)`.
    static func warmupText(_ warmup: SweepPlan.Warmup) -> String {
        switch warmup {
        case .runs(let count):
            Format.count(count, "warm-up")
        case .untilSettled(let maximum, let tolerance):
            "warm-ups until two in a row agree within \(Format.number(tolerance * 100))% or they have timed "
                + "\(Format.number(SweepPlan.Warmup.longEnough)) s (at most \(maximum))"
        }
    }

    /// How a plan runs each cell, in words: `1 warm-up + 3 repetitions each, seed 42`.
    static func describe(_ plan: SweepPlan) -> String {
        let runs =
            switch plan.sampling {
            case .repetitions(let count): Format.count(count, "repetition") + " each"
            case .budget(let budget):
                "a budget of \(Progress.clockText(budget.seconds)) shared by need ("
                    + "\(budget.pooledMinimumRuns.map { "\($0) or " } ?? "")"
                    + "\(budget.minimumRuns) to \(budget.maximumRuns) runs each, until within "
                    + "±\(Format.number(budget.precision * 100))%)"
            }
        return "\(warmupText(plan.warmup)), then \(runs), in a shuffled order (seed \(plan.seed))"
    }

    /// What ends a sweep, normally or on an interrupt: the summary file, the summary, the exit code.
    private struct Conclusion: Sendable {
        let command: SweepCommand
        let catalogue: RunnerCatalogue
        let console: Console

        /// The summary of `records`, made on `machine`: written to `--summary`'s file if asked; nil if all went
        /// well, or the exit code of what did not, its `Error:` line printed.
        func writeSummaryFile(_ summary: SweepSummary, announcing: Bool) -> ExitCode? {
            guard let path = command.summary.summaryPath else {
                return nil
            }
            do {
                let file = try OutputFile(.file(path: path), console: console)
                try file.write(summary.output.csv())
                try file.finish()
            } catch {
                console.reportError(error)
                return .failure
            }
            if announcing {
                console.error("\(Program.name): wrote the summary to \(path)\n")
            }
            return nil
        }

        /// The summary of `records`, as a page (``page(_:_:path:)``) where the format is HTML; `path` names the
        /// runs in the page.
        func makeSummary(_ records: [ResultRecord], machine: MachineInfo, path: String = "") -> SweepSummary {
            let summary = SweepSummary(
                report: Report(records: records), machine: machine, catalogue: catalogue,
                showsMetrics: command.summary.showsMetrics, isVerbose: command.summary.isVerbose)
            return command.summary.format == .html ? Self.page(summary, records, path: path) : summary
        }

        /// `summary` drawn too, from its runs `records` (at `path`), with the 2010 table beside a chain sweep's:
        /// what a page shows beyond the tables. Its statistics are `summary`'s, not made again.
        static func page(_ summary: SweepSummary, _ records: [ResultRecord], path: String) -> SweepSummary {
            var page = summary
            page.drawing = ResultSet(path: path, records: records)
            page.reference = reference(for: records, path: path)
            return page
        }

        /// The 2010 table's file, where a checkout of this package keeps it: the one `compare` reads, so that the
        /// table lives in one place rather than built in.
        static let referenceFile = "2010-mac-pro-cocoawithlove.csv"

        /// The 2010 table, for runs with chain cells at `path`, if it is found: in the result file's own folder
        /// (results/, where a sweep writes by default), or else in results/ of the checkout whose build folder holds
        /// this bench (`.build/release/bench`). Not from the current directory: a report beside a file is the same
        /// wherever bench was started. Nil where neither holds it.
        static func reference(for records: [ResultRecord], path: String) -> ResultSet? {
            guard records.contains(where: { $0.configuration.shape == .chain }) else {
                return nil
            }
            var folders: [URL] = []
            if !path.isEmpty, path != "-" {
                folders.append(URL(fileURLWithPath: path).deletingLastPathComponent())
            }
            // Up from the executable's folder to the checkout: .build/<triple>/release/bench is three levels in.
            var folder = ChildProcess.currentExecutable?.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                guard let current = folder else {
                    break
                }
                folders.append(current.appendingPathComponent("results"))
                folder = current.deletingLastPathComponent()
            }
            for candidate in folders {
                let file = candidate.appendingPathComponent(referenceFile).path
                if FileManager.default.fileExists(atPath: file), let table = try? ResultSet(contentsOfFile: file) {
                    return table
                }
            }
            return nil
        }

        /// Where the report of the result file at `path` goes: `NAME.html` for `NAME.csv`, else the path and `.html`.
        static func reportPath(besideResultsAt path: String) -> String {
            (path.hasSuffix(".csv") ? String(path.dropLast(4)) : path) + ".html"
        }

        /// The HTML report of `summary`, made of `records`, beside the result file at `path` (`NAME.html` for
        /// `NAME.csv`), unless `--no-report`, or the rows went to standard output, nowhere, or a device; nil if all
        /// went well, or the exit code of what did not, its `Error:` line printed (the result file is whole either
        /// way).
        func writeReport(
            _ summary: SweepSummary, _ records: [ResultRecord], besideResultsAt path: String, announcing: Bool
        ) -> ExitCode? {
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard !command.summary.noReport, !records.isEmpty, !path.isEmpty, path != "-",
                (try? FileManager.default.attributesOfItem(atPath: target)[.type]) as? FileAttributeType == .typeRegular
            else {
                return nil
            }
            let reportPath = Self.reportPath(besideResultsAt: path)
            do {
                let file = try OutputFile(.file(path: reportPath), console: console)
                try file.write(Self.page(summary, records, path: path).output.render(.html))
                try file.finish()
            } catch {
                console.reportError(error)
                return .failure
            }
            if announcing {
                console.error("\(Program.name): wrote the report to \(reportPath)\n")
            }
            return nil
        }

        /// The summary of a file's `records`: to `--summary`'s file if asked, and to standard output; nil if all
        /// went well.
        func summarize(_ records: [ResultRecord], machine: MachineInfo) -> ExitCode? {
            let summary = makeSummary(records, machine: machine, path: command.inputPath)
            if let failure = writeSummaryFile(summary, announcing: !command.recording.quiet) {
                return failure
            }
            let text = summary.output.render(command.summary.format, colour: command.summary.color.isOn(for: console))
            console.output(command.summary.format == .table || command.summary.format == .markdown ? "\n" + text : text)
            return nil
        }

        /// Ends a sweep, interrupted by `signal` or not: the summary file and the summary; the report beside the
        /// result file at `resultPath`, of the runs made (an interrupted sweep's too: its file holds them, and a
        /// report is what a reader of the file looks for); the exit code.
        func conclude(
            _ ended: MeasuringSession.Ending, interruptedBy signal: Int32?, resultPath: String
        ) -> ExitCode {
            let (records, planned) = (ended.records, ended.planned)
            let machine = records.first?.machine ?? MachineInfo.current()
            var summary = makeSummary(records, machine: machine, path: resultPath)
            let interruption = signal.map {
                "Interrupted by \(Interrupts.name(of: $0)) after \(Format.count(records.count, "recorded run"))"
                    + (planned.map { " of \($0) planned" } ?? "") + ": the summary covers those."
            }
            summary.interruption = interruption
            // What was written is said unless quiet, and always after an interrupt, when files are not expected.
            let announcing = !command.recording.quiet || signal != nil
            if let failure = writeSummaryFile(summary, announcing: announcing) {
                return failure
            }
            if machine.build == "debug", signal == nil {
                console.error(BenchCommand.debugBanner)
            }
            let (show, toError) = console.summaryStream(rowsTo: command.recording.output)
            let colour = command.summary.color.isOn(for: console, toStandardError: toError)
            if command.summary.format == .table || command.summary.format == .markdown {
                show("\n" + summary.output.render(command.summary.format, colour: colour))
            } else {
                show(summary.output.render(command.summary.format, colour: colour))
            }
            if let interruption {
                console.error("\(Program.name): " + interruption.prefix(1).lowercased() + interruption.dropFirst() + "\n")
            }
            if let failure = writeReport(summary, records, besideResultsAt: resultPath, announcing: announcing) {
                return failure
            }
            if signal != nil {
                return .failure
            }
            let notOK = records.filter { $0.status != .ok }
            guard notOK.isEmpty else {
                console.error("\(Program.name): \(notOK.count) of \(records.count) runs failed or stalled; see the detail column\n")
                return .someRunsFailed
            }
            return .success
        }
    }
}

extension SweepCommand {
    /// The result file `--input` names; empty for a sweep.
    var inputPath: String {
        guard case .summarize(let path) = action else {
            return ""
        }
        return path
    }
}
