import Foundation
import JobRunners
import Testing

@testable import BenchResults

extension ThreadingOverheadsTests {
    /// The order and number of a plan's runs, with a stand-in for the measurement, so that only the schedule is
    /// under test: exact repetitions, warm-ups, the seed, the budget's shares and the early stop for precision.
    @Suite struct SweepScheduleTests {
        static let cells = SweepPlan.cells(
            [.serialQueue, .singleThreaded, .task],
            [RunConfiguration(queues: 1, iterations: 100), RunConfiguration(queues: 4, iterations: 25)])
        static let machine = MachineInfo(
            host: "h", os: "os", kernel: "k", arch: "x86_64", cpuModel: "cpu", logicalCPUs: 2, memoryBytes: 1,
            swiftVersion: "6.3.1", build: "release")

        /// Runs `plan` with every run taking `nanoseconds(step)` (at once), warm-ups for the cells that `warmsUp`;
        /// returns the steps in order and the records.
        static func run(
            _ plan: SweepPlan, nanoseconds: @escaping (SweepPlan.Step) -> Int64 = { _ in 1_000_000 },
            warmsUp: (SweepPlan.Cell) -> Bool = { _ in true }
        ) -> (steps: [SweepPlan.Step], records: [ResultRecord]) {
            var steps: [SweepPlan.Step] = []
            let records = plan.run(
                machine: machine, warmsUp: warmsUp,
                measure: { step in
                    RunOutcome(
                        status: .ok, nanoseconds: nanoseconds(step), completedIterations: step.configuration.jobs,
                        startedAt: nil)
                },
                record: { _ in },
                observe: { event in
                    if case .willRun(_, _, let step) = event {
                        steps.append(step)
                    }
                })
            return (steps, records)
        }

        @Test("exact repetitions: every cell's warm-ups, then its runs numbered 1 to N, spread over shuffled rounds")
        func repetitions() {
            let plan = SweepPlan(cells: Self.cells, sampling: .repetitions(4), warmup: .runs(2), seed: 42)
            let (steps, records) = Self.run(plan)
            let warmups = steps.prefix { $0.repetition == nil }
            #expect(warmups.count == 2 * Self.cells.count)
            #expect(steps.dropFirst(warmups.count).allSatisfy { $0.repetition != nil })
            for cell in Self.cells {
                let mine = records.filter { $0.runner == cell.runner.id && $0.configuration == cell.configuration }
                #expect(mine.map(\.repetition) == [1, 2, 3, 4])
            }
            #expect(records.map(\.sequence) == Array(1...records.count))
            #expect(records.allSatisfy { $0.seed == 42 })
            // Round r holds every cell's repetition r: no cell runs twice before every cell has run once.
            for (index, record) in records.enumerated() {
                #expect(record.repetition == index / Self.cells.count + 1)
            }
        }

        @Test("cells whose runs warm up on their own (in a child process) get no warm-ups; the others do")
        func warmupsOnlyWhereAsked() {
            let plan = SweepPlan(cells: Self.cells, sampling: .repetitions(2), warmup: .runs(2), seed: 42)
            let (steps, records) = Self.run(plan, warmsUp: { $0.runner != .task })
            let warmups = steps.filter { $0.repetition == nil }
            #expect(warmups.count == 2 * 4)
            #expect(!warmups.contains { $0.runner == .task })
            #expect(records.count == 2 * Self.cells.count)
            let (stepsWithout, recordsWithout) = Self.run(plan, warmsUp: { _ in false })
            #expect(stepsWithout.allSatisfy { $0.repetition != nil })
            #expect(recordsWithout.count == 2 * Self.cells.count)
        }

        @Test("the seed decides the order: the same seed replays it, another seed shuffles it otherwise")
        func seed() {
            func order(_ seed: UInt64) -> [String] {
                Self.run(SweepPlan(cells: Self.cells, sampling: .repetitions(3), warmup: .runs(1), seed: seed)).steps
                    .map { "\($0.cell) \($0.repetition ?? 0)" }
            }
            #expect(order(7) == order(7))
            #expect(order(7) != order(8))
        }

        @Test("warm-ups until settled: two in a row within the tolerance end them; a cell that never settles stops at the maximum")
        func settling() {
            let plan = SweepPlan(cells: Self.cells, sampling: .repetitions(1), warmup: .settling, seed: 1)
            // Each task cell's warm-ups alternate between 1 and 2 ms, never within 10% of the one before; the others
            // are steady.
            var taskWarmups: [SweepPlan.Cell: Int] = [:]
            let (steps, _) = Self.run(plan) { step in
                guard step.repetition == nil, step.runner == .task else {
                    return 1_000_000
                }
                taskWarmups[step.cell, default: 0] += 1
                return taskWarmups[step.cell, default: 0].isMultiple(of: 2) ? 2_000_000 : 1_000_000
            }
            for cell in Self.cells {
                let warmups = steps.filter { $0.cell == cell && $0.repetition == nil }.count
                #expect(warmups == (cell.runner == .task ? 5 : 2), "\(cell)")
            }
        }

