import Dispatch

/// Each job is `async`ed onto a serial Dispatch queue of the runner's own as everyday code writes it,
/// `queue.async { job.performIterationAndRequeue() }`: a new closure for every job, which Swift allocates a context
/// for and Dispatch copies into a block.
///
/// Not in the 2010 experiment. `serial-queue` (``DispatchQueueRunner``) hands Dispatch one block that each job
/// made once, which is the mechanism's floor for this code; the difference between the two is what a closure per
/// job costs, which most code that uses a serial queue pays.
public final class SerialQueueClosureRunner: JobRunner {
    private let dispatchQueue = DispatchQueue(label: "ThreadingOverheads.serial-queue-closure")

    /// A runner with a serial Dispatch queue of its own.
    public init(settings: RunSettings) {}

    /// `async`s a new closure that runs `job`'s iteration onto the runner's queue.
    public func queue(_ job: Job) {
        dispatchQueue.async {
            job.performIterationAndRequeue()
        }
    }
}

extension RunnerKind {
    /// ``SerialQueueClosureRunner``: a serial queue per queue, a new closure per job.
    public static let serialQueueClosure = RunnerKind(
        id: "serial-queue-closure",
        summary: "one serial DispatchQueue per queue, a new closure per job (queue.async { … })",
        traits: RunnerKind.Traits(shapes: Shape.serialQueues), runner: SerialQueueClosureRunner.self)
}
