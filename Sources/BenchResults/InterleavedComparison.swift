import Foundation

/// Two builds measured in one session, run by run in alternation (`bench interleave`): each cell's runs of build A
/// and of build B, paired by repetition (pair k is A's k-th run and B's, made one right after the other, in a shuffled
/// order of which went first, in worker processes of each build that were paired likewise), and a verdict from the
/// pairs.
///
/// Pairing is what two files from two sessions cannot have: whatever the machine does over seconds and minutes (its
/// speed moved by up to 13% from one 2-minute process to the next on a 2-core VM where this was measured, and Swift
/// concurrency's runners switch between two regimes as it does) falls on both runs of a pair alike, and divides out
/// of the pair's ratio. A cell's ratio is the 20% trimmed mean of its pairs' ln(B_k / A_k), back on the ratio scale
/// (``estimate(_:)``), and its 95% interval Yuen's for a trimmed mean, over the worker processes that made the pairs
/// (``Statistics/trimmedMeanStandardError(_:trimming:)``). The verdict is ``Comparison``'s rule on that ratio and
/// interval.
public struct InterleavedComparison: Sendable {
    /// A cell with runs of both builds: its runs of each, how many pairs they make, and the verdict on B
    /// against A.
    public struct Row: Sendable {
        /// The cell, as the file names it.
        public var key: CellKey
        /// The cell's runs of build A.
        public var baseline: CellSummary
        /// The cell's runs of build B.
        public var candidate: CellSummary
        /// Pairs of `ok` runs, one of each build.
        public var pairs: Int
        /// The ratio of B to A that the pairs estimate (``InterleavedComparison/estimate(_:)``); nil without a pair.
        public var ratio: Double?
        /// Its 95% interval; nil with fewer than ``InterleavedComparison/fewestPairsForInterval`` pairs.
        public var interval: ClosedRange<Double>?
        /// ``Comparison``'s verdict on `ratio` and `interval` (`faster` where B is faster than A); without an
        /// interval, only `same` or `unsure`.
        public var verdict: Comparison.Verdict
        /// The smallest change an interval as wide as `interval` would call (as compare's `sees`,
        /// ``Comparison/detectable(ratio:interval:threshold:)``); nil without an interval.
        public var detectable: Double? = nil
    }

    /// The two builds, as the file names them: A, the first given, and B.
    public var baseline: ResultRecord.Variant
    /// B, the build whose runs' times each ratio puts over A's.
    public var candidate: ResultRecord.Variant
    /// The noise threshold, as a fraction: a ratio within this of 1 is `same`, whatever its interval.
    public var threshold: Double
    /// The builds' configurations and compilers, A's then B's, as their rows record them (each worker reports its
    /// own since worker protocol 3; a file made before records the parent's for both).
    public var builds: [MachineInfo.Build]
    /// A row per cell with runs of both builds, in the order of the file's cells.
    public var rows: [Row]

    /// The fewest pairs a cell's ratio gets an interval, and so a verdict other than `same` or `unsure`, with.
    ///
    /// Below 6, no interval of the median reaches 95%: a bootstrap of n pairs (the interval until 2026-11-30) spans
    /// their range, and all n land on one side of 1 with nothing changed with probability 2 × 0.5ⁿ (25% for 3
    /// pairs, 6% for 5, 3% for 6). In the A/A interleaved runs this was measured on, the false verdicts with fewer
    /// pairs were the runners that start a thread per job, which a default budget leaves 3 pairs. (The sweep's summary shows a range below 6 runs for
    /// the same reason.)
    public static let fewestPairsForInterval = 6

    /// What a cell's ratio is, from its pairs' ln(B_k / A_k): their 20% trimmed mean.
    ///
    /// Not the median, which is what a sweep's headline is: where a runner's runs fall in modes from run to run
    /// (`condition-worker` at 4 to 16 queues, near 33 or near 49 ns a job), a pair of runs in different modes
    /// gives a ratio far from the others, and the median of such a mixture of ratios moves with the few pairs
    /// near the middle. The trimmed mean averages the middle 60% of them. Measured on this machine over three A/A
    /// and three A/B interleaved runs of the default plan (the A/B's B a build of the Examples runner that does
    /// 20 to 27% more work a job): the median found the slower runner in 10 of its 12 cells, the trimmed mean in
    /// 11, with at most 2.6% and 1.6% false verdicts in the other cells; in two more of each, made after the
    /// choice, the trimmed mean found 8 of 8, with 1.4% and 0% false (docs/comparing-machines.md).
    public static func estimate(_ logRatios: [Double]) -> Double? {
        Statistics.trimmedMean(logRatios, trimming: trimming)
    }

