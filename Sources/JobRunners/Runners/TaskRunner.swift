/// A new unstructured `Task` for every job.
///
/// Not in the 2010 experiment: the Swift-concurrency analogue of detach-thread. A task is not a thread: it is
/// created on the heap and enqueued on the global concurrent executor, whose threads (one per core) run it. What it
/// measures is creating, scheduling, running and destroying one task per job.
///
/// It is spelled `Task {}`, as developers write it, rather than `Task.detached {}`. From `queue(_:)`, which runs
/// outside any actor, `Task {}` inherits no actor isolation; it does copy the current task's priority and
/// task-local values, of which these jobs have none. On the 2-core development machine the two measured within
/// noise of each other (0.48 to 0.53 µs per job against 0.48 to 0.49 µs, one queue of 100,000 jobs).
public final class TaskRunner: JobRunner {
    /// A runner; a task needs no setup.
    public init(settings: RunSettings) {}

    /// Starts a new unstructured `Task` that runs `job`'s iteration.
    public func queue(_ job: Job) {
        Task {
            job.performIterationAndRequeue()
        }
    }
}

extension RunnerKind {
    /// ``TaskRunner``.
    public static let task = RunnerKind(
        id: "task", summary: "a new unstructured Task for every job",
        traits: RunnerKind.Traits(shapes: Shape.anyQueue), runner: TaskRunner.self)
}
