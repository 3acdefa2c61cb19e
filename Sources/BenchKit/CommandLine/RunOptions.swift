import BenchResults
import JobRunners

/// What a fresh measurement takes from the command line (`bench`, `bench check`, `bench crossover`): the runners,
/// the configurations, the runs per cell, the timeouts, and where the rows go. Each value starts at its default.
public struct RunOptions: CommandOptions {
    /// Runner ids; nil for the catalogue's standard runners.
    public var runners: [String]?
    public var shapes: [Shape] = [.chain]
    /// Sample the latency of a chain's hand-offs (ping-pong always does).
    public var latency = false
    /// Queue counts (senders in contention); nil for each shape's own (`Shape/defaultQueues`).
    public var queues: [Int]?
    public var iterations: [Int]?
    /// Jobs per configuration, from which iterations = jobs / queues when `iterations` is nil (default:
    /// ``defaultJobs``).
    public var jobs: Int?
    /// Nanoseconds of work per job.
    public var work = [0]
    /// Recorded runs per cell, exactly; nil for as many as the budget pays for.
    public var repetitions: Int?
    /// The time budget of the runs, in seconds (nil for `defaultBudgetSeconds(cells:builds:)`), and the precision at
    /// which a cell stops early.
    public var budget: Double?
    public var precision = Self.defaultBudget.precision
    /// Warm-up runs per cell, exactly; nil for warm-ups until the runs settle.
    public var warmup: Int?
    /// The seed of the sweep's order; nil for a new one.
    public var seed: UInt64?
    public var verifyTimeout = RunSettings.defaultVerifyTimeout
    public var stallTimeout = RunSettings.defaultStallTimeout
    public var output = OutputDestination.newFileInResults
    /// Each recorded run in a fresh child process.
    public var isolate = false
    /// Worker processes to spread each cell's recorded runs over; nil for the default (``defaultProcesses``, or 1
    /// where bench runs inside another program).
    public var processes: Int?
    /// No progress on standard error.
    public var quiet = false
    /// Run a sweep whose estimate is over `PlanLimits/maximumEstimatedSeconds`.
    public var allowLong = false

    public init() {}

    /// Jobs per configuration of a chain when neither `--jobs` nor `--iterations` is given: the 2010 experiment's
    /// 100,000 (other shapes have their own, `Shape/defaultJobs`).
    public static let defaultJobs = Shape.chain.defaultJobs
    /// The most work a job may do, 1 s: more is surely a mistake.
    static let maximumWork = 1_000_000_000
    /// The budget of the default sweep, without `--repetitions`: chosen so that it takes `defaultSweepDuration`,
    /// warm-ups and the runs that start a thread per job included; its runs per cell and precision are every
    /// budget's.
    public static let defaultBudget = SweepPlan.Budget(seconds: 150)
    /// Seconds of budget a cell gets when `--budget` is not given, and the least a plan gets: 1.5 s a cell gives
    /// the default sweep's 104 cells its 150 s, and one configuration of every runner (26 cells) 60 s, which took
    /// 61 s here where a fixed 150 s took 2½ minutes, 111 s of them in the runs of the three runners that start a
    /// thread per job (docs/method.md, "Sampling").
    static let budgetPerCell = 1.5
    static let leastBudget = 60.0

