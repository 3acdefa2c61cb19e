/// The control: jobs run on the thread that queues them, from a FIFO drained until it is empty.
///
/// Reproduces the 2010 experiment's `SingleThreadedQueue` ("Single"): no threads, no locks, no wake-ups; what is
/// left is the cost of the FIFO and of calling the job. The first `queue(_:)` drains the FIFO in a loop, and
/// jobs queued while it drains (a job re-queuing itself) are appended and run by that loop, not by recursion.
/// Enqueue and dequeue are O(1).
public final class SingleThreadedRunner: JobRunner {
    private let fifo = DrainedFIFO()

    /// A runner with an empty FIFO; nothing else is set up.
    public init(settings: RunSettings) {}

    /// Appends `job` to the FIFO; unless a drain loop is running already, runs jobs from it on this thread until it
    /// is empty.
    public func queue(_ job: Job) {
        fifo.queue(job) { $0.performIterationAndRequeue() }
    }
}

/// A FIFO of jobs drained on the thread that queues the first, by a loop rather than by recursion: the control's
/// mechanism, and `immediate-task`'s, which starts a task for each job it takes.
final class DrainedFIFO: @unchecked Sendable {
    // Unsynchronized by design: used only on the thread that queues its first job, because jobs re-queue themselves
    // only from inside `queue(_:run:)`'s drain loop, on that same thread. The FIFO and the flag are unchecked state,
    // to keep Swift's run-time exclusivity checks off the hot path; the FIFO holds the jobs unretained, as the run
    // keeps them alive.
    private let state = UncheckedState(State())

    private struct State: ~Copyable {
        var fifo = RingBuffer<Unmanaged<Job>>()
        var isDraining = false
    }

    /// Appends `job`; unless a drain loop is running already (the caller is a job it runs), runs jobs with `run`
    /// until the FIFO is empty.
    @inline(__always)
    func queue(_ job: Job, run: (Job) -> Void) {
        state.pointee.fifo.append(Unmanaged.passUnretained(job))
        guard !state.pointee.isDraining else {
            return
        }
        state.pointee.isDraining = true
        while let next = state.pointee.fifo.popFirst() {
            next._withUnsafeGuaranteedRef { run($0) }
        }
        state.pointee.isDraining = false
    }
}

extension RunnerKind {
    /// ``SingleThreadedRunner``.
    public static let singleThreaded = RunnerKind(
        id: "single-threaded", referenceName: "SingleThreadedQueue (Single)",
        summary: "a FIFO drained on the calling thread (the control)",
        // No ping-pong: between two FIFOs of one thread, nothing is handed to another thread. Fan-out, as the
        // control: the producer runs each job as it submits it.
        traits: RunnerKind.Traits(shapes: [.chain, .fanOut]), runner: SingleThreadedRunner.self)
}
