import BenchResults
import JobRunners

/// `bench --help`, and the usage lines shown with an error; each subcommand's help is its command's
/// (`XCommand+Help.swift`), made with the pieces here. The usage lines and the OPTIONS sections are made from the commands' option definitions;
/// the prose around them reads every number it gives from where that number is defined.
enum HelpText {
    /// The widest a help line gets.
    static let width = 116

    /// What asks any command for its help, anywhere on its command line.
    static let flag = "--help"
    static let shortFlag = "-h"
    static let flags = [shortFlag, flag]

    /// The usage lines, shown with an error and at the top of the help.
    static func usage(_ command: Subcommand?) -> String {
        if let command {
            return command.usage("Usage: ") + "\n"
        }
        // The subcommands in a line each, their options summed up.
        return SweepCommand.usage(after: "Usage: ") + "\n"
            + Subcommand.allCases.map { "       " + $0.shortUsage() + "\n" }.joined()
    }

    /// The usage a usage error of `command` shows under its `Error:` line: a subcommand's own; the main command's
    /// with the subcommands named in a line (the help lists their usage, a line each), so that a slip in a sweep's
    /// option is not followed by a screen of other commands.
    static func errorUsage(_ command: Subcommand?) -> String {
        guard command == nil else {
            return usage(command)
        }
        return SweepCommand.usage(after: "Usage: ") + "\n"
            + "       \(Program.name) <command> [options], a command of: "
            + Subcommand.allCases.map(\.name).joined(separator: ", ") + "\n"
    }

    static func full(_ command: Subcommand?, catalogue: RunnerCatalogue) -> String {
        command?.help(catalogue) ?? main(catalogue)
    }

    /// `text`, one paragraph, wrapped to the help's width, every line indented by `indent` spaces.
    static func paragraph(_ text: String, indent: Int = 2) -> String {
        var words = text.split(separator: " ").map(String.init)
        if !words.isEmpty {
            words[0] = String(repeating: " ", count: indent) + words[0]
        }
        return TextWrapping.wrap(words, width: width, indent: indent)
    }

