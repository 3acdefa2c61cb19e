import BenchResults
import Foundation
import JobRunners

/// A command's measuring, the same for a sweep, a check and a crossover: it warns of a debug build, opens the
/// result file, shows progress, makes the runs (in this process, or each in a child with `--isolate`), records
/// every run to the file as it ends, answers an interrupt, and ends with the file complete.
///
/// Whoever ends the session first, the command or an interrupt (SIGINT, SIGTERM, on the signal thread), finishes
/// the file and concludes; the other then does nothing. On an interrupt the file keeps the runs already made,
/// whole, the command says what that means for it, and ``Interrupts`` exits with 128 + the signal's number.
final class MeasuringSession: @unchecked Sendable {
    // `file`, `records`, `plannedRuns`, `recordedRuns` and `isEnded` are read and written only with `lock` held;
    // so no row is ever half-written when an interrupt finishes the file.
    private let lock = NSLock()
    private let file: OutputFile
    private var records: [ResultRecord] = []
    /// Recorded runs of every plan measured so far, made or not; nil once a plan under a budget, which decides its
    /// runs as it goes, is among them.
    private var plannedRuns: Int? = 0
    /// Runs recorded so far of each cell: a cell measured again continues its repetitions' numbering.
    private var recordedRuns: [CellKey: Int] = [:]
    private var isEnded = false

    /// The command, as its messages begin: `bench`, `bench check`.
    let command: String
    let machine: MachineInfo
    let console: Console
    let progress: Progress
    let quiet: Bool
    /// Whether every recorded run is made in a child process (`--isolate`).
    private let isolatesEveryRun: Bool
    /// This program, which child processes run; nil if it cannot be found (then `--isolate` is refused, and the
    /// runs that ``isolatesOnThisSystem(_:)`` would isolate are made in this process).
    private let executable: URL?

    /// Opens the session: prints the debug warning if this is a debug build, opens the result file with its header
    /// and takes over interrupts, which `onInterrupt` then concludes, given the runs recorded and the signal. Nil,
    /// with the `Error:` line printed, if the file cannot be opened or the runs cannot be isolated.
    init?(
        command: String, output: OutputDestination, quiet: Bool, isolate: Bool, executable: URL?, console: Console,
        onInterrupt: @escaping @Sendable (_ records: [ResultRecord], _ planned: Int?, Int32) -> Void
    ) {
        let machine = MachineInfo.current()
        if machine.build == "debug" {
            console.error(BenchCommand.debugBanner)
        }
        if isolate, executable == nil {
            console.error(
                "Error: cannot find \(Program.name)'s own executable to start child processes (\(RunOption.isolate.flag))\n")
            return nil
        }
        do {
            file = try OutputFile(csv: output, header: ResultSchema.columns, console: console, host: machine.host)
        } catch {
            console.error("Error: \(error)\n")
            return nil
        }
        self.command = command
        self.machine = machine
        self.console = console
        self.quiet = quiet
        progress = Progress(console: console, quiet: quiet)
        isolatesEveryRun = isolate
        self.executable = executable
        Interrupts.setHandler { [self] signal in
            // The progress display is the measuring thread's; on a terminal, clear its status line blindly.
            if isatty(STDERR_FILENO) == 1 {
                console.error("\r\u{1B}[K")
            }
            _ = end(announcing: true) { records, planned in
                onInterrupt(records, planned, signal)
                return .failure
            }
        }
    }

    /// Where the rows go, as the user should see it: a path, `-` for standard output, empty for nowhere.
    var resultPath: String {
        file.displayPath
    }

