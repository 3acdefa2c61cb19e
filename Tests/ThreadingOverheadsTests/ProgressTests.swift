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
        static func display(isTerminal: Bool, quiet: Bool) -> String {
            let captured = CapturedConsole()
            let progress = Progress(console: captured.console, quiet: quiet, isTerminal: isTerminal)
            progress.begin(SweepPlan(cells: [step.cell], sampling: .repetitions(10), warmup: .runs(0)))
            for index in 0..<2 {
                progress.handle(.willRun(index: index, planned: 10, step))
                progress.handle(
                    .didRun(index: index, planned: 10, step, outcome, seconds: 2, secondsLeft: Double(8 - index) * 2))
            }
            progress.handle(.willRun(index: 2, planned: 10, step))
            progress.clearStatus()
            return captured.error
        }

        @Test("on a terminal: a status line with the time left, estimated from the runs so far")
        func terminal() {
            let text = Self.display(isTerminal: true, quiet: false)
            // The schedule estimates seven runs of two seconds after the third.
            #expect(text.contains("\r\u{1B}[K[3/10] serial-queue 1×1000 repetition 1 · 0:00 elapsed, about 0:14 left"))
            #expect(text.contains("[ 1/10] serial-queue 1×1000  repetition 1: 0.002000000 s, 2.00 µs/job\n"))
            #expect(text.hasSuffix("\r\u{1B}[K"))
        }

        @Test("not on a terminal: a plain line per run, no status line, no estimate")
        func notTerminal() {
            let text = Self.display(isTerminal: false, quiet: false)
            #expect(!text.contains("\r"))
            #expect(!text.contains("left"))
            #expect(text.split(separator: "\n").count == 2)
        }

        @Test("--quiet: nothing")
        func quiet() {
            #expect(Self.display(isTerminal: true, quiet: true).isEmpty)
            #expect(Self.display(isTerminal: false, quiet: true).isEmpty)
        }

        @Test("clock text", arguments: [(0.0, "0:00"), (65.4, "1:05"), (750, "12:30"), (3723, "1:02:03")])
        func clockText(seconds: Double, text: String) {
            #expect(Progress.clockText(seconds) == text)
        }
    }
}
