import Foundation
import JobRunners

/// The order of a plan's runs, decided as they go.
///
/// 1. Warm-ups: rounds over the cells still warming up, each round in a shuffled order. With
///    ``SweepPlan/Warmup/untilSettled(maximum:tolerance:)`` a cell stops warming up once two warm-ups in a row cost
///    the same per job within the tolerance, or once they have timed ``SweepPlan/Warmup/longEnough`` together.
/// 2. Recorded runs. With ``SweepPlan/Sampling/repetitions(_:)``: rounds of every cell, each in a shuffled order.
///    Under a ``SweepPlan/Budget``: a pilot round (one run of every cell, shuffled) shows what a run of each cell
///    costs; then each cell gets the runs that narrow the intervals most for the budget (``allocate``: cheap cells
///    and unsteady ones more, and every cell what its part of a fifth of the budget buys whatever the others cost);
///    then every cell's runs
///    are placed at stratified random points of the rest of the sweep, so each is spread evenly over it, and run in
///    that order. A cell whose estimate is within the precision asked, with its minimum runs made, drops the rest
///    of its runs; once the budget is spent, so does every cell that has its floor. Once the runs planned are all
///    made, they are planned again by what the runs made so far cost, among the cells that have not stopped: with
///    time left (a pilot run that came out slow overstates what a cell's runs cost), the time left is shared again;
///    with none, each cell still gets its floor.
///
/// All randomness comes from a generator seeded with the plan's seed.
struct SweepSchedule {
    private let plan: SweepPlan
    private var generator: SplitMix64
    /// Runs planned and not yet made, in order.
    private var queue: [SweepPlan.Step] = []
    private var phase: Phase
    private var cells: [SweepPlan.Cell: CellRecord] = [:]
    /// Seconds of every run so far.
    private var spent = 0.0
    /// Runs planned so far, made ones included.
    private(set) var planned = 0

    /// A cell stops early for precision only with this many runs at least: below 6 the 95% interval of a median
    /// is the whole sample, whose coverage is far less than 95% (75% for 3 runs); 8 leaves a margin.
    static let fewestRunsToStop = 8

    private enum Phase {
        case warmingUp(round: Int)
        case piloting
        case recording
    }

    /// What the schedule knows of a cell so far.
    private struct CellRecord {
        /// Costs per job of the warm-ups, in order.
        var warmupCosts: [Double] = []
        /// What each warm-up's seconds come to at the cell's full iterations.
        var warmupSecondsScaled: [Double] = []
        var isWarm = false
        /// Seconds of the recorded runs, and the values its precision is judged on: the times of the `ok` ones in
        /// nanoseconds or, for steps that make a run of each of two builds, the ratios of the pairs.
        var seconds: [Double] = []
        var values: [Double] = []
        /// Recorded runs planned so far, made or not.
        var plannedRuns = 0

        /// Seconds a recorded run takes, by the runs so far (their median: a run that started a fresh worker
        /// process costs more than the cell's runs do); the last warm-up's, scaled to the cell's iterations, before
        /// any.
        var secondsPerRun: Double? {
            Statistics.median(seconds) ?? warmupSecondsScaled.last
        }
    }

    /// A schedule for `plan`, with warm-ups for the cells that `warmsUp`; the others count as warm from the start.
    init(plan: SweepPlan, warmsUp: (SweepPlan.Cell) -> Bool) {
        self.plan = plan
        generator = SplitMix64(seed: plan.seed)
        let warming = plan.mostRunsPerCell.warmups > 0 ? plan.cells.filter(warmsUp) : []
        for cell in plan.cells {
            cells[cell] = CellRecord(isWarm: !warming.contains(cell))
        }
        if !warming.isEmpty {
            phase = .warmingUp(round: 1)
            enqueue(warming.shuffled(using: &generator).map { SweepPlan.Step(cell: $0, repetition: nil) })
        } else {
            phase = .piloting
            startRecording()
        }
    }