    /// The budget of a plan of `cells` cells when `--budget` is not given: ``budgetPerCell`` a cell, from
    /// ``leastBudget`` to the default sweep's; for each of `builds` (`bench interleave` makes each run twice, one
    /// per build, and each cell needs as many pairs as a sweep's cell needs runs).
    static func defaultBudgetSeconds(cells: Int, builds: Int = 1) -> Double {
        Double(builds) * min(defaultBudget.seconds, max(leastBudget, budgetPerCell * Double(cells)))
    }
    /// Worker processes a measurement spreads each cell's runs over unless `--processes` says otherwise.
    public static let defaultProcesses = 4
    /// How long the default sweep takes, as measured (docs/method.md, "Sampling"), for the help texts: the minimum runs of
    /// the runners that start a thread per job, never cut, make it longer when the machine is busy.
    static let defaultSweepDuration = "about 2½ minutes on a quiet 2-core machine, longer on a busy one"
}

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
        \.queues, .counts(minimum: 1))
    static let iterations = Option<RunOptions>(
        "iterations", value: "list",
        help: "Iterations per queue, comma-separated. Every combination of queues and iterations is run.",
        \.iterations, .counts(minimum: 1))
    static let jobs = Option<RunOptions>(
        "jobs", value: "total",
        help: "Jobs per configuration, without \(iterations.flag): iterations = total / queues, rounded to the "
            + "nearest where it doesn't divide.",
        defaultText: Shape.allCases.map { "\($0.defaultJobs) (\($0))" }.joined(separator: ", "), \.jobs,
        .count(minimum: 1))
    static let shapes = Option<RunOptions>(
        "shape", value: "list",
        help: "Shapes to run, comma-separated: "
            + Shape.allCases.map { "\($0) (\($0.summary))" }.joined(separator: "; ")
            + ". Runners that don't run a shape skip it and say so.",
        \.shapes, .choices(Shape.self, named: "shape"))
    static let latency = Option<RunOptions>.flag(
        "latency",
        help: "In a chain, also sample the latency of one job in \(Shape.chain.latencySampleEvery), from its queuing "
            + "to its start, and report its percentiles (ping-pong and contention always sample theirs).",
        \.latency)
    static let work = Option<RunOptions>(
        "work", value: "list",
        help: "Nanoseconds of work per job, comma-separated: a spin loop calibrated once per process, run before the "
            + "job queues itself again.",
        \.work, .counts(minimum: 0, maximum: (RunOptions.maximumWork, "ns (1 s per job)")))
    static let runners = Option<RunOptions>(
        "runners", value: "ids", help: "Runners to run, comma-separated (see RUNNERS in '\(Program.name) --help').",
        defaultText: "all but the opt-in ones", \.runners, .names)
    static let repetitions = Option<RunOptions>(
        "repetitions", value: "n",
        help: "Recorded runs per runner and configuration, exactly, instead of as many as the budget pays for.",
        defaultText: "by the budget", \.repetitions, .count(minimum: 1))
    static let budget = budget(builds: 1)
    /// `--budget`, for a command whose runs are each made by `builds` builds.
    static func budget(builds: Int) -> Option<RunOptions> {
        let (runs, each) = builds == 1 ? ("runs", "") : ("pairs", " (each pair a run of each build)")
        return Option<RunOptions>(
            "budget", value: "seconds",
            help: "The time the runs may take, warm-ups included, shared among the cells by need: every cell gets "
                + "\(RunOptions.defaultBudget.minimumRuns) \(runs) at least and \(RunOptions.defaultBudget.maximumRuns) "
                + "at most\(each), an equal share of the time beyond that, and what a cheap cell doesn't need goes to "
                + "the others.",
            defaultText: "\(Format.number(RunOptions.budgetPerCell * Double(builds))) s a cell, from "
                + "\(Int(RunOptions.leastBudget) * builds) to \(Int(RunOptions.defaultBudget.seconds) * builds) s",
            \.budget, .secondsNumber)
    }
    static let precision = Option<RunOptions>(
        "precision", value: "percent",
        help: "Under a budget, a cell stops once the 95% interval of its estimate is within ± this of it.",
        \.precision, .percent)
    static let warmup = Option<RunOptions>(
        "warmup", value: "n",
        help: "Runs before those, not recorded, each with a tenth of the iterations: exactly n, instead of until "
            + "two in a row agree within 10% (at most 5).",
        defaultText: "until settled", \.warmup, .count(minimum: 0))
    static let seed = Option<RunOptions>(
        "seed", value: "n", help: "The seed of the runs' shuffled order, to replay a sweep's (every row records it).",
        defaultText: "a new one", \.seed, .seed)
    static let output = Option<RunOptions>(
        "output", value: "path", help: "The CSV file to write, or - for standard output.", \.output,
        .destination(valueName: "path"))
    static let isolate = Option<RunOptions>.flag(
        "isolate",
        help: "Make each recorded run in a fresh child process of bench, which first makes its own warm-up runs, so "
            + "that no warm thread pool or allocator state carries over between repetitions. (On macOS the runners "
            + "that start a thread per job always run so: a thread that cannot start aborts its process there.)",
        \.isolate)
    static let processes = Option<RunOptions>(
        "processes", value: "n",
        help: "Spread each cell's recorded runs over n worker processes of bench, each making its own warm-ups, so "
            + "that what a process draws once for its whole life (a thread pool's regime) varies within the cell, and "
            + "its interval and modes show it; 1 makes every run in this process.",
        defaultText: "\(RunOptions.defaultProcesses); 1 where it runs inside another program, as in a test",
        \.processes, .count(minimum: 1))
    static let quiet = Option<RunOptions>.flag("quiet", help: "No progress on standard error.", \.quiet)
    static let allowLong = Option<RunOptions>.flag(
        "allow-long",
        help: "Run even if the runs could take over \(Int(PlanLimits.maximumEstimatedSeconds / 60)) minutes, by a "
            + "pessimistic estimate (see LIMITS in '\(Program.name) --help').",
        \.allowLong)
    static let verifyTimeout = Option<RunOptions>(
        RunSettings.verifyTimeoutName, value: "seconds",
        help: "How long a new thread may take to signal that it started: verified-detach then kills the job and the "
            + "run fails; a runner whose threads don't start fails its setup.",
        \.verifyTimeout, .seconds)
    static let stallTimeout = Option<RunOptions>(
        "stall-timeout", value: "seconds",
        help: "A run in which no iteration completes for this long ends as stalled, and the sweep goes on.",
        \.stallTimeout, .seconds)
}

