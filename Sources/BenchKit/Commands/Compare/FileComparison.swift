import BenchResults
import Foundation
import JobRunners

/// Result files compared with the first: what `bench compare` prints.
struct FileComparison {
    let files: [ResultSet]
    let reports: [Report]
    let threshold: Double
    /// One per file after the first, against the first.
    let comparisons: [Comparison]
    /// One per file after the first: how its machine differs in kind from the first's (``kindDifferences(_:_:)``);
    /// where it does, its comparison's machine factor is the plain code's (``Comparison/plainCodeRunners``).
    let kindDifferences: [[String]]
    /// Whether the tables compare what the runs cost the machine too.
    var showsMetrics = false
    /// What bench knows of the runners, to draw the files side by side where a page can show a chart; no chart
    /// without.
    var catalogue: RunnerCatalogue?

    /// The session terms every comparison uses, and the file they were kept in (nil for the default).
    let terms: SessionTerms
    let termsSource: (path: String, pairs: Int)?

    init(files: [ResultSet], threshold: Double, kept: (terms: SessionTerms.Kept, path: String)? = nil) {
        self.files = files
        self.threshold = threshold
        let terms = kept?.terms.terms ?? .default
        self.terms = terms
        termsSource = kept.map { ($0.path, $0.terms.pairs.count) }
        let reports = files.map { Report(records: $0.records) }
        self.reports = reports
        let kindDifferences = files.dropFirst().map { Self.kindDifferences(files[0], $0) }
        self.kindDifferences = kindDifferences
        comparisons = zip(reports.dropFirst(), kindDifferences).map { report, kinds in
            Comparison(
                baseline: reports[0], candidate: report, threshold: threshold, terms: terms,
                factorRunners: kinds.isEmpty ? nil : Comparison.plainCodeRunners)
        }
    }

    /// What makes two machines of different kinds, whose mechanisms need not scale alike: the CPUs a process may
    /// use, the architecture, the system (the kernel's name: Linux, Darwin) and the Swift compiler. Another
    /// processor model with as many CPUs, or another release of the same system, is the same kind: a machine that
    /// is faster or slower as a whole. (`bench compare --help` says so in words.)
    static let kindFields: [(column: String, value: @Sendable (MachineInfo) -> String)] = [
        ("logical_cpus", { $0.logicalCPUs.map(String.init) ?? "" }),
        ("arch", \.arch),
        ("kernel", { $0.kernel.split(separator: " ").first.map(String.init) ?? "" }),
        ("swift_version", \.swiftVersion),
    ]

    /// What allocates besides the runner's own code, so that a count moves with it: the system's release (its C
    /// library, Foundation) and the Swift runtime.
    static let systemFields: [(column: String, value: @Sendable (MachineInfo) -> String)] = [
        ("os", \.os),
        ("swift_version", \.swiftVersion),
    ]

    /// How `candidate`'s machine differs from `baseline`'s in `fields` (in kind, by default: ``kindFields``), a
    /// phrase a field: `logical_cpus 2 → 16`; a field either file does not record is left out.
    static func kindDifferences(
        _ baseline: ResultSet, _ candidate: ResultSet,
        in fields: [(column: String, value: @Sendable (MachineInfo) -> String)] = kindFields
    ) -> [String] {
        guard let before = baseline.machines.first, let after = candidate.machines.first else {
            return []
        }
        return fields.compactMap { field in
            let (old, new) = (field.value(before), field.value(after))
            return old.isEmpty || new.isEmpty || old == new ? nil : "\(field.column) \(old) → \(new)"
        }
    }

    /// The comparison of `files` with the session terms kept for their machine beside the first file, where there
    /// are; nil, having said why on standard error, where that file cannot be read (compare and validate alike).
    static func withKeptTerms(_ files: [ResultSet], threshold: Double, console: Console) -> FileComparison? {
        do {
            return FileComparison(files: files, threshold: threshold, kept: try keptTerms(for: files))
        } catch {
            console.reportError(error)
            return nil
        }
    }

