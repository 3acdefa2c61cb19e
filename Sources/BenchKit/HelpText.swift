import BenchResults
import JobRunners

/// `bench --help`, the subcommands' help, and the usage lines shown with an error.
enum HelpText {
    static func usage(_ command: Subcommand?) -> String {
        switch command {
        case nil:
            """
            Usage: bench [--queues <list>] [--iterations <list> | --jobs <total>] [--work <list>]
                         [--runners <ids>] [--repetitions <n>] [--warmup <n>] [--output <path>]
                         [--format <format>] [--summary <path>] [--metrics] [--isolate] [--quiet] [--allow-long]
                         [--verify-timeout <seconds>] [--stall-timeout <seconds>]
                   bench compare <baseline.csv> <file.csv>... [--threshold <percent>] [--format <format>]
                   bench check <check>... [--input <file.csv> | run options] [--retries <n>]
                   bench chart <file.csv>... --output <chart.svg> [--title <text>] [--log]
                   bench crossover [--runners <ids>] [--work <list>] [--input <file.csv>] [--format <format>]

            """
        case .crossover:
            """
            Usage: bench crossover [--runners <ids>] [--work <list>] [--repetitions <n>] [--warmup <n>]
                                   [--output <path>] [--format <format>] [--quiet]
                                   [--verify-timeout <seconds>] [--stall-timeout <seconds>]
                   bench crossover --input <file.csv> [--format <format>]

            """
        case .compare:
            """
            Usage: bench compare <baseline.csv> <file.csv>... [--threshold <percent>] [--format <format>]
                                 [--metrics]

            """
        case .check:
            """
            Usage: bench check <check>... [--input <file.csv>] [--retries <n>] [--queues <list>]
                               [--iterations <list> | --jobs <total>] [--work <list>] [--repetitions <n>]
                               [--warmup <n>] [--output <path>] [--isolate] [--quiet] [--allow-long]
                               [--verify-timeout <seconds>] [--stall-timeout <seconds>]

            """
        case .chart:
            """
            Usage: bench chart <file.csv>... --output <chart.svg> [--title <text>] [--log]

            """
        }
    }

    static func full(_ command: Subcommand?) -> String {
        switch command {
        case nil: main
        case .compare: compare
        case .check: check
        case .chart: chart
        case .crossover: crossover
        }
    }

    private static var runOptions: String {
        let defaults = SweepPlan()
        return """
              --queues <list>             Queue counts, comma-separated (default: \
            \(SweepOptions.defaultQueues.map(String.init).joined(separator: ","))).
              --iterations <list>         Iterations per queue, comma-separated. Every combination of queues and
                                          iterations is run.
              --jobs <total>              Jobs per configuration, without --iterations: iterations = total / queues,
                                          rounded to the nearest where it doesn't divide (default: \
            \(SweepOptions.defaultJobs)).
              --work <list>               Nanoseconds of work per job, comma-separated: a spin loop calibrated once
                                          per process, run before the job queues itself again (default: 0).
              --repetitions <n>           Recorded runs per runner and configuration (default: \
            \(defaults.repetitions)).
              --warmup <n>                Runs before those, not recorded, each with a tenth of the iterations
                                          (default: \(defaults.warmup)).
              --isolate                   Make each recorded run in a fresh child process of bench, which first
                                          makes its own warm-up runs, so that no warm thread pool or allocator
                                          state carries over between repetitions.
              --quiet                     No progress on standard error.
              --allow-long                Run a sweep that could take over \(Int(SweepLimits.maximumEstimatedSeconds / 60)) minutes (see LIMITS).
              --verify-timeout <seconds>  How long a new thread may take to signal that it started (default: \
            \(defaults.settings.verifyTimeout.secondsText)).
                                          verified-detach then kills the job and the run fails; run-loop fails
                                          its setup.
              --stall-timeout <seconds>   A run in which no iteration completes for this long ends as stalled,
                                          and the sweep goes on (default: \(defaults.settings.stallTimeout.secondsText)).
            """
    }

