import JobRunners

/// The results of a sweep, cell by cell, with the queries that relative-overhead assertions need.
///
/// A Swift Testing test can measure and assert in a few lines:
///
/// ```swift
/// let report = Report.measure(SweepPlan(runners: [.serialQueue, .detachThread],
///                                       configurations: [RunConfiguration(queues: 4, iterations: 500)],
///                                       repetitions: 5))
/// #expect(try #require(report.ratio(.detachThread, to: .serialQueue, at: report.configurations[0])) >= 10)
/// #expect(try report.check("detach-thread >= 10x serial-queue").allSatisfy(\.holds))
/// ```
public struct Report: Sendable {
    /// The runner every cell's ``CellSummary/ratioToControl`` divides by.
    public static let controlRunner = RunnerKind.singleThreaded.id

    /// The recorded runs the report summarizes, in the order given: a sweep's recording order, or a file's rows.
    public let records: [ResultRecord]
    /// One per runner and configuration that has records, in ``configurations``' order, and ``runners``' within
    /// each.
    public let cells: [CellSummary]
    /// The seconds of the sweep in which many cells' runs were slow at once (``SlowStretch``), in its order.
    public let slowStretches: [SlowStretch]
    /// Summarizes `records`, of any runners and configurations, into ``cells``, each with its ratio to
    /// ``controlRunner``'s cell in the same configuration where `records` have one.
    public init(records: [ResultRecord]) {
        self.records = records
        self.slowStretches = SlowStretch.find(in: records)
        let order = Self.canonicalOrder(of: records.map(\.runner).uniqued())
        let configurations = Self.canonicalOrder(of: records.map(\.configuration).uniqued())
        var cells: [CellSummary] = []
        for configuration in configurations {
            for runner in order {
                let runs = records.filter { $0.runner == runner && $0.configuration == configuration }
                    .sorted { $0.repetition < $1.repetition }
                guard !runs.isEmpty else {
                    continue
                }
                let timed = runs.filter { $0.nanoseconds != nil }
                cells.append(
                    CellSummary(
                        runner: runner, configuration: configuration,
                        nanoseconds: timed.compactMap { $0.nanoseconds.map(Double.init) },
                        repetitions: timed.map(\.repetition), processes: timed.map(\.process),
                        failedRuns: runs.filter { $0.status == .failed }.count,
                        stalledRuns: runs.filter { $0.status == .stalled }.count,
                        ratioToControl: nil, metrics: timed.compactMap(\.metrics),
                        latencies: timed.compactMap(\.latency),
                        submitNanoseconds: timed.compactMap { $0.submitNanoseconds.map(Double.init) },
                        clockResolutionNanoseconds: runs.compactMap(\.machine.clockResolutionNanoseconds).max(),
                        interferedRuns: runs.filter { $0.load?.isInterference == true }.count,
                        interference: RunLoad.mean(runs.compactMap(\.load).filter(\.isInterference)),
                        allocations: timed.compactMap(\.allocations)))
            }
        }
        for index in cells.indices {
            let control = cells.first {
                $0.runner == Self.controlRunner && $0.configuration == cells[index].configuration
            }
            if let perJob = cells[index].headlineNanosecondsPerJob,
                let controlPerJob = control?.headlineNanosecondsPerJob, controlPerJob > 0
            {
                cells[index].ratioToControl = perJob / controlPerJob
            }
        }
        // The few-unit cells of each runner's group pool their spread, which its cells of 2 units take
        // (``PooledSpread``).
        let fewUnits = cells.indices.filter { (2..<Estimate.fewestRunsForInterval).contains(cells[$0].units.count) }
        let groups = Dictionary(grouping: fewUnits) {
            PooledSpread.Group(runner: cells[$0].runner, configuration: cells[$0].configuration)
        }
        for members in groups.values {
            let pooled = PooledSpread.pooling(members.map { cells[$0].units })
            for index in members where cells[index].units.count == PooledSpread.takingUnits {
                cells[index].pooledSpread = pooled
            }
        }
        self.cells = cells
    }

    /// `ids` (each once) with the built-in runners first, in the catalogue's order (those this build leaves out in
    /// their places), the others after them as given.
    static func canonicalOrder(of ids: [String]) -> [String] {
        let builtIn = RunnerCatalogue.allBuiltInIDs
        return ids.enumerated().sorted { left, right in
            let (a, b) = (builtIn.firstIndex(of: left.element) ?? Int.max, builtIn.firstIndex(of: right.element) ?? Int.max)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    /// `configurations` (each once) by shape (as ``Shape`` lists them), latency, work, then queues, then
    /// iterations.
    static func canonicalOrder(of configurations: [RunConfiguration]) -> [RunConfiguration] {
        func rank(_ shape: Shape) -> Int {
            Shape.allCases.firstIndex(of: shape) ?? 0
        }
        return configurations.sorted {
            (rank($0.shape), $0.measuresLatency ? 1 : 0, $0.workNanoseconds, $0.queues, $0.iterations)
                < (rank($1.shape), $1.measuresLatency ? 1 : 0, $1.workNanoseconds, $1.queues, $1.iterations)
        }
    }

    /// The report of a result file.
    public init(contentsOfFile path: String) throws(ResultFileError) {
        self.init(records: try ResultSet(contentsOfFile: path).records)
    }

    /// Runs `plan` in this process and reports on it.
    public static func measure(_ plan: SweepPlan, machine: MachineInfo = .current()) -> Report {
        Report(records: plan.run(machine: machine, record: { _ in }))
    }

    /// Runner ids: the built-in runners in the catalogue's order, then any others in order of first appearance. A
    /// sweep records its runs in a shuffled order, so the file's order says nothing; this one keeps tables and
    /// charts of different files alike.
    public var runners: [String] {
        cells.map(\.runner).uniqued()
    }

    /// Configurations, by work, then queues, then iterations: the 2010 table's order.
    public var configurations: [RunConfiguration] {
        cells.map(\.configuration).uniqued()
    }

    /// The cell of the runner with id `runner` in `configuration`; nil if no run of it was recorded.
    public func cell(_ runner: String, at configuration: RunConfiguration) -> CellSummary? {
        cells.first { $0.runner == runner && $0.configuration == configuration }
    }

    /// The median cost per job of `runner` in `configuration`, in nanoseconds; nil without an `ok` run.
    public func nanosecondsPerJob(_ runner: RunnerKind, at configuration: RunConfiguration) -> Double? {
        cell(runner.id, at: configuration)?.medianNanosecondsPerJob
    }

    /// How many times `runner`'s median cost per job is `other`'s, in `configuration`.
    public func ratio(_ runner: RunnerKind, to other: RunnerKind, at configuration: RunConfiguration) -> Double? {
        guard let cost = nanosecondsPerJob(runner, at: configuration),
            let otherCost = nanosecondsPerJob(other, at: configuration), otherCost > 0
        else {
            return nil
        }
        return cost / otherCost
    }

    /// Evaluates an assertion such as `detach-thread >= 10x serial-queue` (see ``CheckExpression``) in every
    /// configuration it applies to.
    public func check(_ expression: String) throws(CheckExpression.ParseError) -> [CheckResult] {
        try CheckExpression(parsing: expression).evaluate(on: self)
    }
}
