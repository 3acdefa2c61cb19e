import Foundation

/// What changes between two sessions of one machine, which no single file can see, as standard deviations on the
/// log scale: how far a cell moves beside the machine as a whole (``cell``: a pool's regime drawn anew, a runner the
/// day favours), and how far the machine as a whole moves (``drift``: its clock, its neighbours, its temperature).
///
/// `compare` widens every ratio's interval by them, in quadrature on the log scale: a raw ratio (faster, slower) by
/// both, a ratio beside the machine factor (cheaper, dearer) by ``cell`` alone, the factor having taken the drift
/// out. They are measured by `bench validate` on two sweeps of the same plan made one after the other (an A/A
/// pair: ``measured(from:)``) and kept for the machine in a small file beside the results (``Kept``); `compare`
/// uses the kept ones of the files' machine where there are, and ``default`` otherwise, and says which.
public struct SessionTerms: Sendable, Equatable, Codable {
    /// How far a cell's ratio moves beside the machine factor between sessions: a standard deviation of ln(ratio ÷
    /// factor) beyond what the cells' own intervals account for.
    public var cell: Double
    /// How far the machine factor moves between sessions: a standard deviation of ln(factor).
    public var drift: Double

    /// The terms `cell` and `drift`, each a standard deviation on the log scale.
    public init(cell: Double, drift: Double) {
        self.cell = cell
        self.drift = drift
    }

    /// What `compare` uses where nothing was measured for the files' machine: no cell term, and the machine ±10% (one
    /// standard deviation), from seven A/A pairs of default sweeps on the 2-core development VM (docs/validation.md,
    /// "Session terms"): the machine factor moved by 1.5 to 16% between sweeps minutes apart (10% root mean square),
    /// and no cell moved beside it by more than its own interval, sampled over the sweep's processes, accounts for.
    public static let `default` = SessionTerms(cell: 0, drift: 0.10)

    /// The terms an A/A pair shows (two sweeps of one plan, nothing changed between them): ``drift`` the pair's
    /// machine factor, |ln factor|, one session's move; ``cell`` the σ for which each cell's ln(ratio ÷ factor),
    /// over the spread its intervals already account for (s, from its sampling interval), looks like a normal
    /// draw: the σ at which the median over the cells of ln(ratio ÷ factor)² / (σ² + s²) is the median of a
    /// chi-square of one degree of freedom, 0.4549, found by bisection (0 where even σ = 0 leaves it below). A
    /// median, so that the few cells of a mode of their own do not set it. nil without a machine factor.
    public static func measured(from comparison: Comparison) -> SessionTerms? {
        guard let factor = comparison.machineFactor else {
            return nil
        }
        let cells = comparison.rows.compactMap { row -> (deviation: Double, sampling: Double)? in
            guard let relative = row.relativeRatio, relative > 0, let sampling = row.samplingSpread else {
                return nil
            }
            return (log(relative), sampling)
        }
        guard cells.count >= Comparison.fewestCellsForMachineFactor else {
            return nil
        }
        let chiSquareMedian = 0.454936
        func median(_ sigma: Double) -> Double {
            Statistics.median(
                cells.map { $0.deviation * $0.deviation / max(sigma * sigma + $0.sampling * $0.sampling, 1e-18) }) ?? 0
        }
        var cell = 0.0
        if median(0) > chiSquareMedian {
            var (low, high) = (0.0, 2.0)
            for _ in 0..<64 {
                let middle = (low + high) / 2
                if median(middle) > chiSquareMedian {
                    low = middle
                } else {
                    high = middle
                }
            }
            cell = (low + high) / 2
        }
        return SessionTerms(cell: cell, drift: abs(log(factor.estimate)))
    }