    /// The share of a sample's values that ``estimate(_:)`` sets aside at each end.
    static let trimming = 0.2

    /// The 95% interval of a cell's ln(ratio), `center` (``estimate(_:)`` of its pairs), from its pairs' ln(B_k /
    /// A_k) and the worker process that made each: center ± t × Yuen's standard error of a trimmed mean
    /// (``Statistics/trimmedMeanStandardError(_:trimming:)``), over units that are the worker processes (each one's
    /// pairs' estimate) where two or more made the pairs, as a sweep's cell interval samples them, or the pairs
    /// where one did. Nil where fewer than two units are kept.
    ///
    /// Not a bootstrap, as it was until 2026-11-30: since the workers retire, a cell of a dear runner has its 6 to 9
    /// pairs each from a pair of processes of its own, and a percentile bootstrap of so few is too narrow. Drawn from
    /// the pairs of an A/A interleave of the default plan on the 2-core VM (each cell's ln ratios centred and scaled,
    /// pooled: tails far heavier than normal), the bootstrap held its trimmed mean 91% of the time at 6 units, 92% at
    /// 9 and 94% at 20; Yuen's 96.5%, 96.6% and 95.5%, narrower than the bootstrap's from 9 units on
    /// (docs/validation.md, "Its interval: Yuen's over the processes").
    static func interval(around center: Double, logRatios: [Double], processes: [Int?]) -> ClosedRange<Double>? {
        let units = Bootstrap.Sample(logRatios, processes: processes).units(estimate)
        guard let (error, degrees) = Statistics.trimmedMeanStandardError(units, trimming: trimming) else {
            return nil
        }
        let halfWidth = Statistics.studentT975(degrees: degrees) * error
        return (center - halfWidth)...(center + halfWidth)
    }

    /// Why a file's runs cannot be compared build against build.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// What is wrong with the file's runs, in one lowercase line: `its runs are not of two builds, …`.
        public var description: String
    }

    /// The comparison of the runs of `records`, whose ``ResultRecord/variant`` names two builds.
    public init(records: [ResultRecord], threshold: Double = Comparison.defaultThreshold) throws(Error) {
        let variants = records.compactMap(\.variant).uniqued()
        guard variants.count == 2, records.allSatisfy({ $0.variant != nil }) else {
            throw Error(
                description: "its runs are not of two builds, each named in the variant column (bench interleave "
                    + "makes such files); it names \(variants.count)")
        }
        let ordered = variants.sorted { $0.label < $1.label }
        baseline = ordered[0]
        candidate = ordered[1]
        self.threshold = threshold
        let (a, b) = (baseline, candidate)
        let reportA = Report(records: records.filter { $0.variant == a })
        let reportB = Report(records: records.filter { $0.variant == b })
        builds = [a, b].map { variant in
            let machine = records.first { $0.variant == variant }?.machine
            return MachineInfo.Build(configuration: machine?.build ?? "", swiftVersion: machine?.swiftVersion ?? "")
        }
        rows = reportA.cells.compactMap { cellA in
            guard let cellB = reportB.cell(cellA.runner, at: cellA.configuration) else {
                return nil
            }
            return Self.row(cellA, cellB, threshold: threshold)
        }
    }

    /// The row of a cell's two builds: its pairs, by repetition, of `ok` runs of both.
    static func row(_ a: CellSummary, _ b: CellSummary, threshold: Double) -> Row {
        let runsB = Dictionary(zip(b.repetitions, b.nanoseconds), uniquingKeysWith: { first, _ in first })
        var logRatios: [Double] = []
        var processes: [Int?] = []
        for (index, repetition) in a.repetitions.enumerated() {
            guard let after = runsB[repetition], a.nanoseconds[index] > 0, after > 0 else {
                continue
            }
            logRatios.append(log(after / a.nanoseconds[index]))
            processes.append(index < a.processes.count ? a.processes[index] : nil)
        }
        var row = Row(
            key: a.key, baseline: a, candidate: b, pairs: logRatios.count, ratio: nil, interval: nil, verdict: .unsure)
        guard let center = estimate(logRatios) else {
            return row
        }
        let ratio = exp(center)
        row.ratio = ratio
        if logRatios.count >= fewestPairsForInterval,
            let interval = interval(around: center, logRatios: logRatios, processes: processes)
        {
            row.interval = exp(interval.lowerBound)...exp(interval.upperBound)
        }
        row.verdict = Comparison.verdict(ratio: ratio, interval: row.interval, threshold: threshold)
        row.detectable = Comparison.detectable(ratio: ratio, interval: row.interval, threshold: threshold)
        return row
    }
}
