import Foundation

/// What a reader should know before trusting a cell (``CellSummary/warnings``).
///
/// Two kinds. Some are about the cell in particular, for the user to act on (``isAboutTheCell``): runs that failed
/// or stalled, processes that disagree, an interval too wide for the headline to mean much. The others are what
/// most cells of a sweep carry on a shared machine, and say more of the machine than of the cell: a summary gives
/// them once, as a count, and lists them per cell only on request (`--verbose`, the summary CSV). Measured over the
/// nine default sweeps in results/ (804 cells, 2-core VM): a CV over 10% in 68% of cells, outlier runs in 54%, an
/// interval over ±50% without modes in 2.6%. (A first run 2× the others' median or more was a warning until
/// 2026-11-28, "more warm-up runs may help": the first run proved no likelier to be far off than any other, 1.9%
/// of cells against 1.9 to 3.5% for the 2nd to 6th run in the night's 13 quiet sweeps, since every worker warms a
/// cell up before its first run there; see docs/statistics.md.)
public enum CellWarning: Equatable, Sendable, CustomStringConvertible {
    /// Runs that failed or stalled, of all the cell's runs.
    case notOK(failed: Int, stalled: Int, runs: Int)
    /// The 95% interval of the headline is ± `halfWidth` of it (over ``unsteadyHalfWidth``), and the runs form
    /// no modes that would say why.
    case unsteady(halfWidth: Double)
    /// The runs' coefficient of variation is over ``noisyCoefficientOfVariation``.
    case noisy(coefficientOfVariation: Double)
    /// These repetitions are outliers by the modified z-score; they are kept in every statistic.
    case outliers(repetitions: [Int])
    /// The median latency is within ``coarseLatencyTicks`` of the clock's resolution.
    case coarseLatency(p50: Double, resolution: Int)
    /// The worker processes that made the runs disagree (``CellSummary/disagreeingProcesses``): their median costs
    /// per job, the lowest and the highest, in nanoseconds.
    case processesDisagree(low: Double, high: Double)

    /// The level at which a Kruskal–Wallis test of a cell's runs, grouped by process, finds its processes apart.
    public static let processesDisagreeLevel = 0.001

    /// An interval wider than ± this fraction of the headline earns a warning.
    public static let unsteadyHalfWidth = 0.5
    /// A coefficient of variation above this earns a warning.
    public static let noisyCoefficientOfVariation = 0.10
    /// A median latency within this many of the clock's resolution earns a warning: a reading is off by up to one
    /// resolution, so such percentiles are off by a quarter or more.
    public static let coarseLatencyTicks = 4

    /// Whether the warning is about this cell in particular, for the user to act on, rather than about the machine
    /// (see the type's description).
    public var isAboutTheCell: Bool {
        switch self {
        case .notOK, .unsteady, .processesDisagree: true
        case .noisy, .outliers, .coarseLatency: false
        }
    }

    /// The warning as a line of text for a reader, naming a remedy where there is one:
    /// `unsteady: its 95% interval is ±63%, too wide for the headline to mean much: more runs (--budget) or a
    /// quieter machine`.
    public var description: String {
        switch self {
        case .notOK(let failed, let stalled, let runs):
            let what = [(failed, "failed"), (stalled, "stalled")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            return "\(what.joined(separator: ", ")) of \(runs) runs"
        case .unsteady(let halfWidth):
            return "unsteady: its 95% interval is ±\(Int((halfWidth * 100).rounded()))%, too wide for the headline to "
                + "mean much: more runs (--budget) or a quieter machine"
        case .noisy(let cv):
            return "noisy: CV \(String(format: "%.1f", cv * 100))% (over \(Int(Self.noisyCoefficientOfVariation * 100))%)"
        case .outliers(let repetitions):
            return "outlier repetition\(repetitions.count == 1 ? "" : "s") "
                + "\(repetitions.map(String.init).joined(separator: ", ")) (kept)"
        case .processesDisagree(let low, let high):
            return "its processes disagree: their medians run from \(Format.perJob(nanoseconds: low)) to "
                + "\(Format.perJob(nanoseconds: high)) a job; the interval spans them"
        case .coarseLatency(let p50, let resolution):
            return "latency p50 \(Format.perJob(nanoseconds: p50)) is within \(Self.coarseLatencyTicks) ticks of the "
                + "clock's resolution (\(resolution) ns): its percentiles are as much the clock's as the hand-off's"
        }
    }
}
