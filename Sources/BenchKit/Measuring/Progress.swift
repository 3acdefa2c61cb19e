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
    /// Seconds each finished run took, by runner and the run's shape (a warm-up's is a tenth of its cell's), for
    /// the estimate.
    private var durations: [SweepPlan.Cell: [Double]] = [:]
    private var remainingSteps: [SweepPlan.Step] = []
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

    /// Starts the clock for a sweep of `steps`.
    func begin(_ steps: [SweepPlan.Step]) {
        started = clock.now
        remainingSteps = steps
        runnerWidth = steps.map(\.runner.id.count).max() ?? 0
    }

    func handle(_ event: SweepPlan.Event) {
        guard !quiet else {
            return
        }
        switch event {
        case .willRun(let index, let count, let step):
            guard isTerminal else {
                return
            }
            var status = "[\(index + 1)/\(count)] \(step.runner.id) \(step.configuration) \(Self.which(step))"
            if let started {
                let elapsed = (clock.now - started).timeInterval
                let left = estimatedSecondsLeft()
                if elapsed + left > Self.estimateAfter {
                    status += " · \(Self.clockText(elapsed)) elapsed, about \(Self.clockText(left)) left"
                }
            }
            console.error("\r\u{1B}[K" + status)
            hasStatusLine = true
        case .didRun(let index, let count, let step, let outcome, let seconds):
            durations[Self.shape(of: step), default: []].append(seconds)
            if !remainingSteps.isEmpty {
                remainingSteps.removeFirst()
            }
            let position = String(index + 1).leftPadded(to: String(count).count)
            line(
                "[\(position)/\(count)] \(step.runner.id.rightPadded(to: runnerWidth)) \(step.configuration)  "
                    + "\(Self.which(step)): \(Self.summary(of: outcome, jobs: step.configuration.jobs))")
        }
    }

    /// Prints a line of its own, clearing the status line first.
    func line(_ text: String) {
        clearStatus()
        console.error(text + "\n")
    }

    /// Clears the status line, if one is showing.
    func clearStatus() {
        if hasStatusLine {
            console.error("\r\u{1B}[K")
            hasStatusLine = false
        }
    }

    /// For each step left: the mean time of finished runs of the same runner and configuration, else the same
    /// runner's mean time per job, else all runs' mean time per job, times its jobs.
    private func estimatedSecondsLeft() -> Double {
        var perJobByRunner: [RunnerKind: (seconds: Double, jobs: Double)] = [:]
        var total = (seconds: 0.0, jobs: 0.0)
        for (shape, times) in durations {
            let seconds = times.reduce(0, +)
            let jobs = Double(shape.configuration.jobs * times.count)
            perJobByRunner[shape.runner, default: (0, 0)].seconds += seconds
            perJobByRunner[shape.runner, default: (0, 0)].jobs += jobs
            total.seconds += seconds
            total.jobs += jobs
        }
        guard total.jobs > 0 else {
            return 0
        }
        return remainingSteps.dropFirst().reduce(0) { sum, step in
            if let times = durations[Self.shape(of: step)] {
                return sum + times.reduce(0, +) / Double(times.count)
            }
            let rate = perJobByRunner[step.runner].map { $0.seconds / $0.jobs } ?? total.seconds / total.jobs
            return sum + rate * Double(step.configuration.jobs)
        }
    }

    /// The runner and the shape of the run `step` makes.
    private static func shape(of step: SweepPlan.Step) -> SweepPlan.Cell {
        SweepPlan.Cell(runner: step.runner, configuration: step.configuration)
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
