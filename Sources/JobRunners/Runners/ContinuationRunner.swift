/// One long-lived task per queue, waiting on a `CheckedContinuation` for each job; queuing a job resumes it.
///
/// Not in the 2010 experiment: checked continuations (SE-0300) are how callbacks, Dispatch and threads hand values
/// into tasks, and the parts hand-written job queues on tasks are made of. The task is started, and waiting, before
/// the clock (`TaskInbox`). In ping-pong, contention and fan-out the job comes from another thread: a
/// continuation resumed, and the task enqueued on the global executor and run there. In a chain the task queues
/// its own next job, before it waits again, so the continuation is resumed as it is made and the task goes on
/// without a thread switch: a continuation and a lock per job, against `task-group`'s `Task.yield()`.
public final class ContinuationRunner: JobRunner {
    private let inbox: TaskInbox
    private let consumer: ConsumerTask

    /// Starts the runner's task and waits until it waits for its first job; throws if it does not within the verify
    /// timeout.
    public init(settings: RunSettings) throws {
        let inbox = TaskInbox()
        self.inbox = inbox
        consumer = try ConsumerTask(of: "continuation", settings: settings, stop: inbox.close) {
            while let job = await inbox.next() {
                job.performIterationAndRequeue()
            }
        }
    }

    /// Resumes the task's continuation with `job`, or leaves it for the task's next wait.
    public func queue(_ job: Job) {
        inbox.deliver(job)
    }

    /// Closes the task's inbox and waits for the task to end.
    public func shutDown() {
        consumer.shutDown()
    }
}

extension RunnerKind {
    /// ``ContinuationRunner``.
    public static let continuation = RunnerKind(
        id: "continuation", summary: "a task per queue, resumed through a CheckedContinuation for each job",
        traits: RunnerKind.Traits(shapes: Shape.serialQueues), runner: ContinuationRunner.self)
}
