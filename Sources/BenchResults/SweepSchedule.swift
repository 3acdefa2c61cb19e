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
///    and unsteady ones more, and every cell what its part of a fifth of the budget buys whatever the others cost),
///    placed at stratified random points of the rest of the sweep, so each cell's are spread evenly over it, and run
///    in that order. At each tenth of the budget spent (``replanningPoints``), and whenever the runs planned are all
///    made, the runs not yet made are planned again the same way, by the costs and spreads the runs so far show,
///    among the cells that have not stopped: with time left (a pilot run that came out slow overstates what a
///    cell's runs cost), it is shared again; with none, each cell still gets its floor. A cell whose estimate is
///    within the precision asked, with its minimum runs made, drops the rest of its runs; once the budget is spent,
///    so does every cell that has its floor.
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
    /// The ``replanningPoints`` passed so far.
    private var replanned = 0
    /// Runs planned so far, made ones included.
    private(set) var planned = 0

    /// The fractions of a budget at which the runs not yet made are planned again (``allocate``), by what the runs
    /// made so far show of each cell's cost and spread: every tenth. The plan after the pilot round knows each
    /// cell's cost from one run and no cell's spread (one value each: all count as alike), so it shares by cost
    /// alone; kept to the end, as it was until 2026-11-28, a steady cell got as many runs as an unsteady one of its
    /// cost (docs/validation.md, "The budget learns the spreads as it goes").
    static let replanningPoints = (1...9).map { Double($0) / 10 }

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
        /// The fewest recorded runs it gets, as last planned: the budget's minimum, or the pooled one
        /// (``SweepSchedule/minimums(secondsPerRun:budget:cells:groups:)``); nil before the first plan.
        var minimum: Int?

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
        let passed = Self.replanningPoints.filter { spent >= $0 * budget.seconds }.count
        if passed > replanned {
            replanned = passed
            planRecordedRuns(budget)
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

    /// After the pilot round, at each of the ``replanningPoints``, and whenever the runs planned are made: the runs
    /// not yet made are forgotten, and each cell that has not stopped gets its runs by ``allocate``, at stratified
    /// random points of the rest of the sweep.
    private mutating func planRecordedRuns(_ budget: SweepPlan.Budget) {
        planned -= queue.count
        queue.removeAll()
        for (cell, record) in cells {
            cells[cell]?.plannedRuns = record.seconds.count
        }
        let active = plan.cells.filter { cell in cells[cell].map { !Self.isPrecise($0, budget) } ?? true }
        let secondsPerRun = active.map { max(cells[$0]?.secondsPerRun ?? 0, 1e-4) }
        let groups = PooledSpread.Group.numbers(
            active.map { PooledSpread.Group(runner: $0.runner.id, configuration: $0.configuration) })
        let minimums = Self.minimums(
            secondsPerRun: secondsPerRun, budget: budget, cells: plan.cells.count, groups: groups)
        for (cell, minimum) in zip(active, minimums) {
            cells[cell]?.minimum = minimum
        }
        let runs = Self.allocate(
            secondsPerRun: secondsPerRun, spreads: Self.spreads(of: active.map { cells[$0]?.values ?? [] }),
            budget: budget, remaining: budget.seconds - spent,
            alreadyMade: active.map { cells[$0]?.seconds.count ?? 0 }, cells: plan.cells.count, groups: groups)
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

    /// The runs a cell gets whatever the others cost (``floor(secondsPerRun:budget:cells:)``), by what its runs
    /// have cost so far.
    private func floor(_ record: CellRecord, _ budget: SweepPlan.Budget) -> Int {
        Self.floor(
            secondsPerRun: record.secondsPerRun ?? .infinity, budget: budget, cells: plan.cells.count,
            minimum: record.minimum)
    }

}
