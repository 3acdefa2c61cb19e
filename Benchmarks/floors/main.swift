// How close each runner is to its mechanism's floor, what the harness costs, and whether cost and memory grow as
// they should: the figures of docs/floors.md.
//
//     swift run -c release floors
//
// Every figure is a median of runs made in this process, the runs compared by a ratio made in shuffled rounds or in
// alternation, so that they meet the same conditions. It takes about 3 minutes on a 2-core machine.

import BenchResults
import Foundation
import JobRunners
import Synchronization

#if DEBUG
print("WARNING: this is a DEBUG build; its figures are meaningless. Run: swift run -c release floors\n")
#endif

func perJob(_ report: Report, _ runner: RunnerKind, _ configuration: RunConfiguration) -> Double? {
    report.nanosecondsPerJob(runner, at: configuration)
}

func table(_ columns: [String], _ rows: [[String]]) {
    print(Format.table(columns, rows))
    print()
}

let machine = MachineInfo.current()
let catalogue = RunnerCatalogue.builtIn
print("Machine: \(machine.host) · \(machine.cpuModel) · \(machine.logicalCPUs ?? 0) logical CPUs · \(machine.os) · Swift \(machine.swiftVersion) (\(machine.build))\n")

// 1. Each Swift runner against its floor, the two measured in shuffled rounds. A run of 100,000 jobs takes well under a
// millisecond for the cheapest runners, where one preemption moves a run by half, so they get 21 repetitions; the
// runners that start a thread per job take over a second a run and get 5.
let reference = RunConfiguration(queues: 8, iterations: 12_500)
let targets: [RunnerKind: Double] = [
    .singleThreaded: 2, .serialQueue: 3, .globalQueue: 3, .detachThread: 1.5, .runLoop: 1.5, .threadPool: 1.5,
]
// Each runner with a floor that runs chains (mutex and its floor run only contention, measured in section 3).
let paired = catalogue.runners.filter { catalogue.floor(of: $0.id) != nil && $0.traits.shapes.contains(reference.shape) }
/// Median cost per job at `reference` of each runner measured here, in nanoseconds.
var referenceCost: [RunnerKind: Double] = [:]
var floorRows: [[String]] = []
for runner in paired {
    guard let floor = catalogue.floor(of: runner.id) else {
        continue
    }
    let repetitions = runner.traits.startsThreadPerJob ? 5 : 21
    let report = Report.measure(
        SweepPlan(runners: [runner, floor], configurations: [reference], repetitions: repetitions, warmup: 1),
        machine: machine)
    referenceCost[runner] = perJob(report, runner, reference)
    referenceCost[floor] = perJob(report, floor, reference)
    guard let cost = referenceCost[runner], let floorCost = referenceCost[floor] else {
        floorRows.append([runner.id, "\(repetitions)", "-", "-", "-", "-", "no ok run"])
        continue
    }
    let ratio = cost / floorCost
    let target = targets[runner] ?? 1
    floorRows.append([
        runner.id, "\(repetitions)", Format.perJob(nanoseconds: cost), Format.perJob(nanoseconds: floorCost),
        Format.ratio(ratio) + "×", "≤ " + Format.number(target) + "×", ratio <= target ? "meets" : "misses",
    ])
}
print("Each runner against its C floor: \(reference) (100,000 jobs), median cost per job of the runs")
table(["runner", "runs", "runner", "floor", "ratio", "target", ""], floorRows)

// 2. The harness's own cost.
/// The fastest of 5 loops of `count` relaxed increments of one counter, in nanoseconds per increment.
func incrementCost(count: Int) -> Double {
    let counter = Atomic<Int>(0)
    var fastest = Int64.max
    for _ in 0..<5 {
        let start = MonotonicClock.now()
        for _ in 0..<count {
            counter.wrappingAdd(1, ordering: .relaxed)
        }
        fastest = min(fastest, MonotonicClock.nanoseconds(from: start, to: MonotonicClock.now()))
    }
    return Double(fastest) / Double(count)
}
let increment = incrementCost(count: 50_000_000)
let small = RunConfiguration(queues: 1, iterations: 1)
let large = RunConfiguration(queues: 1, iterations: 1_000_000)
let nullReport = Report.measure(
    SweepPlan(runners: [.null], configurations: [small, large], repetitions: 21, warmup: 3), machine: machine)
