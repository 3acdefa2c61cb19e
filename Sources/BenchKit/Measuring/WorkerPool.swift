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

/// The worker processes of one `bench` executable (`bench worker`, ``WorkerProtocol``) that make runs for this
/// one: `--processes` spreads each cell's runs over several, `--isolate` makes every run in a fresh one, and
/// `bench interleave` keeps a pool per build.
///
/// A worker is started when first asked for, and kept until it retires (after ``lifetime``, where the pool has
/// one): it makes each cell's warm-ups the first time it meets the cell, then its runs. A retired worker's place
/// goes to a fresh process at the next request, so that a sweep's runs come from many processes over its course,
/// each drawing its own thread pools' regime and allocator state, and a cell's runs, spread over the sweep, from
/// several of them: the process is the unit that a cell's interval samples (``CellSummary``). Every worker the pool
/// starts gets the next number, from 1, which the result file's `process` column records: unique in the file.
/// One that dies (a crash, a signal) fails the run it was making, saying how, and is replaced at the next
/// request, so a run that aborts its process costs one run, not the sweep.
final class WorkerPool {
    let executable: URL
    /// Workers the pool keeps at once.
    let count: Int
    /// Whether a worker ends after each run, so that every run has a fresh process (`--isolate`).
    let isolatesEveryRun: Bool
    /// How long a worker makes runs before a fresh process takes its place, in nanoseconds; nil for never.
    let lifetime: UInt64?
    private var workers: [Worker?]
    /// Workers started so far: the last one's number.
    private var started = 0
    /// The build of `executable`, as its last worker started reported it; nil before one has.
    private(set) var build: MachineInfo.Build?

    /// How long a sweep's worker makes runs before it retires: 20 s, so that a default sweep (2½ to 3½ minutes)
    /// has about 8 generations of workers, 30 or more processes, and a cell of 3 runs, whose runs are spread over
    /// the sweep, has each from another process; each fresh process costs its start (about 20 ms) and the warm-ups
    /// of the cells it meets.
    static let sweepLifetime: UInt64 = 20_000_000_000
    /// The least a sweep's worker lives: 5 s, so that its start and its warm-ups stay a small part of its life.
    static let shortestSweepLifetime: UInt64 = 5_000_000_000

    /// How long a sweep's worker makes runs before it retires, for the sweep's `sampling`: ``sweepLifetime``, or,
    /// under a budget smaller than the default sweep's, as much less in proportion (8 s of a 60 s budget, the budget
    /// of one configuration), ``shortestSweepLifetime`` at the least. So a short sweep has about as many generations of
    /// workers as the default one, and a cheap cell's runs come each from another process or nearly. With 20 s, one
    /// configuration's sweep had 8 processes, a cheap cell 2 or 3 runs from each, and one wild run among a process's
    /// two moved its median halfway: with 8 units the interval is their range, and the plain loop read 6.84 ns ±124%
    /// (docs/validation.md, "Short sweeps: as many generations of workers as the default").
    static func lifetime(of sampling: SweepPlan.Sampling) -> UInt64 {
        guard case .budget(let budget) = sampling else {
            return sweepLifetime
        }
        let share = Double(sweepLifetime) * budget.seconds / RunOptions.defaultBudget.seconds
        return UInt64(min(Double(sweepLifetime), max(Double(shortestSweepLifetime), share)))
    }

    /// The workers' lifetime as the help says it.
    static var lifetimeText: String {
        let least = lifetime(of: .budget(SweepPlan.Budget(seconds: RunOptions.leastBudget)))
        return "\(seconds(sweepLifetime)), or less under a smaller budget, in proportion (\(seconds(least)) at "
            + "\(Format.number(RunOptions.leastBudget)) s; \(seconds(shortestSweepLifetime)) at the least)"
    }

    /// A lifetime in whole seconds, as text: `20 s`.
    static func seconds(_ nanoseconds: UInt64) -> String {
        "\(Int((Double(nanoseconds) / 1e9).rounded())) s"
    }

    private final class Worker {
        let child: ChildProcess
        var reader: DescriptorReader
        /// Its number in the result file's `process` column.
        let number: Int
        /// When it started, by ``MonotonicClock``.
        let started = MonotonicClock.now()

        init(_ child: ChildProcess, number: Int) {
            self.child = child
            self.number = number
            reader = DescriptorReader(child.output)
        }
    }

