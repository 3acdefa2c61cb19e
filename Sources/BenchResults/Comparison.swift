import Foundation
import JobRunners

/// Two result files set side by side, cell by cell: how the candidate's headline costs (``Estimate``: the median of
/// a cell's runs) compare with the baseline's, and whether the difference is real.
///
/// The verdict for a cell, with `ratio` = candidate headline / baseline headline, `threshold` the noise threshold and
/// `interval` the ratio's 95% interval (below):
/// - `same`: |ratio − 1| ≤ threshold; any difference is below what counts;
/// - `faster` or `slower`: the difference exceeds the threshold and the interval lies wholly below or above 1;
/// - `unsure`: the difference exceeds the threshold but the interval includes 1, or a file has fewer than two
///   `ok` runs in the cell (as the 2010 file, with one run per cell), so no interval can be made; or most of the
///   cell's runs in either file were made while other programs used the machine (``Row/interfered``), so that a
///   difference may be theirs.
///
/// The interval has two parts, because the files come from two sessions. First what each file's runs say: each cell's
/// own interval (``CellSummary/interval``, over its processes, the unit a sweep replicates: order statistics of their
/// medians from 6, Student's t below), combined for the ratio in quadrature on the log scale. Then what changes only
/// between sessions, which no single file can see (``SessionTerms``, measured by `bench validate` on an A/A pair and
/// kept for the machine, or the stated default): a raw ratio is widened by 1.96 times both the cell's term and the
/// machine's drift, a ratio beside the machine factor by the cell's term and the factor's own uncertainty, the factor
/// having taken the drift out. A rank test was the other choice for the first part: the Mann–Whitney U test's smallest
/// two-sided p-value with 3 runs against 3 is 0.1, so for the cells a budgeted sweep gives 3 runs it could never find a
/// difference. `bench validate` measures what the verdicts are worth on the user's machine.
///
/// The normalized ratio divides each headline by its own file's control runner (`single-threaded`) in the same
/// configuration first: it says how a runner's overhead moved relative to the machine's plain speed, which is what
/// travels between machines.
public struct Comparison: Sendable {
    /// Whether a cell's candidate headline is faster, slower or the same as the baseline's, or the runs cannot
    /// tell, by the rule in the type's description; the raw value is the word the verdict is printed as.
    public enum Verdict: String, Sendable, CaseIterable {
        /// The candidate costs less: the ratio is below 1 by more than the threshold and its interval wholly below 1.
        case faster
        /// The candidate costs more: the ratio is above 1 by more than the threshold and its interval wholly above 1.
        case slower
        /// The ratio is within the threshold of 1: any difference is below what counts.
        case same
        /// The ratio is beyond the threshold but its interval includes 1, or a file has too few `ok` runs for one, or
        /// most of the cell's runs in either file were made during interference.
        case unsure
    }

    /// A cell's verdict relative to the machine factor: whether it moved with the machine as a whole, or became
    /// cheaper or dearer than the machine's move alone would make it.
    public enum RelativeVerdict: String, Sendable, CaseIterable {
        /// Its relative ratio is within the noise threshold of 1.
        case withMachine = "with-machine"
        /// Below 1 by more than the threshold, its relative interval wholly below 1.
        case cheaper
        /// Above 1 by more than the threshold, its relative interval wholly above 1.
        case dearer
        /// Beyond the threshold, but its relative interval includes 1; or no interval or no machine factor; or most
        /// of the cell's runs in either file were made during interference.
        case unsure
    }

    /// Which of the two files made most of a cell's runs during interference (``Row/interfered``); the raw value
    /// is the word compare's CSV and JSON give.
    public enum InterferedFiles: String, Sendable, CaseIterable {
        /// Neither file: the verdicts stand.
        case neither = "no"
        /// The baseline's runs only.
        case baseline
        /// The candidate's runs only.
        case candidate
        /// Both files' runs.
        case both
    }