let fixed = nullReport.cell(RunnerKind.null.id, at: small)?.median.map { $0 * 1e9 }
let nullPerJob = perJob(nullReport, .null, large)
print("The harness's own cost")
table(
    ["what", "cost"],
    [
        ["one relaxed atomic increment of a counter (fastest of 5 loops of 50M)", Format.perJob(nanoseconds: increment)],
        ["a null run, per job: the job's bookkeeping and the increment (1×1000000, median of 21)", nullPerJob.map(Format.perJob(nanoseconds:)) ?? "-"],
        ["a run's fixed cost: a 1×1 null run, queuing to the completion report (median of 21)", fixed.map(Format.perJob(nanoseconds:)) ?? "-"],
        ["the floor's single-threaded job, per job, for comparison (\(reference))", referenceCost[.floorSingleThreaded].map(Format.perJob(nanoseconds:)) ?? "-"],
    ])

// 3. What sampling latency costs. The null runner, the harness alone on one thread, measured with and without samples
// gives the samples' cost per job (per round trip in ping-pong) free of any mechanism's noise: timed on a
// mechanism, a cell's modes (one thread or two, for Dispatch and the pool) moved its median by more than the
// samples cost. That cost is set against the cheapest hand-off of the shape, measured in the same shuffled plan:
// `single-threaded`'s job in a chain, `thread-pool`'s round trip in ping-pong, `mutex`'s message in contention (4
// senders). The target: under 10% of it.
let chainShape = RunConfiguration(queues: 1, iterations: 100_000)
let pingPongShape = RunConfiguration(queues: 1, iterations: 10_000, shape: .pingPong)
func sampling(_ configuration: RunConfiguration, _ measures: Bool) -> RunConfiguration {
    var configuration = configuration
    configuration.measuresLatency = measures
    return configuration
}
let contentionShape = RunConfiguration(queues: 4, iterations: 25_000, shape: .contention)
let samplingShapes: [(configuration: RunConfiguration, cheapest: RunnerKind)] = [
    (chainShape, .singleThreaded), (pingPongShape, .threadPool), (contentionShape, .mutex),
]
let samplingCells = samplingShapes.flatMap { shape in
    [
        SweepPlan.Cell(runner: .null, configuration: sampling(shape.configuration, false)),
        SweepPlan.Cell(runner: .null, configuration: sampling(shape.configuration, true)),
        SweepPlan.Cell(runner: shape.cheapest, configuration: sampling(shape.configuration, false)),
    ]
}
let samplingReport = Report.measure(
    SweepPlan(cells: samplingCells, sampling: .repetitions(21), warmup: .runs(2)), machine: machine)
var samplingRows: [[String]] = []
for shape in samplingShapes {
    let configuration = shape.configuration
    guard let without = perJob(samplingReport, .null, sampling(configuration, false)),
        let with = perJob(samplingReport, .null, sampling(configuration, true)),
        let cheapest = perJob(samplingReport, shape.cheapest, sampling(configuration, false)), cheapest > 0
    else {
        samplingRows.append([configuration.shape.rawValue, "-", "-", "-", "-", "-", "no ok run"])
        continue
    }
    let share = (with - without) / cheapest
    samplingRows.append([
        "\(configuration.shape) (one \(configuration.shape.jobName) in "
            + "\(configuration.shape.latencySampleEvery / configuration.shape.parties))",
        Format.perJob(nanoseconds: without), Format.perJob(nanoseconds: with),
        Format.perJob(nanoseconds: with - without),
        "\(shape.cheapest.id) \(Format.perJob(nanoseconds: cheapest))", String(format: "%.1f%%", share * 100),
        share < 0.10 ? "meets" : "misses",
    ])
}
print("What sampling latency costs per job (per round trip in ping-pong, per message in contention): the null runner,")
print("median of 21 runs without and with samples, against the cheapest hand-off of the shape; target under 10% of it")
table(["shape (timed)", "null", "null, sampled", "added", "cheapest hand-off", "share", ""], samplingRows)

