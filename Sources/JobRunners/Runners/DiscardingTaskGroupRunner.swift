/// One `DiscardingTaskGroup` per queue, whose parent task adds a child task for every job it is handed.
///
/// Not in the 2010 experiment: discarding task groups (SE-0381, Swift 5.9) free each child as it ends, which makes
/// them the structured way to run an unbounded stream of jobs, a server's accept loop for one. The parent waits for
/// each job as `continuation` does (`TaskInbox`) and adds a child that runs it: its cost less `continuation`'s is
/// a child task's, to set against `task`'s unstructured one. Children of one group run concurrently, so its queues
/// are not serial and it runs no contention.
public final class DiscardingTaskGroupRunner: JobRunner {
    private let inbox: TaskInbox
    private let parent: ConsumerTask

    /// Starts the parent task, which opens the group and waits for its first job; throws if it does not start within
    /// the verify timeout.
    public init(settings: RunSettings) throws {
        let inbox = TaskInbox()
        self.inbox = inbox
        parent = try ConsumerTask(of: "discarding-task-group", settings: settings, stop: inbox.close) {
            await withDiscardingTaskGroup { group in
                while let job = await inbox.next() {
                    group.addTask {
                        job.performIterationAndRequeue()
                    }
                }
            }
        }
    }

    /// Hands `job` to the parent task, which adds a child task to run it.
    public func queue(_ job: Job) {
        inbox.deliver(job)
    }

    /// Closes the parent's inbox and waits for the group to end.
    public func shutDown() {
        parent.shutDown()
    }
}

extension RunnerKind {
    /// ``DiscardingTaskGroupRunner``.
    public static let discardingTaskGroup = RunnerKind(
        id: "discarding-task-group", summary: "a DiscardingTaskGroup per queue, a child task for every job",
        traits: RunnerKind.Traits(shapes: Shape.anyQueue), runner: DiscardingTaskGroupRunner.self)
}
