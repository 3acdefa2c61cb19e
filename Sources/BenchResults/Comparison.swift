/// Two result files set side by side, cell by cell: how the candidate's headline costs (``Estimate``: the median of
/// a cell's runs) compare with the baseline's, and whether the difference is real.
///
/// The verdict for a cell, with `ratio` = candidate headline / baseline headline and `threshold` the noise threshold:
/// - `same`: |ratio − 1| ≤ threshold; any difference is below what counts;
/// - `faster` or `slower`: the difference exceeds the threshold and the 95% bootstrap interval of the ratio lies
///   wholly below or above 1;
/// - `unsure`: the difference exceeds the threshold but the interval includes 1, or a file has fewer than two
///   `ok` runs in the cell (as the 2010 file, with one run per cell), so no interval can be made.
///
/// The interval is a percentile bootstrap of the ratio of headlines (``Bootstrap``: 10,000 resamples of each file's
/// runs, with a fixed seed, so the same files always give the same verdicts). A rank test was the other choice: the
/// Mann–Whitney U test's smallest two-sided p-value with 3 runs against 3 is 0.1, so for the cells a budgeted sweep
/// gives 3 runs it could never find a difference. The interval knows only the spread within each file, not how
/// far two sessions of the same machine drift apart; `bench validate` measures what that costs in false alarms.
///
/// The normalized ratio divides each headline by its own file's control runner (`single-threaded`) in the same
/// configuration first: it says how a runner's overhead moved relative to the machine's plain speed, which is what
/// travels between machines.
public struct Comparison: Sendable {
    public enum Verdict: String, Sendable, CaseIterable {
        case faster, slower, same, unsure
    }

    public struct Row: Sendable {
        public var baseline: CellSummary
        public var candidate: CellSummary
        /// Candidate headline / baseline headline, per job (``Estimate/headline(_:)``, the median); nil if either
        /// has no `ok` run.
        public var ratio: Double?
        /// The ratio of the headlines after dividing each by its file's control runner.
        public var normalizedRatio: Double?
        /// The 95% bootstrap interval of `ratio`; nil with fewer than two `ok` runs on either side.
        public var interval: ClosedRange<Double>?
        public var verdict: Verdict

        public var key: CellKey {
            baseline.key
        }
    }

    public static let defaultThreshold = 0.05

    public var threshold: Double
    /// Cells in both files, in the baseline's order.
    public var rows: [Row]
    public var onlyInBaseline: [CellKey]
    public var onlyInCandidate: [CellKey]

    public init(baseline: Report, candidate: Report, threshold: Double = defaultThreshold) {
        self.threshold = threshold
        var rows: [Row] = []
        var onlyInBaseline: [CellKey] = []
        for cell in baseline.cells {
            guard let other = candidate.cell(cell.runner, at: cell.configuration) else {
                onlyInBaseline.append(cell.key)
                continue
            }
            rows.append(Self.row(baseline: cell, candidate: other, threshold: threshold))
        }
        self.rows = rows
        self.onlyInBaseline = onlyInBaseline
        self.onlyInCandidate = candidate.cells.map(\.key).filter { baseline.cell($0.runner, at: $0.configuration) == nil }
    }

    /// How the files differ as a whole: the median of the cells' ratios and the middle half of them (p25 to p75);
    /// nil without a ratio. When most cells move together, the machine (its speed, its load) may have changed
    /// between the files as much as what ran on it: on the 2-core machine this suite is developed on, a sweep made
    /// hours after another had a median ratio of 0.89 and its single-threaded control 0.80, with nothing changed.
    public var commonShift: (median: Double, middleHalf: ClosedRange<Double>)? {
        let ratios = rows.compactMap(\.ratio).sorted()
        guard let median = Statistics.median(ratios) else {
            return nil
        }
        return (median, Statistics.quantile(ratios, 0.25)...Statistics.quantile(ratios, 0.75))
    }

    static func row(baseline: CellSummary, candidate: CellSummary, threshold: Double) -> Row {
        var row = Row(
            baseline: baseline, candidate: candidate, ratio: nil, normalizedRatio: nil, interval: nil,
            verdict: .unsure)
        // Per run, not per job: the two cells have the same configuration, and the ratio stays exact.
        guard let before = Estimate.headline(baseline.nanoseconds), let after = Estimate.headline(candidate.nanoseconds),
            before > 0
        else {
            return row
        }
        let ratio = after / before
        row.ratio = ratio
        if let beforeControl = baseline.ratioToControl, let afterControl = candidate.ratioToControl, beforeControl > 0 {
            row.normalizedRatio = afterControl / beforeControl
        }
        if baseline.nanoseconds.count >= 2, candidate.nanoseconds.count >= 2 {
            row.interval = Bootstrap.ratio(candidate.nanoseconds, to: baseline.nanoseconds, confidence: 0.95)
        }
        if abs(ratio - 1) <= threshold {
            row.verdict = .same
        } else if let interval = row.interval, !interval.contains(1) {
            row.verdict = ratio < 1 ? .faster : .slower
        }
        return row
    }
}

