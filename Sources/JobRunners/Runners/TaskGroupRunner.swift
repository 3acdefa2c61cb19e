import Synchronization

/// One task group for the run, with one child task per queue; the child runs its queue's iterations one after
/// another, with an awaited hop between them.
///
/// Not in the 2010 experiment: structured concurrency. Before the clock starts, the group and its children exist,
/// each child suspended until its queue's first job arrives. After that, one iteration costs the job's own
/// bookkeeping plus one `await Task.yield()`: the child suspends, is enqueued again at the back of the global
/// concurrent executor's queue, and resumes, possibly on another of its threads. No task is created per job.
public final class TaskGroupRunner: JobRunner {
    private let mailbox: Mailbox
    private let group: GroupDriver

    /// A runner with a group of its own, of one child.
    public convenience init(settings: RunSettings) throws {
        let group = try GroupDriver(children: 1, settings: settings)
        self.init(mailbox: group.mailboxes[0], group: group)
    }

    private init(mailbox: Mailbox, group: GroupDriver) {
        self.mailbox = mailbox
        self.group = group
    }

    /// The runners of one run, each with a child task of one group made for the run.
    public static func makeRunners(count: Int, settings: RunSettings) throws -> [any JobRunner] {
        let group = try GroupDriver(children: count, settings: settings)
        return group.mailboxes.map { TaskGroupRunner(mailbox: $0, group: group) }
    }

    /// Hands `job` to the queue's child task: the first through a continuation, each later one (queued by a job
    /// running in the child) to run after the child's `Task.yield()`.
    public func queue(_ job: Job) {
        mailbox.deliver(job)
    }

    /// Waits, up to 5 seconds, for the run's task group to end: each child ends after its queue's last iteration.
    public func shutDown() {
        group.waitUntilFinished()
    }
}

/// The task group of a run: a task that opens the group and adds one child per queue.
private final class GroupDriver: Sendable {
    let mailboxes: [Mailbox]
    private let finished = Latch<Bool>()

    /// How long `waitUntilFinished()` waits for the group to end.
    private static let finishTimeout: Duration = .seconds(5)

    /// Starts the group and waits, up to the verify timeout, until every child waits for its first job.
    init(children: Int, settings: RunSettings) throws {
        let ready = CountdownLatch(count: children)
        let mailboxes = (0..<children).map { _ in Mailbox(ready: ready) }
        self.mailboxes = mailboxes
        Task { [finished] in
            await withTaskGroup(of: Void.self) { group in
                for mailbox in mailboxes {
                    group.addTask {
                        await mailbox.run()
                    }
                }
            }
            finished.set(true)
        }
        guard ready.wait(timeout: settings.verifyTimeout) else {
            throw RunnerSetupError(
                "the task group's children did not start within \(settings.verifyTimeoutText)")
        }
    }

    /// Waits for every child to end; a group stuck in a run that stalled is left behind.
    func waitUntilFinished() {
        _ = finished.wait(timeout: Self.finishTimeout)
    }
}

/// How a child task gets its queue's jobs: the first from the harness, through a continuation; each later one
/// from the job itself, which queues its next iteration while it runs in the child.
private final class Mailbox: @unchecked Sendable {
    // `first` is guarded by its mutex. `next` is read and written only by the child task that owns this mailbox: a
    // job sets it while running in that task (its re-queue), and the task reads it after the job returns.
    private let first = Mutex<(continuation: CheckedContinuation<Job, Never>?, early: Job?)>((nil, nil))
    private let hasFirstJob = Atomic<Bool>(false)
    private var next: Job?
    private let ready: CountdownLatch

    init(ready: CountdownLatch) {
        self.ready = ready
    }

    /// The first call (the harness's) hands the job to the waiting child; later calls come from the child itself.
    func deliver(_ job: Job) {
        guard !hasFirstJob.exchange(true, ordering: .acquiringAndReleasing) else {
            next = job
            return
        }
        let continuation = first.withLock { state in
            if state.continuation == nil {
                state.early = job
            }
            return state.continuation
        }
        continuation?.resume(returning: job)
    }

    /// The child task: waits for the first job, then runs iterations, yielding between them, until the job stops
    /// queuing itself.
    func run() async {
        var job = await withCheckedContinuation { (continuation: CheckedContinuation<Job, Never>) in
            let early = first.withLock { state in
                if state.early == nil {
                    state.continuation = continuation
                }
                return state.early
            }
            if let early {
                continuation.resume(returning: early)
            }
            ready.countDown()
        }
        // Pairs with the exchange in `deliver`, made before the job was handed over: an ordering the continuation
        // already gives, but not one ThreadSanitizer can always see. When the harness resumes the continuation
        // while this task is still suspending, the runtime hands the job over through atomics of its own,
        // uninstrumented, and ThreadSanitizer reported the job's fields, written in Job.init, as raced.
        _ = hasFirstJob.load(ordering: .acquiring)
        while true {
            job.performIterationAndRequeue()
            guard let following = next else {
                return
            }
            next = nil
            await Task.yield()
            job = following
        }
    }
}

extension RunnerKind {
    /// ``TaskGroupRunner``.
    public static let taskGroup = RunnerKind(
        id: "task-group", summary: "a child task per queue in one task group, a yield per job",
        // No ping-pong: a child runs its own queue's job and hands it on only to itself; a job handed to another
        // child would need a continuation resumed per hand-off, another mechanism.
        runner: TaskGroupRunner.self)
}
