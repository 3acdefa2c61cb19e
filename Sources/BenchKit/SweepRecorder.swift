import BenchResults
import Foundation
import JobRunners

/// A sweep's records and result file, shared by the sweep, which records each run as it ends, and the interrupt
/// handler, which may end the sweep from another thread at any moment.
///
/// Whoever ends it first, the sweep or an interrupt, finishes the file and concludes; the other then does nothing.
final class SweepRecorder: @unchecked Sendable {
    // `file`, `records` and `isEnded` are read and written only with `lock` held; so no row is ever half-written
    // when an interrupt finishes the file.
    private let lock = NSLock()
    private let file: OutputFile
    private var records: [ResultRecord] = []
    private var isEnded = false

    init(file: OutputFile) {
        self.file = file
    }

    /// Appends `record` to the file, whole; does nothing once the sweep has ended.
    func record(_ record: ResultRecord) throws(OutputFileError) {
        lock.lock()
        defer { lock.unlock() }
        guard !isEnded else {
            return
        }
        try file.append(fields: ResultSchema.fields(of: record))
        records.append(record)
    }

    /// Ends the sweep: finishes the file (or, if `discarding`, removes it) and calls `conclude` with the records,
    /// holding the lock so that no other end can start meanwhile. Returns nil if the sweep had already ended.
    func end<Result>(
        discarding: Bool = false,
        _ conclude: ([ResultRecord], OutputFileError?) -> Result
    ) -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard !isEnded else {
            return nil
        }
        isEnded = true
        if discarding {
            file.discard()
            return conclude(records, nil)
        }
        do {
            try file.finish()
            return conclude(records, nil)
        } catch {
            return conclude(records, error)
        }
    }
}

extension SweepRecorder {
    /// Makes the runs of `sweep` with `measure`, recording each as it ends and showing `progress`. If a row cannot
    /// be written, removes the file, prints the `Error:` line and returns false.
    func run(
        _ sweep: Sweep, machine: MachineInfo, measure: (Sweep.Step) -> RunOutcome, progress: Progress,
        console: Console
    ) -> Bool {
        progress.begin(sweep.steps)
        defer { progress.clearStatus() }
        do {
            _ = try sweep.run(machine: machine, measure: measure, record: record, observe: progress.handle)
            return true
        } catch {
            progress.clearStatus()
            _ = end(discarding: true) { _, _ in }
            console.error("Error: \(error)\n")
            return false
        }
    }
}
