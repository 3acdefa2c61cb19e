/// Cells whose runs changed with the sweep's course: what a machine that changes under a sweep leaves in its file.
///
/// A sweep spreads each cell's runs over its whole course in a shuffled order, so a cell's runs in its first quarter
/// and in its last are draws of the same thing unless the machine changed. On the 2-core VM it does: for a minute or
/// two, with no other program running and no steal time, the runners that hand jobs between threads (Swift
/// concurrency's, Dispatch's global queue) cost two to three times what they cost before and after, while the plain
/// loop does not move (docs/validation.md, "A slow minute the probe cannot see"). A cell's interval spans such a
/// change and says nothing of its cause; two files compared across one disagree in the cells it touched. So the
/// summary says when several cells' runs differ before a point of the sweep and after it.
///
/// A cell drifts when its `ok` runs before a point of the sweep and after it (by their `sequence`, at a quarter, a half
/// or three quarters of its runs; where several show it, the clearest) differ by a Mann–Whitney test (Kruskal–Wallis on
/// two groups) at ``level``, their medians ``leastRatio`` apart or more: a step, as such a minute leaves, not a bump in
/// its middle. Over the 184 result files made here before this test (every A/A pair, every busy and quiet sweep, the
/// 16-core machine's), 2 had ``fewestCells`` drifting cells or more: the 600 s sweep of 2026-11-23 that ran 15% faster
/// than the one before it, and a contention sweep of the same day (two run-loop cells, 16 and 36 µs a job, about 1.25×
/// slower after a point of it). A step of × 2 injected into the Swift concurrency family's runs of fifteen quiet
/// default sweeps, over their second half, was found in 15 of 15; over their first quarter, 12; × 1.5 over the second
/// half, 12; × 1.2, 8; a bump of × 3 from 30% to 60% of their runs, none (``SlowStretch`` finds such bumps); nor the
/// README's default sweep in a fresh clone, which ran through three slow stretches that came and went
/// (docs/validation.md).
public enum Drift {
    /// Where the sweep is split in two, as a share of its runs: each is tried.
    public static let splits = [0.25, 0.5, 0.75]
    /// The fewest runs each side of a split must hold for the cell to be tested there.
    public static let fewestRunsPerSide = 3
    /// The level of the test: 0.1%, as for processes that disagree (``CellWarning/processesDisagreeLevel``).
    public static let level = CellWarning.processesDisagreeLevel
    /// The least ratio of the two sides' medians: smaller changes are left to the intervals.
    public static let leastRatio = 1.2
    /// The fewest drifting cells a sweep's summary warns of: one cell alone is its own regime's business (the modes
    /// and the processes say so), several at once are the machine.
    public static let fewestCells = 2

    /// A cell whose runs changed with the sweep's course.
    public struct Cell: Equatable, Sendable {
        /// The cell: a runner in a configuration.
        public var key: CellKey
        /// The sweep's last run before the split (its `sequence`).
        public var split: Int
        /// The sweep's last run (its `sequence`).
        public var last: Int
        /// The median cost per job of the cell's runs up to the split, in nanoseconds.
        public var before: Double
        /// The median cost per job of the cell's runs after the split, in nanoseconds.
        public var after: Double
    }

    /// The drifting cells of `records` where they are ``fewestCells`` or more, what a summary warns of as the machine
    /// changing under the sweep; none otherwise.
    public static func machineChange(in records: [ResultRecord]) -> [Cell] {
        let drifting = cells(of: records)
        return drifting.count >= fewestCells ? drifting : []
    }

    /// The cells of `records` (one sweep's file) whose runs drift, in the order of their first run; none where the
    /// records do not say their order (files of schema version 4 or older), or where two builds made them (`bench
    /// interleave`, whose ratios of pairs are what it weighs).
    public static func cells(of records: [ResultRecord]) -> [Cell] {
        guard let last = ResultRecord.lastInSweepOrder(records) else {
            return []
        }
        var order: [CellKey] = []
        var byCell: [CellKey: [(sequence: Int, cost: Double)]] = [:]
        for record in records where record.status == .ok {
            guard let sequence = record.sequence, let cost = record.nanosecondsPerJob else {
                continue
            }
            if byCell[record.key] == nil {
                order.append(record.key)
            }
            byCell[record.key, default: []].append((sequence, cost))
        }
        let critical = Statistics.chiSquareQuantile(degrees: 1, tail: level)
        return order.compactMap { key in
            let runs = byCell[key] ?? []
            let found = splits.compactMap { share -> (cell: Cell, h: Double)? in
                let split = Int((share * Double(last)).rounded(.down))
                let before = runs.filter { $0.sequence <= split }.map(\.cost)
                let after = runs.filter { $0.sequence > split }.map(\.cost)
                guard before.count >= fewestRunsPerSide, after.count >= fewestRunsPerSide,
                    let h = Statistics.kruskalWallis([before, after]), h > critical,
                    let early = Statistics.median(before), let late = Statistics.median(after), early > 0, late > 0,
                    max(early, late) / min(early, late) >= leastRatio
                else {
                    return nil
                }
                return (Cell(key: key, split: split, last: last, before: early, after: late), h)
            }
            // Where several points show it, the one that shows it most clearly: nearest the change.
            return found.max { $0.h < $1.h }?.cell
        }
    }
}
