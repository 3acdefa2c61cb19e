/// A new `Task` for every job, as `task` makes, but preferring a task executor of the queue's own: a serial
/// Dispatch queue, wrapped (`DispatchQueueExecutor`).
///
/// Not in the 2010 experiment: task executors (SE-0417, Swift 6.0) let tasks run on an executor of the developer's
/// choosing instead of the global concurrent one, the way a server framework keeps them on its event loops. The
/// job is started with `Task(executorPreference:)`, the unstructured form of `withTaskExecutorPreference`, so that
/// the task runs on the queue from its first instruction. What it measures is `task`'s cost with the global
/// executor's enqueue replaced by the queue's `async`: set it against `task` and `serial-queue`.
public final class TaskExecutorRunner: JobRunner {
    private let executor = DispatchQueueExecutor(label: "ThreadingOverheads.task-executor")

    /// A runner with a task executor of its own: a serial Dispatch queue, wrapped.
    public init(settings: RunSettings) {}

    /// Starts a `Task` preferring the runner's executor, which runs `job`'s iteration on the queue.
    public func queue(_ job: Job) {
        Task(executorPreference: executor) {
            job.performIterationAndRequeue()
        }
    }
}

extension RunnerKind {
    /// ``TaskExecutorRunner``.
    public static let taskExecutor = RunnerKind(
        id: "task-executor", summary: "a new Task for every job, on a task executor (a serial queue) per queue",
        traits: RunnerKind.Traits(shapes: Shape.serialQueues), runner: TaskExecutorRunner.self)
}