        @Test("warm-ups until settled also end once they have timed 0.1 s together, agreeing or not")
        func longWarmups() {
            let plan = SweepPlan(cells: Self.cells, sampling: .repetitions(1), warmup: .settling, seed: 1)
            // Every cell's warm-ups alternate between a time and twice it, never within 10% of the one before: the
            // task cells' first takes 150 ms, enough alone; the others' 30 and 60 ms, which time 0.03, 0.09, then
            // 0.12 s together.
            var made: [SweepPlan.Cell: Int] = [:]
            let (steps, _) = Self.run(plan) { step in
                guard step.repetition == nil else {
                    return 1_000_000
                }
                made[step.cell, default: 0] += 1
                let base: Int64 = step.runner == .task ? 150_000_000 : 30_000_000
                return made[step.cell, default: 0].isMultiple(of: 2) ? 2 * base : base
            }
            for cell in Self.cells {
                let warmups = steps.filter { $0.cell == cell && $0.repetition == nil }.count
                #expect(warmups == (cell.runner == .task ? 1 : 3), "\(cell)")
            }
        }

        @Test("a warm-up is a tenth of the cell's iterations, a hundredth for a runner that starts a thread per job")
        func warmupShapes() {
            let configuration = RunConfiguration(queues: 4, iterations: 2_500)
            let cells = SweepPlan.cells([.detachThread, .serialQueue], [configuration])
            let plan = SweepPlan(cells: cells, sampling: .repetitions(1), warmup: .runs(1), seed: 1)
            let (steps, _) = Self.run(plan)
            let warmups = Dictionary(
                steps.filter { $0.repetition == nil }.map { ($0.runner, $0.configuration.iterations) },
                uniquingKeysWith: { first, _ in first })
            #expect(warmups == [.detachThread: 25, .serialQueue: 250])
            #expect(steps.filter { $0.repetition != nil }.allSatisfy { $0.configuration == configuration })
            #expect(RunConfiguration(queues: 2, iterations: 50).withIterations(dividedBy: 100).iterations == 1)
        }

        @Test("a budget: runs that cost nothing stop once precise enough, never before the fewest that may stop")
        func precision() {
            let budget = SweepPlan.Budget(seconds: 60, precision: 0.01)
            let plan = SweepPlan(cells: Self.cells, sampling: .budget(budget), warmup: .runs(0), seed: 3)
            // Identical runs: the interval has no width, so each cell stops as soon as it may.
            let (_, records) = Self.run(plan)
            for cell in Self.cells {
                let count = records.filter { $0.runner == cell.runner.id && $0.configuration == cell.configuration }.count
                #expect(count == SweepSchedule.fewestRunsToStop, "\(cell)")
            }
        }

        /// Drives a budgeted schedule of ``cells`` directly, each cell's first recorded run taking `firstRun`
        /// seconds by the schedule's account and its others 1 ms, each costing `nanoseconds(step)` (by default, a
        /// nanosecond more each repetition: an interval of some width); returns the runs each cell got and the
        /// seconds spent.
        static func driveBudget(
            _ budget: SweepPlan.Budget, firstRun: Double,
            nanoseconds: (SweepPlan.Step) -> Int64 = { Int64(1_000 + ($0.repetition ?? 0)) }
        ) -> (runs: [SweepPlan.Cell: Int], spent: Double) {
            let seconds = { (repetition: Int) in repetition == 1 ? firstRun : 0.001 }
            let plan = SweepPlan(cells: Self.cells, sampling: .budget(budget), warmup: .runs(0), seed: 5)
            var schedule = SweepSchedule(plan: plan, warmsUp: { _ in false })
            var runs: [SweepPlan.Cell: Int] = [:]
            var spent = 0.0
            while let step = schedule.next() {
                let taken = seconds(step.repetition ?? 0)
                spent += taken
                runs[step.cell, default: 0] += 1
                let outcome = RunOutcome(
                    status: .ok, nanoseconds: nanoseconds(step), completedIterations: step.configuration.jobs,
                    startedAt: nil)
                schedule.finished(step, outcome, seconds: taken, value: outcome.nanoseconds.map(Double.init))
            }
            return (runs, spent)
        }

