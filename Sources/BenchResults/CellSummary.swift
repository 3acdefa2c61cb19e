import Foundation
import JobRunners

/// The statistics of one runner in one configuration of a result file: a cell of the 2010 table.
///
/// Quantiles interpolate linearly between the closest ranks (``Statistics/quantile(_:_:)``); outliers are flagged
/// by the modified z-score (``Statistics/outlierIndices(_:)``) and kept in every statistic.
public struct CellSummary: Sendable, Equatable {
    /// The runner's id, as in a result file's `runner` column.
    public var runner: String
    /// The configuration the cell's runs were made in: queues, iterations, work per job and shape.
    public var configuration: RunConfiguration
    /// The times of the `ok` runs in nanoseconds, in the order of their repetitions.
    public var nanoseconds: [Double]
    /// The repetition numbers of `nanoseconds`, in the same order.
    public var repetitions: [Int]
    /// The worker process that made each of `nanoseconds`, in the same order (nil for a run made in the sweep's own
    /// process, or where the file doesn't say); empty where none is known.
    public var processes: [Int?] = []
    /// Recorded runs whose status is `failed`: they have no timing, so no statistic counts them.
    public var failedRuns: Int
    /// Recorded runs whose status is `stalled` (the watchdog saw no progress): they have no timing, so no
    /// statistic counts them.
    public var stalledRuns: Int
    /// Median cost per job divided by the control runner's in the same configuration of the same file; nil
    /// without a control.
    public var ratioToControl: Double?
    /// What the `ok` runs cost the machine, where the file says (schema version 2).
    public var metrics: [RunMetrics] = []
    /// The latency percentiles of the `ok` runs that sampled latency (schema version 4).
    public var latencies: [LatencyPercentiles] = []
    /// In fan-out, how long each `ok` run took to submit its jobs, in nanoseconds (schema version 5).
    public var submitNanoseconds: [Double] = []
    /// The coarsest resolution of the clock its runs were timed with, in nanoseconds (schema version 6).
    public var clockResolutionNanoseconds: Int?
    /// Its recorded runs (of any status) made while other programs, or the hypervisor's other guests, used a fifth of
    /// the machine or more (``RunLoad/isInterference``).
    public var interferedRuns = 0
    /// The mean load of those runs, who used the machine meanwhile and how much; nil where none was made so.
    public var interference: RunLoad?
    /// The allocations per job that the `ok` runs carry, one each (schema version 9): the same within a process,
    /// counted once there (`Allocations`).
    public var allocations: [Allocations] = []
    /// The spread of its runner's few-unit cells in the same file, pooled (``PooledSpread``), which its ``interval``
    /// takes in place of its own; nil but for a cell of ``PooledSpread/takingUnits`` units that another cell of 2 to
    /// 5 shares its group with (``Report`` sets it).
    public var pooledSpread: PooledSpread?

    /// Whether more than `share` of its recorded runs were made during interference (``interferedRuns``):
    /// `compare` asks whether most were (one half), `check` whether more than a quarter were.
    public func isInterfered(moreThan share: Double) -> Bool {
        Double(interferedRuns) > share * Double(runs)
    }

    /// Allocations per job: the median of the runs' figures; nil where none has one.
    public var allocationsPerJob: Double? {
        Statistics.median(allocations.map(\.perJob))
    }

    /// Bytes allocated per job: the median of the runs' figures; nil where none has one.
    public var allocatedBytesPerJob: Double? {
        Statistics.median(allocations.map(\.bytesPerJob))
    }

    /// How far the runs' allocations per job differ, the largest less the smallest: 0 where every process counted
    /// the same; nil where none has one.
    public var allocationsSpread: Double? {
        allocationRange.map { $0.upperBound - $0.lowerBound }
    }

    /// The smallest and largest of the runs' allocations per job; nil where none has one.
    public var allocationRange: ClosedRange<Double>? {
        let counts = allocations.map(\.perJob)
        guard let low = counts.min(), let high = counts.max() else {
            return nil
        }
        return low...high
    }

    /// `2 of 6 runs of serial-queue`: how many of its runs were made during interference, as `check` says it.
    public var interferenceText: String {
        "\(interferedRuns) of \(runs) runs of \(runner)"
    }

