import BenchResults
import JobRunners
import Testing

@testable import BenchKit

extension ThreadingOverheadsTests {
    @Suite struct ProgressTests {
        static let step = SweepPlan.Step(
            cell: SweepPlan.Cell(runner: .serialQueue, configuration: RunConfiguration(queues: 1, iterations: 1000)),
            repetition: 1)
        static let outcome = RunOutcome(
            status: .ok, nanoseconds: 2_000_000, detail: "", completedIterations: 1000, startedAt: .now)

        /// Feeds a sweep of ten two-second runs through a progress display, as far as the third run's start.
        static func display(isTerminal: Bool, quiet: Bool, verbose: Bool = false, runs: Int = 2) -> String {
            let captured = CapturedConsole()
            let progress = Progress(console: captured.console, quiet: quiet, verbose: verbose, isTerminal: isTerminal)
            progress.begin(SweepPlan(cells: [step.cell], sampling: .repetitions(10), warmup: .runs(0)))
            for index in 0..<runs {
                progress.handle(.willRun(index: index, planned: 10, step))
                progress.handle(
                    .didRun(index: index, planned: 10, step, outcome, seconds: 2, secondsLeft: Double(8 - index) * 2))
            }
            progress.handle(.willRun(index: runs, planned: 10, step))
            progress.end()
            return captured.error
        }

        @Test("on a terminal: one status line rewritten in place, with a bar and the time left; no line per run")
        func terminal() {
            let text = Self.display(isTerminal: true, quiet: false)
            // The schedule estimates seven runs of two seconds after the second.
            #expect(text.contains("\r\u{1B}[K[████░░░░░░░░░░░░░░░░] 2/10 runs · 0:00 elapsed, about 0:14 left · serial-queue 1×1000 repetition 1"))
            #expect(!text.contains("\n"))
            #expect(text.hasSuffix("\r\u{1B}[K"))
        }

        @Test("a terminal narrower than 120 columns: the status line keeps a column under its width, so it never wraps")
        func narrowTerminal() {
            let captured = CapturedConsole()
            var console = captured.console
            console.errorColumns = { 80 }
            let progress = Progress(console: console, quiet: false, isTerminal: true)
            progress.begin(SweepPlan(cells: [Self.step.cell], sampling: .repetitions(10), warmup: .runs(0)))
            progress.handle(.willRun(index: 0, planned: 10, Self.step))
            let lines = captured.error.components(separatedBy: "\r\u{1B}[K").filter { !$0.isEmpty }
            #expect(lines.count == 1)
            #expect(lines.allSatisfy { $0.count == 79 }, "\(lines)")
            #expect(lines.first?.hasSuffix("…") == true, "the run being made, cut to fit")
        }

        @Test("--verbose: a line per run with its time, under the status line on a terminal and alone elsewhere")
        func verbose() {
            let terminal = Self.display(isTerminal: true, quiet: false, verbose: true)
            #expect(terminal.contains("[ 1/10] serial-queue 1×1000  repetition 1: 0.002000000 s, 2.00 µs/job\n"))
            let log = Self.display(isTerminal: false, quiet: false, verbose: true)
            #expect(!log.contains("\r"))
            #expect(log.split(separator: "\n").count == 2)
        }

        @Test("not on a terminal: a line at each tenth of the runs, at most one every 10 s; no status line")
        func notTerminal() {
            // Ten runs within a second: the first tenth's line, then nothing until the last.
            let text = Self.display(isTerminal: false, quiet: false, runs: 10)
            #expect(!text.contains("\r"))
            let lines = text.split(separator: "\n")
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.first?.hasPrefix("bench: 1/10 runs (10%), 0:00 elapsed") == true)
            #expect(lines.last?.hasPrefix("bench: 10/10 runs (100%)") == true)
        }

        @Test("warm-ups made in this process count as warm-ups, not as runs: the last line counts the rows written")
        func warmupsAreNotRuns() {
            let captured = CapturedConsole()
            let progress = Progress(console: captured.console, quiet: false, isTerminal: false)
            progress.begin(SweepPlan(cells: [Self.step.cell], sampling: .repetitions(10), warmup: .runs(2)))
            let warmup = SweepPlan.Step(cell: Self.step.cell, repetition: nil)
            for index in 0..<2 {
                progress.handle(.willRun(index: index, planned: 2, warmup))
                progress.handle(.didRun(index: index, planned: 2, warmup, Self.outcome, seconds: 2, secondsLeft: nil))
            }
            for index in 2..<12 {
                let step = SweepPlan.Step(cell: Self.step.cell, repetition: index - 1)
                progress.handle(.willRun(index: index, planned: 12, step))
                progress.handle(
                    .didRun(index: index, planned: 12, step, Self.outcome, seconds: 2, secondsLeft: Double(11 - index)))
            }
            progress.end()
            let lines = captured.error.split(separator: "\n")
            #expect(lines.first?.hasPrefix("bench: warming up, 1 run,") == true, "\(lines)")
            #expect(lines.last?.hasPrefix("bench: 10/10 runs (100%)") == true, "\(lines)")
        }

