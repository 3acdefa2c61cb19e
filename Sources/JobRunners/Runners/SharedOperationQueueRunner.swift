import Foundation

/// One `OperationQueue`, with its default concurrency, shared by all queues; each job is added as a block
/// operation.
///
/// Not in the 2010 experiment: the operation-queue analogue of global-queue. The queue runs as many operations at
/// once as it sees fit; a job still runs its iterations one after another, because it adds its next iteration only
/// when the current one ends.
public final class SharedOperationQueueRunner: JobRunner {
    private let operationQueue: OperationQueue

    /// A runner with an operation queue of its own.
    public convenience init(settings: RunSettings) {
        self.init(sharing: Self.makeOperationQueue())
    }

    private init(sharing operationQueue: OperationQueue) {
        self.operationQueue = operationQueue
    }

    /// The runners of one run, all on one operation queue made for the run.
    public static func makeRunners(count: Int, settings: RunSettings) throws -> [any JobRunner] {
        let shared = makeOperationQueue()
        return (0..<count).map { _ in SharedOperationQueueRunner(sharing: shared) }
    }

    private static func makeOperationQueue() -> OperationQueue {
        let operationQueue = OperationQueue()
        operationQueue.name = "ThreadingOverheads.shared-operation-queue"
        return operationQueue
    }

    public func queue(_ job: Job) {
        operationQueue.addOperation {
            job.performIterationAndRequeue()
        }
    }
}

extension RunnerKind {
    /// ``SharedOperationQueueRunner``, by its id.
    public static let sharedOperationQueue = RunnerKind(
        id: "shared-operation-queue",
        summary: "one OperationQueue shared by all queues",
        runner: SharedOperationQueueRunner.self)
}