    /// The cell as result files name it: the runner's id in the configuration.
    public var key: CellKey {
        CellKey(runner: runner, configuration: configuration)
    }

    /// The times of the `ok` runs in seconds, in the order of their repetitions.
    public var samples: [Double] {
        nanoseconds.map { $0 / 1e9 }
    }

    /// Recorded runs with a timing.
    public var okRuns: Int {
        nanoseconds.count
    }

    /// Recorded runs, whatever their status.
    public var runs: Int {
        nanoseconds.count + failedRuns + stalledRuns
    }

    // The statistics below are in seconds, computed from the nanoseconds, whose integers are exact.
    /// The fastest `ok` run's time, in seconds; nil without an `ok` run.
    public var minimum: Double? { quantile(0) }
    /// The 25th percentile of the `ok` runs' times, in seconds; nil without an `ok` run.
    public var p25: Double? { quantile(0.25) }
    /// The median of the `ok` runs' times, in seconds, each a whole run's (``medianNanosecondsPerJob`` is per
    /// job); nil without an `ok` run.
    public var median: Double? { quantile(0.5) }
    /// The 75th percentile of the `ok` runs' times, in seconds; nil without an `ok` run.
    public var p75: Double? { quantile(0.75) }
    /// The 90th percentile of the `ok` runs' times, in seconds; nil without an `ok` run.
    public var p90: Double? { quantile(0.9) }
    /// The slowest `ok` run's time, in seconds; nil without an `ok` run.
    public var maximum: Double? { quantile(1) }

    /// The quantiles the summary gives, by the names its columns have: `min`, `p25`, `median`, `p75`, `p90`, `max`.
    public static let reportedQuantiles: [(name: String, fraction: Double)] = [
        ("min", 0), ("p25", 0.25), ("median", 0.5), ("p75", 0.75), ("p90", 0.9), ("max", 1),
    ]
    /// The mean of the `ok` runs' times, in seconds; nil without an `ok` run.
    public var mean: Double? { Statistics.mean(nanoseconds).map { $0 / 1e9 } }
    /// The sample standard deviation (divisor n − 1) of the `ok` runs' times, in seconds; nil for fewer than two.
    public var standardDeviation: Double? { Statistics.standardDeviation(nanoseconds).map { $0 / 1e9 } }

    /// Standard deviation / mean; nil for fewer than two samples.
    public var coefficientOfVariation: Double? {
        guard let deviation = Statistics.standardDeviation(nanoseconds), let mean = Statistics.mean(nanoseconds),
            mean > 0
        else {
            return nil
        }
        return deviation / mean
    }

    /// The `ok` runs' costs per job, in nanoseconds, in the order of their repetitions.
    public var nanosecondsPerJob: [Double] {
        nanoseconds.map { $0 / Double(configuration.jobs) }
    }

    /// The headline cost per job (``Estimate/headline(_:)``), in nanoseconds.
    public var headlineNanosecondsPerJob: Double? {
        Estimate.headline(nanoseconds).map { $0 / Double(configuration.jobs) }
    }

    /// The `ok` runs' times in nanoseconds, with the process each came from: what bootstrap intervals resample.
    public var sample: Bootstrap.Sample {
        Bootstrap.Sample(nanoseconds, processes: processes)
    }

    /// ``sample`` per job.
    public var samplePerJob: Bootstrap.Sample {
        Bootstrap.Sample(nanosecondsPerJob, processes: processes)
    }

