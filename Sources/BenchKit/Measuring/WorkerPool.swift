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
/// A worker is started when first asked for, and kept: it makes each cell's warm-ups the first time it meets the
/// cell, then its runs. One that dies (a crash, a signal) fails the run it was making, saying how, and is replaced
/// at the next request, so a run that aborts its process costs one run, not the sweep.
final class WorkerPool {
    let executable: URL
    /// Workers the pool keeps, numbered 1 to `count` in the result file's `process` column.
    let count: Int
    /// Whether a worker ends after each run, so that every run has a fresh process (`--isolate`).
    let isolatesEveryRun: Bool
    private var workers: [Worker?]

    private final class Worker {
        let child: ChildProcess
        var reader: DescriptorReader

        init(_ child: ChildProcess) {
            self.child = child
            reader = DescriptorReader(child.output)
        }
    }

    init(executable: URL, count: Int, isolatesEveryRun: Bool = false) {
        self.executable = executable
        self.count = max(1, count)
        self.isolatesEveryRun = isolatesEveryRun
        workers = Array(repeating: nil, count: max(1, count))
        // A worker that died closes its pipe: writing to it must fail the write, not kill this process.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        finish()
    }

    /// Starts worker `index` (0-based) if it is not running, and checks that it speaks this bench's protocol.
    func start(_ index: Int) throws(ChildProcessError) {
        guard workers[index] == nil else {
            return
        }
        let child = try ChildProcess(
            executable: executable, arguments: ["worker", "--protocol", String(WorkerProtocol.version)],
            withInput: true)
        let worker = Worker(child)
        guard let greeting = worker.reader.line(), greeting == WorkerProtocol.greeting else {
            let ending = child.finish()
            throw ChildProcessError(
                description: "'\(executable.path)' does not answer as a worker of protocol \(WorkerProtocol.version) "
                    + "(it \(ending.description)); give bench executables built from the same version of "
                    + "ThreadingOverheads")
        }
        workers[index] = worker
    }

    /// The worker (0-based) that makes the recorded run of `step` of `plan`: a cell's k-th run goes to worker
    /// (c + k) mod n, c the cell's place in the plan, so that its runs are spread evenly over the workers and
    /// consecutive runs of a cell come from different ones.
    func worker(for step: SweepPlan.Step, of plan: SweepPlan) -> Int {
        let place = plan.cells.firstIndex(of: step.cell) ?? 0
        return (place + (step.repetition ?? 1) - 1) % count
    }

    /// Makes the recorded run of `step` of `plan` in worker `index` (0-based); a failed run, saying why, if the
    /// worker cannot make it.
    func measure(_ step: SweepPlan.Step, of plan: SweepPlan, worker index: Int) -> RunOutcome {
        let startedAt = Date()
        func failed(_ detail: String) -> RunOutcome {
            RunOutcome(status: .failed, nanoseconds: nil, detail: detail, completedIterations: 0, startedAt: startedAt)
        }
        do {
            try start(index)
        } catch {
            return failed(error.description)
        }
        guard let worker = workers[index] else {
            return failed("no worker process")
        }
        defer {
            if isolatesEveryRun {
                stop(index)
            }
        }
        guard let request = try? WorkerProtocol.line(WorkerRequest(step, of: plan)) else {
            return failed("the run could not be written as a request")
        }
        do {
            try worker.child.input?.write(contentsOf: Data(request.utf8))
        } catch {
            return failed(died(index, "could not be given the run"))
        }
        guard let line = worker.reader.line() else {
            return failed(died(index, "ended before it answered"))
        }
        switch try? WorkerProtocol.message(WorkerReply.self, from: line) {
        case .run(var outcome):
            outcome.startedAt = outcome.startedAt ?? startedAt
            return outcome
        case .refused(let reason):
            return failed("the worker process refused the run: \(reason)")
        case nil:
            return failed(died(index, "answered '\(line.prefix(80))'"))
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

    /// Ends worker `index`, if it is running.
    private func stop(_ index: Int) {
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