    /// A cell in both files: its runs in each, and how the candidate's headline compares with the baseline's,
    /// alone and beside the machine factor.
    public struct Row: Sendable {
        /// The cell's runs in the baseline file.
        public var baseline: CellSummary
        /// The cell's runs in the candidate file.
        public var candidate: CellSummary
        /// Candidate headline / baseline headline, per job (``Estimate/headline(_:)``, the median); nil if either
        /// has no `ok` run.
        public var ratio: Double?
        /// The ratio of the headlines after dividing each by its file's control runner.
        public var normalizedRatio: Double?
        /// The 95% interval of `ratio`: the cells' own intervals combined, widened by the session terms' cell term
        /// and drift; nil where either cell has no interval (fewer than two runs or processes).
        public var interval: ClosedRange<Double>?
        /// The 95% interval of `ratio` from the two cells' own intervals alone, before the session terms.
        public var samplingInterval: ClosedRange<Double>?
        /// The verdict on `ratio` and `interval` with the comparison's threshold; `unsure` without a ratio.
        public var verdict: Verdict
        /// `ratio` over the comparison's machine factor: how the cell moved beside the machine as a whole.
        public var relativeRatio: Double?
        /// The 95% interval of `relativeRatio`: `interval` over the factor, widened by the factor's own interval;
        /// nil where either is (a factor with no interval, ``MachineFactor/interval``).
        public var relativeInterval: ClosedRange<Double>?
        /// The verdict on `relativeRatio` and `relativeInterval` (``Comparison/RelativeVerdict``); `unsure` without
        /// a ratio or a machine factor.
        public var relativeVerdict: RelativeVerdict = .unsure
        /// The smallest change of the cell that `interval` would call: see ``Comparison/detectable(ratio:interval:threshold:)``;
        /// nil without an interval.
        public var detectable: Double?
        /// The same of `relativeInterval`: the smallest change beside the machine that it would call.
        public var relativeDetectable: Double?
        /// Bootstrap replicates of ln(ratio), which the machine factor's interval draws from.
        var replicates: [Double] = []

        /// The standard deviation on the log scale that ``samplingInterval`` stands for: its wider side over 1.96;
        /// nil without it.
        public var samplingSpread: Double? {
            guard let ratio, ratio > 0, let interval = samplingInterval, interval.lowerBound > 0 else {
                return nil
            }
            return max(log(ratio / interval.lowerBound), log(interval.upperBound / ratio)) / 1.96
        }

        /// The files in which most of the cell's runs were made while other programs used the machine
        /// (``RunLoad/isInterference``): then a difference may be the other programs', and neither verdict calls one.
        /// Where both files were so made, too: two sessions' interference differs in amount and kind, and what it
        /// does to a cell (a busy core changes how threads hand off) moves all of one file's runs together, which
        /// no file's own interval sees (two one-configuration sweeps made beside other sweeps, 2026-11-28: 5 of 26
        /// cells called faster with nothing changed). An interleaved run (`bench interleave`), whose builds share
        /// each moment's conditions, has no such rule.
        public var interfered: InterferedFiles {
            switch (
                baseline.isInterfered(moreThan: Comparison.interferedShare),
                candidate.isInterfered(moreThan: Comparison.interferedShare)
            ) {
            case (false, false): .neither
            case (true, false): .baseline
            case (false, true): .candidate
            case (true, true): .both
            }
        }

        /// `verdict`, or `unsure` in its place where it calls a difference in a cell made during interference in
        /// either file (``interfered``).
        func judged(_ verdict: Verdict) -> Verdict {
            interfered != .neither && (verdict == .faster || verdict == .slower) ? .unsure : verdict
        }

        /// The cell, as the baseline file names it (the candidate's is the same).
        public var key: CellKey {
            baseline.key
        }
    }

    /// How much faster or slower the candidate's machine ran as a whole: the median over the cells of their ratios,
    /// with a 95% interval that accounts for the cells and for each cell's runs.
    public struct MachineFactor: Sendable, Equatable {
        /// Candidate / baseline: below 1 when the candidate's machine ran faster.
        public var estimate: Double
        /// The 95% interval of `estimate`: a bootstrap of the cells, each cell's ratio drawn from a bootstrap of
        /// its runs; nil where none of its cells has an interval of its own (a file with one run a cell, as the 2010
        /// one), whose resampling would show an interval of no width, as if one run a cell were exact.
        public var interval: ClosedRange<Double>?
        /// The cells it is the median of.
        public var cells: Int
        /// Where it is the median of some runners' cells alone (``Comparison/factorRunners``): what the median of
        /// every cell's ratio would have been; nil where it is that median.
        public var allCells: Double?
    }

