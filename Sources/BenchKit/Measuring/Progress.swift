import BenchResults
import Foundation
import JobRunners

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of a sweep on standard error: a line per finished run, and, when standard error is a terminal, a
/// status line with the elapsed time and an estimate of the time left, redrawn as the sweep goes.
final class Progress {
    private let console: Console
    private let isTerminal: Bool
    private let quiet: Bool
    private let clock = ContinuousClock()
    private var started: ContinuousClock.Instant?
    /// The schedule's estimate of the time its planned runs still take, as of the last run.
    private var secondsLeft = 0.0
    private var hasStatusLine = false
    /// The longest runner id in the sweep, to align the lines.
    private var runnerWidth = 0

    /// An estimate shows only once the sweep is expected to take longer than this.
    static let estimateAfter = 5.0

    init(console: Console, quiet: Bool, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.console = console
        self.quiet = quiet
        self.isTerminal = isTerminal
    }

    /// Starts the clock for a sweep of `plan`.
    func begin(_ plan: SweepPlan) {
        started = clock.now
        secondsLeft = 0
        runnerWidth = plan.runners.map(\.id.count).max() ?? 0
    }

    func handle(_ event: SweepPlan.Event) {
        guard !quiet else {
            return
        }
        switch event {
        case .willRun(let index, let planned, let step):
            guard isTerminal else {
                return
            }
            var status = "[\(index + 1)/\(planned)] \(step.runner.id) \(step.configuration) \(Self.which(step))"
            if let started {
                let elapsed = (clock.now - started) / .seconds(1)
                if elapsed + secondsLeft > Self.estimateAfter {
                    status += " · \(Self.clockText(elapsed)) elapsed, about \(Self.clockText(secondsLeft)) left"
                }
            }
            console.error("\r\u{1B}[K" + status)
            hasStatusLine = true
        case .didRun(let index, let planned, let step, let outcome, _, let left):
            secondsLeft = left
            let position = String(index + 1).leftPadded(to: String(planned).count)
            line(
                "[\(position)/\(planned)] \(step.runner.id.rightPadded(to: runnerWidth)) \(step.configuration)  "
                    + "\(Self.which(step)): \(Self.summary(of: outcome, jobs: step.configuration.jobs))")
        }
    }

    /// Prints a line of its own, clearing the status line first.
    /// A line longer than the screen's width wraps at its spaces, continued with four spaces, as a check's does.
    func line(_ text: String) {
        clearStatus()
        let words = text.split(separator: " ").map(String.init)
        let width = PlainTextRenderer.width
        console.error((text.count > width ? TextWrapping.wrap(words, width: width, indent: 4) : text) + "\n")
    }

    /// Clears the status line, if one is showing.
    func clearStatus() {
        if hasStatusLine {
            console.error("\r\u{1B}[K")
            hasStatusLine = false
        }
    }

    private static func which(_ step: SweepPlan.Step) -> String {
        step.repetition.map { "repetition \($0)" } ?? "warm-up"
    }

    static func summary(of outcome: RunOutcome, jobs: Int) -> String {
        guard let nanoseconds = outcome.nanoseconds else {
            return "\(outcome.status.rawValue.uppercased()): \(outcome.detail)"
        }
        return "\(DecimalText.seconds(fromNanoseconds: nanoseconds)) s, "
            + "\(Format.perJob(nanoseconds: Double(nanoseconds) / Double(jobs)))/job"
    }

    /// `1:05`, `12:30`, `1:02:03`.
    static func clockText(_ seconds: Double) -> String {
        let duration = Duration.seconds(seconds.rounded())
        return duration.formatted(.time(pattern: seconds.rounded() < 3_600 ? .minuteSecond : .hourMinuteSecond))
    }
}