    static func main(_ catalogue: RunnerCatalogue) -> String {
        let runnerWidth = catalogue.runners.map(\.id.count).max() ?? 0
        let runnerList = RunnerCatalogue.grouped(catalogue.runners.map(\.id)).map { group in
            "  \(group.family.name):\n"
                + group.ids.compactMap(catalogue.runner(id:)).map { kind in
                    let summary = TextWrapping.wrap(
                        kind.summary.split(separator: " ").map(String.init), width: width - runnerWidth - 6,
                        indent: runnerWidth + 6)
                    return "    \(kind.id.rightPadded(to: runnerWidth))  \(summary)"
                        + (kind.referenceName.map { "\n    \("".rightPadded(to: runnerWidth))  2010: \($0)" } ?? "")
                }.joined(separator: "\n")
        }.joined(separator: "\n")
        let leftOut = RunnerCatalogue.leftOut.map { "\n" + paragraph("Not in this build: \($0.id) (\($0.reason)).") }
        let configurations = RunConfiguration.reference.map(\.description).joined(separator: ", ")
        let budget = RunOptions.defaultBudget
        let optIn = catalogue.runners.filter(\.traits.isOptIn).map(\.id).joined(separator: ", ")
        let perQueue = catalogue.runners.filter { $0.traits.threadsPerQueue > 0 && $0.traits.floorOf == nil }
            .map { "\($0.id): \($0.traits.threadsPerQueue)" }.joined(separator: ", ")
        let shapes = Shape.allCases.map { shape in
            let without = catalogue.runners.filter { !$0.traits.shapes.contains(shape) }.map(\.id)
            let runBy = without.isEmpty ? "every runner" : "every runner but \(without.joined(separator: ", "))"
            let job = shape.wording.job
            let latency = shape.recorded(latencyOption: RunOption.latency.flag)
            return paragraph(
                "\(shape): \(shape.summary). A job is \(job); by default \(shape.defaultJobs) per configuration; "
                    + "\(latency). Run by \(runBy).")
        }.joined(separator: "\n")
        return """
            OVERVIEW: Measures what it costs, per job, to push many small jobs through each way Swift offers to run
            them: the 2010 experiment "The overhead of spawning threads", rebuilt in Swift.

            \(paragraph("N queues each run M iterations of a trivial job, serially: when a job finishes an iteration it queues itself again on its runner, until its iterations run out. A run is timed from queuing the first jobs to the last job's completion; its cost per job is that time divided by N × M. Making and tearing down the runners is not timed. A run that executes more or fewer than N × M iterations is reported as failed, never as a timing.", indent: 0))

            \(usage(nil))
            COMMANDS:
            \(commandList)

            OPTIONS:
            \(SweepCommand.definition.optionsSection(also: [(VersionRequest.flag, VersionRequest.help)]))

            DEFAULT SWEEP:
            \(paragraph("The 2010 experiment's: \(RunOptions.defaultJobs) jobs as \(configurations) (queues × iterations), every runner but the opt-in ones (\(optIn)). Each cell (a runner in a configuration) warms up until two warm-ups in a row agree, then gets \(budget.minimumRuns) recorded runs at least (\(budget.pooledMinimumRuns ?? budget.minimumRuns) where a runner has \(PooledSpread.fewestCellsForPooledMinimum) cells or more too dear for \(Estimate.fewestRunsForInterval), whose ± pools their spread) and \(budget.maximumRuns) at most, from a budget of \(Int(budget.seconds)) s spent where it narrows the intervals most: cheap cells get many runs (at least what an equal part of a fifth of the budget buys), the runners that start a thread per job few. A cell stops early once its estimate is within ±\(Format.number(budget.precision * 100))%. Every cell's runs are spread over the whole sweep in a shuffled order, whose seed every row records. It takes \(RunOptions.defaultSweepDuration): the fewest runs of each cell are never cut."))

            RUNNERS:
            \(runnerList)\(leftOut.joined())

            SHAPES (\(RunOption.shapes.flag)):
            \(shapes)

            OUTPUT:
            \(paragraph("Progress goes to standard error: on a terminal, one line rewritten in place (a bar, the runs done of those planned, the time elapsed and an estimate of the time left, the run being made); elsewhere, a line each time another tenth of the runs is done, at most one every \(Int(Progress.quietInterval)) s; with \(SweepCommand.verbose.flag), a line per run. The runs planned change as the sweep decides them (warm-ups until each cell settles, then the runs the budget buys). The summary goes to standard output, and one CSV row per recorded run to the result file as soon as the run ends (written under a temporary name and renamed when the sweep is done). With \(RunOption.output.flag) -, the CSV goes to standard output and the summary to standard error. The columns are described in results/README.md. A sweep to a file writes its report beside it, NAME.html: the tables and a chart per shape on one self-contained page (\(SweepCommand.noReport.flag) for none)."))

            STATISTICS:
            \(paragraph("A cost's ± is the 95% interval of its median. Its unit is the worker process (\(RunOption.processes.flag) \(RunOptions.defaultProcesses) at a time), each retired for a fresh one after \(WorkerPool.lifetimeText): where two processes or more made a cell's runs, each one's median is an estimate; where one made them all, each run is. From \(Estimate.fewestRunsForInterval) estimates the interval lies between two of their order statistics, which assume no shape; below, it is Student's t on their logarithms, as wide as so few are; at \(PooledSpread.takingUnits), over the spread of its runner's cells of under \(Estimate.fewestRunsForInterval) in the file (same shape and work), pooled, where it has such. A cell with an interval of its own keeps it: no other cell's spread widens it. ~ marks a cell whose runs form clusters apart (modes); ! one with runs made while other programs, or other guests of a VM (steal time), used a fifth of the machine's CPU time or more, which \(Program.name) reads around each run (the CSV's other_load and steal_load), and the warnings say how much and when. Quantiles interpolate between the closest ranks. Outliers (modified z-score over 3.5) are flagged, never dropped. The summary warns of a cell's own trouble: runs that failed or stalled, processes that disagree, an interval over ±\(Int(CellWarning.unsteadyHalfWidth * 100))% whose runs form no modes. What most cells of a sweep on a busy machine carry, a CV over \(Int(CellWarning.noisyCoefficientOfVariation * 100))% and outlier runs, it counts once; where \(Drift.fewestCells) cells or more have runs that differ before a point of the sweep and after it (Mann–Whitney at \(Format.percent(Drift.level)), medians \(Format.number(Drift.leastRatio))× apart), it says the machine changed under the sweep; where runs of \(SlowStretch.fewestProcesses) processes or more were slow at once for some seconds (\(Format.number(SlowStretch.slowRatio))× their cell's median; a permutation test at \(Format.percent(SlowStretch.level))), that it slowed for a while. \(SweepCommand.verbose.flag) and the summary CSV list every warning of every cell. Runs and latency samples are timed with \(MonotonicClock.name), whose resolution (the smallest step between two reads, measured at start) every row records; a latency within \(CellWarning.coarseLatencyTicks) of it is flagged."))

            LIMITS:
            \(paragraph("Runners with threads of their own per queue (\(perQueue); their C floors likewise) skip the configurations that would need over \(PlanLimits.maximumThreads) such threads at once, and say so. At most \(PlanLimits.maximumQueues) queues per configuration. A sweep that could take over \(Int(PlanLimits.maximumEstimatedSeconds / 60)) minutes (estimated at \(estimate(startsThreadPerJob: true)) per job for runners that start a thread per job, \(estimate(threadsPerQueue: 1)) for those with threads per queue, \(estimate()) for the others) needs \(RunOption.allowLong.flag)."))

            INTERRUPTS:
            \(paragraph("SIGINT (Ctrl-C) or SIGTERM ends a sweep at once: the runs already made are in the result file, whole, and in its report, and the summary covers them and says the sweep was interrupted."))

            EXIT CODES:
              0   every run was ok
              1   another error, such as a result file or its report that cannot be written
              2   the sweep finished, but some runs failed or stalled (the CSV's detail column says why)
              64  the command line was wrong, or asks for more than \(Program.name) runs (see LIMITS)
              130 interrupted by SIGINT; 143 by SIGTERM

            EXAMPLES:
              swift run -c release \(Program.name)
              swift run -c release \(Program.name) --queues 8 --iterations 12500
              swift run -c release \(Program.name) --runners serial-queue,global-queue --queues 1,2,4,8 --output -
              swift run -c release \(Program.name) --shape ping-pong
              swift run -c release \(Program.name) compare \(Program.compareExampleFiles)

            """
    }

    /// Each command and what it does, for the main help's COMMANDS section: a line each, wrapped under its start.
    private static var commandList: String {
        let commands = [("(none)", SweepCommand.abstract)] + Subcommand.allCases.map { ($0.name, $0.abstract()) }
        let column = (commands.map(\.0.count).max() ?? 0) + 4
        return commands.map { name, abstract in
            let text = TextWrapping.wrap(abstract.split(separator: " ").map(String.init), width: width - column, indent: column)
            return "  " + name.rightPadded(to: column - 2) + text
        }.joined(separator: "\n") + "\n  Each command's --help says more: '\(Program.name) compare --help'."
    }

    /// The pessimistic cost per job that ``PlanLimits`` assumes for a runner with these traits.
    private static func estimate(startsThreadPerJob: Bool = false, threadsPerQueue: Int = 0) -> String {
        let traits = RunnerKind.Traits(startsThreadPerJob: startsThreadPerJob, threadsPerQueue: threadsPerQueue)
        return Format.perJob(nanoseconds: PlanLimits.pessimisticNanosecondsPerJob(traits))
    }
}
