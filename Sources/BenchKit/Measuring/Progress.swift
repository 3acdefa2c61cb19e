import BenchResults
import Foundation
import JobRunners

/// Progress of a measurement on standard error, as people who use hyperfine expect it:
///
/// - on a terminal, one status line rewritten in place: a bar, the runs done of those planned, the time elapsed
///   and an estimate of the time left (the schedule's, from the runs so far), and the run being made; cleared when
///   the measurement ends, so that the plan line above it, the warnings and the summary stay on screen;
/// - elsewhere (a CI log, a pipe), a plain line each time another tenth of the runs is done, at most one every
///   ``quietInterval`` seconds, never one per run;
/// - with `verbose` (`bench --verbose`), a line per finished run with its time, wherever it goes, under the status
///   line on a terminal; without it, a line only for a run that failed or stalled.
///
/// What each line says is made by pure functions (``statusLine(_:elapsed:left:doing:width:)``,
/// ``logLine(_:elapsed:left:)``), tested alone.
///
/// Until the runs are planned there is nothing to show a share of: warm-ups say how many runs so far, and a budget's
/// first round (a recorded run of each cell, which shows what each costs before the budget shares itself) how many
/// of its cells have had theirs.
final class Progress {
    private let console: Console
    private let isTerminal: Bool
    private let quiet: Bool
    private let verbose: Bool
    private let clock = ContinuousClock()
    private var started: ContinuousClock.Instant?
    /// The schedule's estimate of the time its planned runs still take, as of the last run; nil before the first
    /// and while the runs to come are not yet planned (warm-ups, pilots).
    private var secondsLeft: Double?
    /// Whether the runs planned are the whole plan's, as of the last run: not while warming up and piloting, when
    /// the schedule gives no estimate.
    private var isPlanned: Bool {
        secondsLeft != nil
    }
    private var hasStatusLine = false
    /// The longest runner id in the measurement, to align the lines of `verbose`.
    private var runnerWidth = 0
    /// Off a terminal: the runs done at the last line, and when it was written.
    private var toldRuns = 0
    private var lastLogLine: ContinuousClock.Instant?
    /// The last run finished: the runs done then, those planned, and the time elapsed.
    private var lastRun: (done: Int, planned: Int, elapsed: Double)?
    /// The cells of a budget's first round, where the plan samples by a budget; nil where its runs are fixed.
    private var firstRoundCells: Int?
    /// The first round's runs done so far.
    private var firstRoundDone = 0
    /// Warm-ups made so far. A plan's warm-ups all come before its first recorded run, and the plan's counts include
    /// them; the runs a line counts are the recorded ones, as the file's rows are (`wrote 20 rows`, not 28 after
    /// 8 warm-ups).
    private var warmupsDone = 0
    /// What a step of the plan makes, as the lines count it: `run`, or `pair` where each step is a run of each of
    /// two builds (`bench interleave`).
    var noun = "run"

    /// An estimate shows only once the measurement is expected to take longer than this.
    static let estimateAfter = 5.0
    /// Off a terminal, the least time between two progress lines, in seconds.
    static let quietInterval = 10.0
    /// The bar's width, in characters.
    static let barWidth = 20

    init(
        console: Console, quiet: Bool, verbose: Bool = false, isTerminal: Bool? = nil
    ) {
        self.console = console
        self.quiet = quiet
        self.verbose = verbose
        self.isTerminal = isTerminal ?? console.errorIsTerminal
    }

    /// How wide the status line may be: a screen line (``PlainTextRenderer/width``), or one column less than a
    /// narrower terminal's, so that the line rewritten in place never wraps onto a second (which `\r` would leave
    /// behind at each run).
    private var statusWidth: Int {
        console.errorColumns().map { min(PlainTextRenderer.width, max($0 - 1, 20)) } ?? PlainTextRenderer.width
    }

