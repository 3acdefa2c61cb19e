import BenchResults
import Foundation
import JobRunners

/// `bench` without a subcommand: runs a sweep, writes the result file as runs finish, then prints the summary.
enum SweepCommand {
    static func run(_ options: SweepOptions, console: Console, executable: URL?) -> ExitCode {
        let machine = MachineInfo.current()
        if machine.build == "debug" {
            console.error(Bench.debugBanner)
        }
        let raw: OutputFile
        var summary: OutputFile?
        do {
            raw = try OutputFile(csv: options.output, header: ResultSchema.columns, console: console, host: machine.host)
            summary = try options.summaryPath.map { path throws(OutputFileError) in
                try OutputFile(.file(path: path), console: console)
            }
        } catch {
            console.error("Error: \(error)\n")
            return .failure
        }
        let sweep = Sweep(plan: options.plan, runsWarmups: !options.isolate)
        let measure: (Sweep.Step) -> RunOutcome
        if options.isolate {
            guard let executable else {
                raw.discard()
                console.error("Error: cannot find bench's own executable to start child processes (--isolate)\n")
                return .failure
            }
            measure = ChildProcessRunner(executable: executable, plan: options.plan).measure
        } else {
            measure = sweep.measureInProcess
        }
        let progress = Progress(console: console, quiet: options.quiet)
        let steps = sweep.steps
        let plan = options.plan
        if !options.quiet {
            let isolation = options.isolate ? ", each recorded run in a fresh process" : ""
            progress.line(
                "bench: \(steps.count) runs: \(plan.runners.count) runners × \(plan.configurations.count) "
                    + "configurations × (\(plan.warmup) warm-up + \(plan.repetitions) repetitions)\(isolation)"
                    + (raw.displayPath.isEmpty ? "" : "; results to \(raw.displayPath)"))
        }
        progress.begin(steps)
        let report: Report
        do {
            let records = try sweep.run(
                machine: machine, measure: measure,
                record: { record throws(OutputFileError) in try raw.append(fields: ResultSchema.fields(of: record)) },
                observe: progress.handle)
            report = Report(records: records)
            try raw.finish()
            if let summary {
                try summary.write(SweepSummary(report: report, machine: machine).csv())
                try summary.finish()
            }
        } catch {
            progress.clearStatus()
            raw.discard()
            summary?.discard()
            console.error("Error: \(error)\n")
            return .failure
        }
        progress.clearStatus()
        if !options.quiet, raw.displayPath != "-" {
            console.error("bench: wrote \(report.records.count) rows to \(raw.displayPath)\n")
            if let summary {
                console.error("bench: wrote the summary to \(summary.displayPath)\n")
            }
        }
        if machine.build == "debug" {
            console.error(Bench.debugBanner)
        }
        // With the CSV on standard output, the summary goes to standard error so that the output stays one CSV.
        let show = raw.displayPath == "-" ? console.error : console.output
        show((options.format == .table ? "\n" : "") + SweepSummary(report: report, machine: machine).render(options.format))
        let notOK = report.records.filter { $0.status != .ok }
        guard notOK.isEmpty else {
            console.error(
                "bench: \(notOK.count) of \(report.records.count) runs failed or stalled; see the detail column\n")
            return .someRunsFailed
        }
        return .success
    }
}