extension RunOptions {
    /// The jobs that `shape`'s configurations are made from, when they are (no `--iterations`): `--jobs`, or the
    /// shape's own default.
    func jobsTotal(for shape: Shape) -> Int? {
        iterations == nil ? jobs ?? shape.defaultJobs : nil
    }

    /// The runners `--runners` names, from `catalogue`; when it names none, its standard runners that run any of
    /// the shapes asked for.
    func runnerKinds(in catalogue: RunnerCatalogue) throws(UsageError) -> [RunnerKind] {
        guard let runners else {
            return catalogue.standard.filter { !$0.traits.shapes.isDisjoint(with: shapes) }
        }
        var kinds: [RunnerKind] = []
        for id in runners {
            kinds.append(try catalogue.runner(id, namedIn: "'\(RunOption.runners.flag)'"))
        }
        return kinds
    }

    /// Every combination of `shapes`, `queues`, `iterations` and `work`, shape by shape; without `iterations`,
    /// iterations = jobs / queues, as in the 2010 table, rounded to the nearest whole number where it does not
    /// divide (the sweep says so), from each shape's own default total unless `--jobs` gives one.
    func configurations() throws(UsageError) -> [RunConfiguration] {
        if iterations != nil, jobs != nil {
            throw UsageError(
                "'\(RunOption.jobs.flag)' and '\(RunOption.iterations.flag)' cannot be combined: give one or the other")
        }
        var configurations: [RunConfiguration] = []
        for shape in shapes {
            var counts: [(queues: Int, iterations: Int)] = []
            for queueCount in queues ?? shape.defaultQueues {
                if let iterations {
                    for iterationCount in iterations {
                        let (jobs, overflow) = queueCount.multipliedReportingOverflow(by: iterationCount)
                        guard !overflow, !jobs.multipliedReportingOverflow(by: shape.parties).overflow else {
                            throw UsageError(
                                "\(queueCount) queues × \(iterationCount) iterations is more jobs than can be counted")
                        }
                        counts.append((queueCount, iterationCount))
                    }
                } else if let total = jobsTotal(for: shape) {
                    let iterationCount = (total + queueCount / 2) / queueCount
                    guard iterationCount >= 1 else {
                        throw UsageError(
                            "\(RunOption.jobs.flag) \(total) is fewer than \(RunOption.queues.flag) \(queueCount): "
                                + "every queue needs a job at least")
                    }
                    counts.append((queueCount, iterationCount))
                }
            }
            configurations += counts.flatMap { count in
                work.map {
                    RunConfiguration(
                        queues: count.queues, iterations: count.iterations, workNanoseconds: $0, shape: shape,
                        measuresLatency: latency && shape == .chain ? true : nil)
                }
            }
        }
        return configurations
    }