        @Test("in a log, the runs all done is said once, at the end, though a budget planned more after the first 100%")
        func replannedEnd() {
            let captured = CapturedConsole()
            let progress = Progress(console: captured.console, quiet: false, isTerminal: false)
            progress.begin(SweepPlan(cells: [Self.step.cell], sampling: .repetitions(12), warmup: .runs(0)))
            // Ten runs planned and made, then two more planned and made.
            for index in 0..<12 {
                let planned = index < 10 ? 10 : 12
                progress.handle(.willRun(index: index, planned: planned, Self.step))
                progress.handle(
                    .didRun(index: index, planned: planned, Self.step, Self.outcome, seconds: 2, secondsLeft: 2))
            }
            progress.end()
            let lines = captured.error.split(separator: "\n")
            #expect(lines.filter { $0.contains("(100%)") }.count == 1, "\(lines)")
            #expect(lines.last?.hasPrefix("bench: 12/12 runs (100%)") == true, "\(lines)")
            // Stopped short of the runs planned: no line claims them done.
            let stopped = CapturedConsole()
            let interrupted = Progress(console: stopped.console, quiet: false, isTerminal: false)
            interrupted.begin(SweepPlan(cells: [Self.step.cell], sampling: .repetitions(10), warmup: .runs(0)))
            interrupted.handle(.didRun(index: 0, planned: 10, Self.step, Self.outcome, seconds: 2, secondsLeft: 18))
            interrupted.handle(.didRun(index: 1, planned: 10, Self.step, Self.outcome, seconds: 2, secondsLeft: 16))
            let before = stopped.error
            interrupted.end()
            #expect(stopped.error == before)
        }

        @Test("whether it is on a terminal is the console's to say, not the test process's descriptors")
        func consoleSaysTerminal() {
            for isTerminal in [false, true] {
                let captured = CapturedConsole()
                var console = captured.console
                console.errorIsTerminal = isTerminal
                let progress = Progress(console: console, quiet: false)
                progress.begin(SweepPlan(cells: [Self.step.cell], sampling: .repetitions(10), warmup: .runs(0)))
                progress.handle(.willRun(index: 0, planned: 10, Self.step))
                #expect(captured.error.contains("\r") == isTerminal)
            }
        }

