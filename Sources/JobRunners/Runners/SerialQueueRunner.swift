import Dispatch

/// One serial `DispatchQueue` per queue; each job is `async`ed onto it.
///
/// Reproduces the 2010 experiment's `DispatchDedicatedQueue` ("GCD-DQ"): the cost of `dispatch_async` on a
/// private serial queue, including waking a worker from Dispatch's thread pool when the queue goes idle.
public final class SerialQueueRunner: JobRunner {
    private let dispatchQueue = DispatchQueue(label: "ThreadingOverheads.serial-queue")

    public init(settings: RunSettings) {}

    public func queue(_ job: Job) {
        // The job's own block, made once: `async { job.performIterationAndRequeue() }` would make a closure and a
        // block for every job, which the mechanism doesn't need.
        dispatchQueue.async(execute: job.performBlock)
    }
}

extension RunnerKind {
    /// ``SerialQueueRunner``, by its id.
    public static let serialQueue = RunnerKind(
        id: "serial-queue",
        referenceName: "DispatchDedicatedQueue (GCD-DQ)",
        summary: "one serial DispatchQueue per queue",
        runner: SerialQueueRunner.self)
}