    private static var main: String {
        let defaults = SweepPlan()
        let runnerWidth = RunnerKind.allCases.map(\.id.count).max() ?? 0
        let runners = RunnerKind.allCases.map { kind in
            "  \(kind.id.rightPadded(to: runnerWidth))  \(kind.summary)"
                + (RunnerKind.reference.contains(kind)
                    ? "\n  \("".rightPadded(to: runnerWidth))  2010: \(kind.referenceName)" : "")
        }.joined(separator: "\n")
        let configurations = RunConfiguration.reference.map(\.description).joined(separator: ", ")
        let defaultRuns =
            RunConfiguration.reference.count * RunnerKind.standard.count * (defaults.warmup + defaults.repetitions)
        let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
        return """
            OVERVIEW: Measures what it costs, per job, to push many small jobs through each way Swift offers to run
            them: the 2010 experiment "The overhead of spawning threads", rebuilt in Swift.

            N queues each run M iterations of a trivial job, serially: when a job finishes an iteration it queues
            itself again on its runner, until its iterations run out. A run is timed from queuing the first jobs to
            the last job's completion; its cost per job is that time divided by N × M. Making and tearing down the
            runners is not timed. A run that executes more or fewer than N × M iterations is reported as failed,
            never as a timing.

            \(usage(nil))
            COMMANDS:
              (none)    Run a sweep, write its result file, print the summary.
              compare   Compare result files, from this machine or others (see 'bench compare --help').
              check     Assert relative or absolute overhead, for CI (see 'bench check --help').
              chart     Draw result files as an SVG bar chart (see 'bench chart --help').
              crossover Find the job size at which each runner's overhead stops mattering
                        (see 'bench crossover --help').

            OPTIONS:
            \(runOptions)
              --runners <ids>             Runners to run, comma-separated (default: all but main-queue; see
                                          RUNNERS).
              --output <path>             The CSV file to write, or - for standard output (default: a new file
                                          results/<host>-<date>-<time>.csv, UTC).
              --format <format>           What goes to standard output: \(formats) (default: table).
                                          table and markdown: the 2010 table of medians, cost per job, ratio to
                                          single-threaded, each cell's spread and warnings; csv: the summary
                                          CSV; json: the same with every sample.
              --summary <path>            Also write the summary CSV (one row per runner and configuration:
                                          min, p25, median, p75, p90, max, mean, standard deviation, CV, …).
              --metrics                   Show what the runs cost the machine: CPU time and context switches
                                          per job, peak threads, peak memory (always recorded in the CSV).
              -h, --help                  Show this help.

            DEFAULT SWEEP:
              The 2010 experiment's: \(SweepOptions.defaultJobs) jobs as \(configurations) (queues × iterations),
              every runner, \(defaults.warmup) warm-up and \(defaults.repetitions) recorded repetitions each: \
            \(defaultRuns) runs. It takes about 2 minutes on a 2-core
              machine, most of it in the three detach runners; the defaults are chosen to stay under 3.
              Each configuration runs its warm-ups first, then its repetitions round-robin over the runners.

            RUNNERS:
            \(runners)

            OUTPUT:
              Progress goes to standard error: a line per run and, on a terminal, a status line with an estimate of
              the time left. The summary goes to standard output, and one CSV row per recorded run to the result
              file as soon as the run ends (written under a temporary name and renamed when the sweep is done).
              With --output -, the CSV goes to standard output and the summary to standard error. The columns are
              described in results/README.md.

            STATISTICS:
              Quantiles interpolate between the closest ranks. Outliers (modified z-score over 3.5) are flagged,
              never dropped. A cell is flagged as noisy when its CV is over 10%, and when its first repetition
              takes more than 1.5 times the others' median.

            LIMITS:
              Runners with threads of their own per queue (run-loop: 1, the detach runners: about 5) skip the
              configurations that would need over \(SweepLimits.maximumThreads) such threads at once, and say so. At most \
            \(SweepLimits.maximumQueues)
              queues per configuration. A sweep that could take over \(Int(SweepLimits.maximumEstimatedSeconds / 60)) minutes (estimated at 50 µs per job
              for the detach runners, 5 µs for run-loop, 1 µs for the others) needs --allow-long.

            INTERRUPTS:
              SIGINT (Ctrl-C) or SIGTERM ends a sweep at once: the runs already made are in the result file, whole,
              and the summary covers them and says the sweep was interrupted.

            EXIT CODES:
              0   every run was ok
              1   another error, such as a result file that cannot be written
              2   the sweep finished, but some runs failed or stalled (the CSV's detail column says why)
              64  the command line was wrong, or asks for more than bench runs (see LIMITS)
              130 interrupted by SIGINT; 143 by SIGTERM

            EXAMPLES:
              swift run -c release bench
              swift run -c release bench --queues 8 --iterations 12500
              swift run -c release bench --runners serial-queue,global-queue --queues 1,2,4,8 --output -
              swift run -c release bench compare results/2010-mac-pro-cocoawithlove.csv results/<yours>.csv

            """
    }

    private static var compare: String {
        """
        OVERVIEW: Compares result files cell by cell (runner × configuration), each against the first.

        \(usage(.compare))
        For each cell in both files: the median cost per job side by side, the ratio (file / baseline), the ratio
        normalized by each file's own single-threaded control (what travels between machines), the 95% bootstrap
        interval of the ratio, and a verdict:
          same      the ratio is within the noise threshold of 1
          faster    below 1 by more than the threshold, and the interval lies below 1
          slower    above 1 by more than the threshold, and the interval lies above 1
          unsure    beyond the threshold, but the interval includes 1, or a file has fewer than two ok
                    repetitions in the cell (the 2010 file has one), so no interval can be made
        The machines of the files come first, with the values that differ from the baseline's marked. Cells in
        one file only are listed.

        OPTIONS:
          --threshold <percent>  The noise threshold (default: \(Format.number(Comparison.defaultThreshold * 100))).
          --format <format>      table, markdown (for pull requests), csv or json (default: table).
          --metrics              Compare what the runs cost the machine too: CPU time per job, context
                                 switches, peak threads, peak memory.
          -h, --help             Show this help.

        EXIT CODES:
          0   compared   1   a file cannot be read or is not a result file   64   the command line was wrong

        EXAMPLE:
          swift run -c release bench compare results/2010-mac-pro-cocoawithlove.csv results/<yours>.csv

        """
    }

