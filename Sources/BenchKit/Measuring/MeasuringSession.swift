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
    // so no row is ever half-written when an interrupt finishes the file. `loadProbe` is used only by the thread
    // that calls ``measure(_:interleaved:)``, one call at a time.
    private let lock = NSLock()
    private let file: OutputFile
    private var records: [ResultRecord] = []
    /// Recorded runs of every plan measured so far, made or not; nil once a plan under a budget, which decides its
    /// runs as it goes, is among them.
    private var plannedRuns: Int? = 0
    /// Runs recorded so far of each cell, and of each build of it in an interleaved comparison: a cell measured
    /// again continues its repetitions' numbering.
    private var recordedRuns: [RecordedCell: Int] = [:]

    private struct RecordedCell: Hashable {
        var key: CellKey
        var variant: String?
    }
    private var isEnded = false

    /// The command, as its messages begin: `bench`, `bench check`.
    let command: String
    let machine: MachineInfo
    let console: Console
    let progress: Progress
    let quiet: Bool
    /// The worker processes that make the recorded runs (``measure(_:)``); nil where this program's executable
    /// cannot be found or, with one process, where this program is not a `bench` (a test): then every run is made
    /// in this process.
    private let workers: WorkerPool?
    /// What other programs do with the machine, read as each run ends (``LoadProbe``).
    private let loadProbe = LoadProbe()
    /// Worker processes a cell's runs are spread over (`--processes`); 1 for every run in this process.
    var processes: Int {
        workers.map { $0.isolatesEveryRun ? 1 : $0.count } ?? 1
    }

    /// Opens the session: prints the debug warning if this is a debug build, opens the result file with its header
    /// and takes over interrupts, which `onInterrupt` then concludes, given the runs recorded and the signal. Nil,
    /// with the `Error:` line printed, if the file cannot be opened or the runs cannot be isolated.
    ///
    /// `processes` is `--processes` (nil for its default: ``RunOptions/defaultProcesses`` in a `bench` program, 1
    /// where bench runs inside another); `isolate`, `--isolate`.
    init?(
        command: String, output: OutputDestination, quiet: Bool, isolate: Bool, processes: Int?, executable: URL?,
        console: Console, onInterrupt: @escaping @Sendable (_ records: [ResultRecord], _ planned: Int?, Int32) -> Void
    ) {
        let machine = MachineInfo.current()
        if machine.build == "debug" {
            console.error(BenchCommand.debugBanner)
        }
        let runsAsProgram = BenchCommand.runsAsProgram.load(ordering: .relaxed)
        let count = processes ?? (runsAsProgram ? RunOptions.defaultProcesses : 1)
        if executable == nil, isolate || count > 1 {
            let flag = isolate ? RunOption.isolate.flag : RunOption.processes.flag
            console.error(
                "Error: cannot find \(Program.name)'s own executable to start worker processes (\(flag)); give "
                    + "\(RunOption.processes.flag) 1 to make every run in this process\n")
            return nil
        }
        // One process and no isolation: every run in this process, but on macOS those of the runners whose thread
        // that cannot start would abort it (``isolatesOnThisSystem(_:)``), which a bench program hands to a worker.
        workers = executable.flatMap { executable in
            count > 1 || isolate || runsAsProgram
                ? WorkerPool(executable: executable, count: isolate ? 1 : count, isolatesEveryRun: isolate) : nil
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

    /// Makes the runs of `plan`, records each as it ends, and returns those it recorded, numbered as recorded; nil,
    /// with the file removed and the `Error:` line printed, if a row cannot be written.
    ///
    /// With more than one process (``processes``), or with `--isolate`, the recorded runs are made by worker
    /// processes (``WorkerPool``), which warm up each cell themselves: a cell's k-th run goes to worker
    /// (c + k) mod n, c the cell's place in the plan, so that its runs are spread evenly over the workers and
    /// consecutive runs of a cell come from different ones.
    ///
    /// `interleaved`, if given, makes each step's runs instead (`bench interleave`: a run of each build, in worker
    /// processes that warm up themselves).
    func measure(
        _ plan: SweepPlan, interleaved: ((SweepPlan.Step) -> [SweepPlan.Measurement])? = nil
    ) -> [ResultRecord]? {
        let pool = workers
        let inWorker = { (cell: SweepPlan.Cell) in
            pool != nil && (pool?.count ?? 1 > 1 || pool?.isolatesEveryRun == true || Self.isolatesOnThisSystem(cell.runner))
        }
        let cellIndex = Dictionary(plan.cells.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let make = { (step: SweepPlan.Step) -> [SweepPlan.Measurement] in
            if let interleaved {
                return interleaved(step)
            }
            guard inWorker(step.cell), let pool, let repetition = step.repetition else {
                return [SweepPlan.Measurement(outcome: plan.measureInProcess(step))]
            }
            let index = ((cellIndex[step.cell] ?? 0) + repetition - 1) % pool.count
            return [SweepPlan.Measurement(outcome: pool.measure(step, of: plan, worker: index), process: index + 1)]
        }
        // Read as each run ends, outside its timed region (which the runner's own thread or the worker keeps).
        let probe = loadProbe
        let measurements = { (step: SweepPlan.Step) -> [SweepPlan.Measurement] in
            var made = make(step)
            let load = probe.loadEndingNow()
            for index in made.indices {
                made[index].load = load
            }
            return made
        }
        let earlier = lock.withLock {
            plannedRuns = plannedRuns.flatMap { runs in plan.repetitions.map { runs + $0 * plan.cells.count } }
            return records.count
        }
        progress.begin(plan)
        defer { progress.clearStatus() }
        do {
            _ = try plan.run(
                machine: machine, warmsUp: { interleaved == nil && !inWorker($0) }, measurements: measurements, record: record,
                observe: progress.handle)
            // The runs as the file has them, numbered after the session's earlier runs of their cells: a check's
            // later looks then pool the same runs, in the same order, as `check --input` of its file does.
            return lock.withLock { Array(records[earlier...]) }
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
            let cell = RecordedCell(key: record.key, variant: record.variant?.label)
            record.repetition = (recordedRuns[cell] ?? 0) + 1
            try file.append(fields: ResultSchema.fields(of: record))
            recordedRuns[cell] = record.repetition
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
