import BenchResults
import Foundation
import JobRunners

/// The summary's warnings: what calls for action, cell by cell and for the whole sweep.
extension SweepSummary {

    /// The warnings about particular cells, a line per kind with the cells it concerns; then what most cells carry
    /// on this machine, once, as counts.
    func warningsSection() -> Document {
        var document = Document()
        var lines: [String] = []
        let flagged = report.cells.flatMap { cell in cell.warnings.filter(\.isAboutTheCell).map { (cell, $0) } }
        let notOK = flagged.compactMap { cell, warning -> String? in
            guard case .notOK = warning else { return nil }
            let detail = report.records.first { $0.key == cell.key && $0.status != .ok }?.detail ?? ""
            return "\(Self.name(cell.key, in: report)) (\(warning))"
                + (detail.isEmpty ? "" : ": \(Self.shortened(detail))")
        }
        if !notOK.isEmpty {
            lines.append("Runs that failed or stalled (their rows' detail column says why): " + notOK.joined(separator: "; "))
        }
        let unsteady = flagged.compactMap { cell, warning -> String? in
            guard case .unsteady(let halfWidth) = warning else { return nil }
            return "\(Self.name(cell.key, in: report)) (±\(Format.percent(halfWidth)))"
        }
        if !unsteady.isEmpty {
            lines.append(
                "Too unsteady for the headline to mean much (interval over ±"
                    + "\(Format.percent(CellWarning.unsteadyHalfWidth)); more runs or a quieter machine): "
                    + unsteady.joined(separator: ", "))
        }
        let disagreeing = flagged.compactMap { cell, warning -> String? in
            guard case .processesDisagree(let low, let high) = warning else { return nil }
            return "\(Self.name(cell.key, in: report)) "
                + "(\(Format.perJob(nanoseconds: low)) to \(Format.perJob(nanoseconds: high)))"
        }
        if !disagreeing.isEmpty {
            lines.append(
                "Processes disagree (each draws its own regime for its whole life; the ± spans them, see modes): "
                    + disagreeing.joined(separator: ", "))
        }
        let cells = report.cells.count
        let noisy = report.cells.filter { $0.warnings.contains { if case .noisy = $0 { true } else { false } } }.count
        let outliers = report.cells.filter { !$0.outlierRepetitions.isEmpty }.count
        if noisy + outliers > 0 {
            lines.append(
                "Noise: \(noisy) of \(cells) cells vary over "
                    + "\(Format.percent(CellWarning.noisyCoefficientOfVariation)) from run to run (CV), \(outliers) "
                    + "\(outliers == 1 ? "has" : "have") outlier runs (kept); the ± intervals include it.")
        }
        if let interference = Self.interferenceText(report) {
            lines.append(interference)
        }
        if let fewRuns = Self.fewRunsText(report) {
            lines.append(fewRuns)
        }
        if let drift = Self.driftText(report) {
            lines.append(drift)
        }
        if let stretches = Self.slowStretchText(report) {
            lines.append(stretches)
        }
        let coarse = report.cells.filter { $0.warnings.contains { if case .coarseLatency = $0 { true } else { false } } }
        if let resolution = coarse.first?.clockResolutionNanoseconds {
            lines.append(
                "Clock: latency within \(CellWarning.coarseLatencyTicks) ticks of its \(resolution) ns resolution, "
                    + "as much the clock's as the hand-off's, in "
                    + coarse.map { Self.name($0.key, in: report) }.joined(separator: ", "))
        }
        if !lines.isEmpty {
            document.heading("Warnings")
            document.list(lines)
        }
        return document
    }