    private static var check: String {
        """
        OVERVIEW: Asserts relative or absolute overhead, for CI: over a fresh run, or an existing result file.

        \(usage(.check))
        A check (quote each one):
          RUNNER[@QxI] (>=|<=|>|<) FACTOR x RUNNER[@QxI]     a multiple of another runner's cost per job
          RUNNER[@QxI] (>=|<=|>|<) NUMBER (ns|us|µs|ms|s)/job  an absolute cost per job
        Costs are medians per job. Without @QxI (queues x iterations), a check applies in every configuration
        measured, and must hold in each; a configuration given on one side applies to both.
          'detach-thread >= 10x serial-queue'
          'serial-queue <= 200ns/job'
          'run-loop@8x12500 > 2x global-queue@8x12500'

        A fresh run measures the runners the checks name, in the configurations they name and, for checks that
        name none, those of --queues/--iterations/--jobs (default: the 2010 sweep). A check that fails is
        measured again, its cells only, up to --retries times, before it fails; every attempt is reported.

        OPTIONS:
          --input <file.csv>          Check this result file instead of running.
          --retries <n>               Measurements again before a check fails (default: 2; 0 for none).
          --output <path>             Also write the rows the checks used as a result file (default: none).
        \(runOptions)
          -h, --help                  Show this help.

        EXIT CODES:
          0   every check holds   1   a check fails, or a file cannot be read   64   a malformed check or option
          130, 143   interrupted by SIGINT, SIGTERM: no check is decided

        """
    }

    private static var crossover: String {
        """
        OVERVIEW: Finds, for each runner, the job size at which its overhead falls below 10% and 1% of the job's
        own time: the practical answer to "when may I spawn a thread per job?".

        \(usage(.crossover))
        Every runner runs one queue (so that its jobs run one at a time) with no work and with each work size, a
        calibrated spin per job (as --work does), its iterations chosen so that a run takes about \
        \(Int(CrossoverOptions.targetRunSeconds * 1000)) ms. The
        control runner, single-threaded, always runs too. The job's own time at work W is S(W) = T(W) − T(0) of
        the control, T being a runner's median time per job; a runner's overhead is O(W) = T(W) − S(W), and its
        share is O / S. The crossovers are where the share falls below 10% and 1%, interpolated between the work
        sizes around them on logarithmic scales. The runs go to a result file, which --input analyzes again.

        OPTIONS:
          --runners <ids>             Runners to place (default: all but the opt-in ones).
          --work <list>               Work sizes in ns per job (default: \(CrossoverOptions.defaultWork.map(String.init).joined(separator: ","))).
          --repetitions <n>           Recorded runs per runner and work size (default: 5).
          --warmup <n>                Runs before those, not recorded (default: 1).
          --output <path>             The CSV file of the runs (default: a new file in results/).
          --input <file.csv>          Analyze this result file instead of running.
          --format <format>           table, markdown, csv or json (default: table).
          --quiet                     No progress on standard error.
          --verify-timeout <seconds>  As for bench (default: 10).
          --stall-timeout <seconds>   As for bench (default: 30).
          -h, --help                  Show this help.

        EXIT CODES:
          0   done   1   an error   2   some runs failed or stalled   64   the command line was wrong
          130, 143   interrupted: the runs made are in the result file

        """
    }

    private static var chart: String {
        """
        OVERVIEW: Draws result files as an SVG chart in the style of the 2010 post: grouped bars of the median
        seconds per run for each configuration and runner, with whiskers from p25 to p75.

        \(usage(.chart))
        The runners that start a thread per job (detach-thread, verified-detach) get a panel of their own, being
        orders of magnitude slower. With several files, the machines stand side by side, one column each, on
        common axes. When the configurations differ in their number of jobs (as with --jobs and queue counts
        that don't divide it), the bars show the median cost per job instead of seconds per run.

        OPTIONS:
          -o, --output <chart.svg>  The SVG file to write.
          --title <text>            The chart's title (default: what the bars show).
          --log                     A logarithmic y axis, for costs that differ by orders of magnitude.
          -h, --help                Show this help.

        EXIT CODES:
          0   written   1   a file cannot be read or written   64   the command line was wrong

        """
    }
}
