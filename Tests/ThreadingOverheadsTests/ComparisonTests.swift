@testable import BenchKit
import BenchResults
import Foundation
import JobRunners
import Testing

extension ThreadingOverheadsTests {
    @Suite struct ComparisonTests {
        static let configuration = RunConfiguration(queues: 1, iterations: 1000)
        static let other = RunConfiguration(queues: 2, iterations: 500)

        static func report(_ cells: [String: [Int64]], configuration: RunConfiguration = configuration) -> Report {
            Report(records: cells.sorted { $0.key < $1.key }.flatMap { runner, times in
                times.enumerated().map { index, nanoseconds in
                    ResultRecord(
                        runner: runner, configuration: configuration, repetition: index + 1,
                        outcome: RunOutcome(status: .ok, nanoseconds: nanoseconds, detail: "", completedIterations: configuration.jobs, startedAt: nil),
                        machine: .current())
                }
            })
        }

        @Test("cells in one file only are listed by runner, every runner named however many share a line")
        func onlyInOneFileByRunner() {
            let runners = ["a", "b", "c", "d", "e", "f"]
            let keys = runners.map { CellKey(runner: $0, configuration: Self.configuration) }
                + [CellKey(runner: "g", configuration: Self.other)]
            #expect(FileComparison.byRunner(keys) == ["a, b, c, d, e, f: 1×1000", "g: 2×500"])
        }

        @Test("compare lists counts that changed, and names the systems where the files' differ: a count moves with them")
        func allocationChanges() throws {
            func counted(_ report: Report, _ perJob: Double) -> Report {
                Report(records: report.records.map { record in
                    var record = record
                    record.outcome.allocations = Allocations(perJob: perJob, bytesPerJob: perJob * 64, freesPerJob: perJob)
                    return record
                })
            }
            let cells = ["task": [Int64](repeating: 1_000, count: 6)]
            let comparison = Comparison(baseline: counted(Self.report(cells), 4), candidate: counted(Self.report(cells), 5))
            let oneSystem = try #require(FileComparison.allocationsText(comparison, systems: []))
            #expect(oneSystem.changes == ["task at 1×1000: 4 → 5"])
            #expect(oneSystem.summary.hasPrefix("Allocations per job: 1 of 1 cell both files counted changed"))
            #expect(!oneSystem.summary.contains("different systems"))
            let two = try #require(FileComparison.allocationsText(comparison, systems: ["os Ubuntu 24.04 → Debian 12"]))
            #expect(two.summary.contains("the files come from different systems (os Ubuntu 24.04 → Debian 12)"))
            // The same counts: nothing to explain, whatever the systems.
            let same = Comparison(baseline: counted(Self.report(cells), 4), candidate: counted(Self.report(cells), 4))
            let unchanged = try #require(FileComparison.allocationsText(same, systems: ["os Ubuntu 24.04 → Debian 12"]))
            #expect(unchanged.summary == "Allocations per job: the same in all 1 cell both files counted.")
        }