    /// Terms kept for a machine: every A/A pair `bench validate --keep` measured on it, and the terms they give
    /// together, each the root mean square of the pairs' (a drift measured once is one draw of a standard
    /// deviation, so several pairs, on several days, say more).
    public struct Kept: Sendable, Equatable, Codable {
        /// One pair's measurement.
        public struct Pair: Sendable, Equatable, Codable {
            /// The pair's two files, as validate was given them.
            public var files: [String]
            /// When it was measured (ISO 8601, UTC).
            public var measuredAt: String
            /// The cells both files have.
            public var cells: Int
            /// What it measured.
            public var terms: SessionTerms
            /// The two sweeps, each as ``sweep(of:path:)`` names it, in order: a pair kept again replaces its earlier
            /// measurement rather than counting twice. Nil in terms kept before 2026-11-29.
            public var sweeps: [String]?

            /// The measurement of the pair `files`, at `measuredAt`, of `cells` cells: `terms`; `sweeps` names them.
            public init(files: [String], measuredAt: String, cells: Int, terms: SessionTerms, sweeps: [String]? = nil) {
                self.files = files
                self.measuredAt = measuredAt
                self.cells = cells
                self.terms = terms
                self.sweeps = sweeps
            }

            /// What tells a sweep's file from another's wherever it lies: the seeds its rows record (each sweep draws
            /// its own, unless `--seed` gives it) and when its first run started, or, in a file without them, its
            /// absolute path.
            public static func sweep(of records: [ResultRecord], path: String) -> String {
                let seeds = Set(records.compactMap(\.seed)).sorted()
                guard !seeds.isEmpty, let started = records.compactMap(\.startedAt).min() else {
                    return URL(fileURLWithPath: path).standardizedFileURL.path
                }
                return "seed " + seeds.map(String.init).joined(separator: "+") + " from " + started.resultTimestamp
            }
        }

        /// The machine the pairs were made on, as its result files are named after it
        /// (``MachineInfo/fileNameStem``: `vm-amd-epyc-2cpu`): its host, processor and CPUs, since machines of
        /// different kinds can share a host name (cloud VMs called `vm`), and one's drift says nothing of another's.
        public var machine: String
        /// What each A/A pair measured, in the order they were kept.
        public var pairs: [Pair]

        /// Keeps `pair`: in place of the same pair's earlier measurement (the same two sweeps, in either order),
        /// which it returns, or else after the others.
        @discardableResult
        public mutating func keep(_ pair: Pair) -> Pair? {
            guard let sweeps = pair.sweeps.map({ Set($0) }),
                let index = pairs.firstIndex(where: { $0.sweeps.map { Set($0) } == sweeps })
            else {
                pairs.append(pair)
                return nil
            }
            let earlier = pairs[index]
            pairs[index] = pair
            return earlier
        }

        /// The terms of all the pairs together: each the root mean square of theirs.
        public var terms: SessionTerms {
            func rms(_ values: [Double]) -> Double {
                values.isEmpty ? 0 : (values.map { $0 * $0 }.reduce(0, +) / Double(values.count)).squareRoot()
            }
            return SessionTerms(cell: rms(pairs.map(\.terms.cell)), drift: rms(pairs.map(\.terms.drift)))
        }

        /// Kept terms with no pair yet, for `machine` (a ``MachineInfo/fileNameStem``).
        public init(machine: String, pairs: [Pair] = []) {
            self.machine = machine
            self.pairs = pairs
        }

        /// The file a machine's terms are kept in, in `directory`: `MACHINE.session-terms.json`, `machine` being its
        /// ``MachineInfo/fileNameStem`` (`vm-amd-epyc-2cpu.session-terms.json`), which is already safe for a file
        /// name, whatever the host is called.
        public static func path(machine: String, in directory: String) -> String {
            (directory as NSString).appendingPathComponent("\(machine).session-terms.json")
        }

        /// The terms kept at `path`; nil if there is no such file. Throws if the file is there but not such terms.
        public static func read(_ path: String) throws -> Kept? {
            guard FileManager.default.fileExists(atPath: path) else {
                return nil
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return try JSONDecoder().decode(Kept.self, from: data)
        }

        /// The file's text: JSON, keys sorted, one level indented.
        public var json: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
        }
    }
}