    /// The runners whose cells run plain code, no hand-off: a machine factor of their cells alone means one thing
    /// between machines of different kinds (more cores, another architecture), where the median of every cell
    /// mixes mechanisms that scale with cores with ones that do not.
    public static let plainCodeRunners: Set<String> = [RunnerKind.singleThreaded.id, RunnerKind.floorSingleThreaded.id]

    /// The noise threshold when none is given: 0.05, so a ratio within 5% of 1 is `same`.
    public static let defaultThreshold = 0.05
    /// A machine factor needs this many cells with a ratio: fewer say nothing of the machine as a whole.
    public static let fewestCellsForMachineFactor = 5
    /// A cell whose runs were made during interference in more than this share (most of them) in either file is
    /// never called faster, slower, cheaper or dearer (``Row/interfered``).
    public static let interferedShare = 0.5
    /// Bootstrap replicates of each cell's ratio kept for the machine factor's interval, and the resamples of cells.
    static let replicatesPerCell = 200
    static let factorResamples = 4_000

    /// The noise threshold, as a fraction: a ratio within this of 1 is `same` (relative to the machine,
    /// `with-machine`), whatever its interval.
    public var threshold: Double
    /// What changes between the files' sessions, which widens every interval: measured for the files' machine by
    /// `bench validate`, or ``SessionTerms/default``.
    public var terms: SessionTerms
    /// Cells in both files, in the baseline's order.
    public var rows: [Row]
    /// Cells in the baseline file but not in the candidate's, in the baseline's order.
    public var onlyInBaseline: [CellKey]
    /// Cells in the candidate file but not in the baseline's, in the candidate's order.
    public var onlyInCandidate: [CellKey]
    /// The machine factor; nil with fewer than ``fewestCellsForMachineFactor`` cells with a ratio (of
    /// ``factorRunners``' cells, one is enough).
    public var machineFactor: MachineFactor?
    /// The runners whose cells the machine factor is the median of; nil for every cell.
    public var factorRunners: Set<String>?

    /// Compares `candidate`'s cells with `baseline`'s, cell by cell, with the noise threshold `threshold` (a
    /// fraction) and the session terms `terms`: every row's ratio, interval and verdicts, and the machine factor,
    /// the median of every cell's ratio or, given `factorRunners`, of those runners' cells alone.
    public init(
        baseline: Report, candidate: Report, threshold: Double = defaultThreshold, terms: SessionTerms = .default,
        factorRunners: Set<String>? = nil
    ) {
        self.threshold = threshold
        self.terms = terms
        self.factorRunners = factorRunners
        var rows: [Row] = []
        var onlyInBaseline: [CellKey] = []
        for cell in baseline.cells {
            guard let other = candidate.cell(cell.runner, at: cell.configuration) else {
                onlyInBaseline.append(cell.key)
                continue
            }
            rows.append(Self.row(baseline: cell, candidate: other, threshold: threshold, terms: terms))
        }
        self.rows = rows
        self.onlyInBaseline = onlyInBaseline
        self.onlyInCandidate = candidate.cells.map(\.key).filter { baseline.cell($0.runner, at: $0.configuration) == nil }
        judgeRelative()
    }

