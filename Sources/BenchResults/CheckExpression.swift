import JobRunners

/// An assertion about relative or absolute overhead, as `bench check` and ``Report/check(_:)`` take it.
///
/// ```
/// check      := operand comparison bound
/// operand    := RUNNER [ "@" QUEUES "x" ITERATIONS ]          e.g. serial-queue, run-loop@8x12500
/// comparison := ">=" | "<=" | ">" | "<"
/// bound      := NUMBER "x" operand                            e.g. 10x serial-queue: a multiple of its cost per job
///             | NUMBER UNIT "/job"                            e.g. 200ns/job; UNIT is ns, us, µs, ms or s
///             | NUMBER "allocs/job"                           e.g. 1 allocs/job: allocations per job (0 allowed)
///             | [ NUMBER "x" ] operand "allocs"               e.g. serial-queue allocs: a multiple of its allocations
/// ```
///
/// Costs are median costs per job; allocations are counted (`Allocations`), and a check on them is decided on
/// every run's count, whatever the machine's load: it holds only if every run's count does. Without a
/// configuration, the check applies to every configuration in which the subject was measured, and must hold in
/// each; a configuration given on one side only applies to both, and each side given one is read in its own.
public struct CheckExpression: Equatable, Sendable, CustomStringConvertible {
    /// A runner, optionally in one configuration.
    public struct Operand: Equatable, Sendable, CustomStringConvertible {
        /// The runner's id, as in a result file's `runner` column.
        public var runner: String
        /// The configuration named after `@` (queues × iterations, no work, the chain shape); nil where none is
        /// named, and the operand is read in each configuration the check applies to.
        public var configuration: RunConfiguration?

        /// The runner `runner` in `configuration`, or in each configuration the check applies to if nil.
        public init(runner: String, configuration: RunConfiguration?) {
            self.runner = runner
            self.configuration = configuration
        }

        /// The operand as a check spells it: the runner's id, and `@QUEUESxITERATIONS` with a configuration.
        public var description: String {
            configuration.map { "\(runner)@\($0.queues)x\($0.iterations)" } ?? runner
        }
    }

    /// How the subject's cost per job must compare with the bound for the check to hold; the raw value is its
    /// spelling in a check.
    public enum Comparison: String, Sendable, CaseIterable {
        /// `>=`: the subject's cost is at least the bound.
        case greaterOrEqual = ">="
        /// `<=`: the subject's cost is at most the bound.
        case lessOrEqual = "<="
        /// `>`: the subject's cost is more than the bound.
        case greater = ">"
        /// `<`: the subject's cost is less than the bound.
        case less = "<"

        func holds(_ left: Double, _ right: Double) -> Bool {
            switch self {
            case .greaterOrEqual: left >= right
            case .lessOrEqual: left <= right
            case .greater: left > right
            case .less: left < right
            }
        }
    }

    /// What the subject's cost per job is compared with: a multiple of another operand's cost per job, or a
    /// cost per job in nanoseconds.
    public enum Bound: Equatable, Sendable {
        /// `factor` times the other operand's cost per job.
        case multiple(Double, of: Operand)
        /// A cost per job, in nanoseconds.
        case perJob(nanoseconds: Double)
        /// A number of allocations per job.
        case allocationsPerJob(Double)
        /// `factor` times the other operand's allocations per job.
        case allocationsMultiple(Double, of: Operand)
    }

    /// Whether the check is on allocations per job, which it decides on every run's count, with no interval and so
    /// no confidence: a count does not vary as a time does.
    public var isOnAllocations: Bool {
        switch bound {
        case .allocationsPerJob, .allocationsMultiple: true
        case .multiple, .perJob: false
        }
    }

    /// Why a text is not a check; its description names the text and says what was expected.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The text that was read, whole.
        public var expression: String
        /// What was expected where, for example `expected >=, <=, > or < after 'serial-queue'`.
        public var message: String

        /// The error that `expression` is not a check, for the reason `message` gives.
        public init(expression: String, message: String) {
            self.expression = expression
            self.message = message
        }