        @Test("while warm-ups and pilots decide the runs: no bar, no share, no estimate; in a log, a line a 10 s at most")
        func warmingUp() {
            #expect(
                Progress.statusLine(.warmingUp(done: 11), elapsed: 13, left: nil, doing: "task 8×12500 warm-up", width: 120)
                    == "[warming up] 11 runs · 0:13 elapsed · task 8×12500 warm-up")
            #expect(Progress.logLine(.warmingUp(done: 11), elapsed: 13, left: nil) == "bench: warming up, 11 runs, 0:13 elapsed")
            // Ten warm-ups within a second, the schedule estimating nothing: one line, not one a tenth.
            let captured = CapturedConsole()
            let progress = Progress(console: captured.console, quiet: false, isTerminal: false)
            progress.begin(SweepPlan(cells: [Self.step.cell], sampling: .repetitions(10), warmup: .runs(10)))
            let warmup = SweepPlan.Step(cell: Self.step.cell, repetition: nil)
            for index in 0..<10 {
                progress.handle(
                    .didRun(index: index, planned: 10, warmup, Self.outcome, seconds: 0, secondsLeft: nil))
            }
            #expect(captured.error == "bench: warming up, 1 run, 0:00 elapsed\n")
        }

        @Test("a budget's first round, a recorded run of each cell before the rest is planned, counts cells, not runs")
        func firstRound() {
            #expect(
                Progress.statusLine(
                    .firstRound(done: 74, cells: 104), elapsed: 56, left: nil, doing: "task 8×12500 repetition 1",
                    width: 120) == "[first runs] 74/104 cells · 0:56 elapsed · task 8×12500 repetition 1")
            let cells = [1, 4, 16].map {
                SweepPlan.Cell(runner: .serialQueue, configuration: RunConfiguration(queues: $0, iterations: 1000))
            }
            for isTerminal in [false, true] {
                let captured = CapturedConsole()
                let progress = Progress(console: captured.console, quiet: false, isTerminal: isTerminal)
                progress.begin(
                    SweepPlan(cells: cells, sampling: .budget(SweepPlan.Budget(seconds: 10)), warmup: .runs(1)))
                // On a terminal a warm-up of each cell first; the first round's runs are counted from its start. In a
                // log, the first line says what the first run is (later ones wait ten seconds).
                for (index, cell) in cells.enumerated() where isTerminal {
                    let warmup = SweepPlan.Step(cell: cell, repetition: nil)
                    progress.handle(
                        .didRun(index: index, planned: 3, warmup, Self.outcome, seconds: 0, secondsLeft: nil))
                }
                for (offset, cell) in cells.enumerated() {
                    let step = SweepPlan.Step(cell: cell, repetition: 1)
                    let index = (isTerminal ? 3 : 0) + offset
                    progress.handle(.willRun(index: index, planned: 6, step))
                    progress.handle(
                        .didRun(index: index, planned: 6, step, Self.outcome, seconds: 11, secondsLeft: nil))
                }
                if isTerminal {
                    #expect(
                        captured.error.contains("[first runs] 2/3 cells · 0:00 elapsed · serial-queue 16×1000 repetition 1"))
                    // Each of the first round's runs shows as one of its cells (0/3 as the first starts), never as
                    // one more warm-up: every status line that names a first-round run is a "[first runs]" one.
                    #expect(captured.error.contains("[first runs] 0/3 cells · 0:00 elapsed · serial-queue 1×1000"))
                    let statuses = captured.error.components(separatedBy: "\u{1B}[K").filter {
                        $0.contains("repetition 1")
                    }
                    #expect(statuses.count == 3)
                    #expect(statuses.allSatisfy { $0.hasPrefix("[first runs] ") }, "\(statuses)")
                } else {
                    #expect(captured.error == "bench: a first run of each cell, 1/3, 0:00 elapsed\n")
                }
            }
        }

        @Test("a failed run says so at once, whatever the mode")
        func failedRun() {
            let captured = CapturedConsole()
            let progress = Progress(console: captured.console, quiet: false, isTerminal: true)
            progress.begin(SweepPlan(cells: [Self.step.cell], sampling: .repetitions(10), warmup: .runs(0)))
            let failed = RunOutcome(
                status: .stalled, nanoseconds: nil, detail: "no iteration completed for 20 s", completedIterations: 3,
                startedAt: nil)
            progress.handle(.willRun(index: 0, planned: 10, Self.step))
            progress.handle(.didRun(index: 0, planned: 10, Self.step, failed, seconds: 20, secondsLeft: 0))
            #expect(captured.error.contains("repetition 1: STALLED: no iteration completed for 20 s\n"))
        }

        @Test("--quiet: nothing")
        func quiet() {
            #expect(Self.display(isTerminal: true, quiet: true).isEmpty)
            #expect(Self.display(isTerminal: false, quiet: true).isEmpty)
            #expect(Self.display(isTerminal: false, quiet: true, verbose: true).isEmpty)
        }

        @Test("the status line fits the width: the run being made is cut, then left out")
        func statusWidth() {
            let doing = "discarding-task-group ping-pong 16×625 repetition 12"
            for width in [120, 80, 60, 40] {
                let line = Progress.statusLine(.runs(done: 5, planned: 312), elapsed: 65, left: 130, doing: doing, width: width)
                #expect(line.count <= width, "\(width): \(line)")
                #expect(width < 60 || line.hasPrefix("[░░░░░░░░░░░░░░░░░░░░] 5/312 runs · 1:05 elapsed"), "\(line)")
            }
            #expect(Progress.statusLine(.runs(done: 5, planned: 312), elapsed: 65, left: 130, doing: doing, width: 120).hasSuffix(doing))
            #expect(Progress.statusLine(.runs(done: 312, planned: 312), elapsed: 1, left: nil, doing: "x", width: 120)
                == "[████████████████████] 312/312 runs · 0:01 elapsed · x")
            #expect(Progress.logLine(.runs(done: 30, planned: 60), elapsed: 12, left: 12) == "bench: 30/60 runs (50%), 0:12 elapsed, about 0:12 left")
        }

        @Test("clock text", arguments: [(0.0, "0:00"), (65.4, "1:05"), (750, "12:30"), (3723, "1:02:03")])
        func clockText(seconds: Double, text: String) {
            #expect(Progress.clockText(seconds) == text)
        }
    }
}