    /// The next run to make; nil when the sweep is done.
    mutating func next() -> SweepPlan.Step? {
        if queue.isEmpty {
            advance()
        }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    /// Takes note of a run made: `seconds` it took, and `value`, what the cell's precision is judged on (the run's
    /// time in nanoseconds; in `bench interleave`, the ratio of a pair of builds' runs), nil if it failed.
    mutating func finished(_ step: SweepPlan.Step, _ outcome: RunOutcome, seconds: Double, value: Double?) {
        spent += seconds
        let jobs = Double(step.configuration.jobs)
        guard step.repetition != nil else {
            cells[step.cell]?.warmupSecondsScaled.append(seconds * Double(step.cell.configuration.jobs) / jobs)
            // A warm-up that is not ok counts as settled: warming up cannot help a run that fails.
            cells[step.cell]?.warmupCosts.append(outcome.nanoseconds.map { Double($0) / jobs } ?? .nan)
            return
        }
        cells[step.cell]?.seconds.append(seconds)
        if let value {
            cells[step.cell]?.values.append(value)
        }
        guard case .budget(let budget) = plan.sampling, case .recording = phase, let record = cells[step.cell] else {
            return
        }
        if Self.isPrecise(record, budget) {
            drop(step.cell)
        }
        if spent > budget.seconds {
            for (cell, record) in cells where record.seconds.count >= floor(record, budget) {
                drop(cell)
            }
        }
    }

    /// Seconds the runs still planned will take, by what runs of each cell took so far; nil while the runs to come
    /// are not yet planned (warm-ups, and a budget's pilot runs, decide them), when no estimate would be honest.
    var secondsLeft: Double? {
        switch phase {
        case .warmingUp:
            return nil
        case .piloting:
            if case .budget = plan.sampling {
                return nil
            }
        case .recording:
            break
        }
        return queue.reduce(0) { total, step in
            // A warm-up takes its share of the cell's iterations (``RunnerCell/warmupShape``).
            let share = Double(step.configuration.jobs) / Double(max(1, step.cell.configuration.jobs))
            return total + (cells[step.cell]?.secondsPerRun ?? 0) * share
        }
    }

    private mutating func enqueue(_ steps: [SweepPlan.Step]) {
        queue += steps
        planned += steps.count
    }

    /// Removes the runs of `cell` still planned: its planned runs are then the ones made.
    private mutating func drop(_ cell: SweepPlan.Cell) {
        let before = queue.count
        queue.removeAll { $0.cell == cell }
        planned -= before - queue.count
        if let made = cells[cell]?.seconds.count {
            cells[cell]?.plannedRuns = made
        }
    }

    /// Plans the next runs, once those planned are made.
    private mutating func advance() {
        switch phase {
        case .warmingUp(let round):
            for (cell, record) in cells where !record.isWarm && isSettled(record, of: cell, after: round) {
                cells[cell]?.isWarm = true
            }
            let cold = plan.cells.filter { cells[$0]?.isWarm == false }
            if cold.isEmpty {
                phase = .piloting
                startRecording()
            } else {
                phase = .warmingUp(round: round + 1)
                enqueue(cold.shuffled(using: &generator).map { SweepPlan.Step(cell: $0, repetition: nil) })
            }
        case .piloting:
            phase = .recording
            guard case .budget(let budget) = plan.sampling else {
                return
            }
            planRecordedRuns(budget)
        case .recording:
            // With time left, it is shared again; spent, a cell whose floor its runs so far show to be more than it
            // got (its first run, which started a worker, overstated its cost) gets the rest of its floor.
            guard case .budget(let budget) = plan.sampling else {
                return
            }
            planRecordedRuns(budget)
        }
    }

    /// Whether a cell has warmed up enough after `round` warm-up rounds.
    private func isSettled(_ record: CellRecord, of cell: SweepPlan.Cell, after round: Int) -> Bool {
        switch plan.warmup {
        case .runs(let count):
            return round >= count
        case .untilSettled(let maximum, let tolerance):
            let costs = record.warmupCosts
            guard round < maximum, let last = costs.last, !last.isNaN else {
                return true
            }
            let timed = costs.reduce(0) { $0 + $1 } * Double(cell.warmupShape.jobs) / 1e9
            guard costs.count >= 2 else {
                return timed >= SweepPlan.Warmup.longEnough
            }
            let previous = costs[costs.count - 2]
            return abs(last - previous) <= tolerance * min(last, previous) || timed >= SweepPlan.Warmup.longEnough
        }
    }

    /// The first recorded runs: every round of fixed repetitions, or a budget's pilot round.
    private mutating func startRecording() {
        switch plan.sampling {
        case .repetitions(let count):
            for _ in 0..<max(1, count) {
                enqueueRecorded(plan.cells.shuffled(using: &generator))
            }
            phase = .recording
        case .budget:
            enqueueRecorded(plan.cells.shuffled(using: &generator))
        }
    }

    /// One recorded run of each of `cells`, in that order.
    private mutating func enqueueRecorded(_ order: [SweepPlan.Cell]) {
        enqueue(
            order.map { cell in
                cells[cell]?.plannedRuns += 1
                return SweepPlan.Step(cell: cell, repetition: cells[cell]?.plannedRuns ?? 1)
            })
    }

    /// Whether a cell's estimate is within the budget's precision, with the runs it takes to stop made: such a
    /// cell gets no more runs.
    private static func isPrecise(_ record: CellRecord, _ budget: SweepPlan.Budget) -> Bool {
        guard record.seconds.count >= max(budget.minimumRuns, fewestRunsToStop),
            let width = Estimate.relativeHalfWidth(record.values)
        else {
            return false
        }
        return width <= budget.precision
    }

    /// After the pilot round, and again whenever the runs planned are made with time left: the runs of each cell
    /// that has not stopped, by ``allocate``, at stratified random points of the rest of the sweep.
    private mutating func planRecordedRuns(_ budget: SweepPlan.Budget) {
        let active = plan.cells.filter { cell in cells[cell].map { !Self.isPrecise($0, budget) } ?? true }
        let secondsPerRun = active.map { max(cells[$0]?.secondsPerRun ?? 0, 1e-4) }
        let runs = Self.allocate(
            secondsPerRun: secondsPerRun, spreads: Self.spreads(of: active.map { cells[$0]?.values ?? [] }),
            budget: budget, remaining: budget.seconds - spent,
            alreadyMade: active.map { cells[$0]?.seconds.count ?? 0 }, cells: plan.cells.count)
        var placed: [(position: Double, cell: SweepPlan.Cell)] = []
        for (cell, total) in zip(active, runs) {
            let more = total - (cells[cell]?.plannedRuns ?? 0)
            for index in 0..<max(0, more) {
                let position = (Double(index) + Double.random(in: 0..<1, using: &generator)) / Double(more)
                placed.append((position, cell))
            }
        }
        placed.sort { $0.position < $1.position }
        enqueueRecorded(placed.map(\.cell))
    }

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

    /// The runs a cell gets whatever the others cost (``floor(secondsPerRun:budget:cells:)``), by what its runs
    /// have cost so far.
    private func floor(_ record: CellRecord, _ budget: SweepPlan.Budget) -> Int {
        Self.floor(secondsPerRun: record.secondsPerRun ?? .infinity, budget: budget, cells: plan.cells.count)
    }

    /// The runs a cell gets whatever the other cells cost: as many as its equal part of ``SweepPlan/Budget/floorShare``
    /// of the budget buys at `secondsPerRun` (a hundredth of the budget at the most), and at least
    /// ``Estimate/fewestRunsForInterval`` (an interval of its own) where so many cost no more than a hundredth of the
    /// budget, kept between the budget's minimum and maximum. So a cheap cell's runs are never all bought by the
    /// minimums of dearer ones: at the default budget of 150 s over 104 cells, each cell's part is 0.29 s, 14 runs of
    /// 20 ms, of which it gets 12 (``SweepPlan/Budget/runs(_:)``); a cell of up to 250 ms a run (a step's time: a run
    /// of 50 ms in a fresh worker process costs twice that or more, its allocations counted in a run of their own) gets
    /// 6; a dear cell gets its minimum.
    static func floor(secondsPerRun: Double, budget: SweepPlan.Budget, cells: Int) -> Int {
        let part = min(SweepPlan.Budget.floorShare / Double(max(cells, 1)), 0.01) * budget.seconds
        var affordable = secondsPerRun > 0 ? part / secondsPerRun : 0
        let interval = Double(Estimate.fewestRunsForInterval)
        if interval * secondsPerRun <= budget.seconds / 100 {
            affordable = max(affordable, interval)
        }
        return budget.runs(Int(min(affordable, 1e6).rounded(.down)))
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
    static func allocate(
        secondsPerRun: [Double], spreads: [Double]? = nil, budget: SweepPlan.Budget, remaining: Double,
        alreadyMade: [Int], cells: Int? = nil
    ) -> [Int] {
        let cells = cells ?? secondsPerRun.count
        let spreads = (spreads ?? secondsPerRun.map { _ in 1 }).map { max($0, 1e-6) }
        var counts = secondsPerRun.map { floor(secondsPerRun: $0, budget: budget, cells: cells) }
        let ladder = budget.counts
        func cost(_ cell: Int, from count: Int, to target: Int) -> Double {
            Double(max(0, target - max(count, alreadyMade[cell]))) * secondsPerRun[cell]
        }
        var left = remaining - counts.indices.reduce(0) { $0 + cost($1, from: 0, to: counts[$1]) }
        /// A cell's best step that fits in what is left: its target and how much it narrows for each second.
        func bestStep(_ cell: Int) -> (target: Int, worth: Double)? {
            let count = counts[cell]
            let width = Estimate.expectedHalfWidth(count: count)
            var best: (target: Int, worth: Double)?
            for target in ladder.lazy.filter({ $0 > count }).prefix(4) {
                let seconds = cost(cell, from: count, to: target)
                let narrowing = spreads[cell] * (width - Estimate.expectedHalfWidth(count: target))
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
    var counts: [Int] {
        let start = max(minimumRuns, Estimate.fewestRunsForInterval)
        let past = start <= maximumRuns ? (start...maximumRuns).map(runs) : []
        return Array(Set([minimumRuns] + past)).sorted()
    }

    /// `runs` kept between ``minimumRuns`` and ``maximumRuns``, then taken down to the most that do not widen a cell's
    /// interval (``Estimate/narrowestCount(atMost:)``): 8 runs of a cell become 6, whose interval is narrower, and
    /// the time of the two goes where runs narrow one.
    func runs(_ runs: Int) -> Int {
        max(minimumRuns, Estimate.narrowestCount(atMost: min(maximumRuns, max(minimumRuns, runs))))
    }

    /// The least budget, in whole tens of seconds of recorded runs, whose sharing (a sweep's, from the start) gives
    /// every cell `runs` recorded runs or more, for cells whose runs take `secondsPerRun` each and have made
    /// `values` so far (their spreads weigh the sharing, as in a sweep); nil where `runs` is over ``maximumRuns``
    /// or no budget under a million seconds does. Not the sum of `runs` runs of each cell: the sharing gives the
    /// cheap and unsteady cells more first, up to ``maximumRuns``, so a dear cell reaches `runs` only once they
    /// have theirs. The early stop for ``precision`` is left out: cells that stop sooner leave time to the others,
    /// so with it a budget this large is still enough, and a smaller one may be.
    public func leastSeconds(givingEach runs: Int, secondsPerRun: [Double], values: [[Double]]) -> Double? {
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
                alreadyMade: perRun.map { _ in 0 })
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
