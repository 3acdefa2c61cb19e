import BenchResults
import JobRunners

/// `bench --help`, the subcommands' help, and the usage lines shown with an error. The usage lines and the OPTIONS
/// sections are made from the commands' option definitions; the prose around them reads every number it gives
/// from where that number is defined.
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

    static func full(_ command: Subcommand?, catalogue: RunnerCatalogue) -> String {
        command?.help(catalogue) ?? main(catalogue)
    }

    /// `text`, one paragraph, wrapped to the help's width, every line indented by `indent` spaces.
    private static func paragraph(_ text: String, indent: Int = 2) -> String {
        var words = text.split(separator: " ").map(String.init)
        if !words.isEmpty {
            words[0] = String(repeating: " ", count: indent) + words[0]
        }
        return TextWrapping.wrap(words, width: width, indent: indent)
    }

    private static func main(_ catalogue: RunnerCatalogue) -> String {
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
        let configurations = RunConfiguration.reference.map(\.description).joined(separator: ", ")
        let budget = RunOptions.defaultBudget
        let optIn = catalogue.runners.filter(\.traits.isOptIn).map(\.id).joined(separator: ", ")
        let perQueue = catalogue.runners.filter { $0.traits.threadsPerQueue > 0 && $0.traits.floorOf == nil }
            .map { "\($0.id): \($0.traits.threadsPerQueue)" }.joined(separator: ", ")
        let shapes = Shape.allCases.map { shape in
            let without = catalogue.runners.filter { !$0.traits.shapes.contains(shape) }.map(\.id)
            let runBy = without.isEmpty ? "every runner" : "every runner but \(without.joined(separator: ", "))"
            let (job, latency) =
                switch shape {
                case .chain:
                    (
                        "an iteration",
                        "with \(RunOption.latency.flag), one job in \(shape.latencySampleEvery) is timed from its queuing to its start"
                    )
                case .pingPong, .contention:
                    (
                        shape == .pingPong ? "a round trip" : "a message and its reply",
                        "one \(shape.jobName) in \(shape.latencySampleEvery / shape.parties) is timed"
                    )
                case .fanOut: ("one of the jobs", "the time to submit them is recorded too")
                }
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
            \(SweepCommand.definition.optionsSection)

            DEFAULT SWEEP:
            \(paragraph("The 2010 experiment's: \(RunOptions.defaultJobs) jobs as \(configurations) (queues × iterations), every runner but the opt-in ones (\(optIn)). Each cell (a runner in a configuration) warms up until two warm-ups in a row agree, then gets \(budget.minimumRuns) recorded runs at least and \(budget.maximumRuns) at most, as many as its share of a budget of \(Int(budget.seconds)) s pays for: cheap cells get many runs, the runners that start a thread per job few. A cell stops early once its estimate is within ±\(Format.number(budget.precision * 100))%. Every cell's runs are spread over the whole sweep in a shuffled order, whose seed every row records. It takes \(RunOptions.defaultSweepDuration): the fewest runs of each cell are never cut."))

            RUNNERS:
            \(runnerList)

            SHAPES (\(RunOption.shapes.flag)):
            \(shapes)

            OUTPUT:
            \(paragraph("Progress goes to standard error: a line per run and, on a terminal, a status line with an estimate of the time left. The summary goes to standard output, and one CSV row per recorded run to the result file as soon as the run ends (written under a temporary name and renamed when the sweep is done). With \(RunOption.output.flag) -, the CSV goes to standard output and the summary to standard error. The columns are described in results/README.md. A sweep to a file writes its report beside it, NAME.html: the tables and a chart per shape on one self-contained page (\(SweepCommand.noReport.flag) for none)."))

            STATISTICS:
            \(paragraph("A cost's ± is the 95% interval of its median, from order statistics (below 6 runs, the runs' range, which holds the median 1 − 2^(1 − n) of the time: 75% for 3 runs); ~ marks a cell whose runs form clusters apart (modes). Quantiles interpolate between the closest ranks. Outliers (modified z-score over 3.5) are flagged, never dropped. The summary warns of a cell's own trouble: runs that failed or stalled, a first repetition \(Format.number(CellWarning.slowFirstRepetitionFactor)) times the others' median or more, an interval over ±\(Int(CellWarning.unsteadyHalfWidth * 100))% whose runs form no modes. What most cells of a sweep on a busy machine carry, a CV over \(Int(CellWarning.noisyCoefficientOfVariation * 100))% and outlier runs, it counts once; \(SweepCommand.verbose.flag) and the summary CSV list every warning of every cell. Runs and latency samples are timed with \(MonotonicClock.name), whose resolution (the smallest step between two reads, measured at start) every row records; a latency within \(CellWarning.coarseLatencyTicks) of it is flagged."))

            LIMITS:
            \(paragraph("Runners with threads of their own per queue (\(perQueue); their C floors likewise) skip the configurations that would need over \(PlanLimits.maximumThreads) such threads at once, and say so. At most \(PlanLimits.maximumQueues) queues per configuration. A sweep that could take over \(Int(PlanLimits.maximumEstimatedSeconds / 60)) minutes (estimated at \(estimate(startsThreadPerJob: true)) per job for runners that start a thread per job, \(estimate(threadsPerQueue: 1)) for those with threads per queue, \(estimate()) for the others) needs \(RunOption.allowLong.flag)."))

            INTERRUPTS:
            \(paragraph("SIGINT (Ctrl-C) or SIGTERM ends a sweep at once: the runs already made are in the result file, whole, and the summary covers them and says the sweep was interrupted."))

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
              swift run -c release \(Program.name) compare results/2010-mac-pro-cocoawithlove.csv results/<yours>.csv

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

    static var compare: String {
        """
        OVERVIEW: Compares result files cell by cell (runner × configuration), each against the first.

        \(usage(.compare))
        \(paragraph("For each cell in both files: the median cost per job side by side, the ratio (file / baseline), the ratio normalized by each file's own \(Report.controlRunner) control (what travels between machines), the 95% interval of the ratio, and a verdict:", indent: 0))
          same      the ratio is within the noise threshold of 1
          faster    below 1 by more than the threshold, and the interval lies below 1
          slower    above 1 by more than the threshold, and the interval lies above 1
          unsure    beyond the threshold, but the interval includes 1, or a file has fewer than two ok
                    repetitions in the cell (the 2010 file has one), so no interval can be made
        \(paragraph("The interval accounts for the files coming from two sessions: a bootstrap of each file's runs, widened by how far a cell's headline moves between the first and the second half of each file's runs (its session spread, printed above the table).", indent: 0))
        \(paragraph("The machines of the files come first, with the values that differ from the baseline's marked. Cells in one file only are listed. Under the verdicts: the median ratio over the cells and its middle half; when that median is off 1 by more than the threshold, most cells moved together, and the machine or its load may have changed between the files as much as the code (run \(Program.name) validate on files of separate sessions to see how far verdicts hold on your machine).", indent: 0))

        OPTIONS:
        \(CompareCommand.definition.optionsSection)

        EXIT CODES:
        \(fileExitCodes("compared"))

        EXAMPLE:
          swift run -c release \(Program.name) compare results/2010-mac-pro-cocoawithlove.csv results/<yours>.csv

        """
    }

    static var check: String {
        """
        OVERVIEW: Asserts relative or absolute overhead, for CI: over a fresh run, or an existing result file.

        \(usage(.check))
        A check (quote each one):
          RUNNER[@QxI] (>=|<=|>|<) FACTOR x RUNNER[@QxI]     a multiple of another runner's cost per job
          RUNNER[@QxI] (>=|<=|>|<) NUMBER (ns|us|µs|ms|s)/job  an absolute cost per job
        \(paragraph("Costs are medians per job (per round trip in ping-pong). Without @QxI (queues x iterations of a chain), a check applies in every configuration measured, and must hold in each; a configuration given on one side applies to both.", indent: 0))
          'detach-thread >= 10x serial-queue'
          'serial-queue <= 200ns/job'
          'run-loop@8x12500 > 2x global-queue@8x12500'

        \(paragraph("A fresh run measures the runners each check names, in the configuration it names or, if it names none, in those of \(RunOption.shapes.flag), \(RunOption.queues.flag), \(RunOption.iterations.flag) and \(RunOption.jobs.flag) (by default, the 2010 sweep's).", indent: 0))

        OUTCOMES:
        \(paragraph("Each check is decided by one rule over every run of its cells, pooled: the \(CheckCommand.confidence.flag) interval (a percentile bootstrap) of what the check compares with its bound, the ratio of the two runners' costs per job or the one runner's cost, lies", indent: 0))
          holds         wholly where the check holds: PASS
          fails         wholly where it fails, or a runner it reads has no ok run: FAIL
          inconclusive  across the bound: these runs cannot tell (INCONCLUSIVE)
        \(paragraph("A fresh run looks after \(CheckOptions.looks.map(String.init).joined(separator: ", ")) runs of each cell in all, measuring again only the cells of checks still inconclusive, while \(CheckCommand.budget.flag) lasts; each look's intervals are at 1 − (1 − confidence) / \(CheckOptions.looks.count), so that looking again cannot buy a decision. With \(CheckCommand.repetitions.flag), it decides once, on that many runs. No check is ever measured again because it failed. The result file (\(RunOption.output.flag)) keeps every run.", indent: 0))

        OPTIONS:
        \(CheckCommand.definition.optionsSection)

        EXIT CODES:
          0   every check holds
          1   a check fails, or a file cannot be read
          3   no check fails, but some are inconclusive
          64  a malformed check or option
          130, 143   interrupted by SIGINT, SIGTERM: no check is decided

        """
    }

    /// The exit codes of a command that reads result files: `done` for 0.
    private static func fileExitCodes(_ done: String) -> String {
        "  0   \(done)   1   a file cannot be read or is not a result file   64   the command line was wrong"
    }

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

    static var interleave: String {
        """
        OVERVIEW: Compares two builds of bench (a toolchain upgrade, a change to your own runner) on this machine,
        measuring both in one session, run by run in alternation, and judging each cell pair by pair.

        \(usage(.interleave))
        \(paragraph("Both executables must be bench programs built from the same version of ThreadingOverheads (their worker protocol is checked before anything runs); they may be the same one twice, which is an A/A test of this machine. Each build gets \(RunOption.processes.flag) worker processes. For each step of the plan's shuffled order, both builds make the run, one right after the other, which of them first drawn from the seed: whatever the machine does over seconds and minutes falls on both runs of the pair alike. Every run goes to one result file whose rows name their build (variant A or B, and the executable) and worker; '\(Program.name) compare FILE' compares such a file again.", indent: 0))
        \(paragraph("A cell's ratio is the 20% trimmed mean over its pairs of B/A (on the log scale), its 95% interval a bootstrap of the pairs (of the worker processes, then of the pairs in each; none with fewer than \(InterleavedComparison.fewestPairsForInterval) pairs, as the runners that start a thread per job have under the default budget: \(RunOption.repetitions.flag) or \(RunOption.budget.flag) gives them more), and its verdict compare's rule: same within the noise threshold, faster or slower when the interval lies wholly below or above 1, unsure otherwise.", indent: 0))

        OPTIONS:
        \(InterleaveCommand.definition.optionsSection)

        EXIT CODES:
          0   compared   1   an executable is not a bench of this protocol, or a file cannot be written
          2   some runs failed or stalled   64   the command line was wrong   130, 143   interrupted

        EXAMPLE:
          swift build -c release --scratch-path .build-a && swift build -c release --scratch-path .build-b
          swift run -c release \(Program.name) interleave .build-a/release/bench .build-b/release/bench --runners task,actor

        """
    }

    static var worker: String {
        """
        OVERVIEW: Makes runs for a parent bench, as its child process: bench starts workers for --processes,
        --isolate and interleave, and they end when it does. Not for typing by hand.

        \(usage(.worker))
        \(paragraph("It answers on standard output with the line '\(WorkerProtocol.greeting)', then reads a request per line on standard input (the arguments of a sweep of one cell and one recorded run, separated by tabs) and answers each with 'rows N' and N bytes of a result file of that run. The first time it meets a cell it makes the cell's warm-ups first. A worker of another protocol version than its parent's refuses to start, so that two builds measured side by side speak alike.", indent: 0))

        OPTIONS:
        \(WorkerCommand.definition.optionsSection)

        EXIT CODES:
          0   its input ended   1   the parent speaks another protocol   64   the command line was wrong

        """
    }

    static var crossover: String {
        """
        OVERVIEW: Finds, for each runner, the job size at which its overhead falls below 10% and 1% of the job's
        own time: the practical answer to "when may I spawn a thread per job?".

        \(usage(.crossover))
        \(paragraph("Every runner runs one queue (so that its jobs run one at a time) with no work and with each work size, a calibrated spin per job (as \(Program.name)'s \(RunOption.work.flag) does), its iterations chosen so that a run takes about \(Int(CrossoverOptions.targetRunSeconds * 1000)) ms. The control runner, \(Report.controlRunner), always runs too. The job's own time at work W is S(W) = T(W) − T(0) of the control, T being a runner's median time per job; a runner's overhead is O(W) = T(W) − S(W), and its share is O / S. The crossovers are where the share falls below 10% and 1%, interpolated between the work sizes around them on logarithmic scales. The runs go to a result file, which \(CrossoverCommand.input.flag) analyzes again.", indent: 0))

        OPTIONS:
        \(CrossoverCommand.definition.optionsSection)

        EXIT CODES:
          0   done   1   an error   2   some runs failed or stalled   64   the command line was wrong
          130, 143   interrupted: the runs made are in the result file

        """
    }

    static func chart(_ catalogue: RunnerCatalogue) -> String {
        let perJob = catalogue.runners.filter(\.traits.startsThreadPerJob).map(\.id).joined(separator: ", ")
        return """
            OVERVIEW: Draws result files as an SVG chart in the style of the 2010 post: grouped bars of the median
            seconds per run for each configuration and runner, with whiskers from p25 to p75.

            \(usage(.chart))
            \(paragraph("The runners that start a thread per job (\(perJob)) get a panel of their own, being orders of magnitude slower. A C floor stands right after its runner, in a pale tint of its colour. With several files, the machines stand side by side, one column each, on common axes. When the configurations differ in their number of jobs (as with \(RunOption.jobs.flag) and queue counts that don't divide it), the bars show the median cost per job instead of seconds per run.", indent: 0))

            OPTIONS:
            \(ChartCommand.definition.optionsSection)

            EXIT CODES:
              0   written   1   a file cannot be read or written   64   the command line was wrong

            """
    }
}
