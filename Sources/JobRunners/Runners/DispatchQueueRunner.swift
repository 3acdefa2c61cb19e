import Dispatch

/// Each job is `async`ed onto a Dispatch queue: a serial queue of the runner's own (`serial-queue`), the
/// default-priority global concurrent queue, shared by all (`global-queue`), or the main queue (`main-queue`).
///
/// - `serial-queue` reproduces the 2010 experiment's `DispatchDedicatedQueue` ("GCD-DQ"): the cost of
///   `dispatch_async` on a private serial queue, including waking a worker from Dispatch's thread pool when the
///   queue goes idle.
/// - `global-queue` reproduces `DispatchGlobalConcurrentQueue` ("GCD-GCQ"): `dispatch_async` on the shared
///   concurrent queue, where Dispatch decides how many threads serve all queues together. A job still runs its
///   iterations serially, because it queues its next iteration only when the current one ends.
/// - `main-queue` is new, from the 2010 post's sibling post on splitting work into chunks with `dispatch_async`
///   onto the main queue: `async` onto the main queue and the main thread's turn to run it. It works only while the
///   main thread is serving the main queue, so it is opt-in (`--runners main-queue`): bench then runs its sweep on
///   another thread and gives the main thread to `dispatchMain()`. If nothing serves the main queue, the run
///   stalls and the watchdog says so.
public final class DispatchQueueRunner: JobRunner {
    private let dispatchQueue: DispatchQueue

    /// A runner with a serial queue of its own.
    public convenience init(settings: RunSettings) {
        self.init(queue: DispatchQueue(label: "ThreadingOverheads.serial-queue"))
    }

    /// A runner that queues its jobs on `queue`.
    public init(queue: DispatchQueue) {
        dispatchQueue = queue
    }

    /// `async`s the job's block, made once for the job, onto the runner's Dispatch queue.
    public func queue(_ job: Job) {
        // The job's own block, made once: `async { job.performIterationAndRequeue() }` would make a closure and a
        // block for every job, which the mechanism doesn't need.
        dispatchQueue.async(execute: job.performBlock)
    }
}

extension RunnerKind {
    /// ``DispatchQueueRunner`` with a serial queue per queue.
    public static let serialQueue = RunnerKind(
        id: "serial-queue", referenceName: "DispatchDedicatedQueue (GCD-DQ)",
        summary: "one serial DispatchQueue per queue", traits: RunnerKind.Traits(shapes: Shape.serialQueues),
        runner: DispatchQueueRunner.self)

    /// ``DispatchQueueRunner`` on the global queue.
    public static let globalQueue = RunnerKind(
        id: "global-queue", referenceName: "DispatchGlobalConcurrentQueue (GCD-GCQ)",
        summary: "DispatchQueue.global(), shared by all queues", traits: RunnerKind.Traits(shapes: Shape.anyQueue)
    ) { count, _ in (0..<count).map { _ in DispatchQueueRunner(queue: .global()) } }

    /// ``DispatchQueueRunner`` on the main queue, which the main thread must serve.
    public static let mainQueue = RunnerKind(
        id: "main-queue", summary: "DispatchQueue.main, served by the main thread (opt-in)",
        // No ping-pong: both parties would be the main thread, handing nothing to another thread.
        traits: RunnerKind.Traits(isOptIn: true, needsMainThread: true)
    ) { count, _ in (0..<count).map { _ in DispatchQueueRunner(queue: .main) } }
}
