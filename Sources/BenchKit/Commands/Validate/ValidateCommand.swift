import BenchResults
import Foundation
import JobRunners

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
        // The verdicts with the terms compare would use for these files; then what the pair measures of them.
        guard let terms = FileComparison.withKeptTerms(files, threshold: options.compare.threshold, console: console)
        else {
            return .failure
        }
        let validation = Validation(
            first: Report(records: files[0].records), second: files[1].records, shift: options.shift,
            threshold: options.compare.threshold, terms: terms.terms)
        var keptIn: String?
        if options.keep {
            guard let path = keep(validation, files: files, paths: paths, console: console) else {
                return .failure
            }
            keptIn = path
        }
        console.output(
            validation.output(paths: paths, termsText: terms.sessionTermsText(), keptIn: keptIn)
                .render(options.compare.format))
        return .success
    }

    /// Adds what the pair measured to the terms kept for its host beside the first file, writing the file whole
    /// under a temporary name first; the file's path, or nil with the `Error:` line printed (the pair comes from
    /// two hosts, has no machine factor, or the file cannot be written).
    private static func keep(_ validation: Validation, files: [ResultSet], paths: [String], console: Console) -> String? {
        let hosts = Set(files.flatMap(\.machines).map(\.host))
        guard hosts.count == 1, let host = hosts.first else {
            console.error(
                "Error: --keep keeps terms for one host, and these files come from \(hosts.count): "
                    + "\(hosts.sorted().joined(separator: ", "))\n")
            return nil
        }
        guard let measured = SessionTerms.measured(from: validation.same) else {
            console.error(
                "Error: these files share too few cells for a machine factor, so they measure no session terms\n")
            return nil
        }
        let path = SessionTerms.Kept.path(host: host, in: (paths[0] as NSString).deletingLastPathComponent)
        do {
            var kept = try SessionTerms.Kept.read(path) ?? SessionTerms.Kept(host: host)
            kept.pairs.append(
                SessionTerms.Kept.Pair(
                    files: paths, measuredAt: Date().resultTimestamp, cells: validation.cells, terms: measured))
            let file = try OutputFile(.file(path: path), console: console)
            try file.write(kept.json)
            try file.finish()
            return path
        } catch {
            console.error("Error: cannot keep the session terms in '\(path)': \(error)\n")
            return nil
        }
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
        child.run.recording.output = .standardOutput
        console.error("\(Program.name) validate: sweep \(index) of 2, in a fresh process\n")
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: executable, arguments: SweepCommand.definition.arguments(for: child))
        } catch {
            console.error("Error: sweep \(index): \(error)\n")
            return nil
        }
        // The child's standard error is this process's, so nothing but its rows comes through the pipe.
        let (data, ending) = process.readToEnd()
        guard ending == .exited(ExitCode.success.rawValue) || ending == .exited(ExitCode.someRunsFailed.rawValue) else {
            console.error(
                "Error: sweep \(index) \(ending.description) (its own message is above); nothing validated\n")
            return nil
        }
        do {
            let rows = try ResultSet(path: "sweep \(index)", data: data)
            let file = try OutputFile(.newFileInResults, console: console, machine: rows.records.first?.machine)
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

extension Validation {
    /// A share as a percentage with one decimal: `4.2%`.
    private static func percentage(_ share: Double) -> String {
        Format.number((share * 1000).rounded() / 10) + "%"
    }

    /// `count` of `total` as a percentage with one decimal: `4.2%`.
    private static func percent(_ count: Int, of total: Int) -> String {
        total == 0 ? "-" : Format.number((Double(count) / Double(total) * 1000).rounded() / 10) + "%"
    }

    func output(paths: [String], termsText: String, keptIn: String? = nil) -> CommandOutput {
        let factor = Format.number(shift)
        let (own, ownRelative) = (ownDetectable, ownRelativeDetectable)
        let summary: [(String, Int, Int)] = [
            ("cells in both files", cells, cells),
            ("headlines within ±\(Int(Self.agreement * 100))%", agreeing, cells),
            ("A/A, raw: called faster or slower (false alarms)", falseAlarms, cells),
            ("A/A, relative: called cheaper or dearer (false alarms)", relativeFalseAlarms, cells),
            ("B × \(factor), every cell, raw: called slower (detected)", detected, cells),

            ("B × \(factor), each runner's cells in turn, relative: dearer (detected)", byRunner.detected,
             byRunner.shiftedCells),
            ("  the other cells, called cheaper or dearer (false alarms)", byRunner.falseAlarms, byRunner.otherCells),
            ("B × \(factor), each family's cells in turn, relative: dearer (detected)", byFamily.detected,
             byFamily.shiftedCells),
            ("  the other cells, called cheaper or dearer (false alarms)", byFamily.falseAlarms, byFamily.otherCells),
            ("B × each cell's own \"sees\" (80% expected), raw: called slower", own.detected, own.cells),
            ("Each cell alone × its own relative \"sees\" (80% expected): dearer", ownRelative.detected,
             ownRelative.cells),
        ]
        let rows = zip(same.rows, shifted.rows).map(Row.init)
        return CommandOutput(
            title: "\(Program.name) validate: how often compare's verdicts are wrong here",
            document: {
                var document = Document()
                document.heading(
                    "A: \(paths[0]), B: \(paths[1]); compare's rules at a noise threshold of "
                        + "\(Format.number(threshold * 100))%")
                document.table(
                    TextTable(
                        columns: ["", "cells", "of", "share"],
                        rows: summary.map { [$0.0, "\($0.1)", "\($0.2)", Self.percent($0.1, of: $0.2)] },
                        rightAligned: [1, 2, 3]))
                document.paragraph(termsText)
                document.paragraph(FileComparison.machineFactorText(same, label: "B"))
                if let measured = SessionTerms.measured(from: same) {
                    document.paragraph(
                        "This pair measures: a cell ±\(Self.percentage(measured.cell)) beside the machine beyond its "
                            + "runs' own spread, and the machine ±\(Self.percentage(measured.drift)) between the two "
                            + (keptIn.map { "sessions; kept in \($0), which compare uses for this host's files there." }
                                ?? "sessions; --keep keeps them for compare."))
                }
                let alarms = rows.filter { $0.row.verdict == .faster || $0.row.verdict == .slower }
                if !alarms.isEmpty {
                    document.heading("A/A false alarms of the raw rule: cells called faster or slower, nothing changed")
                    document.list(alarms.map { "\($0.row.key): B/A \(Self.ratioText($0.row)), \($0.row.verdict)" })
                }
                let relativeAlarms = same.rows.filter { $0.relativeVerdict == .cheaper || $0.relativeVerdict == .dearer }
                if !relativeAlarms.isEmpty {
                    document.heading("A/A false alarms of the relative rule: cells called cheaper or dearer")
                    document.list(relativeAlarms.map { "\($0.key): ÷ machine \(Self.relativeText($0)), \($0.relativeVerdict.rawValue)" })
                }
                let missed = rows.filter { $0.shifted.verdict != .slower }
                if !missed.isEmpty {
                    document.heading("Missed at × \(factor) in every cell, raw rule: cells not called slower")
                    document.list(missed.map { "\($0.shifted.key): \(Self.ratioText($0.shifted)), \($0.shifted.verdict)" })
                }
                if !byFamily.missed.isEmpty {
                    document.heading("Missed at × \(factor) in one family's cells, relative rule: not called dearer")
                    document.list(byFamily.missed.map { "\($0.group): " + FileComparison.byRunner($0.cells).joined(separator: "; ") })
                }
                return document
            },
            csv: { CSV.text(Self.columns, rows) },
            json: {
                .object([
                    "shift": .number(shift), "threshold": .number(threshold),
                    "session_terms": FileComparison.json(same.terms, from: nil), "cells": .integer(cells),
                    "measured_terms": SessionTerms.measured(from: same).map { FileComparison.json($0, from: keptIn) }
                        ?? .null,
                    "agreeing": .integer(agreeing), "false_alarms": .integer(falseAlarms),
                    "relative_false_alarms": .integer(relativeFalseAlarms), "detected": .integer(detected),
                    "own_detectable": .object(["cells": .integer(own.cells), "detected": .integer(own.detected)]),
                    "own_relative_detectable": .object([
                        "cells": .integer(ownRelative.cells), "detected": .integer(ownRelative.detected),
                    ]),
                    "machine_factor": same.machineFactor.map { .number($0.estimate) } ?? .null,
                    "by_runner": Self.json(byRunner), "by_family": Self.json(byFamily),
                    "rows": .records(Self.columns, rows),
                ])
            })
    }

    private static func json(_ shift: PartialShift) -> JSONValue {
        .object([
            "shifted_cells": .integer(shift.shiftedCells), "detected": .integer(shift.detected),
            "other_cells": .integer(shift.otherCells), "false_alarms": .integer(shift.falseAlarms),
        ])
    }

    /// `1.07 (0.98–1.15)`.
    private static func ratioText(_ row: Comparison.Row) -> String {
        guard let ratio = row.ratio else {
            return "-"
        }
        let interval = row.interval.map { " (\(Format.range($0)))" } ?? ""
        return Format.ratio(ratio) + interval
    }

    /// The relative ratio and its interval: `1.07 (0.98–1.15)`.
    private static func relativeText(_ row: Comparison.Row) -> String {
        guard let ratio = row.relativeRatio else {
            return "-"
        }
        return Format.ratio(ratio) + (row.relativeInterval.map { " (\(Format.range($0)))" } ?? "")
    }

    /// A cell compared both ways.
    struct Row: Sendable {
        /// B against A.
        var row: Comparison.Row
        /// B × shift against A.
        var shifted: Comparison.Row
    }

    /// A row per cell: the A/A ratio and verdicts, and the shifted one's.
    static let columns: [DataColumn<Row>] =
        ResultSchema.cellColumns.lifted { (row: Row) in row.row.key }
        + [
            DataColumn("ratio") { .decimal($0.row.ratio, places: 4) },
            DataColumn("verdict") { .text($0.row.verdict.rawValue) },
            DataColumn("relative_ratio") { .decimal($0.row.relativeRatio, places: 4) },
            DataColumn("relative_verdict") { .text($0.row.relativeRatio == nil ? "" : $0.row.relativeVerdict.rawValue) },
            DataColumn("shifted_ratio") { .decimal($0.shifted.ratio, places: 4) },
            DataColumn("shifted_verdict") { .text($0.shifted.verdict.rawValue) },
        ]
}

extension ValidateCommand: ParsableCommand {}

extension Subcommand {
    /// `bench validate`.
    static let validate = Subcommand(
        ValidateCommand.self, name: "validate",
        abstract: "How far compare can be trusted on this machine: an A/A and an injected-shift test on two sweeps' "
            + "files.",
        help: { _ in HelpText.validate })
}

extension ValidateOptions: Invocation {
    func run(_ context: CommandContext) -> ExitCode {
        ValidateCommand.run(self, console: context.console, executable: context.executable)
    }
}

extension HelpText {
    /// The help of `bench validate`.
    static var validate: String {
        """
        OVERVIEW: How far compare's verdicts can be trusted on this machine: an A/A test and an injected-shift test
        on two result files of the same sweep, made one after the other; without files, it makes them.

        \(usage(.validate))
        \(paragraph("A/A: the second file against the first with compare's rule. Nothing changed between them, so every cell called faster or slower is a false alarm; their share is the false-alarm rate. Injected shift: the second file's times multiplied by \(ValidateCommand.shift.flag) against the first; the share of cells called slower is the detection rate at that shift. It also counts the cells whose headlines agree within ±\(Int(Validation.agreement * 100))%, gives the A/A ratio's median over the cells and its middle half (a median off 1 by more than the threshold is the machine's drift between the files, which compare cannot tell from a change of the code), and lists the false alarms and the cells missed.", indent: 0))
        \(paragraph("Without files, it first makes them: the default sweep (or the sweep that \(ValidateCommand.sweepOptions.map(\.flag).joined(separator: ", ")) describe, as for \(Program.name)) twice, one after the other, each in a fresh \(Program.name) process, as two sessions of the machine, each written to a new file in results/ (the default sweep takes \(RunOptions.defaultSweepDuration), and this makes it twice). Their progress and summaries go to standard error.", indent: 0))

        OPTIONS:
        \(ValidateCommand.definition.optionsSection)

        EXIT CODES:
          0   validated
          1   a file cannot be read or written or is not a result file, or a sweep it made ended otherwise
              than 0 or 2
          64  the command line was wrong
          130, 143   interrupted by SIGINT, SIGTERM: the files of the sweeps finished are kept

        EXAMPLES:
          swift run -c release \(Program.name) validate
          swift run -c release \(Program.name) --output a.csv
          swift run -c release \(Program.name) --output b.csv
          swift run -c release \(Program.name) validate a.csv b.csv

        """
    }
}