    /// Starts the clock for a measurement of `plan`.
    func begin(_ plan: SweepPlan) {
        started = clock.now
        secondsLeft = nil
        toldRuns = 0
        lastLogLine = nil
        lastRun = nil
        runnerWidth = plan.runners.map(\.id.count).max() ?? 0
        if case .budget = plan.sampling {
            firstRoundCells = plan.cells.count
        } else {
            firstRoundCells = nil
        }
        firstRoundDone = 0
        warmupsDone = 0
    }

    /// What a line counts at step `done` of `planned` (warm-ups included), before or after `step`: the recorded runs
    /// done of those planned; while unplanned, the warm-ups so far or the first round's runs.
    private func tally(done: Int, planned: Int, _ step: SweepPlan.Step) -> Tally {
        guard !isPlanned else {
            return recorded(done: done, planned: planned)
        }
        guard step.repetition != nil else {
            return .warmingUp(done: done)
        }
        guard let firstRoundCells else {
            // Fixed repetitions are all planned once the warm-ups end: this is the first of them.
            return recorded(done: done, planned: planned)
        }
        return .firstRound(done: firstRoundDone, cells: firstRoundCells)
    }

    /// The recorded runs among `done` of `planned` steps, once the warm-ups, which come first, are made.
    private func recorded(done: Int, planned: Int) -> Tally {
        .runs(done: max(0, done - warmupsDone), planned: max(0, planned - warmupsDone))
    }

    func handle(_ event: SweepPlan.Event) {
        guard !quiet else {
            return
        }
        let elapsed = started.map { (clock.now - $0) / .seconds(1) } ?? 0
        switch event {
        case .willRun(let index, let planned, let step):
            guard isTerminal else {
                return
            }
            let doing = "\(step.runner.id) \(step.configuration) \(Self.which(step))"
            let status = Self.statusLine(
                tally(done: index, planned: planned, step), elapsed: elapsed, left: shownEstimate(elapsed: elapsed),
                doing: doing, width: statusWidth, noun: noun)
            console.error("\r\u{1B}[K" + status)
            hasStatusLine = true
        case .didRun(let index, let planned, let step, let outcome, _, let left):
            if step.repetition == nil {
                warmupsDone += 1
            } else if !isPlanned {
                firstRoundDone += 1
            }
            secondsLeft = left
            // A run that failed or stalled says so at once, whatever the mode: the summary counts it later.
            if verbose || outcome.status != .ok {
                let position = String(index + 1).leftPadded(to: String(planned).count)
                line(
                    "[\(position)/\(planned)] \(step.runner.id.rightPadded(to: runnerWidth)) \(step.configuration)  "
                        + "\(Self.which(step)): \(Self.summary(of: outcome, jobs: step.configuration.jobs))")
            }
            guard !isTerminal, !verbose else {
                return
            }
            // The runs planned grow as warm-ups settle and a budget decides: a tenth is of those planned now, the
            // runs told before measured against them too. The runs planned all done is said once, at the end
            // (``end()``): a budget may yet plan more.
            // While warm-ups and pilots decide the runs, a tenth of those planned so far means nothing: a line at most
            // every ``quietInterval`` s says the sweep is alive.
            let tally = tally(done: index + 1, planned: planned, step)
            // Once planned, the recorded runs: a tenth is a tenth of them.
            let (done, planned) =
                if case .runs(let done, let planned) = tally { (done, planned) } else { (index + 1, planned) }
            lastRun = (done, planned, elapsed)
            let tenth = { (runs: Int) in planned > 0 ? min(10, runs * 10 / planned) : 0 }
            let now = clock.now
            let quietLongEnough = lastLogLine.map { (now - $0) / .seconds(1) >= Self.quietInterval } ?? true
            guard isPlanned ? tenth(done) > tenth(toldRuns) && quietLongEnough && done < planned : quietLongEnough
            else {
                return
            }
            toldRuns = done
            lastLogLine = now
            let text = Self.logLine(tally, elapsed: elapsed, left: shownEstimate(elapsed: elapsed), noun: noun)
            console.error(text + "\n")
        }
    }

