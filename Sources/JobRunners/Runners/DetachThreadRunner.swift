/// A new detached `Thread` for every job.
///
/// Reproduces the 2010 experiment's `DetachThreadQueue` ("Detach"): the cost of creating, starting and tearing
/// down a thread per job. The thread that runs an iteration starts the next iteration's thread before it exits,
/// so up to two threads per queue exist at once. If the system cannot create a thread, Foundation gives no error
/// and the job never runs; the harness's watchdog then ends the run as `stalled`.
public final class DetachThreadRunner: JobRunner {
    private let spawn: ThreadSpawner

    /// A runner that starts a detached `Thread` for each job.
    public convenience init(settings: RunSettings) {
        self.init(spawn: DetachedThread.spawn)
    }

    init(spawn: @escaping ThreadSpawner) {
        self.spawn = spawn
    }

    /// Starts a new detached thread that runs `job`'s iteration and exits.
    public func queue(_ job: Job) {
        spawn {
            job.performIterationAndRequeue()
        }
    }
}

extension RunnerKind {
    /// ``DetachThreadRunner``.
    public static let detachThread = RunnerKind(
        id: "detach-thread", referenceName: "DetachThreadQueue (Detach)",
        summary: "a new detached Thread for every job",
        // A thread starts the next and then exits, which takes a while: on the 2-core Linux machine, 256 queues
        // had up to 1,176 threads at once (4.6 per queue), 128 queues 628.
        traits: RunnerKind.Traits(startsThreadPerJob: true, threadsPerQueue: 5, shapes: Shape.anyQueue),
        runner: DetachThreadRunner.self)
}
