import BenchResults
import JobRunners

/// The options of ``RunOptions``, each defined once; commands take those they accept.
enum RunOption {
    static let queues = Option<RunOptions>(
        "queues", value: "list",
        help: "Queue counts (pairs in ping-pong, senders in contention; in fan-out, the queues the jobs are spread "
            + "over), comma-separated.",
        defaultText: Shape.allCases.map(\.defaultQueues).uniqued().map { queues in
            let shapes = Shape.allCases.filter { $0.defaultQueues == queues }.map(\.rawValue)
            return "\(queues.map(String.init).joined(separator: ",")) (\(shapes.joined(separator: ", ")))"
        }.joined(separator: "; "),
        \.cells.queues, .counts(minimum: 1))
    static let iterations = Option<RunOptions>(
        "iterations", value: "list",
        help: "Iterations per queue, comma-separated. Every combination of queues and iterations is run.",
        \.cells.iterations, .counts(minimum: 1))
    static let jobs = Option<RunOptions>(
        "jobs", value: "total",
        help: "Jobs per configuration, without \(iterations.flag): iterations = total / queues, rounded to the "
            + "nearest where it doesn't divide.",
        defaultText: Shape.allCases.map { "\($0.defaultJobs) (\($0))" }.joined(separator: ", "), \.cells.jobs,
        .count(minimum: 1))
    static let shapes = Option<RunOptions>(
        "shape", value: "list",
        help: "Shapes to run, comma-separated: "
            + Shape.allCases.map { "\($0) (\($0.summary))" }.joined(separator: "; ")
            + ". Runners that don't run a shape skip it and say so.",
        \.cells.shapes, .choices(Shape.self, named: "shape"))
    static let latency = Option<RunOptions>.flag(
        "latency",
        help: "In a chain, also sample the latency of one job in \(Shape.chain.latencySampleEvery), from its queuing "
            + "to its start, and report its percentiles (ping-pong and contention always sample theirs).",
        \.cells.latency)
    static let work = Option<RunOptions>(
        "work", value: "list",
        help: "Nanoseconds of work per job, comma-separated: a spin loop calibrated once per process, run before the "
            + "job queues itself again.",
        \.cells.work, .counts(minimum: 0, maximum: (RunOptions.maximumWork, "ns (1 s per job)")))
    static let runners = Option<RunOptions>(
        "runners", value: "ids", help: "Runners to run, comma-separated (see RUNNERS in the main --help).",
        defaultText: "all but the opt-in ones", \.cells.runners, .names)
    static let repetitions = Option<RunOptions>(
        "repetitions", value: "n",
        help: "Recorded runs per runner and configuration, exactly, instead of as many as the budget pays for.",
        defaultText: "by the budget", \.sampling.repetitions, .count(minimum: 1))
    static let budget = budget(builds: 1)
    /// `--budget`, for a command whose runs are each made by `builds` builds.
    static func budget(builds: Int) -> Option<RunOptions> {
        let (runs, each) = builds == 1 ? ("runs", "") : ("pairs", " (each pair a run of each build)")
        return Option<RunOptions>(
            "budget", value: "seconds",
            help: "The time the runs may take, warm-ups included, spent where it narrows the cells' intervals most: "
                + "every cell gets \(RunOptions.defaultBudget.minimumRuns) \(runs) at least"
                + "\(pooledText(builds: builds)), or as many as its equal part "
                + "of \(Format.number(SweepPlan.Budget.floorShare * 100))% of the budget buys (\(Estimate.fewestRunsForInterval) "
                + "where so many cost at most 1% of it), and "
                + "\(RunOptions.defaultBudget.maximumRuns) at most\(each); beyond that, more \(runs) go to the cell "
                + "whose interval they narrow most for their time (its spread times what they narrow it by, over what "
                + "they cost), so cheap and unsteady cells get more; a cell gets its minimum or "
                + "\(Estimate.fewestRunsForInterval) and more, whose interval assumes no shape, and none that would "
                + "widen its interval (8 would be 6, 11 would be 9).",
            defaultText: "\(Format.number(RunOptions.budgetPerCell * Double(builds))) s a cell, from "
                + "\(Int(RunOptions.leastBudget) * builds) to \(Int(RunOptions.defaultBudget.seconds) * builds) s",
            \.sampling.budget, .secondsNumber)
    }
    /// What the budget's help says of the dear cells that pool their spread: nothing for two builds' pairs.
    private static func pooledText(builds: Int) -> String {
        guard builds == 1, let pooled = RunOptions.defaultBudget.pooledMinimumRuns else {
            return ""
        }
        return " (\(pooled) where a runner has \(PooledSpread.fewestCellsForPooledMinimum) cells or more too dear for "
            + "\(Estimate.fewestRunsForInterval): their ± comes from their spread pooled)"
    }
    static let precision = Option<RunOptions>(
        "precision", value: "percent",
        help: "Under a budget, a cell stops once the 95% interval of its estimate is within ± this of it.",
        defaultText: ValueParser<Double>.percent.describe(RunOptions.defaultBudget.precision), \.sampling.precision, .percent)
    static let warmup = Option<RunOptions>(
        "warmup", value: "n",
        help: "Runs before those, not recorded, each with a tenth of the iterations (a hundredth for the runners "
            + "that start a thread per job): exactly n, instead of "
            + SweepCommand.warmupText(.settling) + ".",
        defaultText: "until settled", \.sampling.warmup, .count(minimum: 0))
    static let seed = Option<RunOptions>(
        "seed", value: "n", help: "The seed of the runs' shuffled order, to replay a sweep's (every row records it).",
        defaultText: "a new one", \.sampling.seed, .seed)
    static let output = Option<RunOptions>(
        "output", short: "o", value: "path", help: "The CSV file to write, or - for standard output.", \.recording.output,
        .destination(valueName: "path"))
    static let isolate = Option<RunOptions>.flag(
        "isolate",
        help: "Make each recorded run in a fresh child process, which first makes its own warm-up runs, so "
            + "that no warm thread pool or allocator state carries over between repetitions. (On macOS the runners "
            + "that start a thread per job always run so: a thread that cannot start aborts its process there.)",
        \.placement.isolate)
    static let processes = Option<RunOptions>(
        "processes", value: "n",
        help: "Make the recorded runs in n worker processes at a time, each making its own warm-ups and, in a sweep, "
            + "retired for a fresh one after \(WorkerPool.lifetimeText), so that what a process "
            + "draws once for its whole life (a thread pool's regime) varies within a cell, and its interval and modes "
            + "show it; 1 makes every run in this process.",
        defaultText: "\(RunOptions.defaultProcesses); 1 where it runs inside another program, as in a test",
        \.placement.processes, .count(minimum: 1, maximum: (RunOptions.maximumProcesses, "(workers at a time)")))
    static let quiet = Option<RunOptions>.flag(
        "quiet", help: "No progress on standard error, nor the lines that say where the files went; errors still.",
        \.recording.quiet)
    static let allowLong = Option<RunOptions>.flag(
        "allow-long",
        help: "Run even if the runs could take over \(Int(PlanLimits.maximumEstimatedSeconds / 60)) minutes, by a "
            + "pessimistic estimate (see LIMITS in the main --help).",
        \.recording.allowLong)
    static let verifyTimeout = Option<RunOptions>(
        RunSettings.verifyTimeoutName, value: "seconds",
        help: "How long a new thread may take to signal that it started: verified-detach then kills the job and the "
            + "run fails; a runner whose threads don't start fails its setup.",
        \.placement.verifyTimeout, .seconds)
    static let stallTimeout = Option<RunOptions>(
        "stall-timeout", value: "seconds",
        help: "A run in which no iteration completes for this long ends as stalled, and the sweep goes on.",
        \.placement.stallTimeout, .seconds)
}