        @Test("a pilot that overstates what runs cost: the time it leaves is shared again until the budget is spent")
        func sharedAgain() {
            let budget = SweepPlan.Budget(seconds: 1, precision: 0, minimumRuns: 3, maximumRuns: 12)
            // Each cell's pilot run takes 100 ms and its others 1 ms: after the pilot, 0.4 s seem to pay for no
            // more than the minimums, which then take 12 ms in all.
            let (runs, spent) = Self.driveBudget(budget, firstRun: 0.1)
            for cell in Self.cells {
                #expect(runs[cell] == budget.maximumRuns, "\(cell)")
            }
            #expect(spent <= budget.seconds)
        }

        @Test("the budget spent on slow first runs: each cell still gets its floor, by what its later runs cost")
        func floorsAfterSpending() {
            let budget = SweepPlan.Budget(seconds: 1, precision: 0, minimumRuns: 3, maximumRuns: 30)
            // Each cell's first run takes 0.5 s (it started a worker, say), which spends the budget at once; its
            // later runs take 1 ms. A cell's part of a fifth of the budget is a hundredth of it at most, 10 ms: 10 runs
            // of 1 ms, which the first run's cost had hidden, of which 9, as the 10th would widen the interval.
            let (runs, _) = Self.driveBudget(budget, firstRun: 0.5)
            for cell in Self.cells {
                #expect(runs[cell] == 9, "\(cell)")
            }
        }

        @Test("time shared again never goes to a cell that stopped for precision")
        func sharedAgainSkipsStoppedCells() {
            let budget = SweepPlan.Budget(seconds: 1, precision: 0.01, minimumRuns: 3, maximumRuns: 30)
            // Pilot runs of 20 ms pay for 8 runs a cell; the others take 1 ms, so time is left to share again.
            // serial-queue's runs all cost the same, so it stops at 8; the others alternate between 1 and 2 µs and
            // never get precise.
            let (runs, _) = Self.driveBudget(budget, firstRun: 0.02) { step in
                step.runner == .serialQueue ? 1_000 : 1_000 * Int64(1 + (step.repetition ?? 0) % 2)
            }
            for cell in Self.cells {
                let expected = cell.runner == .serialQueue ? SweepSchedule.fewestRunsToStop : budget.maximumRuns
                #expect(runs[cell] == expected, "\(cell)")
            }
        }

        @Test("the budget learns the spreads as it goes: planned again at each tenth, unsteady cells get more runs")
        func learnsSpreads() {
            let budget = SweepPlan.Budget(seconds: 0.15, precision: 0, minimumRuns: 3, maximumRuns: 60)
            // Every run takes 1 ms: 150 runs for 6 cells. After the pilot no cell has a spread of its own (one run
            // each), so the first plan shares alike; the task cells' runs then jump between 1 and 3 µs, the others'
            // barely move, and the plans after it give the task cells the larger part: 37 runs each against 17 to 20
            // (shared alike to the end, 23 to 25 each).
            let (runs, spent) = Self.driveBudget(budget, firstRun: 0.001) { step -> Int64 in
                let repetition = Int64(step.repetition ?? 0)
                return step.runner == .task ? 1_000 * (1 + repetition % 3) : 1_000 + repetition
            }
            let unsteady = Self.cells.filter { $0.runner == .task }.compactMap { runs[$0] }
            let steady = Self.cells.filter { $0.runner != .task }.compactMap { runs[$0] }
            #expect(unsteady.count == 2 && steady.count == 4)
            #expect(unsteady.allSatisfy { count in steady.allSatisfy { 2 * count > 3 * $0 } }, "\(runs)")
            #expect(spent <= budget.seconds + 0.001)
        }

