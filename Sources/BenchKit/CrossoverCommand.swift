import BenchResults
import Foundation
import JobRunners

/// `bench crossover`: the job size at which each runner's overhead falls below 10% and 1% of the job's time.
///
/// Every runner runs one queue at each work size (and at none), with iterations chosen so that a run takes about
/// ``CrossoverOptions/targetRunSeconds``; the control runner always runs too, as the analysis needs it
/// (``Crossover``). The runs go to a result file like a sweep's, so the analysis can be made again from it
/// (`--input`).
enum CrossoverCommand {
    static func run(_ options: CrossoverOptions, console: Console) -> ExitCode {
        if let path = options.inputPath {
            do {
                let report = try Report(contentsOfFile: path)
                console.output(render(Crossover(report: report), report: report, format: options.format))
                return .success
            } catch {
                console.error("Error: \(error)\n")
                return .failure
            }
        }
        guard let (machine, file) = Bench.startMeasuring(output: options.output, console: console) else {
            return .failure
        }
        let recorder = SweepRecorder(file: file)
        let path = file.displayPath
        Interrupts.setHandler { signal in
            _ = recorder.end { records, _ in
                console.error(
                    "\nbench crossover: interrupted by \(Interrupts.name(of: signal)); the \(records.count) runs made "
                        + "are in \(path)\n")
            }
        }
        defer { Interrupts.setHandler(nil) }

        let runners = ([RunnerKind.singleThreaded] + options.runners).uniqued()
        let progress = Progress(console: console, quiet: options.quiet)
        if !options.quiet {
            progress.line(
                "bench crossover: \(runners.count) runners × \(options.work.count + 1) work sizes, one queue, "
                    + "\(options.warmup) warm-up + \(options.repetitions) repetitions each; results to \(file.displayPath)")
        }
        // Work size by work size, each runner in turn and the repetitions round-robin, so that a drift of the
        // machine falls on a runner and the control alike.
        let sizes = ([0] + options.work).uniqued()
        let iterations = Dictionary(uniqueKeysWithValues: runners.map { ($0, iterationsPerRun($0, options: options)) })
        var steps: [Sweep.Step] = []
        for work in sizes {
            let cells = runners.map { runner in
                (runner, RunConfiguration(queues: 1, iterations: iterations[runner]?(work) ?? 20, workNanoseconds: work))
            }
            for _ in 0..<options.warmup {
                steps += cells.map { Sweep.Step(runner: $0.0, configuration: $0.1, repetition: nil) }
            }
            for repetition in 1...options.repetitions {
                steps += cells.map { Sweep.Step(runner: $0.0, configuration: $0.1, repetition: repetition) }
            }
        }
        let sweep = Sweep(plan: SweepPlan(runners: runners, settings: options.settings), steps: steps)
        guard recorder.run(sweep, machine: machine, measure: sweep.measureInProcess, progress: progress, console: console)
        else {
            return .failure
        }
        let ended = recorder.end { records, error -> ExitCode in
            if let error {
                console.error("Error: \(error)\n")
                return .failure
            }
            if !options.quiet, file.displayPath != "-" {
                console.error("bench crossover: wrote \(records.count) rows to \(file.displayPath)\n")
            }
            let report = Report(records: records)
            let show = file.displayPath == "-" ? console.error : console.output
            show(render(Crossover(report: report), report: report, format: options.format))
            return records.contains { $0.status != .ok } ? .someRunsFailed : .success
        }
        return ended ?? .failure
    }

    /// The iterations for a run of `runner` at a work size: about the target time per run, from a short first run
    /// of the runner without work; at least 20, at most 1,000,000.
    private static func iterationsPerRun(_ runner: RunnerKind, options: CrossoverOptions) -> (Int) -> Int {
        let pilot = Experiment.run(
            runner, configuration: RunConfiguration(queues: 1, iterations: 1_000), settings: options.settings)
        let overhead = pilot.nanoseconds.map { Double($0) / 1_000 } ?? 50_000
        return { work in
            let iterations = Int((CrossoverOptions.targetRunSeconds * 1e9 / (Double(work) + overhead)).rounded())
            return min(max(iterations, 20), 1_000_000)
        }
    }

    static func render(_ crossover: Crossover, report: Report, format: OutputFormat) -> String {
        func crossing(_ value: Crossover.Crossing) -> String {
            switch value {
            case .at(let work): Format.perJob(nanoseconds: work)
            case .atMost(let work): "≤ " + Format.perJob(nanoseconds: work)
            case .beyond(let work): "> " + Format.perJob(nanoseconds: work)
            case .unknown: "-"
            }
        }
        let summary = TextTable(
            columns: ["runner", "overhead per job (no work)", "overhead < 10% of the job from", "< 1% from"],
            rows: crossover.rows.map { row in
                [
                    row.runner, row.overheadWithoutWork.map(Format.perJob(nanoseconds:)) ?? "-",
                    crossing(row.belowTenPercent), crossing(row.belowOnePercent),
                ]
            },
            rightAligned: [1, 2, 3])
        let works = crossover.rows.flatMap { $0.points.map(\.work) }.uniqued().sorted()
        let shares = TextTable(
            columns: ["runner"] + works.map { Format.perJob(nanoseconds: Double($0)) },
            rows: crossover.rows.map { row in
                [row.runner]
                    + works.map { work in
                        row.points.first { $0.work == work }.map { String(format: "%.1f%%", $0.overheadShare * 100) }
                            ?? "-"
                    }
            },
            rightAligned: Set(works.indices.map { $0 + 1 }))
        switch format {
        case .csv:
            return summary.csv()
        case .json:
            struct Row: Encodable {
                var runner: String
                var overheadNsWithoutWork: Double?
                var belowTenPercent: String
                var belowOnePercent: String
                var overheadShareByWorkNs: [String: Double]
            }
            return JSON.encode(
                crossover.rows.map { row in
                    Row(
                        runner: row.runner, overheadNsWithoutWork: row.overheadWithoutWork,
                        belowTenPercent: crossing(row.belowTenPercent), belowOnePercent: crossing(row.belowOnePercent),
                        overheadShareByWorkNs: Dictionary(
                            uniqueKeysWithValues: row.points.map { (String($0.work), $0.overheadShare) }))
                })
        case .table, .markdown:
            let markdown = format == .markdown
            let render = { (table: TextTable) in markdown ? table.markdown() : table.plain() }
            let heading = { (title: String) in markdown ? "### \(title)\n\n" : "\(title)\n" }
            return "\n" + heading("Job size at which the overhead falls below 10% and 1% of the job's own time (one queue)")
                + render(summary) + "\n"
                + heading("Overhead as a share of the job's own time, by work per job")
                + render(shares)
        }
    }
}
