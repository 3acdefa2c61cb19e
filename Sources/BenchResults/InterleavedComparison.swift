import Foundation

/// Two builds measured in one session, run by run in alternation (`bench interleave`): each cell's runs of build A
/// and of build B, paired by repetition (pair k is A's k-th run and B's, made one right after the other, in a shuffled
/// order of which went first, in worker processes of each build that were paired likewise), and a verdict from the
/// pairs.
///
/// Pairing is what two files from two sessions cannot have: whatever the machine does over seconds and minutes (its
/// speed drifts by 6 to 9% between 2-minute processes on the machine this is developed on, and Swift
/// concurrency's runners switch between two regimes as it does) falls on both runs of a pair alike, and divides out
/// of the pair's ratio. A cell's ratio is the median over its pairs of B_k / A_k (on the log scale), and its 95%
/// interval a bootstrap of the pairs, in two stages where the pairs come from several worker processes: those,
/// then the pairs within each. The verdict is ``Comparison``'s rule on that ratio and interval.
public struct InterleavedComparison: Sendable {
    public struct Row: Sendable {
        public var key: CellKey
        /// The cell's runs of build A, and of build B.
        public var baseline: CellSummary
        public var candidate: CellSummary
        /// Pairs of `ok` runs, one of each build.
        public var pairs: Int
        /// The median over the pairs of B_k / A_k; nil without a pair.
        public var ratio: Double?
        /// Its 95% interval; nil with fewer than two pairs.
        public var interval: ClosedRange<Double>?
        public var verdict: Comparison.Verdict
    }

    /// The two builds, as the file names them: A, the first given, and B.
    public var baseline: ResultRecord.Variant
    public var candidate: ResultRecord.Variant
    public var threshold: Double
    /// A row per cell with runs of both builds, in the order of the file's cells.
    public var rows: [Row]

    /// Why a file's runs cannot be compared build against build.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
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
        guard let center = Statistics.median(logRatios) else {
            return row
        }
        let ratio = exp(center)
        row.ratio = ratio
        if logRatios.count >= 2,
            let interval = Bootstrap.headline(Bootstrap.Sample(logRatios, processes: processes), confidence: 0.95)
        {
            row.interval = exp(interval.lowerBound)...exp(interval.upperBound)
        }
        row.verdict = Comparison.verdict(ratio: ratio, interval: row.interval, threshold: threshold)
        return row
    }
}