    /// The terms kept for the files' machine beside the first file (``SessionTerms/Kept/path(machine:in:)``), where
    /// the files all come from one machine (host, processor and CPUs: ``MachineInfo/fileNameStem``) and there is such
    /// a file; nil otherwise. Throws a message for the `Error:` line where the file is there but cannot be read as
    /// terms.
    static func keptTerms(for files: [ResultSet]) throws(UnreadableTerms) -> (terms: SessionTerms.Kept, path: String)? {
        let machines = Self.machines(of: files)
        guard machines.count == 1, let machine = machines.first, let first = files.first else {
            return nil
        }
        let path = SessionTerms.Kept.path(machine: machine, in: (first.path as NSString).deletingLastPathComponent)
        do {
            guard let kept = try SessionTerms.Kept.read(path), kept.machine == machine, !kept.pairs.isEmpty else {
                return nil
            }
            return (kept, path)
        } catch {
            throw UnreadableTerms(
                description: "'\(path)' is not session terms as '\(Program.name) validate --keep' writes them "
                    + "(\(error)); move it away to use the default")
        }
    }

    /// The machines `files` come from, as their kept terms and result files are named (``MachineInfo/fileNameStem``:
    /// host, processor and CPUs), in order; the one name session terms are kept under where there is one.
    static func machines(of files: [ResultSet]) -> [String] {
        Set(files.flatMap(\.machines).map(\.fileNameStem)).sorted()
    }

    /// A machine's kept session terms that cannot be read; its description is the message for the `Error:` line.
    struct UnreadableTerms: Error, CustomStringConvertible {
        var description: String
    }

    /// What widens the intervals, and where it comes from: `Session terms: the default …` or this machine's, kept.
    func sessionTermsText() -> String {
        func percent(_ value: Double) -> String {
            "±\(Format.number((value * 1000).rounded() / 10))%"
        }
        let figures = "a cell \(percent(terms.cell)) beside the machine and the machine \(percent(terms.drift)) between "
            + "sessions (standard deviations)"
        guard let source = termsSource else {
            // Terms are kept for one machine: files of several get the default, and no advice to keep some.
            guard Self.machines(of: files).count == 1 else {
                return "Session terms: the default (the files come from different machines), \(figures); intervals "
                    + "widened by 1.96 times them."
            }
            return "Session terms: the default (none kept for this machine), \(figures); intervals widened by 1.96 "
                + "times them. '\(Program.name) validate A.csv B.csv --keep' measures this machine's on an A/A pair."
        }
        let few =
            source.pairs < Self.enoughKeptPairs
            ? " Fewer than \(Self.enoughKeptPairs) pairs: each is one draw of the machine's drift, so keep pairs of other days."
            : ""
        return "Session terms: this machine's, from \(Format.count(source.pairs, "A/A pair")) kept in \(source.path), "
            + "\(figures); intervals widened by 1.96 times them.\(few)"
    }

    /// The kept A/A pairs below which compare says that the drift is known from too few sessions: one quiet pair's
    /// terms called 3.8 to 23% of the cells of days the machine moved more falsely (docs/statistics.md, "What the
    /// rules promise"). Three is a judgement, not a measured count: the fewest whose root mean square is not one day's.
    static let enoughKeptPairs = 3

    /// The change compare tells ``Comparison/detectable(ratio:interval:threshold:)`` cells against.
    static let detectableChange = 1.2

    /// How many cells could have seen a change of ``detectableChange``, and what the median cell could see: `Could
    /// see ×1.2 (80% of the time): 61 of 104 cells, 55 beside the machine; the median cell ×1.18 ("sees": each
    /// cell's smallest change beside the machine, from its ÷ machine interval's width).`
    static func detectableText(_ comparison: Comparison) -> String {
        detectableText(
            comparison.rows.map(\.detectable),
            relative: comparison.machineFactor != nil ? comparison.rows.map(\.relativeDetectable) : nil)
    }

