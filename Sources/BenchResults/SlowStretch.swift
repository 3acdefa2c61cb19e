import Foundation

/// A few seconds of a sweep in which the runs of many cells, made by several processes, were slow at once: what a
/// machine that slows for a while and recovers leaves in a file.
///
/// On the 2-core VM, for a few seconds every few minutes (and for a minute or two on some mornings), with no other
/// program running and no steal time, the runners that hand jobs between threads cost two to three times their
/// usual, every worker process at once, while the plain loop does not move (docs/validation.md, "A slow minute the
/// probe cannot see"). ``Drift`` finds such a change where it lasts: a cell's runs before a point of the sweep and
/// after it differ. A stretch of seconds leaves no before and after; it leaves runs of several cells, slow for their
/// cell, close together in the sweep's order. Since a sweep spreads every cell's runs over its whole course in a
/// shuffled order, where the machine did not change a slow run is as likely at one point of the sweep as at another.
///
/// So: a run is slow where it took ``slowRatio`` times its cell's median or more (cells of ``fewestRunsPerCell`` `ok`
/// runs or more). For each window of ``windows`` consecutive runs (by their `sequence`), the slow runs in it are
/// scored against the share of slow runs in the whole sweep (a binomial z-score), and the sweep's highest score is
/// judged against the highest scores of ``permutations`` copies of the sweep with its runs' slowness shuffled over its
/// course (a permutation test of the scan statistic, at ``level``, with a fixed seed: the same file always gives the
/// same answer). The best window that passes is a stretch if its slow runs came from ``fewestProcesses`` processes
/// or more: a process that draws a slow regime for its life slows its own runs only (so a file made in fewer
/// processes is not tested). Then the next best window, apart from those already taken, up to ``mostWindows``;
/// windows that meet are one stretch, which runs from its first slow run to its last.
///
/// Measured with this rule: see docs/validation.md, "Slow seconds within a sweep".
public struct SlowStretch: Equatable, Sendable {
    /// The stretch's first slow run (its `sequence`).
    public var first: Int
    /// The stretch's last slow run (its `sequence`).
    public var last: Int
    /// The sweep's last run (its `sequence`).
    public var sweepLast: Int
    /// The runs tested that were made from ``first`` to ``last``.
    public var runs: Int
    /// Those of ``runs`` that took ``SlowStretch/slowRatio`` times their cell's median or more.
    public var slowRuns: Int
    /// When the first slow run started, where the file says.
    public var start: Date?
    /// When the last slow run ended, where the file says.
    public var end: Date?
    /// The slow runs of ``runs``, by runner.
    public var slowRunsByRunner: [String: Int]
    /// The runs tested in the whole sweep: the `ok` runs of cells of ``SlowStretch/fewestRunsPerCell`` or more.
    public var sweepRuns: Int
    /// Those of ``sweepRuns`` that took ``SlowStretch/slowRatio`` times their cell's median or more.
    public var sweepSlowRuns: Int

    /// A run that took this many times its cell's median or more is slow.
    public static let slowRatio = 1.5
    /// The lengths of the windows scanned, in runs (those up to half the sweep's): a stretch of a few seconds holds
    /// some tens of a default sweep's runs, one of half a minute some hundreds; one that covers most of a cell's runs
    /// moves its median too, and is ``Drift``'s to find.
    public static let windows = [20, 40, 80, 160, 320, 640]
    /// The level of the permutation test: the share of sweeps on a steady machine that would show a stretch.
    public static let level = 0.01
    /// How many shuffled copies of the sweep the test draws its critical score from.
    public static let permutations = 400
    /// The fewest processes the slow runs of a window must come from, and a file's tested runs.
    public static let fewestProcesses = 3
    /// The fewest `ok` runs a cell needs for its runs to be tested: as many as an interval of its own.
    public static let fewestRunsPerCell = 6
    /// The most windows the search takes, stretches or not.
    public static let mostWindows = 12