    static func row(baseline: CellSummary, candidate: CellSummary, threshold: Double, terms: SessionTerms) -> Row {
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
        row.replicates = [log(ratio)]
        if let beforeControl = baseline.ratioToControl, let afterControl = candidate.ratioToControl, beforeControl > 0 {
            row.normalizedRatio = afterControl / beforeControl
        }
        if let low = baseline.interval, let high = candidate.interval, low.lowerBound > 0, high.lowerBound > 0 {
            // On the log scale the ratio's lower side is the candidate's lower side and the baseline's upper one,
            // in quadrature; its upper side the other two.
            let (belowA, aboveA) = (log(before / low.lowerBound), log(low.upperBound / before))
            let (belowB, aboveB) = (log(after / high.lowerBound), log(high.upperBound / after))
            let sampling =
                ratio * exp(-(belowB * belowB + aboveA * aboveA).squareRoot())...ratio
                * exp((aboveB * aboveB + belowA * belowA).squareRoot())
            row.samplingInterval = sampling
            row.interval = sampling.widened(
                around: ratio, by: (terms.cell * terms.cell + terms.drift * terms.drift).squareRoot())
            row.replicates = Bootstrap.ratioReplicates(
                candidate.sample, to: baseline.sample, count: replicatesPerCell
            ).map(log)
        }
        row.verdict = row.judged(verdict(ratio: ratio, interval: row.interval, threshold: threshold))
        row.detectable = detectable(ratio: ratio, interval: row.interval, threshold: threshold)
        return row
    }

    /// The power a ``detectable(ratio:interval:threshold:)`` change is called with: 80%, by convention.
    public static let detectablePower = 0.8

    /// The minimum detectable effect of a cell: the smallest change, as a factor above 1 (×1.2 is 20% more time, or
    /// 1/1.2 of it), that an interval as wide as `interval` (around `ratio`) would call ``detectablePower`` of the
    /// time, and never one within `threshold` of 1. With the interval's wider side h on the log scale taken as 1.96
    /// standard errors, a change of (1.96 + 0.84) / 1.96 × h puts the interval past 1 in 80% of tries of a normal
    /// estimate. Where the interval over-covers (docs/validation.md measures that it does), the change is found
    /// more often than that; `bench validate` measures how often. nil without an interval.
    public static func detectable(ratio: Double, interval: ClosedRange<Double>?, threshold: Double) -> Double? {
        guard let interval, ratio > 0, interval.lowerBound > 0 else {
            return nil
        }
        let halfWidth = max(log(ratio / interval.lowerBound), log(interval.upperBound / ratio))
        let power = 1.959964 + 0.841621  // the normal's 97.5% and 80% quantiles
        return max(exp(halfWidth * power / 1.959964), 1 + threshold)
    }

    /// The verdict on a ratio and its interval (see the type's description).
    public static func verdict(ratio: Double, interval: ClosedRange<Double>?, threshold: Double) -> Verdict {
        if abs(ratio - 1) <= threshold {
            return .same
        }
        if let interval, !interval.contains(1) {
            return ratio < 1 ? .faster : .slower
        }
        return .unsure
    }