    /// The same of cells that could each see `detectable` (nil: no interval), and, where there is a machine
    /// factor, `relative` beside it; the median is of the relative ones where given. `interleave`'s line too.
    static func detectableText(_ detectable: [Double?], relative: [Double?]? = nil) -> String {
        let change = detectableChange
        let sees = (relative ?? detectable).compactMap { $0 }
        let raw = detectable.filter { ($0 ?? .infinity) <= change }.count
        let beside = relative != nil ? ", \(sees.filter { $0 <= change }.count) beside the machine" : ""
        let median = Statistics.median(sees).map { "; the median cell ×\(Format.ratio($0))" } ?? ""
        // The column is the relative one's where there is a machine factor: say so, as its header cannot.
        let what = relative != nil
            ? "each cell's smallest change beside the machine, from its ÷ machine interval's width"
            : "each cell's smallest, from its interval's width"
        return "Could see ×\(Format.number(change)) (\(Int(Comparison.detectablePower * 100))% of the time): \(raw) of "
            + "\(Format.count(detectable.count, "cell"))\(beside)\(median) (\"sees\": \(what))."
    }

    /// What compare says of the cells whose runs were made mostly during interference in either file
    /// (``Comparison/Row/interfered``), and what to do, `advice`; nil when there are none.
    static func interferenceText(
        _ comparison: Comparison, label: String,
        advice: String = "Measure them again on a quiet machine, or both builds in one run (\(Program.name) interleave), "
            + "whose runs share the machine's conditions."
    ) -> String? {
        let rows = comparison.rows.filter { $0.interfered != .neither }
        guard !rows.isEmpty else {
            return nil
        }
        let parts: [(count: Int, text: String)] =
            [(Comparison.InterferedFiles.baseline, "in A only"), (.candidate, "in \(label) only"), (.both, "in both")]
            .map { files, text in (rows.filter { $0.interfered == files }.count, text) }.filter { $0.count > 0 }
        // One kind: said alone; several: how many of each.
        let where_ = parts.count == 1 ? parts[0].text : parts.map { "\($0.count) \($0.text)" }.joined(separator: ", ")
        return "Interference: \(Format.count(rows.count, "cell")) had most of \(rows.count == 1 ? "its" : "their") runs "
            + "made while other programs or guests used the machine (\(where_)): their verdicts are never faster, "
            + "slower, cheaper or dearer (an unsure one is marked !), as a difference may be the other programs'. "
            + advice
    }

    /// The machine factor of `comparison` in words; a line saying there is none when there is none.
    /// Where the machines differ in kind (`kinds`, ``kindDifferences(_:_:)``), the factor is the plain code's, and
    /// the text says so, with what the median of every cell would have been.
    static func machineFactorText(_ comparison: Comparison, label: String, kinds: [String] = []) -> String {
        let plain = Comparison.plainCodeRunners.sorted(by: >).joined(separator: ", ")
        guard let factor = comparison.machineFactor else {
            if comparison.factorRunners != nil {
                return "Machine factor: none (the machines differ in kind, \(kinds.joined(separator: ", ")), and "
                    + "no cell of plain code (\(plain)), which it would be the median of, is in both files), so no "
                    + "relative verdicts."
            }
            return "Machine factor: none (fewer than \(Comparison.fewestCellsForMachineFactor) cells with a ratio), so "
                + "no relative verdicts."
        }
        let change = Int((abs(factor.estimate - 1) * 100).rounded())
        // In time, not speed: a factor of 0.2 is 80% less time, which "80% faster" would misstate (5× as fast).
        let sameSpeed = factor.interval?.contains(1) ?? false
        let how =
            sameSpeed
            ? "ran at the same speed, within its interval"
            : "took \(change)% \(factor.estimate < 1 ? "less" : "more") time per job"
        let interval = factor.interval.map { "95% interval \(Format.range($0))" }
            ?? "no interval: its cells have too few runs in a file for one"
        guard let allCells = factor.allCells else {
            return "Machine factor \(label)/A: \(Format.ratio(factor.estimate)) (\(interval)), the median of "
                + "\(factor.cells) cells' ratios: \(label)'s machine \(how)\(sameSpeed ? "" : " as a whole"). The "
                + "relative ratio (÷ machine) divides it out; its verdict says whether a cell moved with the machine, "
                + "or became cheaper or dearer beside it."
        }
        // The plain-code runners the factor's cells are of: those in both files (the 2010 table has no C floor).
        let plainInBoth = Comparison.plainCodeRunners.intersection(comparison.rows.map(\.baseline.runner))
            .sorted(by: >).joined(separator: ", ")
        return "The machines differ in kind (\(kinds.joined(separator: ", "))): mechanisms that hand jobs between "
            + "threads scale with them, plain code does not, so the median of all cells would mix the two. Machine "
            + "factor \(label)/A: \(Format.ratio(factor.estimate)) (\(interval)), "
            + "the median of \(Format.count(factor.cells, "plain-code cell")) (\(plainInBoth)): plain code on "
            + "\(label)'s machine "
            + "\(how) (the median of all cells' ratios: \(Format.ratio(allCells))). The relative ratio (÷ machine) "
            + "says how each cell's cost moved beside plain code's: cheaper or dearer here is how its mechanism fares "
            + "on \(label)'s kind of machine, not a change of the mechanism."
    }

