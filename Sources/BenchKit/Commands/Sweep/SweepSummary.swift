import BenchResults
import Foundation
import JobRunners

/// A sweep's results for people and programs: the 2010 table of medians, the spread of every cell, warnings; as
/// plain text, Markdown, CSV or JSON.
struct SweepSummary {
    let report: Report
    let machine: MachineInfo
    /// Where each runner's C floor is found.
    let catalogue: RunnerCatalogue
    /// Whether the tables show what the runs cost the machine.
    var showsMetrics = false

    /// The summary in every format: the tables; the summary CSV (``SummarySchema``'s columns, one row per cell);
    /// the same cells in JSON, with every sample, and the machine.
    var output: CommandOutput {
        CommandOutput(
            document: document,
            csv: {
                ([SummarySchema.columns] + report.cells.map { SummarySchema.fields(of: $0, machine: machine) })
                    .map(CSV.line).joined()
            },
            json: {
                .object([
                    "machine": .object(
                        Dictionary(uniqueKeysWithValues: machine.fields.map { ($0.column, .string($0.value)) })),
                    "cells": .array(
                        report.cells.map { cell in
                            JSONValue.record(SummarySchema.cellColumns, cell)
                                .adding(["samples_seconds": .array(cell.samples.map(JSONValue.number))])
                        }),
                ])
            })
    }

    private func document() -> Document {
        var document = Document()
        guard !report.cells.isEmpty else {
            document.lines("No run was recorded.")
            return document
        }
        let counts = report.cells.map(\.runs)
        let fewest = counts.min() ?? 0
        let most = counts.max() ?? 0
        let repetitions = fewest == most ? "\(most)" : "\(fewest) to \(most)"
        document.heading("Median seconds per run (\(repetitions) repetition\(most == 1 ? "" : "s") each)")
        document.table(grid { cell in cell.median.map { Format.seconds(nanoseconds: $0 * 1e9) } })
        let units = report.configurations.map(\.shape).uniqued().filter { $0 != .chain }
            .map { "a \($0.jobName) in \($0)" }
        document.heading("Median cost per job" + (units.isEmpty ? "" : " (\(units.joined(separator: ", ")))"))
        document.table(grid { cell in cell.medianNanosecondsPerJob.map(Format.perJob(nanoseconds:)) })
        if report.runners.contains(Report.controlRunner) {
            document.heading("Cost per job relative to \(Report.controlRunner)")
            document.table(grid { cell in cell.ratioToControl.map { Format.ratio($0) + "×" } })
        }
        let floors = floorTable()
        if !floors.rows.isEmpty {
            document.heading("Each runner against its C floor (median cost per job; ratio = runner / floor)")
            document.table(floors)
        }
        document.heading("Spread of each cell (seconds per run; CV = standard deviation / mean)")
        document.table(spread())
        if showsMetrics {
            document.heading(
                "What the runs cost the machine (medians of the ok runs; threads and memory: the most seen)")
            document.table(Self.metricsTable(report.cells))
        }
        let fanOut = report.cells.filter { !$0.submitNanoseconds.isEmpty }
        if !fanOut.isEmpty {
            document.heading(
                "Fan-out: what one producer pays to submit each job, and what each job costs until all are done "
                    + "(medians of the ok runs)")
            document.table(
                TextTable(
                    columns: ["runner", "configuration", "submit per job", "total per job", "submitting"],
                    rows: fanOut.map { cell in
                        let submit = cell.medianSubmitNanosecondsPerJob
                        let total = cell.medianNanosecondsPerJob
                        let share = zip(cell.submitNanoseconds, cell.nanoseconds).map { $0 / $1 }
                        return [
                            cell.runner, cell.configuration.description,
                            submit.map(Format.perJob(nanoseconds:)) ?? "-",
                            total.map(Format.perJob(nanoseconds:)) ?? "-",
                            Statistics.median(share).map { "\(Int(($0 * 100).rounded()))% of the run" } ?? "-",
                        ]
                    }, rightAligned: [2, 3, 4]))
        }
        let latencies = report.cells.filter { !$0.latencies.isEmpty }
        if !latencies.isEmpty {
            document.heading(
                "Latency: from a job's queuing to its start in a chain (one job in \(Shape.chain.latencySampleEvery)), "
                    + "a round trip in ping-pong (one in \(Shape.pingPong.latencySampleEvery / Shape.pingPong.parties)) and a "
                    + "message's in contention (one in \(Shape.contention.latencySampleEvery / Shape.contention.parties)); "
                    + "medians over the runs of each run's percentiles, max the longest of all")
            document.table(Self.latencyTable(latencies))
        }
        let multimodal = report.cells.compactMap { cell in cell.modesText.map { (cell, $0) } }
        if !multimodal.isEmpty {
            document.heading(
                "Modes: cells whose runs form clusters apart (each mode's median cost per job and share of the runs; "
                    + "a single headline hides which mode a sweep lands in)")
            document.table(
                TextTable(
                    columns: ["runner", "configuration", "ok", "modes"],
                    rows: multimodal.map { cell, text in
                        [cell.runner, cell.configuration.description, "\(cell.okRuns)", text]
                    }, rightAligned: [2]))
        }
        let warnings = report.cells.flatMap { cell in cell.warnings.map { "\(cell.key): \($0)" } }
        if !warnings.isEmpty {
            document.heading("Warnings")
            document.list(warnings)
        }
        let cellCount = report.runners.count * report.configurations.count
        if report.cells.count < cellCount {
            document.lines("- : not run (left out of the sweep; the notes before it say why)")
        }
        if report.cells.contains(where: { $0.okRuns > 0 && $0.okRuns < $0.runs }) {
            document.lines("* some repetitions failed or stalled: the statistics are of the ok ones (see the detail column)")
        }
        return document
    }

