import Foundation

/// One `OperationQueue` per queue, with `maxConcurrentOperationCount = 1`; each job is added as a block
/// operation.
///
/// Not in the 2010 experiment: the serial operation queue its sibling posts build on (an image loader, background
/// work with cancellation). What it measures is `addOperation(_:)` on a serial queue: an `Operation` object per
/// job, the queue's bookkeeping, and the Dispatch queue under it (swift-corelibs-foundation builds
/// `OperationQueue` on Dispatch).
public final class OperationQueueRunner: JobRunner {
    private let operationQueue: OperationQueue

    public init(settings: RunSettings) {
        operationQueue = OperationQueue()
        operationQueue.name = "ThreadingOverheads.operation-queue"
        operationQueue.maxConcurrentOperationCount = 1
    }

    public func queue(_ job: Job) {
        operationQueue.addOperation {
            job.performIterationAndRequeue()
        }
    }
}

extension RunnerKind {
    /// ``OperationQueueRunner``, by its id.
    public static let operationQueue = RunnerKind(
        id: "operation-queue",
        summary: "one serial OperationQueue per queue",
        runner: OperationQueueRunner.self)
}