    /// `keys` as lines by runner, in the order of their first cell: `serial-queue: 1×100000, 4×25000`.
    /// Runners whose cells are at the same configurations share a line (`run-loop, task: 4×500, 8×250`), each named,
    /// however many: which runners a file lacks is what the list is for (the 2010 file against a sweep: 20 runners).
    static func byRunner(_ keys: [CellKey]) -> [String] {
        let runners = keys.map(\.runner).uniqued()
        let configurations = runners.map { runner in
            keys.filter { $0.runner == runner }.map(\.configuration.description).joined(separator: ", ")
        }
        return configurations.uniqued().map { group in
            let names = runners.indices.filter { configurations[$0] == group }.map { runners[$0] }
            return names.joined(separator: ", ") + ": " + group
        }
    }

    /// The `Error:` line's message where a later file shares no cell with the first: its tables would be empty
    /// and a CI step would take an exit of 0 for a comparison made. Nil where every file shares one. One line, as
    /// every error is (a CI step greps it): each path once, then what each file holds.
    var sharesNoCellMessage: String? {
        guard let offset = comparisons.firstIndex(where: { $0.rows.isEmpty }) else {
            return nil
        }
        return "'\(files[0].path)' and '\(files[offset + 1].path)' share no cell: the first holds "
            + "\(Self.holdings(reports[0])), the second \(Self.holdings(reports[offset + 1])); compare files of the "
            + "same command"
    }

    /// What a report's cells are, in a few words, for an error: `2 runners (serial-queue, condition-worker) at
    /// 4×25000`; at most four names of each, then how many more.
    static func holdings(_ report: Report) -> String {
        let keys = report.cells.map(\.key)
        guard !keys.isEmpty else {
            return "no cell"
        }
        func few(_ names: [String]) -> String {
            names.count <= 4
                ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
        }
        let runners = keys.map(\.runner).uniqued()
        return "\(Format.count(runners.count, "runner")) (\(few(runners))) at "
            + few(keys.map(\.configuration.description).uniqued())
    }

    /// A, B, C, … for the files in order.
    static func label(_ index: Int) -> String {
        index < 26 ? String(UnicodeScalar(UInt8(65 + index))) : "F\(index + 1)"
    }

    /// Whether the cells of a comparison counted their allocations per job differently in its two files.
    ///
    /// Counts are exact within a process, but a runner's processes can count differently (a pool or an arena that
    /// grows by need, a thread's start that allocates now and then): `verified-detach` counted 9.2732 to 9.2846 a job
    /// at 16×6250 in one sweep's 2 processes and 9.2971 to 9.3025 in the next one's, a minute later. Two processes
    /// often agree by chance where they would not always, so a cell's count changed only where the two files'
    /// ranges lie apart by more than the processes of its runner's alike cells (``PooledSpread/Group``: shape and
    /// work) already differ in either file, the cell's own included. Where every process counted alike, any move is
    /// a change.
    struct AllocationChanges {
        /// The most that processes of one cell differ, for each runner's alike cells, over both files.
        private var spreads: [PooledSpread.Group: Double] = [:]

        init(_ comparison: Comparison) {
            for cell in comparison.rows.flatMap({ [$0.baseline, $0.candidate] }) {
                guard let range = Self.counts(cell) else {
                    continue
                }
                let group = PooledSpread.Group(runner: cell.runner, configuration: cell.configuration)
                spreads[group] = max(spreads[group] ?? 0, range.upperBound - range.lowerBound)
            }
        }

