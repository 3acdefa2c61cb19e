import BenchResults
import Foundation

/// `bench validate A.csv B.csv`: how far `compare`'s verdicts can be trusted on this machine, from two files of
/// the same sweep made one after the other; without files, it makes them first: the sweep (the default sweep, or as
/// its options say) twice, each in a fresh `bench` process, one after the other, each written to a new file in
/// results/.
///
/// - The A/A test: nothing changed between the files, so every `faster` or `slower` verdict of B against A is a
///   false alarm; their share is the false-alarm rate.
/// - The injected-shift test: B's runs, every time multiplied by the shift (1.2 by default), against A; the share
///   of cells called `slower` is the detection rate at that shift.
///
/// It also gives how many cells' headlines agree within ±10%, the spread between sessions that the verdicts have
/// to live with.
enum ValidateCommand {
    static func run(_ options: ValidateOptions, console: Console, executable: URL?) -> ExitCode {
        var paths = options.compare.paths
        if paths.isEmpty {
            for index in 1...2 {
                guard let path = sweep(index, options.run, console: console, executable: executable) else {
                    return .failure
                }
                paths.append(path)
            }
        }
        guard let files = ResultSet.read(paths, console: console), files.count == 2 else {
            return .failure
        }
        let validation = Validation(
            first: Report(records: files[0].records), second: files[1].records, shift: options.shift,
            threshold: options.compare.threshold)
        console.output(validation.output(paths: paths).render(options.compare.format))
        return .success
    }

    /// Makes sweep `index` of 2 in a fresh `bench` process (its progress and summary on standard error, its rows
    /// read back from its standard output) and writes its rows to a new file in results/; the file's path, or nil
    /// with the `Error:` line printed. A sweep whose runs partly failed still counts: its rows say which.
    private static func sweep(_ index: Int, _ run: RunOptions, console: Console, executable: URL?) -> String? {
        guard let executable else {
            console.error("Error: cannot find \(Program.name)'s own executable to make the sweeps; make them with \(Program.name) and "
                + "pass the two files\n")
            return nil
        }
        var child = SweepOptions()
        child.run = run
        child.run.output = .standardOutput
        console.error("\(Program.name) validate: sweep \(index) of 2, in a fresh process\n")
        let process = Process()
        process.executableURL = executable
        process.arguments = SweepCommand.definition.arguments(for: child)
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            console.error("Error: cannot start \(Program.name) for sweep \(index): \(error.localizedDescription)\n")
            return nil
        }
        let childID = process.processIdentifier
        Interrupts.register(childProcess: childID)
        defer { Interrupts.unregister(childProcess: childID) }
        // The child's standard error is this process's, so nothing but its rows comes through the pipe.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationStatus
        guard process.terminationReason == .exit,
            status == ExitCode.success.rawValue || status == ExitCode.someRunsFailed.rawValue
        else {
            console.error("Error: sweep \(index) ended with status \(status) (its own message is above); nothing validated\n")
            return nil
        }
        do {
            let rows = try ResultSet(path: "sweep \(index)", data: data)
            let file = try OutputFile(.newFileInResults, console: console, host: rows.records.first?.machine.host ?? "")
            try file.write(String(decoding: data, as: UTF8.self))
            try file.finish()
            console.error("\(Program.name) validate: wrote \(rows.records.count) rows to \(file.displayPath)\n")
            return file.displayPath
        } catch {
            console.error("Error: \(error)\n")
            return nil
        }
    }
}

/// The A/A and injected-shift comparisons of two files.
struct Validation {
    let shift: Double
    let threshold: Double
    /// B against A, and B's runs times `shift` against A.
    let same: Comparison
    let shifted: Comparison

    /// How close two headlines must be to count as agreeing.
    static let agreement = 0.1

    init(first: Report, second: [ResultRecord], shift: Double, threshold: Double) {
        self.shift = shift
        self.threshold = threshold
        same = Comparison(baseline: first, candidate: Report(records: second), threshold: threshold)
        let scaled = second.map { record in
            var record = record
            record.outcome.nanoseconds = record.outcome.nanoseconds.map { Int64((Double($0) * shift).rounded()) }
            return record
        }
        shifted = Comparison(baseline: first, candidate: Report(records: scaled), threshold: threshold)
    }

