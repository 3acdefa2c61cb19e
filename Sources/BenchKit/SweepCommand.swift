import BenchResults
import Foundation
import JobRunners

/// `bench` without a subcommand: runs a sweep, writes the result file as runs finish, then prints the summary.
///
/// An interrupt (SIGINT, SIGTERM) ends the sweep at once: the runs already made are in the result file, whole, the
/// summary covers them and says the sweep was interrupted, and the exit code is 128 + the signal's number.
enum SweepCommand {
    static func run(_ options: SweepOptions, console: Console, executable: URL?) -> ExitCode {
        guard let (machine, raw) = Bench.startMeasuring(output: options.output, console: console) else {
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
        let steps = sweep.steps
        let recorder = SweepRecorder(file: raw)
        let conclusion = Conclusion(
            options: options, machine: machine, console: console, resultPath: raw.displayPath)
        Interrupts.setHandler { signal in
            _ = recorder.end { records, error in conclusion.conclude(records, error, interruptedBy: signal) }
        }
        defer { Interrupts.setHandler(nil) }

        let progress = Progress(console: console, quiet: options.quiet)
        if let total = options.requestedJobs {
            for configuration in options.plan.configurations where configuration.jobs != total {
                progress.line(
                    "bench: --jobs \(total) is not divisible by \(configuration.queues) queues: running "
                        + "\(configuration.queues) × \(configuration.iterations) = \(configuration.jobs) jobs")
            }
        }
        for exclusion in options.plan.exclusions {
            progress.line("bench: not running \(exclusion.runner.id) at \(exclusion.configuration): \(exclusion.reason)")
        }
        if !options.quiet {
            let plan = options.plan
            let isolation = options.isolate ? ", each recorded run in a fresh process" : ""
            progress.line(
                "bench: \(steps.count) runs: \(plan.runners.count) runners × \(plan.configurations.count) "
                    + "configurations × (\(plan.warmup) warm-up + \(plan.repetitions) repetitions)\(isolation)"
                    + (raw.displayPath.isEmpty ? "" : "; results to \(raw.displayPath)"))
        }
        guard recorder.run(sweep, machine: machine, measure: measure, progress: progress, console: console) else {
            return .failure
        }
        return recorder.end { records, error in conclusion.conclude(records, error, interruptedBy: nil) }
            ?? .failure
    }

    /// What ends a sweep, normally or on an interrupt: the summary file, the summary, the exit code.
    private struct Conclusion: Sendable {
        let options: SweepOptions
        let machine: MachineInfo
        let console: Console
        let resultPath: String

        func conclude(_ records: [ResultRecord], _ fileError: OutputFileError?, interruptedBy signal: Int32?) -> ExitCode {
            if signal != nil, isatty(STDERR_FILENO) == 1 {
                console.error("\r\u{1B}[K")
            }
            if let fileError {
                console.error("Error: \(fileError)\n")
                return .failure
            }
            let report = Report(records: records)
            let summary = SweepSummary(report: report, machine: machine, showsMetrics: options.showsMetrics)
            if let path = options.summaryPath {
                do {
                    let file = try OutputFile(.file(path: path), console: console)
                    try file.write(summary.csv())
                    try file.finish()
                } catch {
                    console.error("Error: \(error)\n")
                    return .failure
                }
            }
            if !options.quiet || signal != nil, resultPath != "-" {
                console.error("bench: wrote \(records.count) rows to \(resultPath)\n")
                if let path = options.summaryPath {
                    console.error("bench: wrote the summary to \(path)\n")
                }
            }
            if machine.build == "debug", signal == nil {
                console.error(Bench.debugBanner)
            }
            // With the CSV on standard output, the summary goes to standard error so that the output stays one CSV.
            let show = resultPath == "-" ? console.error : console.output
            let interruption = signal.map { "Interrupted by \(Interrupts.name(of: $0)) after \(records.count) recorded "
                + "runs of \(options.plan.repetitions * plannedCells) planned: the summary covers those.\n" }
            if options.format == .table || options.format == .markdown {
                show("\n" + (interruption ?? "") + summary.render(options.format))
            } else {
                show(summary.render(options.format))
            }
            if let interruption {
                console.error("bench: " + interruption.prefix(1).lowercased() + interruption.dropFirst())
                return .failure
            }
            let notOK = records.filter { $0.status != .ok }
            guard notOK.isEmpty else {
                console.error("bench: \(notOK.count) of \(records.count) runs failed or stalled; see the detail column\n")
                return .someRunsFailed
            }
            return .success
        }

        private var plannedCells: Int {
            options.plan.runners.count * options.plan.configurations.count
        }
    }
}
