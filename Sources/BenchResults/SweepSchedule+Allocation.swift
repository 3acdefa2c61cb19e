import Foundation

/// How a budget is shared among a sweep's cells: each cell's spread, its floor, and the runs that narrow the
/// intervals most for the time (``SweepSchedule``'s planning, apart from its order of runs).
extension SweepSchedule {
    /// Each cell's spread, for ``allocate``: the standard deviation of the logarithms of its values (its runs'
    /// times, or its pairs' ratios), shrunk toward the median spread of the cells that have three or more, as if
    /// that median were three runs' worth of evidence, so that a cell whose first runs happen to agree is not taken
    /// for one that needs nothing. 1 for every cell while none has three values: equal spreads, which cancel.
    static func spreads(of values: [[Double]]) -> [Double] {
        let own = values.map { values -> (deviation: Double, degrees: Double)? in
            let logs = values.filter { $0 > 0 }.map(log)
            guard logs.count >= 3, let deviation = Statistics.standardDeviation(logs) else {
                return nil
            }
            return (deviation, Double(logs.count - 1))
        }
        guard let pooled = Statistics.median(own.compactMap { $0?.deviation }), pooled > 0 else {
            return values.map { _ in 1 }
        }
        let prior = 2.0
        return own.map { cell in
            guard let cell else {
                return pooled
            }
            let variance = (cell.degrees * cell.deviation * cell.deviation + prior * pooled * pooled)
                / (cell.degrees + prior)
            return variance.squareRoot()
        }
    }


    /// The runs a cell gets whatever the other cells cost: as many as its equal part of ``SweepPlan/Budget/floorShare``
    /// of the budget buys at `secondsPerRun` (a hundredth of the budget at the most), and at least
    /// ``Estimate/fewestRunsForInterval`` (an interval of its own) where so many cost no more than a hundredth of the
    /// budget, kept between the budget's minimum and maximum. So a cheap cell's runs are never all bought by the
    /// minimums of dearer ones: at the default budget of 150 s over 104 cells, each cell's part is 0.29 s, 14 runs of
    /// 20 ms, of which it gets 12 (``SweepPlan/Budget/runs(_:)``); a cell of up to 250 ms a run (a step's time: a run
    /// of 50 ms in a fresh worker process costs twice that or more, its allocations counted in a run of their own) gets
    /// 6; a dear cell gets its minimum.
    /// A cell whose `minimum` is not the budget's (``minimums(secondsPerRun:budget:cells:groups:)``) has that
    /// minimum as the least.
    static func floor(secondsPerRun: Double, budget: SweepPlan.Budget, cells: Int, minimum: Int? = nil) -> Int {
        let part = min(SweepPlan.Budget.floorShare / Double(max(cells, 1)), 0.01) * budget.seconds
        var affordable = secondsPerRun > 0 ? part / secondsPerRun : 0
        let interval = Double(Estimate.fewestRunsForInterval)
        if interval * secondsPerRun <= budget.seconds / 100 {
            affordable = max(affordable, interval)
        }
        return budget.runs(Int(min(affordable, 1e6).rounded(.down)), minimum: minimum)
    }

    /// Each cell's fewest runs: the budget's ``SweepPlan/Budget/minimumRuns``, or its
    /// ``SweepPlan/Budget/pooledMinimumRuns`` for a cell too dear for ``Estimate/fewestRunsForInterval`` runs by its
    /// floor (``floor(secondsPerRun:budget:cells:minimum:)``) where ``PooledSpread/fewestCellsForPooledMinimum``
    /// such cells or more share its group: `groups` numbers each cell, alike for cells whose spreads pool
    /// (``PooledSpread/Group``); nil where none do.
    static func minimums(secondsPerRun: [Double], budget: SweepPlan.Budget, cells: Int, groups: [Int]?) -> [Int] {
        guard let pooled = budget.pooledMinimumRuns, let groups, groups.count == secondsPerRun.count else {
            return secondsPerRun.map { _ in budget.minimumRuns }
        }
        let dear = secondsPerRun.map {
            floor(secondsPerRun: $0, budget: budget, cells: cells) < Estimate.fewestRunsForInterval
        }
        var members: [Int: Int] = [:]
        for (group, isDear) in zip(groups, dear) where isDear {
            members[group, default: 0] += 1
        }
        return zip(groups, dear).map { group, isDear in
            let pools = isDear && members[group, default: 0] >= PooledSpread.fewestCellsForPooledMinimum
            return pools ? pooled : budget.minimumRuns
        }
    }

