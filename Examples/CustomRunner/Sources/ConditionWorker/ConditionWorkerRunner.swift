import Foundation
import JobRunners

/// One worker thread per queue, fed through a FIFO that an `NSCondition` guards: queuing a job appends it and
/// signals; the worker takes what is pending and runs it.
///
/// A mechanism of the user's own, as an example: the hand-rolled "thread with a work queue" that predates Dispatch.
public final class ConditionWorkerRunner: JobRunner, @unchecked Sendable {
    // `pending` and `isStopping` are read and written only with `condition`'s lock held.
    private let condition = NSCondition()
    private var pending: [Job] = []
    private var isStopping = false
    private let exited = DispatchSemaphore(value: 0)
    /// Spin-loop steps of extra work per job in a build made with `-Xswiftc -DEXTRA_WORK` (0 otherwise): a second
    /// build of this runner that really costs more, for measuring two builds side by side (`custom-bench interleave`).
    private let extraSpins: Int

    /// Starts the worker, and waits until it runs (up to the verify timeout).
    public init(settings: RunSettings) throws {
        #if EXTRA_WORK
        // Calibrated here, before the clock starts. 40 ns of spinning asked for made a job 19 to 27% dearer on the
        // development machine, where a job costs this runner 41 to 63 ns: short spins overlap with the rest.
        extraSpins = Work.spins(forNanoseconds: Self.extraNanoseconds)
        #else
        extraSpins = 0
        #endif
        let started = DispatchSemaphore(value: 0)
        let worker = Thread { [self] in
            started.signal()
            work()
            exited.signal()
        }
        worker.name = "condition worker"
        worker.start()
        guard started.wait(timeout: .now() + settings.verifyTimeout / .seconds(1)) == .success else {
            throw RunnerSetupError("the condition worker's thread did not start")
        }
    }

    public func queue(_ job: Job) {
        condition.withLock {
            pending.append(job)
            condition.signal()
        }
    }

    /// Runs what is pending, batch by batch, until told to stop with nothing pending.
    private func work() {
        var batch: [Job] = []
        while true {
            condition.withLock {
                while pending.isEmpty, !isStopping {
                    condition.wait()
                }
                swap(&batch, &pending)
            }
            guard !batch.isEmpty else {
                return
            }
            for job in batch {
                if extraSpins > 0 {
                    Work.spin(extraSpins)
                }
                job.performIterationAndRequeue()
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    public func shutDown() {
        condition.withLock {
            isStopping = true
            condition.broadcast()
        }
        _ = exited.wait(timeout: .now() + 5)
    }
}

extension ConditionWorkerRunner {
    /// The extra work per job of a build made with `-DEXTRA_WORK`, in nanoseconds.
    static let extraNanoseconds = 40
}

extension RunnerKind {
    /// ``ConditionWorkerRunner``, by its id: a worker thread of its own per queue.
    public static let conditionWorker = RunnerKind(
        id: "condition-worker", summary: "a worker Thread per queue, fed through an NSCondition-guarded FIFO",
        traits: RunnerKind.Traits(threadsPerQueue: 1, shapes: Shape.serialQueues),
        runner: ConditionWorkerRunner.self)
}
