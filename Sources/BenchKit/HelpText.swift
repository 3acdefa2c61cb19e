import JobRunners

/// `bench --help`, and the usage lines shown with an error.
enum HelpText {
    static let usage = """
        Usage: bench [--queues <list>] [--iterations <list> | --jobs <total>] [--runners <ids>]
                     [--repetitions <n>] [--warmup <n>] [--output <path>]
                     [--verify-timeout <seconds>] [--stall-timeout <seconds>]

        """

    static var full: String {
        let defaults = BenchOptions()
        let runnerWidth = RunnerKind.allCases.map(\.id.count).max() ?? 0
        let runners = RunnerKind.allCases.map { kind in
            "  \(kind.id.rightPadded(to: runnerWidth))  \(kind.summary)\n"
                + "  \("".rightPadded(to: runnerWidth))  2010: \(kind.referenceName)"
        }.joined(separator: "\n")
        let configurations = RunConfiguration.reference.map(\.description).joined(separator: ", ")
        let defaultRuns =
            RunConfiguration.reference.count * RunnerKind.allCases.count * (defaults.warmup + defaults.repetitions)
        return """
            OVERVIEW: Measures what it costs, per job, to push many small jobs through each way Swift offers to run
            them: the 2010 experiment "The overhead of spawning threads", rebuilt in Swift.

            N queues each run M iterations of a trivial job, serially: when a job finishes an iteration it queues
            itself again on its runner, until its iterations run out. A run is timed from queuing the first jobs to
            the last job's completion; its cost per job is that time divided by N × M. Making and tearing down the
            runners is not timed. A run that executes more or fewer than N × M iterations is reported as failed,
            never as a timing.

            \(usage)
            OPTIONS:
              --queues <list>             Queue counts, comma-separated (default: \
            \(BenchOptions.defaultQueues.map(String.init).joined(separator: ","))).
              --iterations <list>         Iterations per queue, comma-separated. Every combination of queues and
                                          iterations is run.
              --jobs <total>              Jobs per configuration, without --iterations: iterations = total / queues
                                          (default: \(BenchOptions.defaultJobs)).
              --runners <ids>             Runners to run, comma-separated (default: all; see RUNNERS).
              --repetitions <n>           Recorded runs per runner and configuration (default: \
            \(defaults.repetitions)).
              --warmup <n>                Runs before those, not recorded (default: \(defaults.warmup)).
              --output <path>             The CSV file to write, or - for standard output (default: a new file
                                          results/<host>-<date>-<time>.csv, UTC).
              --verify-timeout <seconds>  How long a new thread may take to signal that it started (default: \
            \(defaults.settings.verifyTimeout.secondsText)).
                                          verified-detach then kills the job and the run fails; run-loop fails
                                          its setup.
              --stall-timeout <seconds>   A run in which no iteration completes for this long ends as stalled,
                                          and the sweep goes on (default: \(defaults.settings.stallTimeout.secondsText)).
              -h, --help                  Show this help.

            DEFAULT SWEEP:
              The 2010 experiment's: \(BenchOptions.defaultJobs) jobs as \(configurations) (queues × iterations),
              every runner, \(defaults.warmup) warm-up and \(defaults.repetitions) recorded repetitions each: \
            \(defaultRuns) runs. It takes about 2 minutes on a 2-core
              machine, nearly all of it in the two detach runners; the defaults are chosen to stay well under 3.
              Each configuration runs its warm-ups first, then its repetitions round-robin over the runners.

            RUNNERS:
            \(runners)

            OUTPUT:
              Progress goes to standard error, the table of medians to standard output, and one CSV row per
              recorded run to the result file as soon as the run ends (written under a temporary name and renamed
              when the sweep is done). With --output -, the CSV goes to standard output and the table to standard
              error. The columns are described in results/README.md.

            EXIT CODES:
              0   every run was ok
              1   another error, such as a result file that cannot be written
              2   the sweep finished, but some runs failed or stalled (the CSV's detail column says why)
              64  the command line was wrong

            EXAMPLES:
              swift run -c release bench
              swift run -c release bench --queues 8 --iterations 12500
              swift run -c release bench --runners serial-queue,global-queue --queues 1,2,4,8 --output -

            """
    }
}