    /// How many recorded runs each cell gets in all, for the `remaining` seconds: those that narrow the cells'
    /// intervals most for the time. Each cell starts at its floor, what it gets whatever the others cost
    /// (``floor(secondsPerRun:budget:cells:)``, of a plan of `cells` cells, by default those given); then, as long
    /// as time is left, the step that narrows an interval most for what it costs is bought: a cell's next count of
    /// runs (``SweepPlan/Budget/counts``) or one of the three after it, narrowing the cell's interval by its spread
    /// times the fall in ``Estimate/expectedHalfWidth(count:)``, for the runs it adds at the cell's own cost per run,
    /// runs already made free. So the sum of the cells' half-widths (the `±` the tables show and compare weighs) is
    /// least, or nearly, for the time: cheap cells get more, and unsteady ones, and a dear cell its 6 runs, which
    /// narrow its interval from its 3's by two fifths, before a cheap cell its 50th. (For widths that shrink as one
    /// over the root of the runs this is runs in proportion to (spread / cost)^⅔; the Neyman allocation of stratified
    /// sampling, spread / √cost, makes the sum of the variances least instead, and spends most on the widest cells,
    /// where a run narrows a variance most and the `±` least.) If the floors alone cost more than is left, each cell
    /// gets its floor.
    ///
    /// Cells that pool their spread (`groups`, ``minimums(secondsPerRun:budget:cells:groups:)``) start at their
    /// pooled minimum, whose interval is weighed as the pooled one is
    /// (``PooledSpread/expectedHalfWidth(count:cells:)``): 2 runs of each of 4 cells narrower than 3 of one alone, so
    /// that their 6 come no sooner than a lone cell's.
    static func allocate(
        secondsPerRun: [Double], spreads: [Double]? = nil, budget: SweepPlan.Budget, remaining: Double,
        alreadyMade: [Int], cells: Int? = nil, groups: [Int]? = nil
    ) -> [Int] {
        let cells = cells ?? secondsPerRun.count
        let spreads = (spreads ?? secondsPerRun.map { _ in 1 }).map { max($0, 1e-6) }
        let minimums = Self.minimums(secondsPerRun: secondsPerRun, budget: budget, cells: cells, groups: groups)
        var counts = secondsPerRun.indices.map {
            floor(secondsPerRun: secondsPerRun[$0], budget: budget, cells: cells, minimum: minimums[$0])
        }
        let pooled = minimums.map { $0 != budget.minimumRuns }
        var pooling: [Int: Int] = [:]
        for (cell, isPooled) in pooled.enumerated() where isPooled {
            pooling[groups?[cell] ?? 0, default: 0] += 1
        }
        func width(_ cell: Int, _ count: Int) -> Double {
            guard pooled[cell], count < Estimate.fewestRunsForInterval else {
                return Estimate.expectedHalfWidth(count: count)
            }
            return PooledSpread.expectedHalfWidth(count: count, cells: pooling[groups?[cell] ?? 0] ?? 1)
        }
        let ladders = minimums.map { budget.counts(from: $0) }
        func cost(_ cell: Int, from count: Int, to target: Int) -> Double {
            Double(max(0, target - max(count, alreadyMade[cell]))) * secondsPerRun[cell]
        }
        var left = remaining - counts.indices.reduce(0) { $0 + cost($1, from: 0, to: counts[$1]) }
        /// A cell's best step that fits in what is left: its target and how much it narrows for each second.
        func bestStep(_ cell: Int) -> (target: Int, worth: Double)? {
            let count = counts[cell]
            let here = width(cell, count)
            var best: (target: Int, worth: Double)?
            for target in ladders[cell].lazy.filter({ $0 > count }).prefix(4) {
                let seconds = cost(cell, from: count, to: target)
                let narrowing = spreads[cell] * (here - width(cell, target))
                guard narrowing > 0, seconds <= left else {
                    continue
                }
                let worth = seconds > 0 ? narrowing / seconds : .infinity
                if worth > best?.worth ?? 0 {
                    best = (target, worth)
                }
            }
            return best
        }
        var steps = counts.indices.map(bestStep)
        while let cell = steps.indices.max(by: { (steps[$0]?.worth ?? 0) < (steps[$1]?.worth ?? 0) }),
            let step = steps[cell]
        {
            guard cost(cell, from: counts[cell], to: step.target) <= left else {
                // Less is left than when this step was weighed: weigh the cell's steps again.
                steps[cell] = bestStep(cell)
                continue
            }
            left -= cost(cell, from: counts[cell], to: step.target)
            counts[cell] = step.target
            steps[cell] = bestStep(cell)
        }
        return counts
    }
}