        @Test("a count that moved within how far its runner's processes differ is no change; one beyond it is")
        func allocationChangesBeyondTheRunnersSpread() throws {
            // Cells of one runner, 2 runs each from 2 processes: `counts[configuration]` gives each process's count.
            func file(_ counts: [RunConfiguration: [Double]]) -> Report {
                Report(records: counts.flatMap { configuration, perProcess in
                    perProcess.enumerated().map { index, perJob in
                        var record = ResultRecord(
                            runner: "verified-detach", configuration: configuration, repetition: index + 1,
                            outcome: RunOutcome(
                                status: .ok, nanoseconds: 1_000, detail: "", completedIterations: configuration.jobs,
                                startedAt: nil),
                            machine: .current())
                        record.process = index + 1
                        record.outcome.allocations = Allocations(perJob: perJob, bytesPerJob: 600, freesPerJob: perJob)
                        return record
                    }
                })
            }
            let (cell, sibling) = (Self.configuration, Self.other)
            // The A/A pair of 2026-12-02, to 4 decimals: at 16×6250 the two files' ranges lie 0.0125 apart, each
            // file's processes 0.0114 and 0.0054 apart; at 8×12500 they were 0.0133 apart in the first file.
            let first = file([cell: [9.2732, 9.2846], sibling: [9.2639, 9.2772]])
            let second = file([cell: [9.2971, 9.3025], sibling: [9.2758, 9.2867]])
            let aa = try #require(FileComparison.allocationsText(Comparison(baseline: first, candidate: second), systems: []))
            #expect(aa.summary == "Allocations per job: the same in all 2 cells both files counted.")
            // Without its sibling's spread, the cell's own processes would not cover its move.
            let alone = try #require(
                FileComparison.allocationsText(
                    Comparison(baseline: file([cell: [9.2732, 9.2846]]), candidate: file([cell: [9.2971, 9.3025]])),
                    systems: []))
            #expect(alone.changes == ["verified-detach at 1×1000: 9.27–9.28 → 9.3"])
            // A move of a whole allocation a job is beyond any spread here; counts whose ranges would overlap at 2
            // decimals are written to 4.
            let moved = file([cell: [10.2732, 10.2846], sibling: [9.2639, 9.2772]])
            let changed = try #require(FileComparison.allocationsText(Comparison(baseline: first, candidate: moved), systems: []))
            #expect(changed.changes == ["verified-detach at 1×1000: 9.27–9.28 → 10.27–10.28"])
            let close = file([cell: [9.2732, 9.2732]])
            let closer = file([cell: [9.2749, 9.2749]])
            let fine = try #require(FileComparison.allocationsText(Comparison(baseline: close, candidate: closer), systems: []))
            #expect(fine.changes == ["verified-detach at 1×1000: 9.2732 → 9.2749"])
            let overlapping = try #require(
                FileComparison.allocationsText(
                    Comparison(baseline: file([cell: [9.274, 9.276]]), candidate: file([cell: [9.279, 9.279]])),
                    systems: []))
            #expect(overlapping.changes == ["verified-detach at 1×1000: 9.274–9.276 → 9.279"])
        }

        /// No change between sessions: what the files' runs alone say.
        static let noTerms = SessionTerms(cell: 0, drift: 0)

        static func verdict(_ before: [Int64], _ after: [Int64]) -> Comparison.Verdict? {
            Comparison(
                baseline: report(["serial-queue": before]), candidate: report(["serial-queue": after]), terms: noTerms
            ).rows.first?.verdict
        }

        static let knownVerdicts: [([Int64], [Int64], Comparison.Verdict)] = [
            // Twice as slow, every run: the whole interval lies above 1.
            ([100, 101, 102], [200, 201, 202], .slower),
            ([100, 101, 102], [50, 51, 52], .faster),
            // 1% apart: within the 5% threshold.
            ([100, 101, 102], [101, 102, 103], .same),
            ([100, 101, 102], [100, 101, 102], .same),
            // 7% apart in the medians, but the runs overlap so much that the interval includes 1.
            ([100, 150, 200], [110, 160, 400], .unsure),
            // One run per cell, as in the 2010 file: no interval, so only the threshold can decide.
            ([100], [300, 300, 300], .unsure),
            ([100], [102], .same),
            ([300, 300, 300], [100], .unsure),
        ]

        @Test("verdicts on synthetic files with known answers", arguments: knownVerdicts)
        func verdicts(before: [Int64], after: [Int64], expected: Comparison.Verdict) {
            #expect(Self.verdict(before, after) == expected)
        }

        @Test("a wider threshold turns a small real difference into same")
        func threshold() {
            let before = Self.report(["serial-queue": [100, 101, 102]])
            let after = Self.report(["serial-queue": [110, 111, 112]])
            #expect(Comparison(baseline: before, candidate: after, terms: Self.noTerms).rows.first?.verdict == .slower)
            #expect(
                Comparison(baseline: before, candidate: after, threshold: 0.15, terms: Self.noTerms).rows.first?.verdict
                    == .same)
        }

        @Test("ratios, normalized ratios and the interval")
        func ratios() throws {
            let before = Self.report(["single-threaded": [100, 100, 100], "serial-queue": [200, 200, 200]])
            let after = Self.report(["single-threaded": [50, 50, 50], "serial-queue": [150, 150, 150]])
            let comparison = Comparison(baseline: before, candidate: after, terms: Self.noTerms)
            let row = try #require(comparison.rows.first { $0.key.runner == "serial-queue" })
            #expect(row.ratio == 0.75)
            // (150 / 50) / (200 / 100): relative to its machine's control, serial-queue got 1.5 times dearer.
            #expect(abs((row.normalizedRatio ?? 0) - 1.5) < 1e-12)
            #expect(row.interval == 0.75...0.75)
            // Two cells: too few for a machine factor, so no relative verdict.
            #expect(comparison.machineFactor == nil)
            #expect(row.relativeRatio == nil && row.relativeVerdict == .unsure)
            #expect(row.verdict == .faster)
            let control = try #require(comparison.rows.first { $0.key.runner == "single-threaded" })
            #expect(control.normalizedRatio == 1)
        }

        @Test("the same files always give the same intervals")
        func reproducible() {
            let before = Self.report(["serial-queue": [100, 130, 90, 120, 110]])
            let after = Self.report(["serial-queue": [105, 160, 95, 140, 99]])
            let first = Comparison(baseline: before, candidate: after).rows.first?.interval
            let second = Comparison(baseline: before, candidate: after).rows.first?.interval
            #expect(first != nil)
            #expect(first == second)
        }

        /// `runs` of serial-queue, made by the worker processes `processes` in turn (nil: all in this process).
        static func cell(_ runs: [Int64], processes: [Int?]? = nil) -> CellSummary? {
            Report(records: runs.enumerated().map { index, nanoseconds in
                ResultRecord(
                    runner: "serial-queue", configuration: configuration, repetition: index + 1,
                    outcome: RunOutcome(status: .ok, nanoseconds: nanoseconds, detail: "", completedIterations: configuration.jobs, startedAt: nil),
                    machine: .current(), process: processes?[index])
            }).cells.first
        }

        @Test("a cell's interval is its own: over its processes, or over its runs in one process; t below 6 units")
        func cellInterval() throws {
            // 3 runs in one process: t with 2 degrees of freedom on their logs, around the median.
            let three = try #require(Self.cell([100, 100, 121])?.interval)
            let logs = [100.0, 100, 121].map(log)
            let halfWidth = 4.303 * (Statistics.standardDeviation(logs) ?? 0) / 3.0.squareRoot()
            #expect(abs(three.lowerBound - 100 * exp(-halfWidth)) < 1e-9)
            #expect(abs(three.upperBound - 100 * exp(halfWidth)) < 1e-9)
            // From 6 runs in one process: order statistics, no shape assumed.
            #expect(Self.cell([100, 100, 121, 100, 100, 121])?.interval == 100...121)
            // Runs of three processes: each process's median is one unit, so a process's own steadiness does not
            // narrow the interval; three processes that agree give a narrow one whatever their runs' count.
            let processes = try #require(
                Self.cell([100, 101, 120, 121, 110, 111], processes: [1, 1, 2, 2, 3, 3]))
            #expect(processes.processCount == 3)
            let units = [100.5, 120.5, 110.5]
            let headline = try #require(Estimate.headline(processes.nanoseconds))
            let unitWidth = 4.303 * (Statistics.standardDeviation(units.map(log)) ?? 0) / 3.0.squareRoot()
            let interval = try #require(processes.interval)
            #expect(abs(interval.upperBound - headline * exp(unitWidth)) < 1e-9)
            // A steady cell keeps its own width, whatever the cells beside it do: none is widened by another.
            let steady = Self.report(["serial-queue": [100, 100, 100], "task": [100, 300, 900]])
            #expect(steady.cell("serial-queue", at: Self.configuration)?.interval == 100...100)
            // One run: no interval.
            #expect(Self.cell([100])?.interval == nil)
        }

        @Test("session terms widen a ratio's interval: raw by the cell's term and the drift, relative by the cell's")
        func sessionTermsWiden() throws {
            // serial-queue 8% dearer in every run of B, the machine unchanged: the runs alone call it slower.
            let (a, b) = Self.machinePair(machine: 1, serialQueue: 1.08)
            let calm = try #require(Comparison(baseline: a, candidate: b, terms: Self.noTerms).rows.first { $0.key.runner == "serial-queue" })
            #expect(calm.verdict == .slower && calm.relativeVerdict == .dearer)
            // A machine whose cells move 5% between sessions, and whose whole moves 8%: 8% is not enough.
            let terms = SessionTerms(cell: 0.05, drift: 0.08)
            let comparison = Comparison(baseline: a, candidate: b, terms: terms)
            let row = try #require(comparison.rows.first { $0.key.runner == "serial-queue" })
            let sampling = try #require(row.samplingInterval)
            let interval = try #require(row.interval)
            let session = 1.96 * (0.05 * 0.05 + 0.08 * 0.08).squareRoot()
            let below = log(1.08 / sampling.lowerBound)
            #expect(abs(log(1.08 / interval.lowerBound) - (below * below + session * session).squareRoot()) < 1e-9)
            #expect(row.verdict == .unsure)
            // Beside the machine the drift is the factor's: the relative interval is narrower than the raw one.
            let relative = try #require(row.relativeInterval)
            let factor = try #require(comparison.machineFactor?.estimate)
            #expect(log(relative.upperBound / relative.lowerBound) < log(interval.upperBound / interval.lowerBound))
            #expect(abs(factor - 1) < 0.02)
        }

        @Test("an A/A pair measures the session terms: the drift its machine factor, the cells' term their excess")
        func measuredTerms() throws {
            // The whole machine 10% slower in B, every cell with it: drift ln 1.1, no cell term.
            let (a, b) = Self.machinePair(machine: 1.1, serialQueue: 1)
            let still = try #require(SessionTerms.measured(from: Comparison(baseline: a, candidate: b)))
            #expect(abs(still.drift - log(1.1)) < 1e-6)
            #expect(still.cell == 0)
            // Half the cells 10% dearer beside the machine and half 10% cheaper: their runs account for little of
            // it, so the cell term is about ln 1.1 over the chi-square median's root, 0.6745.
            let runners = ["single-threaded", "run-loop", "serial-queue", "global-queue", "task", "actor", "thread-pool", "null"]
            let moved = Report(records: b.records.map { record in
                var record = record
                let index = runners.firstIndex(of: record.runner) ?? 0
                let scale = index.isMultiple(of: 2) ? 1.1 : 1 / 1.1
                record.outcome.nanoseconds = record.outcome.nanoseconds.map { Int64((Double($0) * scale).rounded()) }
                return record
            })
            let spread = try #require(SessionTerms.measured(from: Comparison(baseline: a, candidate: moved)))
            #expect(spread.cell > 0.8 * log(1.1) / 0.6745 && spread.cell < 1.2 * log(1.1) / 0.6745)
            // Too few cells for a machine factor: nothing measured.
            #expect(SessionTerms.measured(from: Comparison(baseline: Self.report(["serial-queue": [1, 2]]), candidate: Self.report(["serial-queue": [1, 2]]))) == nil)
        }

        @Test("kept terms: each pair's, together their root mean square, in a file named for the machine")
        func keptTerms() throws {
            var kept = SessionTerms.Kept(machine: "vm-amd-epyc-2cpu")
            kept.pairs.append(.init(files: ["a.csv", "b.csv"], measuredAt: "2026-11-26T10:00:00Z", cells: 104, terms: SessionTerms(cell: 0.03, drift: 0.04)))
            kept.pairs.append(.init(files: ["c.csv", "d.csv"], measuredAt: "2026-11-26T11:00:00Z", cells: 104, terms: SessionTerms(cell: 0.04, drift: 0.03)))
            #expect(abs(kept.terms.cell - (0.0025 / 2).squareRoot()) < 1e-12)
            #expect(abs(kept.terms.drift - (0.0025 / 2).squareRoot()) < 1e-12)
            let directory = try TemporaryDirectory()
            // A host name that is no file name still gives one: the stem result files are named by.
            let machine = MachineInfo(
                host: "my host/1", os: "os", kernel: "k", arch: "x86_64", cpuModel: "AMD EPYC 7B13", logicalCPUs: 2,
                memoryBytes: 1, swiftVersion: "6.3.1", build: "release")
            let path = SessionTerms.Kept.path(machine: machine.fileNameStem, in: directory.path)
            #expect(path.hasSuffix("/my-host-1-amd-epyc-2cpu.session-terms.json"))
            try Data(kept.json.utf8).write(to: URL(fileURLWithPath: path))
            #expect(try SessionTerms.Kept.read(path) == kept)
            #expect(try SessionTerms.Kept.read(directory.path + "/none.json") == nil)
        }

        @Test("the smallest change a cell would see: its interval's wider side × 2.80/1.96, never below the threshold")
        func detectable() throws {
            // 0.9–1.1 around 1: the wider side is ln(1/0.9) on the log scale.
            let wide = try #require(Comparison.detectable(ratio: 1, interval: 0.9...1.1, threshold: 0.05))
            #expect(abs(log(wide) - log(1 / 0.9) * (1.959964 + 0.841621) / 1.959964) < 1e-9)
            // Off center, the wider side counts: 1.2 above 1.0, not 0.95 below.
            let skewed = try #require(Comparison.detectable(ratio: 1, interval: 0.95...1.2, threshold: 0.05))
            #expect(abs(log(skewed) - log(1.2) * (1.959964 + 0.841621) / 1.959964) < 1e-9)
            // A tight interval sees what the threshold lets through, no less; no interval, nothing.
            #expect(Comparison.detectable(ratio: 2, interval: 1.99...2.01, threshold: 0.05) == 1.05)
            #expect(Comparison.detectable(ratio: 2, interval: nil, threshold: 0.05) == nil)
            // A cell whose "sees" is at most a shift is called at that shift when its ratio is 1: the interval
            // moves past 1 with room.
            let comparison = Comparison(
                baseline: Self.report(["serial-queue": [100, 101, 102, 100, 99, 101]]),
                candidate: Self.report(["serial-queue": [101, 100, 99, 102, 100, 101]]), terms: Self.noTerms)
            let row = try #require(comparison.rows.first)
            let sees = try #require(row.detectable)
            #expect(sees < 1.2)
            #expect(comparison.shifting([row.key], by: sees).rows.first?.verdict == .slower)
        }

        /// Eight runners' cells of steady runs (`spread` ns apart), B's `machine` times A's, and serial-queue's
        /// `serialQueue` times that again.
        static func machinePair(machine: Double, serialQueue: Double) -> (Report, Report) {
            let runners = ["single-threaded", "run-loop", "serial-queue", "global-queue", "task", "actor", "thread-pool", "null"]
            func cells(_ scale: (String) -> Double) -> [String: [Int64]] {
                Dictionary(uniqueKeysWithValues: runners.enumerated().map { index, runner in
                    let base = 1_000.0 * Double(index + 1)
                    return (runner, [0.99, 1.0, 1.01, 1.0, 0.995, 1.005].map { Int64((base * $0 * scale(runner)).rounded()) })
                })
            }
            return (report(cells { _ in 1 }), report(cells { machine * ($0 == "serial-queue" ? serialQueue : 1) }))
        }

        /// The runs of one cell made by two builds, pair k being A's run k and B's: `ratios` gives B/A of each pair,
        /// pair k made by the worker processes `process(k)` (k from 0; none by default).
        static func interleaved(_ ratios: [Double], process: (Int) -> Int? = { _ in nil }) -> [ResultRecord] {
            ratios.enumerated().flatMap { index, ratio in
                [("A", 1000.0), ("B", 1000 * ratio)].map { label, nanoseconds in
                    ResultRecord(
                        runner: "serial-queue", configuration: configuration, repetition: index + 1,
                        outcome: RunOutcome(
                            status: .ok, nanoseconds: Int64(nanoseconds.rounded()), detail: "",
                            completedIterations: configuration.jobs, startedAt: nil),
                        machine: .current(), process: process(index),
                        variant: ResultRecord.Variant(label: label, executable: "./bench-\(label)"))
                }
            }
        }

        @Test("an interleaved cell's interval: Yuen's over its worker processes, not a bootstrap too narrow for few")
        func interleavedInterval() throws {
            // Six pairs, each from a pair of processes of its own, as the default budget gives a dear runner:
            // thread-pool at 4×25000 in an A/A interleave on the 2-core VM (results/vm-2026-11-29-night/
            // interleave-aa.csv). A bootstrap of the six called it faster, 0.648 (0.388–0.942). Yuen's, by hand: the
            // trimmed mean of the ln ratios ± t on 3 degrees × √(5 s_w² / (4 × 3)), back on the ratio scale.
            let six = [1.031, 0.914, 0.869, 0.325, 0.319, 0.683]
            let few = try #require(try InterleavedComparison(records: Self.interleaved(six)).rows.first)
            let interval = try #require(few.interval)
            #expect(abs(try #require(few.ratio) - 0.6480) < 1e-3)
            #expect(abs(interval.lowerBound - 0.2313) < 1e-3 && abs(interval.upperBound - 1.8157) < 1e-3)
            #expect(few.verdict == .unsure)
            // Ten pairs at 1 and ten at 1.3: as twenty pairs apart, slower (1.02–1.28 by hand); made by two worker
            // processes, one of each kind, two units, whose interval (t on 1 degree) holds 1.
            let twoModes = Array(repeating: 1.0, count: 10) + Array(repeating: 1.3, count: 10)
            let apart = try #require(try InterleavedComparison(records: Self.interleaved(twoModes)).rows.first)
            let apartInterval = try #require(apart.interval)
            #expect(abs(apartInterval.lowerBound - 1.0190) < 1e-3 && abs(apartInterval.upperBound - 1.2758) < 1e-3)
            #expect(apart.verdict == .slower)
            let byTwo = try #require(
                try InterleavedComparison(records: Self.interleaved(twoModes) { $0 < 10 ? 1 : 2 }).rows.first)
            #expect(byTwo.ratio == apart.ratio)
            #expect(try #require(byTwo.interval).contains(1) && byTwo.verdict == .unsure)
        }

        @Test("interleaved builds: the pairs' 20% trimmed mean, an interval from 6 pairs on, a verdict only with one")
        func interleavedPairs() throws {
            // Six pairs at 1 and four at 1.3: the median of the log ratios is ln 1 (a mode's edge), the trimmed mean
            // drops two of each end and averages four 1s and two 1.3s: 1.3^(1/3) = 1.0914.
            let mixed = try #require(try InterleavedComparison(records: Self.interleaved([1, 1, 1, 1, 1, 1, 1.3, 1.3, 1.3, 1.3])).rows.first)
            #expect(mixed.pairs == 10)
            #expect(abs(try #require(mixed.ratio) - pow(1.3, 1.0 / 3)) < 1e-3)
            #expect(mixed.interval != nil)
            // Every pair 20% slower, give or take 1%: found, from 6 pairs; with 5, the same pairs give no interval.
            let slower = [1.19, 1.2, 1.21, 1.2, 1.19, 1.21]
            let six = try #require(try InterleavedComparison(records: Self.interleaved(slower)).rows.first)
            #expect(six.verdict == .slower)
            let five = try #require(try InterleavedComparison(records: Self.interleaved(Array(slower.prefix(5)))).rows.first)
            #expect(five.pairs == InterleavedComparison.fewestPairsForInterval - 1)
            #expect(five.interval == nil && five.verdict == .unsure)
            // The same build twice: same.
            let same = try #require(try InterleavedComparison(records: Self.interleaved([1, 1.01, 0.99, 1, 1.01, 0.99])).rows.first)
            #expect(same.verdict == .same)
            // What each could see, as compare says it of two files: from the interval's width, never under the
            // threshold; nothing without an interval. The ten pairs of two modes are wide: they could not see ×1.2.
            for row in [six, same, mixed] {
                #expect(
                    row.detectable == Comparison.detectable(
                        ratio: try #require(row.ratio), interval: row.interval, threshold: Comparison.defaultThreshold))
            }
            #expect(same.detectable == 1 + Comparison.defaultThreshold)
            #expect(try #require(mixed.detectable) > 1.2)
            #expect(five.detectable == nil)
        }

        @Test("the machine factor: the median of the cells' ratios, with an interval; a cell judged relative to it")
        func machineFactor() throws {
            // B's machine runs every cell 20% faster, and serial-queue 30% dearer than that.
            let (a, b) = Self.machinePair(machine: 0.8, serialQueue: 1.3)
            let comparison = Comparison(baseline: a, candidate: b)
            let factor = try #require(comparison.machineFactor)
            #expect(abs(factor.estimate - 0.8) < 1e-9)
            let interval = try #require(factor.interval)
            #expect(interval.contains(0.8) && interval.upperBound < 1)
            #expect(factor.cells == 8)
            // One run a cell in a file, as the 2010 one: resampling would give an interval of no width; there is none.
            let oneRun = { (report: Report) in Report(records: report.records.filter { $0.repetition == 1 }) }
            let single = try #require(Comparison(baseline: oneRun(a), candidate: b).machineFactor)
            #expect(abs(single.estimate - 0.8) < 0.02)
            #expect(single.interval == nil)
            // Raw, every cell is faster; relative to the machine, all moved with it but serial-queue, dearer.
            for row in comparison.rows {
                let serial = row.key.runner == "serial-queue"
                #expect(row.verdict == (serial ? .same : .faster), "\(row.key)")
                #expect(row.relativeVerdict == (serial ? .dearer : .withMachine), "\(row.key)")
                #expect(abs((row.relativeRatio ?? 0) - (serial ? 1.3 : 1)) < 1e-9)
            }
            // The relative interval holds the factor's uncertainty and the cell's session term: it is wider than the
            // runs' own interval over the factor (the raw one holds the machine's drift besides, which it leaves out).
            let serial = try #require(comparison.rows.first { $0.key.runner == "serial-queue" })
            let sampling = try #require(serial.samplingInterval)
            let relative = try #require(serial.relativeInterval)
            #expect(relative.lowerBound < sampling.lowerBound / 0.8 && relative.upperBound > sampling.upperBound / 0.8)
        }

        @Test("shifting some cells of B: exactly what scaling their runs gives, judged again")
        func shifting() throws {
            let (a, b) = Self.machinePair(machine: 1, serialQueue: 1)
            let comparison = Comparison(baseline: a, candidate: b)
            #expect(comparison.rows.allSatisfy { $0.verdict == .same && $0.relativeVerdict == .withMachine })
            let keys = Set(comparison.rows.filter { $0.key.runner == "task" || $0.key.runner == "actor" }.map(\.key))
            let shifted = comparison.shifting(keys, by: 1.2)
            let scaled = Comparison(
                baseline: a,
                candidate: Report(records: b.records.map { record in
                    var record = record
                    if record.runner == "task" || record.runner == "actor" {
                        record.outcome.nanoseconds = record.outcome.nanoseconds.map { Int64((Double($0) * 1.2).rounded()) }
                    }
                    return record
                }))
            for (made, measured) in zip(shifted.rows, scaled.rows) {
                #expect(abs((made.ratio ?? 0) - (measured.ratio ?? 0)) < 1e-3)
                #expect(made.verdict == measured.verdict)
                #expect(made.relativeVerdict == measured.relativeVerdict)
            }
            #expect(shifted.rows.filter { keys.contains($0.key) }.allSatisfy { $0.relativeVerdict == .dearer })
        }

        @Test("cells in one file only are listed, not dropped")
        func onlyInOne() {
            let before = Report(
                records: Self.report(["serial-queue": [100, 100], "run-loop": [900, 900]]).records
                    + Self.report(["serial-queue": [200, 200]], configuration: Self.other).records)
            let after = Self.report(["serial-queue": [100, 100], "global-queue": [300, 300]])
            let comparison = Comparison(baseline: before, candidate: after)
            #expect(comparison.rows.map(\.key.runner) == ["serial-queue"])
            #expect(
                comparison.onlyInBaseline
                    == [
                        CellKey(runner: "run-loop", configuration: Self.configuration),
                        CellKey(runner: "serial-queue", configuration: Self.other),
                    ])
            #expect(comparison.onlyInCandidate == [CellKey(runner: "global-queue", configuration: Self.configuration)])
        }
    }
}
