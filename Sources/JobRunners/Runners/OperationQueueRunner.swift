import Foundation

/// Each job is added as a block operation to an `OperationQueue`: a serial one of the runner's own
/// (`operation-queue`, `maxConcurrentOperationCount = 1`), or one with its default concurrency, shared by all of a
/// run's queues (`shared-operation-queue`).
///
/// Not in the 2010 experiment: the serial operation queue its sibling posts build on (an image loader, background
/// work with cancellation), and the operation-queue analogue of global-queue. What it measures is
/// `addOperation(_:)`: an `Operation` object per job, the queue's bookkeeping, and the Dispatch queue under it
/// (swift-corelibs-foundation builds `OperationQueue` on Dispatch). On the shared queue a job still runs its
/// iterations one after another, because it adds its next iteration only when the current one ends.
public final class OperationQueueRunner: JobRunner {
    private let operationQueue: OperationQueue

    /// A runner with a serial operation queue of its own.
    public convenience init(settings: RunSettings) {
        self.init(queue: Self.makeQueue(named: "operation-queue", maxConcurrentOperationCount: 1))
    }

    private init(queue: OperationQueue) {
        operationQueue = queue
    }

    /// The runners of one run, all on one operation queue with its default concurrency, made for the run.
    static func makeSharing(count: Int) -> [any JobRunner] {
        let shared = makeQueue(named: "shared-operation-queue", maxConcurrentOperationCount: nil)
        return (0..<count).map { _ in OperationQueueRunner(queue: shared) }
    }

    private static func makeQueue(named name: String, maxConcurrentOperationCount: Int?) -> OperationQueue {
        let operationQueue = OperationQueue()
        operationQueue.name = "ThreadingOverheads.\(name)"
        if let maxConcurrentOperationCount {
            operationQueue.maxConcurrentOperationCount = maxConcurrentOperationCount
        }
        return operationQueue
    }

    /// Adds a block operation that runs `job`'s iteration to the runner's operation queue.
    public func queue(_ job: Job) {
        operationQueue.addOperation {
            job.performIterationAndRequeue()
        }
    }
}

extension RunnerKind {
    /// ``OperationQueueRunner`` with a serial operation queue per queue.
    public static let operationQueue = RunnerKind(
        id: "operation-queue", summary: "one serial OperationQueue per queue",
        traits: RunnerKind.Traits(shapes: Shape.serialQueues), runner: OperationQueueRunner.self)

    /// ``OperationQueueRunner`` with one operation queue for all queues.
    public static let sharedOperationQueue = RunnerKind(
        id: "shared-operation-queue", summary: "one OperationQueue shared by all queues",
        traits: RunnerKind.Traits(shapes: Shape.anyQueue)
    ) { count, _ in OperationQueueRunner.makeSharing(count: count) }
}
