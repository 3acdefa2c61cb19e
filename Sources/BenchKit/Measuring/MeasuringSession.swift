import BenchResults
import Foundation
import JobRunners

/// A command's measuring, the same for a sweep, a check, a crossover and an interleaved comparison: it warns of a
/// debug build, opens the result file, shows progress, has the runs made (by a ``RunMaker``), records every run to
/// the file as it ends, answers an interrupt, and ends with the file complete.
///
/// Its lifecycle is a ``SessionLifecycle``, a value that says what each event (a run recorded, the command's
/// finish, an interrupt on the signal thread) does and what must follow: whoever ends recording first gets the runs
/// and finishes the file; the other gets nothing, and an interrupt that comes while the command finishes the file
/// waits for the file, so that it is never lost. The lock is held only to change the lifecycle (a row written is
/// such a change, so that no interrupt ever finds half a row); finishing the file and concluding happen after it is
/// released, by the one that ended recording. On an interrupt the file keeps the runs already made, whole, the
/// command says what that means for it (`onInterrupt`), and ``Interrupts`` exits with 128 + the signal's number.
final class MeasuringSession: Interruptible, @unchecked Sendable {
    // `lifecycle` is read and written only with `lock` held; its change to closed is broadcast on it. `loadProbe`
    // and `progress` are used only by the thread that calls ``measure(_:with:)``, one call at a time; the rest is set
    // once, in `init`.
    private let lock = NSCondition()
    private var lifecycle = SessionLifecycle()

    /// What a session ended with: every run recorded, how many were planned (nil where a budget decided), and,
    /// once the file is finished, where its rows went (``resultPath``).
    struct Ending {
        let records: [ResultRecord]
        let planned: Int?
        var resultPath = ""

        /// What `command` says of an interrupt by `signal` that ended it, where it has no summary of its own:
        /// `bench crossover: interrupted by SIGINT; the 12 runs made are in the result file`.
        func interruptionLine(_ command: String, by signal: Int32) -> String {
            let made = records.isEmpty
                ? "before any run was recorded"
                : "the \(Format.count(records.count, "run")) made are in the result file"
            return "\(command): interrupted by \(Interrupts.name(of: signal)); \(made)\n"
        }
    }

    /// The command, as its messages begin: `bench`, `bench check`.
    let command: String
    let machine: MachineInfo
    let console: Console
    let progress: Progress
    let quiet: Bool
    /// The result file: written to only while recording, with the lock held, and finished by whoever ends
    /// recording.
    private let file: OutputFile
    /// Where the rows go, as the user should see it: a path, `-` for standard output, empty for nowhere; once the
    /// file is finished, the name it was given (the next free one, if another took the default meanwhile).
    var resultPath: String {
        file.displayPath
    }
    /// Where the rows go, for the plan's line: `; results to results/x.csv`, `; results to standard output`, empty
    /// for nowhere.
    var resultsClause: String {
        switch resultPath {
        case "": ""
        case "-": "; results to standard output"
        default: "; results to \(resultPath)"
        }
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
        command: String, output: OutputDestination, quiet: Bool, verbose: Bool = false, console: Console,
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
            console.reportError(error)
            return nil
        }
        self.file = file
        self.command = command
        self.machine = machine
        self.console = console
        self.quiet = quiet
        self.onInterrupt = onInterrupt
        progress = Progress(console: console, quiet: quiet, verbose: verbose)
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
        let earlier = lock.withLock { lifecycle.begin(plan) } ?? 0
        progress.begin(plan)
        defer { progress.end() }
        do {
            _ = try plan.run(
                machine: machine, warmsUp: maker.warmsUp, measurements: measurements, record: record,
                observe: progress.handle)
            // The runs as the file has them, numbered after the session's earlier runs of their cells: a check's
            // later looks then pool the same runs, in the same order, as `check --input` of its file does.
            return lock.withLock { lifecycle.records(since: earlier) }
        } catch {
            progress.clearStatus()
            if case .finishFile = end(by: .command) {
                file.discard()
                close()
            }
            console.reportError(error)
            return nil
        }
    }

    /// Appends `record` to the file, whole, numbered after the runs of its cell already recorded; does nothing once
    /// the session has ended.
    private func record(_ record: ResultRecord) throws {
        try lock.withLock {
            guard let row = lifecycle.row(for: record) else {
                return
            }
            try file.append(fields: ResultSchema.fields(of: row))
            lifecycle.recorded(row)
        }
    }

    /// Ends the session: finishes the file, says where its rows went (unless quiet), and returns every run
    /// recorded; nil, with the `Error:` line, if the file cannot be finished, and nil if an interrupt ended the
    /// session first.
    func finish() -> Ending? {
        guard case .finishFile(let records, let planned) = end(by: .command) else {
            return nil
        }
        return complete(Ending(records: records, planned: planned), announcing: !quiet)
    }

    /// On the signal thread: ends the session, if the command has not, finishes the file and has the command say
    /// what the interrupt means for it.
    func interrupted(by signal: Int32) {
        let ending: Ending
        switch end(by: .interrupt) {
        case .finishFile(let records, let planned):
            ending = Ending(records: records, planned: planned)
        case .waitUntilClosed:
            // The command ended it: the result file is whole once the command has finished it.
            lock.withLock {
                while lifecycle.state != .closed {
                    lock.wait()
                }
            }
            return
        case .nothing:
            return
        }
        // The progress display is the measuring thread's; on a terminal, clear its status line blindly.
        if console.errorIsTerminal {
            console.error("\r\u{1B}[K")
        }
        if let ending = complete(ending, announcing: true) {
            onInterrupt(ending, signal)
        }
    }

    /// `ender` ends the session, or tries to: what it must do (``SessionLifecycle/end(by:)``).
    private func end(by ender: SessionLifecycle.Ender) -> SessionLifecycle.EndAction {
        lock.withLock { lifecycle.end(by: ender) }
    }

    /// Finishes the ended session's file and says where its rows went; nil, with the `Error:` line, if it cannot.
    private func complete(_ ending: Ending, announcing: Bool) -> Ending? {
        defer { close() }
        guard !ending.records.isEmpty else {
            // Nothing recorded (interrupted before a run ended): no file of a header alone, and a file the user
            // named keeps what it held.
            let existed = !resultPath.isEmpty && resultPath != "-" && FileManager.default.fileExists(atPath: resultPath)
            file.discard()
            if announcing, !resultPath.isEmpty, resultPath != "-" {
                let fate = existed ? "\(resultPath) is left as it was" : "\(resultPath) was not written"
                console.error("\(command): no run was recorded; \(fate)\n")
            }
            return ending
        }
        do {
            try file.finish()
        } catch {
            console.reportError(error)
            return nil
        }
        var ending = ending
        ending.resultPath = resultPath
        if announcing, !resultPath.isEmpty, resultPath != "-" {
            console.error("\(command): wrote \(Format.count(ending.records.count, "row")) to \(resultPath)\n")
        }
        return ending
    }

    /// The change from closing to closed, told to an interrupt that waits for it; interrupts are no longer the
    /// session's to answer.
    private func close() {
        lock.withLock {
            lifecycle.closed()
            lock.broadcast()
        }
        Interrupts.setTarget(nil)
    }
}