    /// The estimate of the time left, once there is one and the measurement is long enough to need it.
    private func shownEstimate(elapsed: Double) -> Double? {
        guard let secondsLeft, elapsed + secondsLeft > Self.estimateAfter else {
            return nil
        }
        return secondsLeft
    }

    /// What a progress line counts.
    enum Tally: Equatable {
        /// `done` of the `planned` runs.
        case runs(done: Int, planned: Int)
        /// Warm-ups, before the runs are planned: `done` runs so far.
        case warmingUp(done: Int)
        /// A budget's first round, one recorded run of each cell, which shows what each costs before the rest is
        /// planned: `done` of its `cells`.
        case firstRound(done: Int, cells: Int)
    }

    /// The status line on a terminal, at most `width` characters: `[████████░░░░░░░░░░░░] 120/312 runs · 1:05
    /// elapsed, about 1:40 left · task 8×12500 repetition 4`; the run being made is cut to fit, then left out. Before
    /// the runs are planned, no bar: `[warming up] 11 runs · 0:13 elapsed · …`, `[first runs] 74/104 cells · 0:56
    /// elapsed · …`.
    static func statusLine(
        _ tally: Tally, elapsed: Double, left: Double?, doing: String, width: Int, noun: String = "run"
    ) -> String {
        let time = clockText(elapsed) + " elapsed" + (left.map { ", about \(clockText($0)) left" } ?? "")
        let head: String
        switch tally {
        case .runs(let done, let planned):
            let filled = planned > 0 ? min(barWidth, done * barWidth / planned) : 0
            let bar =
                "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "]"
            head = "\(bar) \(done)/\(planned) \(noun)s · \(time)"
        case .warmingUp(let done):
            head = "[warming up] \(Format.count(done, noun)) · \(time)"
        case .firstRound(let done, let cells):
            head = "[first runs] \(done)/\(cells) cells · \(time)"
        }
        let room = width - head.count - 3
        guard room >= 12 else {
            return String(head.prefix(width))
        }
        return head + " · " + (doing.count <= room ? doing : String(doing.prefix(room - 1)) + "…")
    }

    /// A progress line off a terminal: `bench: 30/60 runs (50%), 0:12 elapsed, about 0:12 left`; before the runs are
    /// planned, `bench: warming up, 11 runs, 0:13 elapsed` or `bench: a first run of each cell, 74/104, 0:56 elapsed`.
    static func logLine(_ tally: Tally, elapsed: Double, left: Double?, noun: String = "run") -> String {
        switch tally {
        case .runs(let done, let planned):
            let percent = planned > 0 ? done * 100 / planned : 100
            return "\(Program.name): \(done)/\(planned) \(noun)s (\(percent)%), \(clockText(elapsed)) elapsed"
                + (left.map { ", about \(clockText($0)) left" } ?? "")
        case .warmingUp(let done):
            return "\(Program.name): warming up, \(Format.count(done, noun)), \(clockText(elapsed)) elapsed"
        case .firstRound(let done, let cells):
            return "\(Program.name): a first run of each cell, \(done)/\(cells), \(clockText(elapsed)) elapsed"
        }
    }

    /// Prints a line of its own (``Console/notice(_:)``), clearing the status line first.
    func line(_ text: String) {
        clearStatus()
        console.notice(text)
    }

    /// Ends the measurement's progress: clears the status line on a terminal; elsewhere, where the runs planned were
    /// all made, says so in a last line, once, and only at the end, as a budget plans more runs while it learns.
    func end() {
        clearStatus()
        guard !quiet, !isTerminal, !verbose, isPlanned, let lastRun, lastRun.done == lastRun.planned,
            toldRuns < lastRun.done
        else {
            return
        }
        toldRuns = lastRun.done
        console.error(
            Self.logLine(
                .runs(done: lastRun.done, planned: lastRun.planned), elapsed: lastRun.elapsed, left: nil, noun: noun)
                + "\n")
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