        /// Whether the row's cell counted differently in the two files; nil where either has no count.
        func changed(_ row: Comparison.Row) -> Bool? {
            guard let a = Self.counts(row.baseline), let b = Self.counts(row.candidate) else {
                return nil
            }
            let gap = max(b.lowerBound - a.upperBound, a.lowerBound - b.upperBound)
            let spread = spreads[PooledSpread.Group(runner: row.key.runner, configuration: row.key.configuration)] ?? 0
            // Both are whole ten-thousandths: the tolerance only absorbs their binary rounding.
            return gap > spread + 1e-9
        }

        /// `9.24 → 9.3`: the two files' counts, to 2 decimals, or to 4 where at 2 they would overlap, as if the
        /// count had not moved (`9.27–9.28 → 9.28` for 9.274–9.276 → 9.279).
        static func text(_ row: Comparison.Row) -> String? {
            guard let a = counts(row.baseline), let b = counts(row.candidate) else {
                return nil
            }
            func rounded(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
                ((range.lowerBound * 100).rounded() / 100)...((range.upperBound * 100).rounded() / 100)
            }
            let (a2, b2) = (rounded(a), rounded(b))
            let (shownA, shownB) = a2.overlaps(b2) ? (a, b) : (a2, b2)
            return "\(Format.numberRange(shownA)) → \(Format.numberRange(shownB))"
        }

        /// The smallest and largest of a cell's counts of allocations per job, to the 4 decimals a result file
        /// keeps, so that a sweep's cells and the same cells read back from its file compare alike.
        static func counts(_ cell: CellSummary) -> ClosedRange<Double>? {
            cell.allocationRange.map { range in
                ((range.lowerBound * 1e4).rounded() / 1e4)...((range.upperBound * 1e4).rounded() / 1e4)
            }
        }
    }

    /// `Allocations per job: 2 of 26 cells changed …`, and a line per changed cell (`task at 8×12500: 2 → 3`);
    /// nil where the files have no cell counted in both. `systems` says how the files' systems differ
    /// (``systemFields``): a count moves with the libraries that allocate, never with the machine's speed or load.
    static func allocationsText(_ comparison: Comparison, systems: [String]) -> (summary: String, changes: [String])? {
        let allocations = AllocationChanges(comparison)
        let counted = comparison.rows.filter { allocations.changed($0) != nil }
        guard !counted.isEmpty else {
            return nil
        }
        let changes = counted.filter { allocations.changed($0) == true }.compactMap { row -> String? in
            AllocationChanges.text(row).map { "\(row.key): \($0)" }
        }
        let summary =
            changes.isEmpty
            ? "Allocations per job: the same in all \(Format.count(counted.count, "cell")) both files counted."
            : "Allocations per job: \(changes.count) of \(Format.count(counted.count, "cell")) both files counted changed "
                + "(by more than the processes of the runner's cells differ among themselves; a range is its processes "
                + "counting differently)"
                + (systems.isEmpty
                    ? ""
                    : "; the files come from different systems (\(systems.joined(separator: ", "))), and a count moves "
                        + "with the C library, Foundation and the Swift runtime") + ":"
        return (summary, changes)
    }

    /// What compare says where a debug build made some file's runs (the `build` column), whose costs are
    /// unoptimized Swift's: the sweep says so when it measures, and a file compared later says so here; nil when
    /// none was.
    func debugBuildText() -> String? {
        Self.debugBuildText(
            files.indices.filter { files[$0].machines.contains { $0.build == "debug" } }.map(Self.label),
            advice: "Compare files made by 'swift run -c release \(Program.name)'.")
    }

    /// What compare and interleave say where a debug build made the runs of `labels` (files, or interleave's
    /// builds): that unoptimized Swift's costs are no release build's, and `advice`; nil for no label.
    static func debugBuildText(_ labels: [String], advice: String) -> String? {
        guard !labels.isEmpty else {
            return nil
        }
        return "A debug build made the runs of \(Format.list(labels)): unoptimized Swift, whose costs are no release "
            + "build's. \(advice)"
    }
}
