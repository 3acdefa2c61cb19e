/// The control: jobs run on the thread that queues them, from a FIFO drained until it is empty.
///
/// Reproduces the 2010 experiment's `SingleThreadedQueue` ("Single"): no threads, no locks, no wake-ups; what is
/// left is the cost of the FIFO and of calling the job. The first `queue(_:)` drains the FIFO in a loop, and
/// jobs queued while it drains (a job re-queuing itself) are appended and run by that loop, not by recursion.
/// Enqueue and dequeue are O(1).
public final class SingleThreadedRunner: JobRunner, @unchecked Sendable {
    public static let id = "single-threaded"
    public static let referenceName = "SingleThreadedQueue (Single)"
    public static let summary = "a FIFO drained on the calling thread (the control)"

    // Unsynchronized by design: the runner is used only on the thread that queues its first job, because jobs
    // re-queue themselves only from inside `queue(_:)`'s drain loop, on that same thread.
    private var fifo = RingBuffer<Job>()
    private var isDraining = false

    public init(settings: RunSettings) {}

    public func queue(_ job: Job) {
        fifo.append(job)
        guard !isDraining else {
            return
        }
        isDraining = true
        while let next = fifo.popFirst() {
            next.performIterationAndRequeue()
        }
        isDraining = false
    }
}