    /// The machine factor, and each row's ratio, interval and verdict relative to it.
    ///
    /// The factor is the median over the cells of ln(ratio), whose interval is a two-stage bootstrap: the cells
    /// resampled with replacement, and each drawn cell's ratio drawn from its own bootstrap replicates (its runs
    /// resampled). The median, not the mean: a change confined to some mechanisms (a runner, a family) moves the
    /// median little while it leaves most cells alone. A row's relative interval is its sampling interval over the
    /// factor, with the session terms' cell term and the factor's own uncertainty (its interval as a standard
    /// deviation on the log scale) added to each side in quadrature, on the log scale: the drift is the factor's.
    private mutating func judgeRelative() {
        let withRatio = rows.indices.filter { rows[$0].ratio != nil }
        let ratioRows = withRatio.filter { factorRunners?.contains(rows[$0].baseline.runner) ?? true }
        guard ratioRows.count >= (factorRunners == nil ? Self.fewestCellsForMachineFactor : 1),
            let center = Statistics.median(ratioRows.compactMap { rows[$0].ratio.map(log) })
        else {
            machineFactor = nil
            for index in rows.indices {
                rows[index].relativeRatio = nil
                rows[index].relativeInterval = nil
                rows[index].relativeDetectable = nil
                rows[index].relativeVerdict = .unsure
            }
            return
        }
        var generator = SplitMix64(seed: 0x6d61_6368_696e_65)
        var medians: [Double] = []
        medians.reserveCapacity(Self.factorResamples)
        var draws: [Double] = []
        for _ in 0..<Self.factorResamples {
            draws.removeAll(keepingCapacity: true)
            for _ in ratioRows.indices {
                let replicates = rows[ratioRows[Int(generator.next() % UInt64(ratioRows.count))]].replicates
                draws.append(replicates[Int(generator.next() % UInt64(replicates.count))])
            }
            medians.append(Statistics.median(draws) ?? center)
        }
        medians.sort()
        let low = Statistics.quantile(medians, 0.025)
        let high = Statistics.quantile(medians, 0.975)
        let allCells = Statistics.median(withRatio.compactMap { rows[$0].ratio.map(log) }).map(exp)
        let resampled = ratioRows.contains { rows[$0].samplingInterval != nil }
        machineFactor = MachineFactor(
            estimate: exp(center), interval: resampled ? exp(low)...exp(high) : nil, cells: ratioRows.count,
            allCells: factorRunners == nil ? nil : allCells)
        let factorSpread = (high - low) / (2 * 1.96)
        for index in rows.indices {
            guard let ratio = rows[index].ratio else {
                continue
            }
            let relative = exp(log(ratio) - center)
            rows[index].relativeRatio = relative
            // A factor without an interval has an uncertainty no resampling showed: no relative interval either.
            rows[index].relativeInterval = (resampled ? rows[index].samplingInterval : nil).map { interval in
                interval.scaled(by: 1 / exp(center)).widened(
                    around: relative, by: (terms.cell * terms.cell + factorSpread * factorSpread).squareRoot())
            }
            rows[index].relativeDetectable = Self.detectable(
                ratio: relative, interval: rows[index].relativeInterval, threshold: threshold)
            let verdict = rows[index].judged(
                Self.verdict(ratio: relative, interval: rows[index].relativeInterval, threshold: threshold))
            rows[index].relativeVerdict =
                switch verdict {
                case .same: .withMachine
                case .faster: .cheaper
                case .slower: .dearer
                case .unsure: .unsure
                }
        }
    }

    /// The comparison with the candidate's runs of `cells` multiplied by `factor`: what a change of those cells
    /// alone would look like (`bench validate`'s injected shifts). A cell's ratio, intervals and replicates scale
    /// with its runs exactly (its interval is relative, every resample scales alike), so this is what comparing
    /// the scaled files gives, without measuring again. The normalized ratios are left out.
    public func shifting(_ cells: Set<CellKey>, by factor: Double) -> Comparison {
        var shifted = self
        for index in shifted.rows.indices {
            shifted.rows[index].normalizedRatio = nil
            guard cells.contains(shifted.rows[index].key), let ratio = shifted.rows[index].ratio else {
                continue
            }
            shifted.rows[index].ratio = ratio * factor
            shifted.rows[index].interval = shifted.rows[index].interval?.scaled(by: factor)
            shifted.rows[index].samplingInterval = shifted.rows[index].samplingInterval?.scaled(by: factor)
            shifted.rows[index].replicates = shifted.rows[index].replicates.map { $0 + log(factor) }
            shifted.rows[index].verdict = shifted.rows[index].judged(
                Self.verdict(ratio: ratio * factor, interval: shifted.rows[index].interval, threshold: threshold))
        }
        shifted.judgeRelative()
        return shifted
    }
}

extension ClosedRange where Bound == Double {
    /// Both ends multiplied by `factor` (positive).
    func scaled(by factor: Double) -> ClosedRange<Double> {
        (lowerBound * factor)...(upperBound * factor)
    }

    /// The interval (around `center`, inside it) with 1.96 × `spread` (a standard deviation on the log scale)
    /// added to each side in quadrature, on the log scale.
    func widened(around center: Double, by spread: Double) -> ClosedRange<Double> {
        guard spread > 0, center > 0, lowerBound > 0 else {
            return self
        }
        let middle = log(center)
        let session = 1.96 * spread
        let below = (middle - log(lowerBound)).magnitude
        let above = (log(upperBound) - middle).magnitude
        return exp(middle - (below * below + session * session).squareRoot())...exp(
            middle + (above * above + session * session).squareRoot())
    }
}
