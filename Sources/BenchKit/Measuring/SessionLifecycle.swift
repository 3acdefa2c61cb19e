import BenchResults

/// The states of a ``MeasuringSession`` and what each event does to them, as a value: an event goes in, the state
/// changes, and what the session must do comes out as an action, which the session carries out (the file, the
/// console, the lock and the interrupt handler are the session's). So each state and each event is tested alone,
/// interrupts included (`SessionLifecycleTests`), without a file or a signal.
///
/// Recording → closing → closed. Whoever ends recording first, the command or an interrupt, is told to finish the
/// file with the runs recorded; the command, coming later, is told to do nothing, and an interrupt that comes while
/// the file is being finished is told to wait until it is, so that the process never exits with it half written.
struct SessionLifecycle {
    enum State: Equatable {
        /// Recording runs to the file.
        case recording
        /// Recording ended, by the command or an interrupt, which is finishing the file: whatever comes later is
        /// not recorded.
        case closing(by: Ender)
        /// The file is finished (or removed).
        case closed
    }

    /// Who ends a session.
    enum Ender: Equatable {
        case command
        case interrupt
    }

    /// What the one that ends the session, or tries to, must do.
    enum EndAction: Equatable {
        /// Finish the file, holding these runs, and then say ``closed()``.
        case finishFile(records: [ResultRecord], planned: Int?)
        /// Wait until the session is closed: the file is being finished.
        case waitUntilClosed
        /// Nothing: the session has ended already.
        case nothing
    }

    private(set) var state = State.recording
    /// Every run recorded, in the order recorded.
    private(set) var records: [ResultRecord] = []
    /// Recorded runs of every plan begun so far, made or not; nil once a plan under a budget, which decides its runs
    /// as it goes, is among them.
    private(set) var plannedRuns: Int? = 0
    /// Runs recorded so far of each cell, and of each build of it in an interleaved comparison: a cell measured
    /// again continues its repetitions' numbering.
    private var recordedRuns: [RecordedCell: Int] = [:]

    private struct RecordedCell: Hashable {
        var key: CellKey
        var variant: String?

        init(_ record: ResultRecord) {
            key = record.key
            variant = record.variant?.label
        }
    }

    /// A plan begins: its runs count as planned. Returns how many runs were recorded before it, the first of its own
    /// in ``records``; nil once recording has ended.
    mutating func begin(_ plan: SweepPlan) -> Int? {
        guard state == .recording else {
            return nil
        }
        plannedRuns = plannedRuns.flatMap { runs in plan.repetitions.map { runs + $0 * plan.cells.count } }
        return records.count
    }

    /// A run ended: the row to write for it, numbered after the runs of its cell already recorded; nil once
    /// recording has ended, when the run is not recorded. The run counts as recorded once ``recorded(_:)`` says so,
    /// after its row is written whole.
    func row(for record: ResultRecord) -> ResultRecord? {
        guard state == .recording else {
            return nil
        }
        var numbered = record
        numbered.repetition = (recordedRuns[RecordedCell(record)] ?? 0) + 1
        return numbered
    }

    /// The row ``row(for:)`` gave was written.
    mutating func recorded(_ row: ResultRecord) {
        guard state == .recording else {
            return
        }
        recordedRuns[RecordedCell(row)] = row.repetition
        records.append(row)
    }

    /// The runs recorded since the first of a plan (``begin(_:)``'s answer); none once recording has ended.
    func records(since first: Int) -> [ResultRecord] {
        state == .recording ? Array(records[first...]) : []
    }

    /// `ender` ends the session, or tries to.
    mutating func end(by ender: Ender) -> EndAction {
        switch state {
        case .recording:
            state = .closing(by: ender)
            return .finishFile(records: records, planned: plannedRuns)
        case .closing where ender == .interrupt:
            return .waitUntilClosed
        case .closing, .closed:
            return .nothing
        }
    }

    /// The file is finished (or removed): the session is closed, and an interrupt that waits may go on.
    mutating func closed() {
        state = .closed
    }
}
