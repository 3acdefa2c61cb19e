import BenchResults
import Foundation
import JobRunners

/// A command's measuring, the same for a sweep, a check, a crossover and an interleaved comparison: it warns of a
/// debug build, opens the result file, shows progress, has the runs made (by a ``RunMaker``), records every run to
/// the file as it ends, answers an interrupt, and ends with the file complete.
///
/// Its lifecycle is a ``State``: recording, closing, closed. Whoever ends recording first, the command
/// (``finish()``) or an interrupt (SIGINT, SIGTERM, on the signal thread), gets its runs and finishes the file;
/// the other gets nothing, and an interrupt that comes while the command finishes the file waits for the file, so
/// that it is never lost. The lock is held only to change the state (a row written is such a change, so that no
/// interrupt ever finds half a row); finishing the file and concluding happen after it is released, by the one
/// that ended recording. On an interrupt the file keeps the runs already made, whole, the command says what that
/// means for it (`onInterrupt`), and ``Interrupts`` exits with 128 + the signal's number.
final class MeasuringSession: Interruptible, @unchecked Sendable {
    // `state` is read and written only with `lock` held; a change to closed is broadcast on it. `loadProbe` and `progress` are used only by the thread
    // that calls ``measure(_:with:)``, one call at a time; the rest is set once, in `init`.
    private let lock = NSCondition()
    private var state: State

    /// Where a session is in its life.
    private enum State {
        /// Recording runs to the file.
        case recording(Ledger)
        /// Recording ended, by the command or an interrupt, which is finishing the file: whatever comes later is
        /// not recorded.
        case closing
        /// The file is finished (or removed).
        case closed
    }

    /// The file and what has been written to it, while recording.
    private final class Ledger {
        let file: OutputFile
        var records: [ResultRecord] = []
        /// Recorded runs of every plan measured so far, made or not; nil once a plan under a budget, which decides
        /// its runs as it goes, is among them.
        var plannedRuns: Int? = 0
        /// Runs recorded so far of each cell, and of each build of it in an interleaved comparison: a cell
        /// measured again continues its repetitions' numbering.
        var recordedRuns: [RecordedCell: Int] = [:]

        init(file: OutputFile) {
            self.file = file
        }
    }

    private struct RecordedCell: Hashable {
        var key: CellKey
        var variant: String?
    }

    /// What a session ended with: every run recorded, and how many were planned (nil where a budget decided).
    struct Ending {
        let records: [ResultRecord]
        let planned: Int?
    }

    /// The command, as its messages begin: `bench`, `bench check`.
    let command: String
    let machine: MachineInfo
    let console: Console
    let progress: Progress
    let quiet: Bool
    /// The result file: written to only through the ledger, while recording, and finished by whoever ends
    /// recording.
    private let file: OutputFile
    /// Where the rows go, as the user should see it: a path, `-` for standard output, empty for nowhere; once the
    /// file is finished, the name it was given (the next free one, if another took the default meanwhile).
    var resultPath: String {
        file.displayPath
    }
    /// What the command says when an interrupt ends the session, given the runs recorded, how many were planned,
    /// and the signal.
    private let onInterrupt: @Sendable (Ending, Int32) -> Void
    /// What other programs do with the machine, read as each run starts and ends (``LoadProbe``).
    private let loadProbe = LoadProbe()

    /// Opens the session: prints the debug warning if this is a debug build, opens the result file with its header
    /// and takes over interrupts, which `onInterrupt` then concludes. Nil, with the `Error:` line printed, if the
    /// file cannot be opened.
    init?(
        command: String, output: OutputDestination, quiet: Bool, console: Console,
        onInterrupt: @escaping @Sendable (_ ended: Ending, _ signal: Int32) -> Void
    ) {
        let machine = MachineInfo.current()
        if machine.build == "debug" {
            console.error(BenchCommand.debugBanner)
        }
        let file: OutputFile
        do {
            file = try OutputFile(csv: output, header: ResultSchema.columns, console: console, machine: machine)
        } catch {
            console.error("Error: \(error)\n")
            return nil
        }
        state = .recording(Ledger(file: file))
        self.file = file
        self.command = command
        self.machine = machine
        self.console = console
        self.quiet = quiet
        self.onInterrupt = onInterrupt
        progress = Progress(console: console, quiet: quiet)
        Interrupts.setTarget(self)
    }