    /// Makes the runs of `plan`, records each as it ends, and returns those it recorded; nil, with the file removed
    /// and the `Error:` line printed, if a row cannot be written.
    func measure(_ plan: SweepPlan) -> [ResultRecord]? {
        let isolatesEveryRun = isolatesEveryRun
        let executable = executable
        let runsAsProgram = BenchCommand.runsAsProgram.load(ordering: .relaxed)
        let isolated = { (cell: SweepPlan.Cell) in
            executable != nil && (isolatesEveryRun || (runsAsProgram && Self.isolatesOnThisSystem(cell.runner)))
        }
        let measure = { (step: SweepPlan.Step) -> RunOutcome in
            guard isolated(step.cell), let executable else {
                return plan.measureInProcess(step)
            }
            let arguments = SweepCommand.childArguments(for: step, of: plan)
            return ChildProcessRunner(executable: executable, arguments: arguments).measure()
        }
        lock.withLock {
            plannedRuns = plannedRuns.flatMap { runs in plan.repetitions.map { runs + $0 * plan.cells.count } }
        }
        progress.begin(plan)
        defer { progress.clearStatus() }
        do {
            return try plan.run(
                machine: machine, warmsUp: { !isolated($0) }, measure: measure, record: record,
                observe: progress.handle)
        } catch {
            progress.clearStatus()
            _ = end(discarding: true, announcing: false) { _, _ in .failure }
            console.error("Error: \(error)\n")
            return nil
        }
    }

    /// Whether a run of `runner` is made in a child process even without `--isolate` (in a `bench` program; see
    /// ``BenchCommand/runsAsProgram``): on macOS, the runners that
    /// start a thread per job. There a `Thread.start()` that cannot create its thread raises an Objective-C
    /// exception, which Swift cannot catch: in this process it would abort the whole sweep and lose the runs not
    /// yet written, while a child that aborts is one failed run. A child costs about 10 ms, against runs of
    /// seconds. `floor-detach-thread`, whose pthread_create reports failure, is isolated too: so that it and
    /// `detach-thread`, the runner it is the floor of, are measured alike. On Linux a thread that cannot be created
    /// is a stalled or failed run in this process already.
    static func isolatesOnThisSystem(_ runner: RunnerKind) -> Bool {
        #if canImport(Darwin)
        runner.traits.startsThreadPerJob
        #else
        false
        #endif
    }

    /// Appends `record` to the file, whole, numbered after the runs of its cell already recorded; does nothing once
    /// the session has ended.
    private func record(_ record: ResultRecord) throws {
        try lock.withLock {
            guard !isEnded else {
                return
            }
            var record = record
            record.repetition = (recordedRuns[record.key] ?? 0) + 1
            try file.append(fields: ResultSchema.fields(of: record))
            recordedRuns[record.key] = record.repetition
            records.append(record)
        }
    }

    /// Ends the session: finishes the file, says where its rows went (unless quiet), and returns what `conclude`
    /// makes of every run recorded (and how many were planned); 1, with the `Error:` line, if the file cannot be
    /// finished; 1 if an interrupt ended the session first.
    func finish(_ conclude: ([ResultRecord], _ planned: Int?) -> ExitCode) -> ExitCode {
        end(announcing: !quiet, conclude) ?? .failure
    }

    /// Ends the session once, whoever calls first, holding the lock so that no other end can start meanwhile: the
    /// file finished (or, if `discarding`, removed), then `conclude`; nil if the session had already ended.
    private func end(
        discarding: Bool = false, announcing: Bool, _ conclude: ([ResultRecord], Int?) -> ExitCode
    ) -> ExitCode? {
        lock.withLock {
            guard !isEnded else {
                return nil
            }
            isEnded = true
            // The handler holds this session; the session no longer needs it.
            Interrupts.setHandler(nil)
            if discarding {
                file.discard()
                return conclude(records, plannedRuns)
            }
            do {
                try file.finish()
            } catch {
                console.error("Error: \(error)\n")
                return .failure
            }
            if announcing, !resultPath.isEmpty, resultPath != "-" {
                console.error("\(command): wrote \(records.count) rows to \(resultPath)\n")
            }
            return conclude(records, plannedRuns)
        }
    }
}