    /// The runs of each worker process that made two or more, in order of the processes' numbers; empty when fewer
    /// than two processes did.
    public var runsByProcess: [(process: Int, nanoseconds: [Double])] {
        guard processes.count == nanoseconds.count else {
            return []
        }
        var byProcess: [Int: [Double]] = [:]
        for (process, value) in zip(processes, nanoseconds) {
            if let process {
                byProcess[process, default: []].append(value)
            }
        }
        let groups = byProcess.filter { $0.value.count >= 2 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return groups.count >= 2 ? groups : []
    }

    /// The 95% interval of the headline, in nanoseconds per run, from the cell's own runs alone.
    ///
    /// The unit it samples is the process: where two worker processes or more made the cell's runs, each
    /// process's runs are one estimate (their median); where one process made them all, each run is one. What a
    /// process draws once for its life (a thread pool's regime, its allocator's state) is then in the units' spread,
    /// which runs of one process cannot show (Kalibera and Jones 2013's levels; JMH's forks). From
    /// ``Estimate/fewestRunsForInterval`` units, the interval comes from their order statistics
    /// (``Estimate/interval(_:)``), which hold the median without assuming a shape and are not moved by a unit that
    /// lies far out; below that, Student's t on the units' logs around the headline
    /// (``Estimate/interval(around:units:)``), as wide as so few are: at 2 units, over the spread its runner's other
    /// few-unit cells of the file pool with it (``pooledSpread``), where there are such. No cell with an interval of
    /// its own is widened by another's spread: a steady cell beside a bimodal one keeps its own. nil for fewer than two
    /// units.
    public var interval: ClosedRange<Double>? {
        guard let headline = Estimate.headline(nanoseconds), headline > 0 else {
            return nil
        }
        let units = self.units
        if units.count >= Estimate.fewestRunsForInterval {
            return Estimate.interval(units)
        }
        if let pooledSpread, units.count == PooledSpread.takingUnits {
            return headline * exp(-pooledSpread.halfWidth)...headline * exp(pooledSpread.halfWidth)
        }
        return Estimate.interval(around: headline, units: units)
    }

    /// What the ``interval`` samples: each worker process's median, where two or more made the runs; otherwise
    /// each run's time, in nanoseconds.
    public var units: [Double] {
        sample.units(Estimate.headline)
    }

    /// The processes whose runs a cell's ``interval`` samples: 1 where one process (or this one) made them all.
    public var processCount: Int {
        sample.groups.count
    }

    /// Half the ``interval``'s width over the headline; nil without a headline above 0.
    public var relativeHalfWidth: Double? {
        guard let headline = Estimate.headline(nanoseconds), headline > 0, let interval else {
            return nil
        }
        return (interval.upperBound - interval.lowerBound) / 2 / headline
    }

    /// The lowest and highest median cost per job of the processes that made the runs, when those processes
    /// disagree: a Kruskal–Wallis test of the runs grouped by process rejects one distribution at the 0.1% level
    /// (``CellWarning/processesDisagreeLevel``); nil otherwise, or with fewer than two processes of two runs.
    public var disagreeingProcesses: (low: Double, high: Double)? {
        let groups = runsByProcess.map(\.nanoseconds)
        guard let h = Statistics.kruskalWallis(groups),
            h > Statistics.chiSquareQuantile(degrees: groups.count - 1, tail: CellWarning.processesDisagreeLevel)
        else {
            return nil
        }
        let medians = groups.compactMap(Statistics.median).map { $0 / Double(configuration.jobs) }
        guard let low = medians.min(), let high = medians.max() else {
            return nil
        }
        return (low, high)
    }

    /// The modes of the `ok` runs' costs per job (``Modes``): one unless the runs form clusters apart.
    public var modes: Modes {
        Modes(of: nanosecondsPerJob)
    }

    /// The modes as text, each location per job and share, from the lowest: `120 ns 62%; 290 ns 38%`; nil for a
    /// cell with one mode.
    public var modesText: String? {
        let modes = modes
        guard modes.isMultimodal else {
            return nil
        }
        return modes.modes.map { mode in
            "\(Format.perJob(nanoseconds: mode.location)) \(Int((modes.share(of: mode) * 100).rounded()))%"
        }.joined(separator: "; ")
    }

    /// The median run's time per job, in nanoseconds.
    public var medianNanosecondsPerJob: Double? {
        Statistics.median(nanoseconds).map { $0 / Double(configuration.jobs) }
    }

    /// The median CPU time (user and system, all threads) per job, in nanoseconds.
    public var medianCPUNanosecondsPerJob: Double? {
        Statistics.median(metrics.map { ($0.cpuUserSeconds + $0.cpuSystemSeconds) * 1e9 / Double(configuration.jobs) })
    }

    /// The median over the runs of each run's voluntary context switches per job (a thread that gave up the CPU to
    /// wait); nil without metrics (schema version 1).
    public var medianVoluntarySwitchesPerJob: Double? {
        Statistics.median(metrics.map { Double($0.voluntaryContextSwitches) / Double(configuration.jobs) })
    }

    /// The median over the runs of each run's involuntary context switches per job; nil without metrics (schema
    /// version 1). macOS counts most waits as involuntary switches, Linux as voluntary ones
    /// (``MachineInfo/kernelName``).
    public var medianInvoluntarySwitchesPerJob: Double? {
        Statistics.median(metrics.map { Double($0.involuntaryContextSwitches) / Double(configuration.jobs) })
    }

    /// The median over the runs of each run's latency percentile `percentile` (in nanoseconds); nil without
    /// latency samples.
    public func medianLatency(_ percentile: KeyPath<LatencyPercentiles, Int64>) -> Double? {
        Statistics.median(latencies.map { Double($0[keyPath: percentile]) })
    }

    /// In fan-out, the median over the runs of the time to submit the jobs, per job, in nanoseconds.
    public var medianSubmitNanosecondsPerJob: Double? {
        Statistics.median(submitNanoseconds).map { $0 / Double(configuration.jobs) }
    }

    /// The longest latency sampled in any run, in nanoseconds.
    public var maximumLatency: Int64? {
        latencies.map(\.maximum).max()
    }

    /// The latency samples of all runs together.
    public var latencySamples: Int? {
        latencies.isEmpty ? nil : latencies.map(\.samples).reduce(0, +)
    }

    /// The most threads seen in any run of the cell.
    public var peakThreads: Int? {
        metrics.compactMap(\.peakThreads).max()
    }

    /// The largest peak resident memory of any run of the cell.
    public var maxRSSBytes: Int? {
        metrics.compactMap(\.maxRSSBytes).max()
    }

    /// The repetitions whose times are outliers.
    public var outlierRepetitions: [Int] {
        Statistics.outlierIndices(nanoseconds).map { repetitions[$0] }
    }

    /// The `fraction` quantile of the `ok` runs' times, in seconds.
    public func quantile(_ fraction: Double) -> Double? {
        nanoseconds.isEmpty ? nil : Statistics.quantile(nanoseconds.sorted(), fraction) / 1e9
    }

    /// What a reader should know before trusting the cell (``CellWarning``), most pressing first.
    public var warnings: [CellWarning] {
        var warnings: [CellWarning] = []
        if failedRuns + stalledRuns > 0 {
            warnings.append(.notOK(failed: failedRuns, stalled: stalledRuns, runs: runs))
        }
        let disagreeing = disagreeingProcesses
        if let disagreeing {
            warnings.append(.processesDisagree(low: disagreeing.low, high: disagreeing.high))
        }
        // The interval of a multimodal cell, or of one whose processes disagree, spans what the modes or the
        // processes say better than a warning. Below the runs an interval needs, its width is the few runs', which
        // the summary's line on few runs tells once.
        if nanoseconds.count >= Estimate.fewestRunsForInterval, let headline = Estimate.headline(nanoseconds),
            headline > 0, let own = interval, case let halfWidth = (own.upperBound - own.lowerBound) / 2 / headline,
            halfWidth > CellWarning.unsteadyHalfWidth, !modes.isMultimodal, disagreeing == nil
        {
            warnings.append(.unsteady(halfWidth: halfWidth))
        }
        if let cv = coefficientOfVariation, cv > CellWarning.noisyCoefficientOfVariation {
            warnings.append(.noisy(coefficientOfVariation: cv))
        }
        let outliers = outlierRepetitions
        if !outliers.isEmpty {
            warnings.append(.outliers(repetitions: outliers))
        }
        if let resolution = clockResolutionNanoseconds, resolution > 0, let p50 = medianLatency(\.p50),
            p50 < Double(CellWarning.coarseLatencyTicks * resolution)
        {
            warnings.append(.coarseLatency(p50: p50, resolution: resolution))
        }
        return warnings
    }
}
