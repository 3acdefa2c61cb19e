import BenchResults
import Foundation
import JobRunners

/// What `bench validate` prints of a pair: its rates, terms, calibration, levels and the cells it got wrong.
extension Validation {
    /// A share as a percentage with one decimal: `4.2%`.
    private static func percentage(_ share: Double) -> String {
        Format.number((share * 1000).rounded() / 10) + "%"
    }

    /// `count` of `total` as a percentage with one decimal: `4.2%`.
    private static func percent(_ count: Int, of total: Int) -> String {
        total == 0 ? "-" : Format.number((Double(count) / Double(total) * 1000).rounded() / 10) + "%"
    }

    /// Where `--keep` kept the pair's terms: the file, how many pairs it holds now, and when the measurement of this
    /// pair it replaced was made (nil where it added one).
    struct Kept {
        var path: String
        var pairs: Int
        var replacing: String?

        /// `vm-2cpu.session-terms.json (2 A/A pairs there, in place of this pair's measurement of …)`.
        var description: String {
            let replaced = replacing.map { ", in place of this pair's measurement of \($0)" } ?? ""
            return "\(path) (\(Format.count(pairs, "A/A pair")) there\(replaced))"
        }
    }

    func output(paths: [String], termsText: String, kept: Kept? = nil) -> CommandOutput {
        let factor = Format.number(shift)
        let (own, ownRelative) = (ownDetectable, ownRelativeDetectable)
        // Without a machine factor no relative rule ran: its rows say "-", not a reassuring 0%.
        let hasFactor = same.machineFactor != nil
        func relative(_ count: Int) -> Int? {
            hasFactor ? count : nil
        }
        let summary: [(String, Int?, Int)] = [
            ("cells in both files", cells, cells),
            ("headlines within ±\(Int(Self.agreement * 100))%", agreeing, cells),
            ("A/A, raw: called faster or slower (false alarms)", falseAlarms, cells),
            ("A/A, relative: called cheaper or dearer (false alarms)", relative(relativeFalseAlarms), cells),
            ("B × \(factor), every cell, raw: called slower (detected)", detected, cells),

            ("B × \(factor), each runner's cells in turn, relative: dearer (detected)", relative(byRunner.detected),
             byRunner.shiftedCells),
            ("  the other cells, called cheaper or dearer (false alarms)", relative(byRunner.falseAlarms),
             byRunner.otherCells),
            ("B × \(factor), each family's cells in turn, relative: dearer (detected)", relative(byFamily.detected),
             byFamily.shiftedCells),
            ("  the other cells, called cheaper or dearer (false alarms)", relative(byFamily.falseAlarms),
             byFamily.otherCells),
            ("B × each cell's own \"sees\" (80% expected), raw: called slower", own.detected, own.cells),
            ("Each cell alone × its own relative \"sees\" (80% expected): dearer", relative(ownRelative.detected),
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
                        rows: summary.map { label, count, total in
                            [label, count.map(String.init) ?? "-", "\(total)", count.map { Self.percent($0, of: total) } ?? "-"]
                        },
                        rightAligned: [1, 2, 3]))
                document.paragraph(termsText)
                document.paragraph(FileComparison.machineFactorText(same, label: "B"))
                let advice = "So they are missed at any shift and never false alarms: make the pair on a quiet machine."
                if let interference = FileComparison.interferenceText(same, label: "B", advice: advice) {
                    document.paragraph(interference)
                }
                if let measured = SessionTerms.measured(from: same) {
                    document.paragraph(
                        "This pair measures: a cell ±\(Self.percentage(measured.cell)) beside the machine beyond its "
                            + "runs' own spread, and the machine ±\(Self.percentage(measured.drift)) between the two "
                            + (kept.map { "sessions; kept in \($0.description), which compare uses for this machine's files "
                                + "there." } ?? "sessions; --keep keeps them for compare."))
                }
                if let calibrationText {
                    document.paragraph(calibrationText)
                }
                if let levels {
                    document.paragraph(Self.levelsText(levels, measured: SessionTerms.measured(from: same)))
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
                    document.list(
                        missed.map {
                            let mark = $0.shifted.interfered == .neither ? "" : "!"
                            return "\($0.shifted.key): \(Self.ratioText($0.shifted)), \($0.shifted.verdict)\(mark)"
                        })
                }
                if hasFactor, !byFamily.missed.isEmpty {
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
                    "measured_terms": SessionTerms.measured(from: same).map { FileComparison.json($0, from: kept?.path) }
                        ?? .null,
                    "agreeing": .integer(agreeing), "false_alarms": .integer(falseAlarms),
                    "relative_false_alarms": hasFactor ? .integer(relativeFalseAlarms) : .null, "detected": .integer(detected),
                    "own_detectable": .object(["cells": .integer(own.cells), "detected": .integer(own.detected)]),
                    "own_relative_detectable": .object([
                        "cells": .integer(ownRelative.cells), "detected": .integer(ownRelative.detected),
                    ]),
                    "spread_levels": levels.map { levels in
                        .object([
                            "run": .number(levels.run), "process": .number(levels.process),
                            "cells": .integer(levels.cells),
                        ])
                    } ?? .null,
                    "calibration": .object([
                        "raw": calibration.raw.map(JSONValue.number) ?? .null,
                        "relative": calibration.relative.map(JSONValue.number) ?? .null,
                    ]),
                    "machine_factor": same.machineFactor.map { .number($0.estimate) } ?? .null,
                    "by_runner": Self.json(byRunner), "by_family": Self.json(byFamily),
                    "rows": .records(Self.columns, rows),
                ])
            })
    }

    /// How wide the intervals were for the pair's own differences; nil without an interval to measure.
    var calibrationText: String? {
        let (raw, relative) = calibration
        guard let raw, let relative else {
            return nil
        }
        func twoPlaces(_ value: Double) -> String { String(format: "%.2f", value) }
        let (rawWidth, relativeWidth) = (IntervalWidth(raw), IntervalWidth(relative))
        return "How wide the intervals are here: 95% of the A/A ratios lie within \(twoPlaces(relative)) of their "
            + "interval's side from 1 beside the machine, \(twoPlaces(raw)) raw (intervals that hold 95% and no "
            + "more: \(twoPlaces(Self.calibrated))). "
            + (rawWidth == relativeWidth
                ? "Both rules' intervals were \(rawWidth.text)."
                : "Beside the machine they were \(relativeWidth.text); raw, \(rawWidth.text).")
    }

    /// How an interval's width compares with what a pair's own differences needed, by ``calibration``: within half
    /// as much again of ``Validation/calibrated`` either way counts as about right (the 95th percentile of 104
    /// cells has a standard error near 0.1 there, of 24 cells near 0.2).
    enum IntervalWidth: Equatable {
        case wider
        case aboutRight
        case narrower

        init(_ calibration: Double) {
            switch calibration {
            case ..<(Validation.calibrated / 1.5): self = .wider
            case (Validation.calibrated * 1.5)...: self = .narrower
            default: self = .aboutRight
            }
        }

        var text: String {
            switch self {
            case .wider: "wider than these two sessions needed (some real changes would be unsure)"
            case .aboutRight: "about as wide as they needed"
            case .narrower: "narrower than they needed (more false alarms than 5% of the cells)"
            }
        }
    }

    /// Where the spread lives: the levels within the files, the pair's session terms between them, and what
    /// narrows a cell's interval most here.
    static func levelsText(_ levels: SpreadLevels, measured: SessionTerms?) -> String {
        let sessions = measured.map { terms in
            "; between the two sessions, the machine ±\(percentage(terms.drift)) and a cell "
                + "±\(percentage(terms.cell)) beside it"
        }
        let advice =
            levels.run >= levels.process
            ? "Runs spread most here: more of them (a larger --budget) narrow a cell's interval most."
            : "Processes spread most here: more runs of the same processes narrow a cell's interval little; runs "
                + "from more processes (a longer sweep, or --isolate) narrow it."
        return "Where the spread lives (standard deviations of a run's log time, the median over the "
            + "\(levels.cells) cells of the two files whose runs show both levels): runs of one process "
            + "±\(percentage(levels.run)), processes ±\(percentage(levels.process)) beyond their runs"
            + "\(sessions ?? ""). \(advice)"
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
