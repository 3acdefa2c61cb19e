// The conditions here are RunnerCatalogue.immediateTask's, which says why the runner is missing where it is.
#if compiler(>=6.2) && !WITHOUT_IMMEDIATE_TASK
/// A new task for every job, started with `Task.immediate`, which runs it on the calling thread at once instead of
/// enqueuing it: jobs are taken from a FIFO drained on the thread that queues the first, as `single-threaded` does.
///
/// Not in the 2010 experiment: immediate tasks (SE-0472, Swift 6.2) skip the first enqueue of a task, running its
/// body synchronously until it first suspends. These jobs never suspend, so each task runs to its end where it was
/// made, and the job it queues goes into the FIFO, not into a nested task. What it measures is making, running and
/// destroying a task with no scheduling at all: its cost less `single-threaded`'s is a task's own; `task`'s less
/// this one's is the enqueue and the hand-off to the global executor's threads that `Task.immediate` skips. Like
/// the control it runs chains and fan-out (the producer runs every job as it submits it), nothing that hands a job
/// to another thread. Built with Swift 6.2 or later, and on Darwin listed only on macOS 26 or later, where the
/// runtime has it.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
public final class ImmediateTaskRunner: JobRunner {
    private let fifo = DrainedFIFO()

    /// A runner with an empty FIFO; nothing else is set up.
    public init(settings: RunSettings) {}

    /// Appends `job` to the FIFO; the thread draining it starts a `Task.immediate` for each job, which runs the job's
    /// iteration there and then.
    public func queue(_ job: Job) {
        fifo.queue(job) { job in
            Task.immediate {
                job.performIterationAndRequeue()
            }
        }
    }
}

@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
extension RunnerKind {
    /// ``ImmediateTaskRunner``. Computed rather than stored, so that its availability is that of a plain accessor
    /// on every compiler (the catalogue reads it once).
    public static var immediateTask: RunnerKind {
        RunnerKind(
            id: "immediate-task", summary: "a Task.immediate for every job, run at once on the calling thread",
            traits: RunnerKind.Traits(shapes: [.chain, .fanOut]), runner: ImmediateTaskRunner.self)
    }
}
#endif
