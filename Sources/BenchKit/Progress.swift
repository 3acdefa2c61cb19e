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
    /// Seconds each finished run took, by runner and configuration, for the estimate.
    private var durations: [Sweep.Step: [Double]] = [:]
    private var remainingSteps: [Sweep.Step] = []
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
    func begin(_ steps: [Sweep.Step]) {
        started = clock.now
        remainingSteps = steps
        runnerWidth = steps.map(\.runner.id.count).max() ?? 0
    }

    func handle(_ event: Sweep.Event) {
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
            durations[Self.key(step), default: []].append(seconds)
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
        for (step, times) in durations {
            let seconds = times.reduce(0, +)
            let jobs = Double(step.configuration.jobs * times.count)
            perJobByRunner[step.runner, default: (0, 0)].seconds += seconds
            perJobByRunner[step.runner, default: (0, 0)].jobs += jobs
            total.seconds += seconds
            total.jobs += jobs
        }
        guard total.jobs > 0 else {
            return 0
        }
        return remainingSteps.dropFirst().reduce(0) { sum, step in
            if let times = durations[Self.key(step)] {
                return sum + times.reduce(0, +) / Double(times.count)
            }
            let rate = perJobByRunner[step.runner].map { $0.seconds / $0.jobs } ?? total.seconds / total.jobs
            return sum + rate * Double(step.configuration.jobs)
        }
    }

    /// Warm-ups and repetitions of a runner and configuration take alike.
    private static func key(_ step: Sweep.Step) -> Sweep.Step {
        Sweep.Step(runner: step.runner, configuration: step.configuration, repetition: 0)
    }

    private static func which(_ step: Sweep.Step) -> String {
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
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : String(value) }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