    /// The stretches of `records` (one sweep's file), in the sweep's order; none where the records do not say their
    /// order (files of schema version 4 or older), where two builds made them (`bench interleave`, whose ratios of
    /// pairs are what it weighs), where fewer than ``fewestProcesses`` processes made the runs tested (there a
    /// stretch and a process that changes its regime look alike), or where too few cells have runs enough.
    public static func find(in records: [ResultRecord]) -> [SlowStretch] {
        guard let sweepLast = ResultRecord.lastInSweepOrder(records) else {
            return []
        }
        let runs = Self.tested(records)
        let slow = runs.map(\.slow)
        let slowCount = slow.filter { $0 }.count
        let processesInFile = Set(runs.map(\.process)).count
        guard runs.count >= 2 * (windows.first ?? 1), slowCount > 0, processesInFile >= fewestProcesses else {
            return []
        }
        let scan = Scan(share: Double(slowCount) / Double(runs.count))
        var generator = SplitMix64(seed: UInt64(runs.count))
        var shuffled = slow
        var nullScores: [Double] = []
        for _ in 0..<permutations {
            // Fisher–Yates with the generator's values, so that the same file gives the same answer on every
            // toolchain (the standard library's shuffle does not promise its algorithm).
            for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
                shuffled.swapAt(index, Int(generator.next() % UInt64(index + 1)))
            }
            nullScores.append(scan.best(in: shuffled, taken: [])?.score ?? -.infinity)
        }
        nullScores.sort()
        let critical = nullScores[min(nullScores.count - 1, Int((Double(permutations) * (1 - level)).rounded(.up)) - 1)]
        var taken = [Bool](repeating: false, count: runs.count)
        var found: [ClosedRange<Int>] = []
        for _ in 0..<mostWindows {
            guard let window = scan.best(in: slow, taken: taken), window.score > critical else {
                break
            }
            for index in window.range {
                taken[index] = true
            }
            let slowIndices = window.range.filter { slow[$0] }
            let processes = Set(slowIndices.map { runs[$0].process })
            if processes.count >= fewestProcesses, let low = slowIndices.first,
                let high = slowIndices.last
            {
                found.append(low...high)
            }
        }
        // Windows that meet (or that no more than the shortest window parts) are one stretch.
        var merged: [ClosedRange<Int>] = []
        for range in found.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let previous = merged.last, range.lowerBound - previous.upperBound <= (windows.first ?? 0) {
                merged[merged.count - 1] = previous.lowerBound...max(previous.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged.map { range in
            let inside = runs[range]
            var slowByRunner: [String: Int] = [:]
            for run in inside where run.slow {
                slowByRunner[run.record.runner, default: 0] += 1
            }
            let last = runs[range.upperBound].record
            return SlowStretch(
                first: runs[range.lowerBound].sequence, last: runs[range.upperBound].sequence, sweepLast: sweepLast,
                runs: inside.count, slowRuns: inside.filter(\.slow).count,
                start: runs[range.lowerBound].record.startedAt,
                end: last.startedAt.map { $0.addingTimeInterval(Double(last.nanoseconds ?? 0) / 1e9) },
                slowRunsByRunner: slowByRunner, sweepRuns: runs.count, sweepSlowRuns: slowCount)
        }
    }

    /// A tested run: an `ok` run of a cell of ``fewestRunsPerCell`` runs or more.
    struct Run {
        /// The run's row.
        var record: ResultRecord
        /// Its place in the sweep's order.
        var sequence: Int
        /// The process that made it (0 where the file does not say).
        var process: Int
        /// Whether it took ``SlowStretch/slowRatio`` times its cell's median or more.
        var slow: Bool
    }

    /// The tested runs of `records` in the sweep's order, each marked slow or not against its cell's median.
    static func tested(_ records: [ResultRecord]) -> [Run] {
        var byCell: [CellKey: [ResultRecord]] = [:]
        for record in records where record.status == .ok && record.nanosecondsPerJob != nil {
            byCell[record.key, default: []].append(record)
        }
        var runs: [Run] = []
        for cell in byCell.values where cell.count >= fewestRunsPerCell {
            guard let median = Statistics.median(cell.compactMap(\.nanosecondsPerJob)), median > 0 else {
                continue
            }
            for record in cell {
                guard let sequence = record.sequence, let cost = record.nanosecondsPerJob else {
                    continue
                }
                runs.append(
                    Run(record: record, sequence: sequence, process: record.process ?? 0, slow: cost >= slowRatio * median))
            }
        }
        return runs.sorted { $0.sequence < $1.sequence }
    }

    /// The scan over windows of consecutive runs: each window's slow runs as a binomial z-score against the sweep's
    /// share of slow runs.
    struct Scan {
        /// The sweep's share of slow runs.
        var share: Double

        /// The window of the highest score that holds no taken run, or nil where none is left.
        func best(in slow: [Bool], taken: [Bool]) -> (range: Range<Int>, score: Double)? {
            var slowSums = [0]
            var takenSums = [0]
            slowSums.reserveCapacity(slow.count + 1)
            for index in slow.indices {
                slowSums.append(slowSums[index] + (slow[index] ? 1 : 0))
                takenSums.append(takenSums[index] + (taken.isEmpty || !taken[index] ? 0 : 1))
            }
            var best: (range: Range<Int>, score: Double)?
            let count = slow.count
            for length in SlowStretch.windows where length <= count / 2 {
                let expected = Double(length) * share
                let deviation = max((expected * (1 - share)).squareRoot(), .leastNormalMagnitude)
                for start in 0...(count - length) where takenSums[start + length] == takenSums[start] {
                    let score = (Double(slowSums[start + length] - slowSums[start]) - expected) / deviation
                    if score > best?.score ?? -.infinity {
                        best = (start..<(start + length), score)
                    }
                }
            }
            return best
        }
    }
}
