import BenchResults
import Foundation
import JobRunners

/// How a ``MeasuringSession`` has each step of a plan made: ``PlacedRuns`` for a sweep, a check or a crossover, and
/// `bench interleave`'s pair of builds.
protocol RunMaker {
    /// Whether this process makes `cell`'s warm-ups itself (a worker process makes its own).
    func warmsUp(_ cell: SweepPlan.Cell) -> Bool
    /// Makes the run of `step` of `plan`: one, or several adjacent in time, each saying where it was made.
    func measurements(_ step: SweepPlan.Step, of plan: SweepPlan) -> [SweepPlan.Measurement]
}

/// Runs made where a ``RunPlacement`` says: in this process, spread over worker processes, or each in a fresh one.
final class PlacedRuns: RunMaker {
    let placement: RunPlacement
    /// The worker processes, for any placement but ``RunPlacement/thisProcess``.
    private let pool: WorkerPool?

    private init(_ placement: RunPlacement, pool: WorkerPool?) {
        self.placement = placement
        self.pool = pool
    }

    /// Every run in this process.
    convenience init() {
        self.init(.thisProcess, pool: nil)
    }

    /// The runs of `placement`, for `plan` (which sets the workers' lifetime: ``WorkerPool/lifetime(of:)``); nil,
    /// with the `Error:` line printed, where it needs worker processes and `executable`, this program's own, is not
    /// known.
    static func make(
        _ placement: RunPlacement, for plan: SweepPlan, executable: URL?, console: Console
    ) -> PlacedRuns? {
        guard placement != .thisProcess else {
            return PlacedRuns()
        }
        guard let executable else {
            let flag = placement == .isolated ? RunOption.isolate.flag : RunOption.processes.flag
            console.reportError(
                "cannot find \(Program.name)'s own executable to start worker processes (\(flag)); give "
                    + "\(RunOption.processes.flag) 1 to make every run in this process")
            return nil
        }
        let pool = WorkerPool(
            executable: executable, count: placement.processes, isolatesEveryRun: placement == .isolated,
            lifetime: WorkerPool.lifetime(of: plan.sampling))
        return PlacedRuns(placement, pool: pool)
    }

    /// Whether `cell`'s recorded runs are made in a worker.
    private func inWorker(_ cell: SweepPlan.Cell) -> Bool {
        guard let pool else {
            return false
        }
        return pool.count > 1 || pool.isolatesEveryRun || Self.isolatesOnThisSystem(cell.runner)
    }

    func warmsUp(_ cell: SweepPlan.Cell) -> Bool {
        !inWorker(cell)
    }

    func measurements(_ step: SweepPlan.Step, of plan: SweepPlan) -> [SweepPlan.Measurement] {
        guard inWorker(step.cell), let pool, step.repetition != nil else {
            return [SweepPlan.Measurement(outcome: plan.measureInProcess(step))]
        }
        return [pool.measure(step, of: plan, worker: pool.worker(for: step, of: plan))]
    }

    /// Whether a run of `runner` is made in a worker process even without `--isolate` (in a `bench` program, whose
    /// placement is never ``RunPlacement/thisProcess``): on macOS, the runners that start a thread per job. There
    /// a `Thread.start()` that cannot create its thread raises an Objective-C exception, which Swift cannot catch:
    /// in this process it would abort the whole sweep and lose the runs not yet written, while a child that aborts
    /// is one failed run. A child costs about 10 ms, against runs of seconds. `floor-detach-thread`, whose
    /// pthread_create reports failure, is isolated too: so that it and `detach-thread`, the runner it is the floor
    /// of, are measured alike. On Linux a thread that cannot be created is a stalled or failed run in this process
    /// already.
    static func isolatesOnThisSystem(_ runner: RunnerKind) -> Bool {
        #if canImport(Darwin)
        runner.traits.startsThreadPerJob
        #else
        false
        #endif
    }
}