// 4. Cost grows linearly: each runner at N jobs and at 2N, N chosen from a pilot run so that a run of N takes about
// 200 ms (long enough that a run's fixed cost and a passing hiccup of the machine are small beside it). Runs of N and
// 2N alternate, and each pair's ratio is taken on its own: on a shared machine a run of a contended runner
// (thread-pool, task) can take 3 times as long as the run before it, and a pair made back to back shares most of
// that. The figure is the median of 9 pairs.
let measured = catalogue.runners.filter { (!$0.traits.isOptIn || $0 == .null) && $0.traits.shapes.contains(.chain) }
let pairs = 9
/// One run's cost per job in nanoseconds, for choosing sizes; nil when it did not finish ok.
func pilotCost(_ runner: RunnerKind) -> Double? {
    let pilot = RunConfiguration(queues: 8, iterations: 1_250)
    let report = Report.measure(
        SweepPlan(runners: [runner], configurations: [pilot], repetitions: 1, warmup: 1), machine: machine)
    return perJob(report, runner, pilot)
}
var linearRows: [[String]] = []
for runner in measured {
    guard let cost = pilotCost(runner) else {
        linearRows.append([runner.id, "-", "-", "-", "-", "-", "no ok pilot run"])
        continue
    }
    let iterations = min(max(Int(0.2e9 / cost / 8 / 100) * 100, 500), 5_000_000)
    let single = RunConfiguration(queues: 8, iterations: iterations)
    let double = RunConfiguration(queues: 8, iterations: iterations * 2)
    // Rounds of the two cells, each round's two runs in a shuffled order: pair r is round r's runs of N and 2N.
    let plan = SweepPlan(runners: [runner], configurations: [single, double], repetitions: pairs, warmup: 1)
    let records = plan.run(machine: machine, record: { _ in })
    /// The time of the run of `configuration` in pair `repetition`, in nanoseconds; nil unless it was ok.
    func time(_ configuration: RunConfiguration, _ repetition: Int) -> Double? {
        records.first { $0.configuration == configuration && $0.repetition == repetition }?.nanoseconds.map(Double.init)
    }
    let ratios = (1...pairs).compactMap { repetition in
        time(single, repetition).flatMap { once in time(double, repetition).map { $0 / once } }
    }.sorted()
    guard ratios.count == pairs, let ratio = Statistics.median(ratios) else {
        linearRows.append([runner.id, "\(single.jobs)", "-", "-", "-", "-", "a run was not ok"])
        continue
    }
    let report = Report(records: records)
    linearRows.append([
        runner.id, "\(single.jobs)",
        report.cell(runner.id, at: single)?.median.map { Format.seconds(nanoseconds: $0 * 1e9) } ?? "-",
        report.cell(runner.id, at: double)?.median.map { Format.seconds(nanoseconds: $0 * 1e9) } ?? "-",
        Format.ratio(ratio),
        Format.ratio(Statistics.quantile(ratios, 0.25)) + "–" + Format.ratio(Statistics.quantile(ratios, 0.75)),
        (1.7...2.3).contains(ratio) ? "holds" : "outside 1.7–2.3",
    ])
}
print("Cost grows linearly: seconds for 2N jobs / seconds for N, target 1.7 to 2.3 (8 queues; N for runs of about")
print("200 ms; the median of \(pairs) pairs of runs made back to back, and the middle half of the pairs' ratios)")
table(["runner", "N jobs", "seconds(N)", "seconds(2N)", "ratio", "p25–p75", ""], linearRows)

// 5. Memory stays flat: peak resident memory (reset before each run) of a run of 10 times as many jobs against one of
// 1,000,000 against 100,000 jobs, except for the runners that start a thread per job, which are measured at a tenth of
// that: a million threads would take 15 s to a minute a run.
var memoryRows: [[String]] = []
for runner in measured {
    let smaller = runner.traits.startsThreadPerJob ? RunConfiguration(queues: 8, iterations: 1_250) : reference
    let larger = RunConfiguration(queues: 8, iterations: smaller.iterations * 10)
    let report = Report.measure(
        SweepPlan(runners: [runner], configurations: [smaller, larger], repetitions: 1, warmup: 1), machine: machine)
    guard let smallerCell = report.cell(runner.id, at: smaller), let largerCell = report.cell(runner.id, at: larger),
        smallerCell.okRuns > 0, largerCell.okRuns > 0
    else {
        memoryRows.append([runner.id, "-", "-", "-", "-", "no ok run"])
        continue
    }
    guard let before = smallerCell.maxRSSBytes, let after = largerCell.maxRSSBytes else {
        // macOS: the peak cannot be reset per run, so there is none to compare (not a pass).
        memoryRows.append([runner.id, "-", "-", "-", "-", "not measured: no per-run peak on this system"])
        continue
    }
    let ratio = Double(after) / Double(before)
    memoryRows.append([
        runner.id, "\(smaller.jobs) → \(larger.jobs)", Format.bytes(before), Format.bytes(after), Format.ratio(ratio),
        ratio <= 1.5 ? "holds" : "over 1.5×",
    ])
}
print("Memory stays flat: peak resident memory of a run of 10 times the jobs / of the smaller run, target ≤ 1.5×")
print("(8 queues; 1,000,000 jobs against 100,000; a tenth of that for the runners that start a thread per job)")
table(["runner", "jobs", "smaller", "larger", "ratio", ""], memoryRows)