    /// Makes the runs of `plan` with `maker`, records each as it ends, and returns those it recorded, numbered as
    /// recorded; nil, with the file removed and the `Error:` line printed, if a row cannot be written.
    func measure(_ plan: SweepPlan, with maker: some RunMaker) -> [ResultRecord]? {
        // Read as each run starts and ends, outside its timed region (which the runner's own thread or the worker
        // keeps).
        let probe = loadProbe
        let measurements = { (step: SweepPlan.Step) -> [SweepPlan.Measurement] in
            probe.runStarts()
            var made = maker.measurements(step, of: plan)
            let load = probe.runEnded()
            for index in made.indices {
                made[index].load = load
            }
            return made
        }
        let earlier = lock.withLock { () -> Int in
            guard case .recording(let ledger) = state else {
                return 0
            }
            ledger.plannedRuns = ledger.plannedRuns.flatMap { runs in plan.repetitions.map { runs + $0 * plan.cells.count } }
            return ledger.records.count
        }
        progress.begin(plan)
        defer { progress.clearStatus() }
        do {
            _ = try plan.run(
                machine: machine, warmsUp: maker.warmsUp, measurements: measurements, record: record,
                observe: progress.handle)
            // The runs as the file has them, numbered after the session's earlier runs of their cells: a check's
            // later looks then pool the same runs, in the same order, as `check --input` of its file does.
            return lock.withLock {
                guard case .recording(let ledger) = state else {
                    return []
                }
                return Array(ledger.records[earlier...])
            }
        } catch {
            progress.clearStatus()
            if let ledger = end() {
                ledger.file.discard()
                close()
            }
            console.error("Error: \(error)\n")
            return nil
        }
    }

    /// Appends `record` to the file, whole, numbered after the runs of its cell already recorded; does nothing once
    /// the session has ended.
    private func record(_ record: ResultRecord) throws {
        try lock.withLock {
            guard case .recording(let ledger) = state else {
                return
            }
            var record = record
            let cell = RecordedCell(key: record.key, variant: record.variant?.label)
            record.repetition = (ledger.recordedRuns[cell] ?? 0) + 1
            try ledger.file.append(fields: ResultSchema.fields(of: record))
            ledger.recordedRuns[cell] = record.repetition
            ledger.records.append(record)
        }
    }

    /// Ends the session: finishes the file, says where its rows went (unless quiet), and returns every run
    /// recorded; nil, with the `Error:` line, if the file cannot be finished, and nil if an interrupt ended the
    /// session first.
    func finish() -> Ending? {
        guard let ledger = end() else {
            return nil
        }
        return complete(ledger, announcing: !quiet)
    }

    /// On the signal thread: ends the session, if the command has not, finishes the file and has the command say
    /// what the interrupt means for it.
    func interrupted(by signal: Int32) {
        guard let ledger = end() else {
            // The command ended it: the result file is whole once the command has finished it.
            lock.withLock {
                while case .closing = state {
                    lock.wait()
                }
            }
            return
        }
        // The progress display is the measuring thread's; on a terminal, clear its status line blindly.
        if isatty(STDERR_FILENO) == 1 {
            console.error("\r\u{1B}[K")
        }
        if let ending = complete(ledger, announcing: true) {
            onInterrupt(ending, signal)
        }
    }

    /// The one change from recording to closing: the ledger for whoever made it, nil for anyone after.
    private func end() -> Ledger? {
        lock.withLock {
            guard case .recording(let ledger) = state else {
                return nil
            }
            state = .closing
            return ledger
        }
    }

    /// Finishes the ended session's file and says where its rows went; nil, with the `Error:` line, if it cannot.
    private func complete(_ ledger: Ledger, announcing: Bool) -> Ending? {
        defer { close() }
        do {
            try ledger.file.finish()
        } catch {
            console.error("Error: \(error)\n")
            return nil
        }
        if announcing, !resultPath.isEmpty, resultPath != "-" {
            console.error("\(command): wrote \(ledger.records.count) rows to \(resultPath)\n")
        }
        return Ending(records: ledger.records, planned: ledger.plannedRuns)
    }

    /// The change from closing to closed, told to an interrupt that waits for it; interrupts are no longer the
    /// session's to answer.
    private func close() {
        lock.withLock {
            state = .closed
            lock.broadcast()
        }
        Interrupts.setTarget(nil)
    }
}