    var cells: Int {
        same.rows.count
    }

    /// Cells whose ratio lies within ±``agreement`` of 1.
    var agreeing: Int {
        same.rows.filter { $0.ratio.map { abs($0 - 1) <= Self.agreement } ?? false }.count
    }

    var falseAlarms: Int {
        same.rows.filter { $0.verdict == .faster || $0.verdict == .slower }.count
    }

    var detected: Int {
        shifted.rows.filter { $0.verdict == .slower }.count
    }

    private func percent(_ count: Int) -> String {
        cells == 0 ? "-" : Format.number((Double(count) / Double(cells) * 1000).rounded() / 10) + "%"
    }

    func output(paths: [String]) -> CommandOutput {
        let factor = Format.number(shift)
        let summary: [(String, Int, String)] = [
            ("cells in both files", cells, ""),
            ("headlines within ±\(Int(Self.agreement * 100))%", agreeing, percent(agreeing)),
            ("A/A: called faster or slower (false alarms)", falseAlarms, percent(falseAlarms)),
            ("B × \(factor) against A: called slower (detected)", detected, percent(detected)),
        ]
        let rows = zip(same.rows, shifted.rows).map(Row.init)
        return CommandOutput(
            document: {
                var document = Document()
                document.heading(
                    "A: \(paths[0]), B: \(paths[1]); compare's rule at a noise threshold of "
                        + "\(Format.number(threshold * 100))%")
                document.table(
                    TextTable(
                        columns: ["", "cells", "share"], rows: summary.map { [$0.0, "\($0.1)", $0.2] },
                        rightAligned: [1, 2]))
                document.lines(FileComparison.sessionSpreadText(same.sessionSpread))
                document.lines(
                    FileComparison.commonShiftText(
                        same, label: "B",
                        movedTogether: "Most cells moved together: with the code the same, that is the machine's "
                            + "drift between the two sweeps (or its load's). compare cannot tell it from a change of "
                            + "the code: it calls it in every cell whose interval excludes 1, and the false alarms "
                            + "above include those calls."))
                let alarms = rows.filter { $0.row.verdict == .faster || $0.row.verdict == .slower }
                if !alarms.isEmpty {
                    document.heading("False alarms: cells called faster or slower with nothing changed")
                    document.list(alarms.map { "\($0.row.key): B/A \(Self.ratioText($0.row)), \($0.row.verdict)" })
                }
                let missed = rows.filter { $0.shifted.verdict != .slower }
                if !missed.isEmpty {
                    document.heading("Missed at × \(factor): cells not called slower")
                    document.list(missed.map { "\($0.shifted.key): \(Self.ratioText($0.shifted)), \($0.shifted.verdict)" })
                }
                return document
            },
            csv: { CSV.text(Self.columns, rows) },
            json: {
                .object([
                    "shift": .number(shift), "threshold": .number(threshold),
                    "session_spread": same.sessionSpread.map(JSONValue.number) ?? .null, "cells": .integer(cells),
                    "agreeing": .integer(agreeing), "false_alarms": .integer(falseAlarms),
                    "detected": .integer(detected), "rows": .records(Self.columns, rows),
                ])
            })
    }

    /// `1.07 (0.98–1.15)`.
    private static func ratioText(_ row: Comparison.Row) -> String {
        guard let ratio = row.ratio else {
            return "-"
        }
        let interval = row.interval.map { " (\(Format.range($0)))" } ?? ""
        return Format.ratio(ratio) + interval
    }

    /// A cell compared both ways.
    struct Row: Sendable {
        /// B against A.
        var row: Comparison.Row
        /// B × shift against A.
        var shifted: Comparison.Row
    }

    /// A row per cell: the A/A ratio and verdict, and the shifted one's.
    static let columns: [DataColumn<Row>] =
        ResultSchema.cellColumns.lifted { (row: Row) in row.row.key }
        + [
            DataColumn("ratio") { .decimal($0.row.ratio, places: 4) },
            DataColumn("verdict") { .text($0.row.verdict.rawValue) },
            DataColumn("shifted_ratio") { .decimal($0.shifted.ratio, places: 4) },
            DataColumn("shifted_verdict") { .text($0.shifted.verdict.rawValue) },
        ]
}
