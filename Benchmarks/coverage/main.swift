// How often the suite's 95% intervals hold what they claim, measured on real runs: the figures of
// docs/statistics.md and docs/validation.md.
//
//     swift run -c release coverage [FILE...]
//
// The files are the processes of one session, each with many runs of every cell (by default the eight
// `results/vm-2026-11-24-process-*.csv`: 10 runs of 88 cells each). A trial makes a sweep the way `bench` makes one:
// n runs of each cell, spread in turn over 4 worker processes drawn from the files, each process's runs drawn from
// its own. For each n, it counts
//
// - a cell's interval (the `±` of the tables): how often it holds the cell's median over every run of every file;
// - compare's interval for the ratio of two such sweeps made from disjoint processes (an A/A pair: the truth is 1):
//   how often it holds 1, and how often the verdict is a false `faster` or `slower` (raw) or `cheaper` or `dearer`
//   (relative to the machine).
//
// The draws are seeded, so the same files and build give the same figures. Bimodal cells are kept: they are the
// hard case. What the files cannot hold is drift between sessions (hours, days), which only real A/A pairs of
// files made apart measure (`bench validate`).

import BenchResults
import Foundation
import JobRunners

#if DEBUG
print("WARNING: this is a DEBUG build, and slow. Run: swift run -c release coverage\n")
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let paths =
    arguments.isEmpty
    ? (1...8).map { "results/vm-2026-11-24-process-\($0).csv" } : arguments
let files: [ResultSet]
do {
    files = try ResultSet.read(paths)
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
}
guard files.count >= 8 else {
    FileHandle.standardError.write(Data("Error: Coverage needs 8 files or more, one process each (two disjoint sweeps of 4)\n".utf8))
    exit(64)
}

/// Each cell's ok runs, file by file.
let runs: [CellKey: [[ResultRecord]]] = {
    var runs: [CellKey: [[ResultRecord]]] = [:]
    for (index, file) in files.enumerated() {
        for record in file.records where record.outcome.status == .ok {
            let key = CellKey(runner: record.runner, configuration: record.configuration)
            runs[key, default: Array(repeating: [], count: files.count)][index].append(record)
        }
    }
    return runs
}()
let cells = runs.keys.filter { key in runs[key]?.allSatisfy { !$0.isEmpty } ?? false }
    .sorted { $0.description < $1.description }
let truth: [CellKey: Double] = Dictionary(uniqueKeysWithValues: cells.compactMap { key in
    Estimate.headline((runs[key] ?? []).joined().compactMap { $0.outcome.nanoseconds.map(Double.init) }).map { (key, $0) }
})

let workers = 4
let trials = 40
let sizes = [3, 6, 12, 30]
var generator = SplitMix64(seed: 0x636f_7665_7261_6765)

/// A sweep of `n` runs of every cell over `processes` (file indices), in turn, each process's runs drawn without
/// replacement from its file; every record renumbered as the sweep would number it.
func sweep(_ n: Int, over processes: [Int], using generator: inout SplitMix64) -> [ResultRecord] {
    cells.flatMap { key -> [ResultRecord] in
        let pools = processes.map { (runs[key] ?? [])[$0].shuffled(using: &generator) }
        return (0..<n).compactMap { repetition -> ResultRecord? in
            let worker = repetition % processes.count
            let pool = pools[worker]
            guard !pool.isEmpty else {
                return nil
            }
            var record = pool[(repetition / processes.count) % pool.count]
            record.repetition = repetition + 1
            record.process = worker + 1
            return record
        }
    }
}

func percent(_ count: Int, of total: Int) -> String {
    total == 0 ? "-" : String(format: "%.1f%%", 100 * Double(count) / Double(total))
}

var cellCovered: [Int] = []
var cellTotal: [Int] = []
var ratioCovered: [Int] = []
var ratioTotal: [Int] = []
var rawFalse: [Int] = []
var relativeFalse: [Int] = []
var unsure: [Int] = []
for n in sizes {
    var (covered, total, holdsOne, ratios, falseRaw, falseRelative, notDecided) = (0, 0, 0, 0, 0, 0, 0)
    for _ in 0..<trials {
        let order = Array(files.indices).shuffled(using: &generator)
        let a = Report(records: sweep(n, over: Array(order.prefix(workers)), using: &generator))
        let b = Report(records: sweep(n, over: Array(order.dropFirst(workers).prefix(workers)), using: &generator))
        for cell in a.cells {
            guard let interval = cell.interval, let value = truth[cell.key] else {
                continue
            }
            total += 1
            covered += interval.contains(value) ? 1 : 0
        }
        let comparison = Comparison(baseline: a, candidate: b, threshold: Comparison.defaultThreshold)
        for row in comparison.rows {
            if let interval = row.interval {
                ratios += 1
                holdsOne += interval.contains(1) ? 1 : 0
            }
            falseRaw += row.verdict == .faster || row.verdict == .slower ? 1 : 0
            falseRelative += row.relativeVerdict == .cheaper || row.relativeVerdict == .dearer ? 1 : 0
            notDecided += row.verdict == .unsure ? 1 : 0
        }
    }
    cellCovered.append(covered)
    cellTotal.append(total)
    ratioCovered.append(holdsOne)
    ratioTotal.append(ratios)
    rawFalse.append(falseRaw)
    relativeFalse.append(falseRelative)
    unsure.append(notDecided)
}

let machine = files.first?.machines.first
print("Coverage of the 95% intervals, by resampling \(files.count) processes of one session (\(machine?.cpuModel ?? "?"),")
print("\(cells.count) cells; \(trials) sweeps of each size over \(workers) worker processes, and as many A/A pairs)")
let cellRows = cells.count * trials
func row(_ name: String, _ counts: [Int], of totals: [Int]) -> [String] {
    [name] + zip(counts, totals).map { percent($0, of: $1) }
}
let table: [[String]] = [
    [""] + sizes.map { "\($0) runs" },
    row("a cell's interval holds its median over all runs", cellCovered, of: cellTotal),
    row("compare's A/A interval holds 1", ratioCovered, of: ratioTotal),
    row("compare's A/A verdict: faster or slower (false)", rawFalse, of: Array(repeating: cellRows, count: sizes.count)),
    row("compare's A/A verdict: cheaper or dearer (false)", relativeFalse, of: Array(repeating: cellRows, count: sizes.count)),
    row("compare's A/A verdict: unsure", unsure, of: Array(repeating: cellRows, count: sizes.count)),
]
print(Format.table(table[0], Array(table.dropFirst())))