    /// Configurations as rows, runners as columns, as the 2010 table has them.
    private func grid(_ value: (CellSummary) -> String?) -> TextTable {
        let runners = report.runners
        let rows = report.configurations.map { configuration in
            [Self.label(configuration)]
                + runners.map { runner -> String in
                    guard let cell = report.cell(runner, at: configuration) else {
                        return "-"
                    }
                    guard let text = value(cell) else {
                        return cell.okRuns == 0 ? (cell.failedRuns > 0 ? "failed" : "stalled") : "-"
                    }
                    return cell.okRuns < cell.runs ? text + "*" : text
                }
        }
        return TextTable(columns: ["configuration"] + runners, rows: rows, rightAligned: Set(runners.indices.map { $0 + 1 }))
    }

    private func spread() -> TextTable {
        let seconds = { (value: Double?) in value.map { Format.seconds(nanoseconds: $0 * 1e9) } ?? "-" }
        let rows = report.cells.map { cell in
            [
                cell.runner, cell.configuration.description, "\(cell.okRuns)/\(cell.runs)",
                seconds(cell.minimum), seconds(cell.p25), seconds(cell.median), seconds(cell.p75), seconds(cell.p90),
                seconds(cell.maximum),
                cell.coefficientOfVariation.map { "\(Int(($0 * 100).rounded()))%" } ?? "-",
            ]
        }
        return TextTable(
            columns: ["runner", "configuration", "ok", "min", "p25", "median", "p75", "p90", "max", "CV"],
            rows: rows, rightAligned: Set(2...9))
    }

    /// Each Swift runner beside its C floor, in every configuration where both ran.
    private func floorTable() -> TextTable {
        var rows: [[String]] = []
        for runner in report.runners {
            guard let floor = catalogue.floor(of: runner) else {
                continue
            }
            for configuration in report.configurations {
                guard let cost = report.cell(runner, at: configuration)?.medianNanosecondsPerJob,
                    let floorCost = report.cell(floor.id, at: configuration)?.medianNanosecondsPerJob, floorCost > 0
                else {
                    continue
                }
                rows.append([
                    runner, configuration.description, Format.perJob(nanoseconds: cost),
                    Format.perJob(nanoseconds: floorCost), Format.ratio(cost / floorCost) + "×",
                ])
            }
        }
        return TextTable(
            columns: ["runner", "configuration", "runner", "floor", "ratio"], rows: rows, rightAligned: [2, 3, 4])
    }

    /// CPU time and context switches per job, peak threads and memory, for each cell.
    static func metricsTable(_ cells: [CellSummary]) -> TextTable {
        let rows = cells.map { cell in
            [
                cell.runner, cell.configuration.description,
                cell.medianCPUNanosecondsPerJob.map(Format.perJob(nanoseconds:)) ?? "-",
                cell.medianVoluntarySwitchesPerJob.map { String(format: "%.3f", $0) } ?? "-",
                cell.medianInvoluntarySwitchesPerJob.map { String(format: "%.3f", $0) } ?? "-",
                cell.peakThreads.map(String.init) ?? "-",
                cell.maxRSSBytes.map(Format.bytes) ?? "-",
            ]
        }
        return TextTable(
            columns: [
                "runner", "configuration", "CPU per job", "waits per job", "preemptions per job", "peak threads",
                "max RSS",
            ],
            rows: rows, rightAligned: Set(2...6))
    }

    /// The latency percentiles of `cells`.
    static func latencyTable(_ cells: [CellSummary]) -> TextTable {
        let rows = cells.map { cell in
            [cell.runner, cell.configuration.description, cell.latencySamples.map(String.init) ?? "-"]
                + [\LatencyPercentiles.p50, \.p90, \.p99].map { percentile in
                    cell.medianLatency(percentile).map(Format.perJob(nanoseconds:)) ?? "-"
                }
                + [cell.maximumLatency.map { Format.perJob(nanoseconds: Double($0)) } ?? "-"]
        }
        return TextTable(
            columns: ["runner", "configuration", "samples", "p50", "p90", "p99", "max"], rows: rows,
            rightAligned: Set(2...6))
    }

    /// `1 queue, 100000 iterations`, as the 2010 table labels its rows, with the work if any; `ping-pong: 4 pairs,
    /// 2500 round trips` or `contention: 8 senders, 1250 messages each` for another shape; `, latency` where a chain
    /// sampled it.
    static func label(_ configuration: RunConfiguration) -> String {
        let work =
            configuration.workNanoseconds == 0
            ? "" : ", \(Format.perJob(nanoseconds: Double(configuration.workNanoseconds))) of work"
        let latency = configuration.measuresLatency && configuration.shape == .chain ? ", latency" : ""
        /// `1 queue`, `4 queues`: the configuration's queues, as `noun`s.
        func queues(_ noun: String) -> String {
            "\(configuration.queues) \(noun)\(configuration.queues == 1 ? "" : "s")"
        }
        switch configuration.shape {
        case .chain:
            return "\(queues("queue")), \(configuration.iterations) iterations\(work)\(latency)"
        case .pingPong:
            return "ping-pong: \(queues("pair")), \(configuration.iterations) round trips\(work)"
        case .contention:
            return "contention: \(queues("sender")), \(configuration.iterations) messages each\(work)"
        case .fanOut:
            return "fan-out: \(configuration.jobs) jobs over \(queues("queue"))\(work)"
        }
    }
}