        /// The text and the message, as a user reads them: `'TEXT' is not a check: MESSAGE`.
        public var description: String {
            "'\(expression)' is not a check: \(message)"
        }
    }

    /// The left-hand side: the runner, and optionally the configuration, whose cost per job the check is about.
    public var subject: Operand
    /// How the subject's cost per job must compare with `bound` for the check to hold.
    public var comparison: Comparison
    /// The right-hand side: what the subject's cost per job is compared with.
    public var bound: Bound

    /// The check that `subject`'s cost per job compares with `bound` as `comparison` says.
    public init(subject: Operand, comparison: Comparison, bound: Bound) {
        self.subject = subject
        self.comparison = comparison
        self.bound = bound
    }

    /// Reads `text` as the grammar above spells a check (spaces between its parts are optional, and `×` may
    /// stand for `x`); throws a ``CheckExpression/ParseError`` that says what was expected where.
    public init(parsing text: String) throws(ParseError) {
        var scanner = CheckScanner(text: text)
        self = try scanner.parseCheck()
    }

    /// The check written out in the grammar's spelling.
    public var description: String {
        switch bound {
        case .multiple(let factor, let other):
            "\(subject) \(comparison.rawValue) \(Format.number(factor))x \(other)"
        case .perJob(let nanoseconds):
            "\(subject) \(comparison.rawValue) \(Format.perJob(nanoseconds: nanoseconds))/job"
        case .allocationsPerJob(let count):
            "\(subject) \(comparison.rawValue) \(Format.number(count)) allocs/job"
        case .allocationsMultiple(let factor, let other):
            "\(subject) \(comparison.rawValue) \(Format.number(factor))x \(other) allocs"
        }
    }

    /// The other operand, for a check relative to another runner.
    var other: Operand? {
        switch bound {
        case .multiple(_, let other), .allocationsMultiple(_, let other): other
        case .perJob, .allocationsPerJob: nil
        }
    }

    /// The sides the check reads, each a runner and the configuration it names (if any): the subject, then the
    /// other runner of a check relative to one.
    public var operands: [Operand] {
        [subject] + (other.map { [$0] } ?? [])
    }

    /// The runners the check reads, subject first.
    public var runners: [String] {
        guard let other, other.runner != subject.runner else {
            return [subject.runner]
        }
        return [subject.runner, other.runner]
    }

    /// The configuration the check names on either side, if any.
    public var namedConfiguration: RunConfiguration? {
        if let configuration = subject.configuration {
            return configuration
        }
        return other?.configuration
    }

    /// Decides the check in every configuration it applies to (see the type's description), at `confidence`.
    public func evaluate(on report: Report, confidence: Double = CheckResult.defaultConfidence) -> [CheckResult] {
        let configurations: [RunConfiguration]
        if let named = namedConfiguration {
            configurations = [named]
        } else {
            let measured = report.cells.filter { $0.runner == subject.runner }.map(\.configuration)
            configurations = measured.isEmpty ? report.configurations : measured
        }
        return evaluate(on: report, in: configurations, confidence: confidence)
    }

    /// Decides the check in each of `configurations`, at `confidence`: a fresh check's, which decides a check that
    /// names no configuration in those it measured for it, not wherever another check's runs put its runner, and
    /// at a later look only in those still undecided.
    public func evaluate(
        on report: Report, in configurations: [RunConfiguration], confidence: Double = CheckResult.defaultConfidence
    ) -> [CheckResult] {
        configurations.map { evaluate(on: report, in: $0, confidence: confidence) }
    }

    /// A check reads no decision from a cell whose runs were made during interference (``RunLoad/isInterference``)
    /// in more than this share, a quarter: it is inconclusive, and says so, as a decision from such runs is one about
    /// the other programs. Runs are kept and pooled as ever; a quiet sweep marks few runs, so that a quarter of a
    /// cell's six is seldom reached without other programs (measured: docs/ci.md, "The rule's error rates").
    public static let interferedShare = 0.25

    /// A check on cost decides from this many `ok` runs of each cell it reads, or more: fewer hold a median within
    /// their range less often than the confidence says (3 runs 75% of the time, 2 runs 50%), and a bootstrap of them
    /// cannot do better; 1 run's interval is a point. A fresh check's first look measures this many; a file with
    /// fewer (a sweep's dear cells at their floor of 3, a sweep interrupted) leaves the check inconclusive, saying so.
    public static let fewestRuns = Estimate.fewestRunsForInterval

    /// What a check says of the cells among `cells` with fewer than ``fewestRuns`` `ok` runs; nil where there are
    /// none.
    static func fewRunsText(_ cells: [CellSummary]) -> String? {
        let few = cells.filter { $0.okRuns < fewestRuns }
        guard !few.isEmpty else {
            return nil
        }
        return few.map { "\($0.runner) at \($0.configuration) has \(Format.count($0.okRuns, "ok run"))" }
            .joined(separator: " and ") + ", and a check decides from \(fewestRuns) or more (a fresh check measures them)"
    }

    /// The cells of `keys` in `report` of which more than ``interferedShare`` of the runs were made during
    /// interference: those a check reads no decision from.
    public static func interferedCells(_ keys: some Sequence<CellKey>, in report: Report) -> [CellSummary] {
        keys.compactMap { report.cell($0.runner, at: $0.configuration) }.filter { $0.isInterfered(moreThan: interferedShare) }
    }

    /// What a check says of `cells` whose runs were made during interference (``interferedCells(_:in:)``): `3 of 8
    /// runs of serial-queue were made while the hypervisor gave 40% of the machine's CPU time to other guests`, who
    /// used the machine the mean over those runs.
    public static func interferenceText(_ cells: [CellSummary]) -> String {
        // The mean over the marked runs of all the cells: each cell's mean, weighted by its marked runs.
        let loads = cells.flatMap { cell in
            cell.interference.map { Array(repeating: $0, count: cell.interferedRuns) } ?? []
        }
        let who = RunLoad.mean(loads)?.usersText ?? "other programs used the machine"
        return cells.map(\.interferenceText).joined(separator: " and ") + " were made while " + who
    }

    /// Why a cell the check reads has nothing to decide from: the runs hold no such cell (a runner or configuration
    /// that `--input`'s file lacks), or none of its runs is `ok`. A fail either way: a gate must not pass on nothing.
    /// Where the runs hold the runner at other configurations, it names them, as a slip in the check's configuration
    /// (`task@8x100` for `task@8x12500`) reads otherwise like a cost that failed its bound.
    static func noOkRunText(_ runner: String, _ configuration: RunConfiguration, in report: Report) -> String {
        guard let cell = report.cell(runner, at: configuration), cell.runs > 0 else {
            let elsewhere = report.cells.filter { $0.runner == runner && $0.runs > 0 }.map(\.configuration.description)
            let held =
                elsewhere.isEmpty ? "no run of \(runner)" : "\(runner) at \(elsewhere.joined(separator: ", ")) only"
            return "no run of \(runner) at \(configuration): the runs checked hold \(held)"
        }
        return "no ok run of \(runner) at \(configuration): \(Format.count(cell.runs, "run")), none ok"
    }

    /// One rule over every `ok` run of the cells the check reads, pooled: the `confidence` interval of what the
    /// check compares with its bound (the subject's headline cost per job, or its ratio to the other runner's, by
    /// ``Bootstrap``) lies wholly on the side where the check holds, wholly on the side where it fails, or across
    /// the bound: inconclusive. Inconclusive, too, where more than ``interferedShare`` of a cell's runs were made
    /// during interference.
    private func evaluate(on report: Report, in configuration: RunConfiguration, confidence: Double) -> CheckResult {
        let subjectConfiguration = subject.configuration ?? configuration
        let subjectCell = report.cell(subject.runner, at: subjectConfiguration)
        let subjectCost = subjectCell?.headlineNanosecondsPerJob
        var cells = [CellKey(runner: subject.runner, configuration: subjectConfiguration)]
        func result(
            _ outcome: CheckResult.Outcome, _ explanation: String, interval: ClosedRange<Double>? = nil,
            other: Double? = nil
        ) -> CheckResult {
            CheckResult(
                expression: self, configuration: configuration, outcome: outcome, interval: interval,
                confidence: confidence, subjectNanosecondsPerJob: subjectCost, otherNanosecondsPerJob: other,
                explanation: explanation, cells: cells)
        }
        /// A result decided from the cells' runs, undecided where too many of them were made during interference.
        func fromRuns(_ decided: CheckResult) -> CheckResult {
            let interfered = Self.interferedCells(cells, in: report)
            guard !interfered.isEmpty else {
                return decided
            }
            var result = decided
            result.outcome = .inconclusive
            result.explanation += "; not decided: " + Self.interferenceText(interfered)
            return result
        }
        guard let subjectCell, let subjectCost else {
            return result(.fails, Self.noOkRunText(subject.runner, subjectConfiguration, in: report))
        }
        if let decided = allocationResult(subjectCell, report: report, configuration: configuration, cells: &cells) {
            return result(decided.outcome, decided.explanation)
        }
        let subjectText = "\(subject.runner) \(Format.perJob(nanoseconds: subjectCost))/job"
        let needs = "needs \(comparison.rawValue)"
        let percent = Format.number(confidence * 100)
        switch bound {
        case .perJob(let limit):
            if let few = Self.fewRunsText([subjectCell]) {
                return result(
                    .inconclusive, "\(subjectText); \(needs) \(Format.perJob(nanoseconds: limit))/job; not decided: \(few)")
            }
            let interval = Bootstrap.headline(subjectCell.samplePerJob, confidence: confidence)
            let range = interval.map { " (\(percent)% interval \(Format.range($0, Format.perJob(nanoseconds:))))" } ?? ""
            return fromRuns(
                result(
                    comparison.outcome(interval ?? subjectCost...subjectCost, limit),
                    "\(subjectText)\(range); \(needs) \(Format.perJob(nanoseconds: limit))/job", interval: interval))
        case .multiple(let factor, let other):
            let otherConfiguration = other.configuration ?? configuration
            cells.append(CellKey(runner: other.runner, configuration: otherConfiguration))
            guard let otherCell = report.cell(other.runner, at: otherConfiguration),
                let otherCost = otherCell.headlineNanosecondsPerJob, otherCost > 0
            else {
                return result(.fails, Self.noOkRunText(other.runner, otherConfiguration, in: report))
            }
            let ratio = subjectCost / otherCost
            if let few = Self.fewRunsText([subjectCell, otherCell]) {
                return result(
                    .inconclusive,
                    "\(subjectText) is \(Format.ratio(ratio))× \(other.runner) \(Format.perJob(nanoseconds: otherCost))/job; "
                        + "\(needs) \(Format.number(factor))×; not decided: \(few)", other: otherCost)
            }
            let interval = Bootstrap.ratio(subjectCell.samplePerJob, to: otherCell.samplePerJob, confidence: confidence)
            let range = interval.map { " (\(percent)% interval \(Format.range($0))×)" } ?? ""
            return fromRuns(
                result(
                    comparison.outcome(interval ?? ratio...ratio, factor),
                    "\(subjectText) is \(Format.ratio(ratio))× \(other.runner) \(Format.perJob(nanoseconds: otherCost))/job"
                        + "\(range); \(needs) \(Format.number(factor))×",
                    interval: interval, other: otherCost))
        case .allocationsPerJob, .allocationsMultiple:
            // Decided above.
            return result(.inconclusive, "not a check on cost")
        }
    }

    /// A check on allocations per job, decided on every run's count: the range of the subject's counts (less
    /// `factor` times the other's, for a relative one) wholly where the check holds, wholly where it fails, or
    /// across the bound; inconclusive where a cell has no count (an older file, or a build that cannot count). Nil
    /// for a check on cost. No interference guard: a count does not move with the machine's load.
    private func allocationResult(
        _ subjectCell: CellSummary, report: Report, configuration: RunConfiguration, cells: inout [CellKey]
    ) -> (outcome: CheckResult.Outcome, explanation: String)? {
        let noCount = "no allocation count in its runs (a file made before counts were recorded, or by a build that "
            + "cannot count them: docs/method.md, \"Allocations\")"
        let needs = "needs \(comparison.rawValue)"
        switch bound {
        case .perJob, .multiple:
            return nil
        case .allocationsPerJob(let limit):
            guard let counts = subjectCell.allocationRange else {
                return (.inconclusive, "\(subject.runner): \(noCount)")
            }
            return (
                comparison.outcome(counts, limit),
                "\(subject.runner) \(Format.numberRange(counts)) allocs/job in every run; "
                    + "\(needs) \(Format.number(limit))"
            )
        case .allocationsMultiple(let factor, let other):
            let otherConfiguration = other.configuration ?? configuration
            cells.append(CellKey(runner: other.runner, configuration: otherConfiguration))
            guard let otherCell = report.cell(other.runner, at: otherConfiguration), otherCell.okRuns > 0 else {
                return (.fails, Self.noOkRunText(other.runner, otherConfiguration, in: report))
            }
            guard let counts = subjectCell.allocationRange, let otherCounts = otherCell.allocationRange else {
                return (.inconclusive, noCount)
            }
            // The subject's count less factor × the other's, over every pair of runs: compared with 0.
            let difference =
                (counts.lowerBound - factor * otherCounts.upperBound)...(counts.upperBound - factor * otherCounts.lowerBound)
            return (
                comparison.outcome(difference, 0),
                "\(subject.runner) \(Format.numberRange(counts)) allocs/job, \(other.runner) "
                    + "\(Format.numberRange(otherCounts)), in every run; "
                    + "\(needs) \(Format.number(factor))×"
            )
        }
    }
}

extension CheckExpression.Comparison {
    /// Whether every value of `interval` satisfies the comparison with `bound` (holds), none does (fails), or some do.
    func outcome(_ interval: ClosedRange<Double>, _ bound: Double) -> CheckResult.Outcome {
        let (worst, best) =
            switch self {
            case .greaterOrEqual, .greater: (interval.lowerBound, interval.upperBound)
            case .lessOrEqual, .less: (interval.upperBound, interval.lowerBound)
            }
        if holds(worst, bound) {
            return .holds
        }
        return holds(best, bound) ? .inconclusive : .fails
    }
}