    init(executable: URL, count: Int, isolatesEveryRun: Bool = false, lifetime: UInt64? = nil) {
        self.executable = executable
        self.count = max(1, count)
        self.isolatesEveryRun = isolatesEveryRun
        self.lifetime = lifetime
        workers = Array(repeating: nil, count: max(1, count))
        // A worker that died closes its pipe: writing to it must fail the write, not kill this process.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        finish()
    }

    /// Starts worker `index` (0-based) if it is not running, or if it has lived its ``lifetime``, and checks that
    /// it speaks this bench's protocol.
    func start(_ index: Int) throws(ChildProcessError) {
        if let lifetime, hasLived(index, lifetime) {
            stop(index)
        }
        guard workers[index] == nil else {
            return
        }
        let child = try ChildProcess(
            executable: executable, arguments: ["worker", "--protocol", String(WorkerProtocol.version)],
            withInput: true)
        started += 1
        let worker = Worker(child, number: started)
        guard let greeting = worker.reader.line(), greeting == WorkerProtocol.greeting,
            let line = worker.reader.line(), let build = try? WorkerProtocol.message(MachineInfo.Build.self, from: line)
        else {
            let ending = child.finish()
            throw ChildProcessError(
                description: "'\(executable.path)' does not answer as a worker of protocol \(WorkerProtocol.version) "
                    + "(it \(ending.description)); give bench executables built from the same version of "
                    + "ThreadingOverheads")
        }
        workers[index] = worker
        self.build = build
    }

    /// The worker (0-based) that makes the recorded run of `step` of `plan`: a cell's k-th run goes to worker
    /// (c + k) mod n, c the cell's place in the plan, so that its runs are spread evenly over the workers and
    /// consecutive runs of a cell come from different ones.
    func worker(for step: SweepPlan.Step, of plan: SweepPlan) -> Int {
        let place = plan.cells.firstIndex(of: step.cell) ?? 0
        return (place + (step.repetition ?? 1) - 1) % count
    }

    /// Makes the recorded run of `step` of `plan` in worker `index` (0-based), a fresh one if the one there has
    /// retired: the run, with the number of the process that made it; a failed run, saying why, if the worker
    /// cannot make it.
    func measure(_ step: SweepPlan.Step, of plan: SweepPlan, worker index: Int) -> SweepPlan.Measurement {
        let startedAt = Date()
        func failed(_ detail: String, process: Int? = nil) -> SweepPlan.Measurement {
            SweepPlan.Measurement(
                outcome: RunOutcome(
                    status: .failed, nanoseconds: nil, detail: detail, completedIterations: 0, startedAt: startedAt),
                process: process)
        }
        do {
            try start(index)
        } catch {
            return failed(error.description)
        }
        guard let worker = workers[index] else {
            return failed("no worker process")
        }
        let process = worker.number
        defer {
            if isolatesEveryRun {
                stop(index)
            }
        }
        guard let request = try? WorkerProtocol.line(WorkerRequest(step, of: plan)) else {
            return failed("the run could not be written as a request", process: process)
        }
        do {
            try worker.child.input?.write(contentsOf: Data(request.utf8))
        } catch {
            return failed(died(index, "could not be given the run"), process: process)
        }
        guard let line = worker.reader.line() else {
            return failed(died(index, "ended before it answered"), process: process)
        }
        switch try? WorkerProtocol.message(WorkerReply.self, from: line) {
        case .run(var outcome):
            outcome.startedAt = outcome.startedAt ?? startedAt
            return SweepPlan.Measurement(outcome: outcome, process: process)
        case .refused(let reason):
            return failed("the worker process refused the run: \(reason)", process: process)
        case nil:
            return failed(died(index, "answered '\(line.prefix(80))'"), process: process)
        }
    }

    /// Why worker `index` could not make a run: `what` it did, and how it ended; the worker is dropped, to be
    /// started again at the next request.
    private func died(_ index: Int, _ what: String) -> String {
        let ending = workers[index]?.child.finish()
        workers[index] = nil
        return "the worker process (\(RunOption.processes.flag)) \(what): it "
            + (ending?.description ?? "was not running")
    }

    /// Whether worker `index` (0-based) is running and has lived `lifetime` nanoseconds or more.
    func hasLived(_ index: Int, _ lifetime: UInt64) -> Bool {
        workers[index].map { MonotonicClock.now() &- $0.started >= lifetime } ?? false
    }

    /// Ends worker `index`, if it is running: the next request for it starts a fresh process.
    func stop(_ index: Int) {
        workers[index]?.child.finish()
        workers[index] = nil
    }

    /// Ends every worker.
    func finish() {
        for index in workers.indices {
            stop(index)
        }
    }
}