    /// What the summary says of cells whose runs changed with the sweep's course (``Drift/machineChange(in:)``): the
    /// first three, each with its medians before and after; nil where too few did.
    static func driftText(_ report: Report) -> String? {
        let drifting = Drift.machineChange(in: report.records)
        guard !drifting.isEmpty else {
            return nil
        }
        let shown = drifting.prefix(3)
        // Where the cells named changed at one point of the sweep, it is said once, before them.
        let oneSplit = Set(shown.map(\.split)).count == 1 ? shown.first : nil
        let named = shown.map { cell in
            let costs = "\(Format.perJob(nanoseconds: cell.before)), then \(Format.perJob(nanoseconds: cell.after))"
            let when = oneSplit == nil ? " after run \(cell.split)" : ""
            return "\(Self.name(cell.key, in: report)) (\(costs)\(when))"
        }
        let more = drifting.count > named.count ? ", and \(drifting.count - named.count) more" : ""
        let point = oneSplit.map { " at run \($0.split) of \($0.last)" } ?? ""
        return "The machine changed during the sweep: \(drifting.count) of \(report.cells.count) cells' runs differ "
            + "before a point of the sweep and after it (their medians \(Format.number(Drift.leastRatio))× apart or "
            + "more; Mann–Whitney at \(Format.percent(Drift.level)))\(point): "
            + named.joined(separator: ", ") + more + ". Their ± spans the change, and a comparison with this file "
            + "may call them changed; measure again once the machine has settled."
    }

    /// What the summary says of the seconds in which many cells' runs were slow at once (``Report/slowStretches``):
    /// when, how slow, whose runs; nil where there were none.
    static func slowStretchText(_ report: Report) -> String? {
        let stretches = report.slowStretches
        guard let sweepLast = stretches.first?.sweepLast else {
            return nil
        }
        let sweepStart = report.records.compactMap(\.startedAt).min()
        let places = stretches.enumerated().map { index, stretch in
            let seconds: (Int, Int)? =
                if let sweepStart, let from = stretch.start, let to = stretch.end {
                    (Int(from.timeIntervalSince(sweepStart)), Int(to.timeIntervalSince(sweepStart).rounded(.up)))
                } else {
                    nil
                }
            let of = index == 0 ? " of \(sweepLast)" : ""
            let into = index == 0 ? " into the sweep" : ""
            return "\(index == 0 ? "runs " : "")\(stretch.first) to \(stretch.last)\(of)"
                + (seconds.map { " (\($0.0) to \($0.1) s\(into))" } ?? "")
        }
        let runs = stretches.reduce(0) { $0 + $1.runs }
        let slow = stretches.reduce(0) { $0 + $1.slowRuns }
        let slowByRunner = stretches.reduce(into: [String: Int]()) { total, stretch in
            total.merge(stretch.slowRunsByRunner, uniquingKeysWith: +)
        }
        let runners = slowByRunner.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(3)
            .map(\.key)
        let times = [1: "once", 2: "twice"][stretches.count] ?? "\(stretches.count) times"
        let outside = (stretches.first?.sweepRuns ?? 0) - runs
        let slowOutside = (stretches.first?.sweepSlowRuns ?? 0) - slow
        let elsewhere =
            outside > 0 ? ", against \(Format.percent(Double(slowOutside) / Double(outside))) of the others" : ""
        return "Slow seconds: the machine slowed \(times), in \(SlowStretch.fewestProcesses) processes or more at "
            + "once: \(Format.list(places)). There \(slow) of \(runs) runs took "
            + "\(Format.number(SlowStretch.slowRatio))× their cell's median or more\(elsewhere), most of all "
            + Format.list(Array(runners)) + ". The runs are kept, and widen those cells' ±."
    }

