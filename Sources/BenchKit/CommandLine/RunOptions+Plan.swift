import BenchResults
import JobRunners

extension CellOptions {
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
                    // total / queues, to the nearest whole number, without the overflow of (total + queues / 2).
                    let remainder = total % queueCount
                    let iterationCount = total / queueCount + (remainder >= queueCount - remainder ? 1 : 0)
                    guard iterationCount >= 1 else {
                        throw UsageError(
                            "\(RunOption.jobs.flag) \(total) is fewer than \(RunOption.queues.flag) \(queueCount): "
                                + "every queue needs a job at least")
                    }
                    let (jobs, overflow) = queueCount.multipliedReportingOverflow(by: iterationCount)
                    guard !overflow, !jobs.multipliedReportingOverflow(by: shape.parties).overflow else {
                        throw UsageError("\(RunOption.jobs.flag) \(total) is more jobs than can be counted")
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

    /// Every runner asked for in every configuration asked for; of the runners not named, only in the shapes each
    /// runs (a named runner in a shape it doesn't run is left out by ``PlanLimits``, which says so).
    func settled(in catalogue: RunnerCatalogue) throws(UsageError) -> [SweepPlan.Cell] {
        let kinds = try runnerKinds(in: catalogue)
        let configurations = try self.configurations()
        guard runners != nil else {
            return SweepPlan.cells(kinds, configurations)
        }
        return configurations.flatMap { configuration in
            kinds.map { SweepPlan.Cell(runner: $0, configuration: configuration) }
        }
    }
}

extension SamplingOptions {
    /// How many recorded runs each cell of a plan of `cells` cells gets: `--repetitions`, or what the budget pays
    /// for.
    func settled(cells: Int, builds: Int = 1) throws(UsageError) -> SweepPlan.Sampling {
        guard let repetitions else {
            return .budget(
                SweepPlan.Budget(
                    seconds: budget ?? RunOptions.defaultBudgetSeconds(cells: cells, builds: builds),
                    precision: precision ?? RunOptions.defaultBudget.precision,
                    // Two builds' cells are judged on their own pairs, which pool nothing.
                    pooledMinimumRuns: builds == 1 ? RunOptions.defaultBudget.pooledMinimumRuns : nil))
        }
        if let given = [(RunOption.budget, budget), (RunOption.precision, precision)].first(where: { $0.1 != nil }) {
            throw UsageError(
                "'\(RunOption.repetitions.flag)' fixes the runs of every cell, so '\(given.0.flag)' does not apply")
        }
        return .repetitions(repetitions)
    }
}

extension PlacementOptions {
    /// The settings of every run.
    func settings() throws(UsageError) -> RunSettings {
        guard verifyTimeout < stallTimeout else {
            throw UsageError(
                "'\(RunOption.verifyTimeout.flag)' (\(verifyTimeout.secondsText) s) must be under "
                    + "'\(RunOption.stallTimeout.flag)' (\(stallTimeout.secondsText) s), or a thread that never "
                    + "starts counts as a stall")
        }
        return RunSettings(verifyTimeout: verifyTimeout, stallTimeout: stallTimeout)
    }

    /// Where the recorded runs are made: `--isolate`, or `--processes` worker processes; by default, in
    /// ``RunOptions/defaultProcesses`` workers where bench is a program of its own, and in this process where it runs inside
    /// another (a test), which has no `bench` to start.
    func settled(asProgram: Bool) -> RunPlacement {
        if isolate {
            return .isolated
        }
        let count = processes ?? (asProgram ? RunOptions.defaultProcesses : 1)
        return count == 1 && !asProgram ? .thisProcess : .workers(count)
    }
}

extension RunOptions {
    /// A plan of `cells` with these options' sampling (or `sampling`, for a command that decides it itself),
    /// warm-up, settings and seed, within bench's limits; `builds` is how many builds make each run.
    func plan(
        cells: [SweepPlan.Cell], sampling: SweepPlan.Sampling? = nil, builds: Int = 1
    ) throws(UsageError) -> SweepPlan {
        let sampling = if let sampling { sampling } else { try self.sampling.settled(cells: cells.count, builds: builds) }
        var plan = SweepPlan(
            cells: cells, sampling: sampling, warmup: self.sampling.warmup.map { .runs($0) } ?? .settling,
            settings: try placement.settings(), seed: self.sampling.seed ?? .random(in: 0...UInt64.max))
        try PlanLimits.apply(to: &plan, allowLong: recording.allowLong)
        return plan
    }
}
