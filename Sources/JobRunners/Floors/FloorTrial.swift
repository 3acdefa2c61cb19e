import CFloors
import Foundation

/// A run of a floor runner: the C run, reporting each job's end to the harness's ``RunCompletion``.
final class FloorTrial: RunTrial, @unchecked Sendable {
    // `run` is made in `init` and freed in `deinit`, both on the harness's thread; between them the C side
    // synchronizes what it shares (each job's counter is a C atomic, each mechanism hands jobs between threads
    // through its own locks or queues), and the harness only queues the jobs once and reads the counters.
    private let run: OpaquePointer
    let completion: RunCompletion
    let workSpins: Int

    /// Makes the C run and its mechanism. Not timed.
    init(floor: floor_kind, configuration: RunConfiguration) throws {
        let completion = RunCompletion(jobs: configuration.queues)
        let workSpins = Work.spins(forNanoseconds: configuration.workNanoseconds)
        guard let shape = configuration.shape.floorShape else {
            throw RunnerSetupError("the C floors run no \(configuration.shape)")
        }
        var error: Int32 = 0
        // The run reports to `completion`, which this trial keeps alive for as long as the run exists.
        let context = Unmanaged.passUnretained(completion).toOpaque()
        guard
            let run = floor_run_create(
                floor, shape, configuration.queues,
                configuration.iterations * configuration.shape.parties, workSpins,
                configuration.latencySampleEvery ?? 0, floorReport, context, &error)
        else {
            throw RunnerSetupError("the C floor could not be set up: \(String(cString: strerror(error)))")
        }
        self.run = run
        self.completion = completion
        self.workSpins = workSpins
    }

    deinit {
        floor_run_destroy(run)
    }

    var executedIterations: Int {
        floor_run_executed(run)
    }

    func queueJobs() {
        floor_run_queue_jobs(run)
    }

    var latency: LatencyPercentiles? {
        let merged = LatencyHistogram()
        defer { merged.deallocate() }
        floor_run_latency(run, merged.pointer)
        return LatencyPercentiles(merged.pointer)
    }

    /// The C run's mechanism stops when it is freed, with the trial.
    func shutDown() {}
}

extension Shape {
    /// The shape as the C floors name it; nil for fan-out, which they don't run.
    var floorShape: floor_shape? {
        switch self {
        case .chain: floor_chain
        case .pingPong: floor_ping_pong
        case .contention: floor_contention
        case .fanOut: nil
        }
    }
}

/// How a C job reports its end: to the run's completion, which the context points to.
private func floorReport(_ context: UnsafeMutableRawPointer?, _ error: Int32) {
    guard let context else {
        return
    }
    let completion = Unmanaged<RunCompletion>.fromOpaque(context).takeUnretainedValue()
    if error == 0 {
        completion.jobFinished()
    } else {
        completion.jobKilled(reason: "pthread_create failed: \(String(cString: strerror(error)))")
    }
}