        @Test("the budget buys information: the narrowing most for the time, none that widen an interval, floors")
        func allocation() {
            let budget = SweepPlan.Budget(seconds: 10, minimumRuns: 3, maximumRuns: 30)
            // 1 ms and 1 s a run, one run each made: the cheap cell reaches its maximum for 29 ms, and the dear one
            // gets what is left, 9 more seconds' worth, less the last: its 10th run would widen its interval.
            let runs = SweepSchedule.allocate(
                secondsPerRun: [0.001, 1.0], budget: budget, remaining: 9.03, alreadyMade: [1, 1])
            #expect(runs == [30, 9])
            // Counts that widen an interval are never bought: 7 or 8 runs become 6, 10 or 11 become 9; nor 4 or 5,
            // whose intervals lean on a shape: 5 seconds for runs of 1 s buy the minimum, 3.
            #expect(SweepSchedule.allocate(secondsPerRun: [1], budget: budget, remaining: 8, alreadyMade: [0]) == [6])
            #expect(
                SweepSchedule.allocate(secondsPerRun: [1], budget: budget, remaining: 11, alreadyMade: [0]) == [9])
            #expect(SweepSchedule.allocate(secondsPerRun: [1], budget: budget, remaining: 5, alreadyMade: [0]) == [3])
            // 125 ms and 1 s a run: the cheap cell first, to 12 runs; then the dear cell's 6, whose interval (its
            // own) is two fifths narrower than its 3's, before the cheap cell's 15th.
            #expect(
                SweepSchedule.allocate(secondsPerRun: [0.125, 1], budget: budget, remaining: 7.5, alreadyMade: [0, 0])
                    == [12, 6])
            // Two dear cells alike share alike; where only one can have its 6, the more unsteady one gets them.
            #expect(SweepSchedule.allocate(secondsPerRun: [1, 1], budget: budget, remaining: 10, alreadyMade: [1, 1]) == [6, 6])
            #expect(
                SweepSchedule.allocate(
                    secondsPerRun: [1, 1], spreads: [1, 2], budget: budget, remaining: 9, alreadyMade: [0, 0]) == [3, 6])
            // Too little time for the minimums: each gets its minimum all the same.
            #expect(SweepSchedule.allocate(secondsPerRun: [1, 2], budget: budget, remaining: 0.5, alreadyMade: [1, 1]) == [3, 3])
            // Over the budget already: every cell still gets what its part of a fifth of the budget buys (of 150 s
            // over 3 cells, a hundredth each at most: 1.5 s), a cheap one its maximum, one of 250 ms six, a dear one
            // its minimum.
            let sweep = SweepPlan.Budget(seconds: 150, minimumRuns: 3, maximumRuns: 30)
            #expect(
                SweepSchedule.allocate(
                    secondsPerRun: [0.001, 0.25, 2], budget: sweep, remaining: -5, alreadyMade: [1, 1, 1]) == [30, 6, 3])
            // Over the default sweep's 104 cells, a part is 0.29 s: 14 runs of 20 ms, of which 12, as the 13th and
            // 14th would widen the interval.
            #expect(SweepSchedule.floor(secondsPerRun: 0.02, budget: sweep, cells: 104) == 12)
            // A cell whose six runs cost no more than a hundredth of the budget gets six, an interval of its own:
            // up to 250 ms a run at 150 s; one of 260 ms its part's one run, so its minimum.
            #expect(SweepSchedule.floor(secondsPerRun: 0.06, budget: sweep, cells: 104) == 6)
            #expect(SweepSchedule.floor(secondsPerRun: 0.25, budget: sweep, cells: 104) == 6)
            #expect(SweepSchedule.floor(secondsPerRun: 0.26, budget: sweep, cells: 104) == 3)
            #expect(SweepSchedule.floor(secondsPerRun: .infinity, budget: sweep, cells: 104) == 3)
        }

        @Test("the budget that buys every cell 6 runs: the sharing's, more than 6 runs of each, as cheap cells get theirs first")
        func leastBudget() throws {
            let budget = SweepPlan.Budget(seconds: 60)
            // Ten cells of 10 ms a run and one of 3 s, alike in spread: 6 runs of each take 18.6 s (20 in tens, the
            // old figure, under which the dear cell gets 5), but the sharing gives the cheap cells 58 each first (the
            // most up to 60 that do not widen an interval).
            let perRun = Array(repeating: 0.01, count: 10) + [3.0]
            let values = perRun.map { seconds in [1.0, 1.1, 1.2].map { $0 * seconds * 1e9 } }
            let least = try #require(budget.leastSeconds(givingEach: 6, secondsPerRun: perRun, values: values))
            #expect(least == 30)
            func counts(_ seconds: Double) -> [Int] {
                var shared = budget
                shared.seconds = seconds
                return SweepSchedule.allocate(
                    secondsPerRun: perRun, spreads: SweepSchedule.spreads(of: values), budget: shared,
                    remaining: seconds, alreadyMade: perRun.map { _ in 0 })
            }
            #expect(counts(least).allSatisfy { $0 >= 6 })
            #expect(!counts(least - 10).allSatisfy { $0 >= 6 })
            #expect(budget.leastSeconds(givingEach: budget.maximumRuns + 1, secondsPerRun: perRun, values: values) == nil)
        }

        @Test("a cell's spread for the budget: its own, shrunk toward the others'; equal while none has three runs")
        func spreads() throws {
            #expect(SweepSchedule.spreads(of: [[1, 2], [5]]) == [1, 1])
            let spreads = SweepSchedule.spreads(of: [[100, 100, 100], [100, 110, 90, 105], [100, 120, 80], [7]])
            // The steady cell is not taken for one that needs nothing, the cell without three runs gets the median.
            #expect(spreads[0] > 0 && spreads[0] < spreads[1])
            #expect(spreads[2] > spreads[1])
            let median = try #require(Statistics.median([0, Statistics.standardDeviation([100, 110, 90, 105].map(log)) ?? 0,
                                                         Statistics.standardDeviation([100, 120, 80].map(log)) ?? 0]))
            #expect(abs(spreads[3] - median) < 1e-12)
        }
    }
}
