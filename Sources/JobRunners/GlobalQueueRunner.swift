import Dispatch

/// Every queue's jobs go to `DispatchQueue.global()`, the default-priority concurrent queue, shared by all.
///
/// Reproduces the 2010 experiment's `DispatchGlobalConcurrentQueue` ("GCD-GCQ"): the cost of `dispatch_async` on
/// the shared concurrent queue, where Dispatch decides how many threads serve all queues together. A job still
/// runs its iterations serially, because it queues its next iteration only when the current one ends.
public final class GlobalQueueRunner: JobRunner {
    public static let id = "global-queue"
    public static let referenceName = "DispatchGlobalConcurrentQueue (GCD-GCQ)"
    public static let summary = "DispatchQueue.global(), shared by all queues"

    private let dispatchQueue = DispatchQueue.global()

    public init(settings: RunSettings) {}

    public func queue(_ job: Job) {
        // The job's own block, made once: `async { job.performIterationAndRequeue() }` would make a closure and a
        // block for every job, which the mechanism doesn't need.
        dispatchQueue.async(execute: job.performBlock)
    }
}