extension SweepPlan.Budget {
    /// The counts of recorded runs the sharing buys a cell: ``minimumRuns``, then every count from
    /// ``Estimate/fewestRunsForInterval`` up to ``maximumRuns`` that no fewer runs would beat (``runs(_:)``): 3, 6, 9,
    /// 12, 15, … for the default budget. Not 4 or 5: their intervals (Student's t) lean on a shape and the summary
    /// warns of them as few, so a cell's runs beyond its floor buy it an interval of its own or nothing.
    /// A cell whose minimum is `minimum` (a pooled one's, ``pooledMinimumRuns``) starts there: 2, 6, 9, ….
    func counts(from minimum: Int? = nil) -> [Int] {
        let minimum = minimum ?? minimumRuns
        let start = max(minimum, Estimate.fewestRunsForInterval)
        let past = start <= maximumRuns ? (start...maximumRuns).map { runs($0, minimum: minimum) } : []
        return Array(Set([minimum] + past)).sorted()
    }

    /// `runs` kept between the minimum (``minimumRuns``, or `minimum` where given) and ``maximumRuns``, then taken
    /// down to the most that do not widen a cell's interval (``Estimate/narrowestCount(atMost:)``): 8 runs of a cell
    /// become 6, whose interval is narrower, and the time of the two goes where runs narrow one.
    func runs(_ runs: Int, minimum: Int? = nil) -> Int {
        let minimum = minimum ?? minimumRuns
        return max(minimum, Estimate.narrowestCount(atMost: min(maximumRuns, max(minimum, runs))))
    }

    /// The least budget, in whole tens of seconds of recorded runs, whose sharing (a sweep's, from the start) gives
    /// every cell `runs` recorded runs or more, for cells whose runs take `secondsPerRun` each and have made
    /// `values` so far (their spreads weigh the sharing, as in a sweep); nil where `runs` is over ``maximumRuns``
    /// or no budget under a million seconds does. Not the sum of `runs` runs of each cell: the sharing gives the
    /// cheap and unsteady cells more first, up to ``maximumRuns``, so a dear cell reaches `runs` only once they
    /// have theirs. The early stop for ``precision`` is left out: cells that stop sooner leave time to the others,
    /// so with it a budget this large is still enough, and a smaller one may be.
    /// `groups` numbers the cells as the sharing (`SweepSchedule.allocate`) takes them: alike for cells whose spreads
    /// pool (``PooledSpread/Group/numbers(_:)``).
    public func leastSeconds(
        givingEach runs: Int, secondsPerRun: [Double], values: [[Double]], groups: [Int]? = nil
    ) -> Double? {
        guard runs <= maximumRuns, !secondsPerRun.isEmpty else {
            return nil
        }
        let perRun = secondsPerRun.map { max($0, 1e-4) }
        let spreads = SweepSchedule.spreads(of: values)
        func isEnough(tens: Int) -> Bool {
            var budget = self
            budget.seconds = Double(tens) * 10
            let counts = SweepSchedule.allocate(
                secondsPerRun: perRun, spreads: spreads, budget: budget, remaining: budget.seconds,
                alreadyMade: perRun.map { _ in 0 }, groups: groups)
            return counts.allSatisfy { $0 >= runs }
        }
        var high = 1
        while !isEnough(tens: high) {
            guard high < 100_000 else {
                return nil
            }
            high *= 2
        }
        // The counts grow with the budget: the least enough number of tens lies in (high / 2, high].
        var low = high / 2
        while high - low > 1 {
            let middle = (low + high) / 2
            if isEnough(tens: middle) {
                high = middle
            } else {
                low = middle
            }
        }
        return Double(high) * 10
    }
}
