import Foundation

/// A task that a runner starts for a queue before the clock, to take the queue's jobs, and ends at shut-down:
/// `continuation`'s and `discarding-task-group`'s waiting on a ``TaskInbox``, `async-stream`'s iterating a stream.
struct ConsumerTask: Sendable {
    private let exited = Latch<Bool>()
    private let stop: @Sendable () -> Void

    /// How long `shutDown()` waits for the task to end.
    private static let exitTimeout: Duration = .seconds(5)

    /// Starts `body` in a new task and waits, up to the verify timeout, until it has started; `stop` must make
    /// `body` return (closing what it waits on), and is called at shut-down or if the task does not start.
    init(
        of runner: String, settings: RunSettings, stop: @escaping @Sendable () -> Void,
        body: @escaping @Sendable () async -> Void
    ) throws {
        self.stop = stop
        let started = Latch<Bool>()
        Task { [exited] in
            started.set(true)
            await body()
            exited.set(true)
        }
        guard started.wait(timeout: settings.verifyTimeout) != nil else {
            stop()
            throw RunnerSetupError("\(runner)'s task did not start within \(settings.verifyTimeoutText)")
        }
    }

    /// Stops the task and waits for it to end; a task stuck in a job (possible only in a run that stalled) is left
    /// behind rather than waited for.
    func shutDown() {
        stop()
        _ = exited.wait(timeout: Self.exitTimeout)
    }
}

/// The jobs queued for one consumer task: a FIFO, and the continuation the task waits on while the FIFO is empty.
final class TaskInbox: @unchecked Sendable {
    // `state` is read and written only with `lock` held. It is unchecked state, to keep Swift's run-time
    // exclusivity checks off the hot path; the FIFO holds jobs unretained, as the run keeps them alive. `NSLock`
    // rather than `Synchronization.Mutex`, which ThreadSanitizer cannot see on Linux (see `mutex`).
    private let lock = NSLock()
    private let state = UncheckedState(State())
    private let sanitizer = SanitizerAnnotations()

    private struct State: ~Copyable {
        var fifo = RingBuffer<Unmanaged<Job>>()
        var waiting: CheckedContinuation<Job?, Never>?
        var isClosed = false
    }

    /// Hands `job` to the task waiting for one, or keeps it for the task's next `next()`.
    func deliver(_ job: Job) {
        sanitizer.handingOver(job)
        let waiting = lock.withLock {
            guard let waiting = state.pointee.waiting else {
                state.pointee.fifo.append(Unmanaged.passUnretained(job))
                return nil as CheckedContinuation<Job?, Never>?
            }
            state.pointee.waiting = nil
            return waiting
        }
        waiting?.resume(returning: job)
    }

    /// The next job, awaited on a continuation made for it (resumed at once when one is waiting already); nil
    /// once the inbox is closed and empty.
    func next() async -> Job? {
        let job = await withCheckedContinuation { continuation in
            let now: Job?? = lock.withLock {
                if let job = state.pointee.fifo.popFirst() {
                    return .some(job.takeUnretainedValue())
                }
                if state.pointee.isClosed {
                    return .some(nil)
                }
                state.pointee.waiting = continuation
                return nil
            }
            if let now {
                continuation.resume(returning: now)
            }
        }
        if let job {
            sanitizer.received(job)
        }
        return job
    }

    /// Makes `next()` return nil once the FIFO is empty, at once for a task waiting now.
    func close() {
        let waiting = lock.withLock {
            state.pointee.isClosed = true
            defer { state.pointee.waiting = nil }
            return state.pointee.waiting
        }
        waiting?.resume(returning: nil)
    }
}