    /// The settings of every run.
    func settings() throws(UsageError) -> RunSettings {
        guard verifyTimeout < stallTimeout else {
            throw UsageError(
                "'\(RunOption.verifyTimeout.flag)' (\(verifyTimeout.secondsText) s) must be shorter than "
                    + "'\(RunOption.stallTimeout.flag)' (\(stallTimeout.secondsText) s), or a thread that never "
                    + "starts is reported as a stall")
        }
        return RunSettings(verifyTimeout: verifyTimeout, stallTimeout: stallTimeout)
    }

    /// How many recorded runs each cell of a plan of `cells` cells gets: `--repetitions`, or what the budget pays
    /// for.
    func sampling(cells: Int, builds: Int = 1) throws(UsageError) -> SweepPlan.Sampling {
        guard let repetitions else {
            return .budget(
                SweepPlan.Budget(
                    seconds: budget ?? Self.defaultBudgetSeconds(cells: cells, builds: builds), precision: precision))
        }
        for option in [RunOption.budget, RunOption.precision] where !option.arguments(for: self).isEmpty {
            throw UsageError(
                "'\(RunOption.repetitions.flag)' fixes the runs of every cell, so '\(option.flag)' does not apply")
        }
        return .repetitions(repetitions)
    }

    /// A plan of `cells` with these options' sampling (or `sampling`, for a command that decides it itself),
    /// warm-up, settings and seed, within bench's limits; `builds` is how many builds make each run.
    func plan(
        cells: [SweepPlan.Cell], sampling: SweepPlan.Sampling? = nil, builds: Int = 1
    ) throws(UsageError) -> SweepPlan {
        let sampling = if let sampling { sampling } else { try self.sampling(cells: cells.count, builds: builds) }
        var plan = SweepPlan(
            cells: cells, sampling: sampling, warmup: warmup.map { .runs($0) } ?? .settling,
            settings: try settings(), seed: seed ?? .random(in: 0...UInt64.max))
        try PlanLimits.apply(to: &plan, allowLong: allowLong)
        return plan
    }
}

extension RunOptions {
    /// Every runner asked for in every configuration asked for; of the runners not named, only in the shapes each
    /// runs (a named runner in a shape it doesn't run is left out by ``PlanLimits``, which says so).
    func cells(in catalogue: RunnerCatalogue) throws(UsageError) -> [SweepPlan.Cell] {
        let kinds = try runnerKinds(in: catalogue)
        let configurations = try configurations()
        guard runners != nil else {
            return SweepPlan.cells(kinds, configurations)
        }
        return configurations.flatMap { configuration in
            kinds.map { SweepPlan.Cell(runner: $0, configuration: configuration) }
        }
    }
}

extension RunnerCatalogue {
    /// The runner `id`, or a usage error that says where it was named and lists the runners.
    func runner(_ id: String, namedIn place: String?) throws(UsageError) -> RunnerKind {
        guard let runner = runner(id: id) else {
            let place = place.map { " in \($0)" } ?? ""
            if let absent = RunnerCatalogue.leftOut.first(where: { $0.id == id }) {
                throw UsageError("The runner '\(id)'\(place) is not in this build of \(Program.name): \(absent.reason)")
            }
            throw UsageError("Unknown runner '\(id)'\(place); the runners are: \(idList)")
        }
        return runner
    }

    /// Every id, comma-separated.
    var idList: String {
        runners.map(\.id).joined(separator: ", ")
    }
}
