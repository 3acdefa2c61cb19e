import JobRunners

/// The outcome of a check in one configuration.
public struct CheckResult: Sendable, Equatable {
    /// What the runs say of the check, at its confidence.
    public enum Outcome: String, Sendable, CaseIterable {
        /// The interval lies wholly where the check holds.
        case holds
        /// The interval lies wholly where the check fails; or a cell it reads has no `ok` run.
        case fails
        /// The interval lies across the bound: these runs cannot tell.
        case inconclusive
    }

    /// The confidence of a check's interval unless another is asked for.
    public static let defaultConfidence = 0.95

    /// The check decided.
    public var expression: CheckExpression
    /// The configuration it was decided in: the one the check names, else one the subject has runs in (else one of
    /// the report's).
    public var configuration: RunConfiguration
    /// Whether the check holds, fails, or the runs cannot tell, at ``confidence``.
    public var outcome: Outcome
    /// The `confidence` interval of what the check compares with its bound: the ratio to the other runner's cost,
    /// or the subject's cost per job in nanoseconds.
    public var interval: ClosedRange<Double>?
    /// The confidence of ``interval``, as a fraction: 0.95 for 95%.
    public var confidence: Double
    /// The subject's headline cost per job (the median of its `ok` runs), in nanoseconds; nil without an `ok`
    /// run.
    public var subjectNanosecondsPerJob: Double?
    /// For a multiple of another runner's cost: that runner's cost.
    public var otherNanosecondsPerJob: Double?
    /// The measured values and what the check needs, in words.
    public var explanation: String
    /// The cells the check reads.
    public var cells: [CellKey]

    /// Whether the check holds.
    public var holds: Bool {
        outcome == .holds
    }
}
