import Dispatch

/// Every queue's jobs go to `DispatchQueue.global()`, the default-priority concurrent queue, shared by all.
///
/// Reproduces the 2010 experiment's `DispatchGlobalConcurrentQueue` ("GCD-GCQ"): the cost of `dispatch_async` on
/// the shared concurrent queue, where Dispatch decides how many threads serve all queues together. A job still
/// runs its iterations serially, because it queues its next iteration only when the current one ends.
public final class GlobalQueueRunner: JobRunner {
    private let dispatchQueue = DispatchQueue.global()

    public init(settings: RunSettings) {}

    public func queue(_ job: Job) {
        // The job's own block, made once: `async { job.performIterationAndRequeue() }` would make a closure and a
        // block for every job, which the mechanism doesn't need.
        dispatchQueue.async(execute: job.performBlock)
    }
}

extension RunnerKind {
    /// ``GlobalQueueRunner``, by its id.
    public static let globalQueue = RunnerKind(
        id: "global-queue",
        referenceName: "DispatchGlobalConcurrentQueue (GCD-GCQ)",
        summary: "DispatchQueue.global(), shared by all queues",
        runner: GlobalQueueRunner.self)
}