    /// What a sweep that bought some cells fewer runs than a 95% interval needs (``Estimate/fewestRunsForInterval``:
    /// a slow or busy day's budgeted sweep) says of them, and the budget that would have bought each cell that many;
    /// nil when every cell with a run has enough.
    static func fewRunsText(_ report: Report) -> String? {
        let needed = Estimate.fewestRunsForInterval
        let timed = report.cells.filter { $0.okRuns > 0 }
        let few = timed.filter { $0.okRuns < needed }
        guard !few.isEmpty else {
            return nil
        }
        // The budget whose sharing gives every cell `needed` runs at its median's pace: more than `needed` runs of
        // each, as the cheap cells get theirs first. A budget pays for a sweep's steps whole (warm-ups, fresh
        // workers, making the runners), as its schedule counts a run's cost: each run at this file's own rate of
        // steps to timed seconds, where the file says when its runs started.
        let rate = Self.spentPerTimedSecond(report.records)
        let budget = RunOptions.defaultBudget.leastSeconds(
            givingEach: needed,
            secondsPerRun: timed.map { (Estimate.headline($0.nanoseconds) ?? 0) / 1e9 * (rate ?? 1) },
            values: timed.map(\.nanoseconds),
            groups: PooledSpread.Group.numbers(
                timed.map { PooledSpread.Group(runner: $0.runner, configuration: $0.configuration) }))
        let repetitions = "\(RunOption.repetitions.flag) \(needed)"
        let paid = rate == nil
            ? "seconds of recorded runs; warm-ups and fresh workers come on top"
            : "warm-ups and fresh workers included, as this sweep paid them"
        let buys = budget.map { "\(RunOption.budget.flag) \(Int($0)) or more (\(paid)), or \(repetitions)," }
            ?? repetitions
        // Named by runner, so that a reader can tell whether they matter: four runners at most and the rest counted,
        // as a list of every cell would be longer than the tables; five are all named, as `and 1 more runner` would
        // hide one in as many words as its name. Those with few runs in each of their cells share a phrase
        // (`detach-thread and verified-detach at every configuration`); another's cells are named, or counted.
        let runners = few.map(\.runner).uniqued()
        let shown = runners.prefix(runners.count == 5 ? 5 : 4)
        let cells = Dictionary(grouping: few, by: \.runner)
        let everywhere = shown.filter { runner in
            let count = cells[runner]?.count ?? 0
            return count > 1 && count == timed.count { $0.runner == runner }
        }
        let phrases = (everywhere.isEmpty ? [] : [Format.list(Array(everywhere)) + " at every configuration"])
            + shown.filter { !everywhere.contains($0) }.map { runner in
                let mine = cells[runner] ?? []
                return mine.count == 1 ? Self.name(mine[0].key, in: report) : "\(runner) at \(mine.count) configurations"
            }
        let more = runners.count > shown.count ? [Format.count(runners.count - shown.count, "more runner")] : []
        let named = " (" + Format.list(phrases + more) + ")"
        // The pooled spread is named only where a cell here takes it (a sweep of one configuration pools nothing),
        // and counted where only some do: a default sweep's cells of 3 keep their own.
        let pooling = few.count { $0.pooledSpread != nil }
        let pooledSpread = "over their runner's pooled spread at \(PooledSpread.takingUnits)"
        let pooled =
            pooling == 0 ? "" : pooling == few.count ? ", \(pooledSpread)" : "; \(pooling) of them \(pooledSpread)"
        return "Few runs: \(few.count) of \(timed.count) cells\(named) \(few.count == 1 ? "has" : "have") fewer than "
            + "\(needed); their ± is as wide as so few runs or processes are (Student's t\(pooled)), and compare will "
            + "call most of their changes unsure. \(buys) would buy each cell \(needed) at this pace."
    }

    /// What the sweep that made `records` spent for each second its runs timed: from the first run's start to the
    /// last one's end, over the seconds the runs timed. A budget pays for that too (warm-ups, starting fresh
    /// workers, making and tearing down the runners, counting allocations), not for the timed runs alone. nil where
    /// the file does not record when its runs started, or where the figure is under 1: runs whose start times,
    /// recorded to the second, cannot show it.
    static func spentPerTimedSecond(_ records: [ResultRecord]) -> Double? {
        let timed = records.compactMap { record in
            record.startedAt.map { (start: $0, seconds: Double(record.nanoseconds ?? 0) / 1e9) }
        }
        guard let first = timed.map(\.start).min(), let end = timed.map({ $0.start + $0.seconds }).max() else {
            return nil
        }
        let seconds = timed.reduce(0) { $0 + $1.seconds }
        let rate = end.timeIntervalSince(first) / seconds
        return seconds > 0 && rate >= 1 ? rate : nil
    }

    /// `text`, cut to 100 characters with `…` where longer.
    static func shortened(_ text: String) -> String {
        text.count <= 100 ? text : String(text.prefix(99)) + "…"
    }

    /// `1 queue, 100000 iterations`, as the 2010 table labels its rows, with the work if any; `ping-pong: 4 pairs,
    /// 2500 round trips` or `contention: 8 senders, 1250 messages each` for another shape; `, latency` where a chain
    /// sampled it.
    static func label(_ configuration: RunConfiguration) -> String {
        let work =
            configuration.workNanoseconds == 0
            ? "" : ", \(Format.perJob(nanoseconds: Double(configuration.workNanoseconds))) of work"
        let latency = configuration.measuresLatency && configuration.shape == .chain ? ", latency" : ""
        return configuration.shape.label(configuration, extra: work + latency)
    }
}
