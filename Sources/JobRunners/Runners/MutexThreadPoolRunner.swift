import Dispatch
import Foundation
import Synchronization

/// `thread-pool` on `Synchronization.Mutex` (SE-0433): a fixed pool of worker threads, one per core, sharing one
/// FIFO guarded by a `Mutex`; idle workers sleep on a `DispatchSemaphore`, since `Mutex` has no condition variable.
///
/// Not in the 2010 experiment: the pool a developer writes today with the standard library's lock instead of
/// Foundation's `NSCondition` (a pthread mutex and condition variable). Queuing a job takes the mutex, appends to
/// the FIFO and, if a worker is idle, signals the semaphore after unlocking; a worker that finds the FIFO empty
/// counts itself idle and waits on the semaphore. Measured against `thread-pool` on the 2-core development machine
/// it differs, so it is kept: 0.31 to 0.64 times `thread-pool`'s cost in every chain and ping-pong configuration of
/// two dedicated runs (30 runs a cell), about half with one queue in a default sweep (docs/findings.md, "Today's Swift
/// mechanisms").
public final class MutexThreadPoolRunner: JobRunner {
    private let pool: MutexThreadPool

    /// A runner with a pool of its own.
    public convenience init(settings: RunSettings) throws {
        self.init(sharing: try MutexThreadPool(threads: ProcessInfo.processInfo.activeProcessorCount, settings: settings))
    }

    private init(sharing pool: MutexThreadPool) {
        self.pool = pool
    }

    /// The runners of one run, all on one pool made for the run.
    public static func makeRunners(count: Int, settings: RunSettings) throws -> [any JobRunner] {
        let pool = try MutexThreadPool(threads: ProcessInfo.processInfo.activeProcessorCount, settings: settings)
        return (0..<count).map { _ in MutexThreadPoolRunner(sharing: pool) }
    }

    /// Appends `job` to the pool's FIFO under its mutex and wakes an idle worker, if any.
    public func queue(_ job: Job) {
        pool.submit(job)
    }

    /// Stops the pool's workers once its FIFO is empty and waits for them: the first of the run's runners to call it
    /// does it, the others wait.
    public func shutDown() {
        pool.stop()
    }
}

/// Worker threads taking jobs from one FIFO guarded by a `Mutex`.
final class MutexThreadPool: @unchecked Sendable {
    // `state` is guarded by its mutex, every access annotated for ThreadSanitizer (``SanitizerAnnotations``); the
    // FIFO holds jobs unretained, as the run keeps them alive. `workers` is written once, in `init`, and read after
    // it; the workers themselves never read it.
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let sanitizer = SanitizerAnnotations()
    private var workers: WorkerThreads?

    private struct State: ~Copyable {
        var fifo = RingBuffer<Unmanaged<Job>>()
        /// Workers waiting on the semaphore, or about to.
        var idle = 0
        var isStopping = false
    }

    /// Starts `threads` workers and waits, up to the verify timeout, until each has started.
    init(threads: Int, settings: RunSettings) throws {
        workers = try WorkerThreads(
            count: threads, name: "mutex-thread-pool worker", settings: settings, work: { self.work() },
            stop: { [unowned self] in requestStop() })
    }

    /// Runs `body` on the state with the mutex held.
    @inline(__always)
    private func withState<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        let address = Unmanaged.passUnretained(self).toOpaque()
        return state.withLock { state in
            sanitizer.acquire(address)
            defer { sanitizer.release(address) }
            return body(&state)
        }
    }

    func submit(_ job: Job) {
        let wakesWorker = withState { state in
            state.fifo.append(Unmanaged.passUnretained(job))
            guard state.idle > 0 else {
                return false
            }
            state.idle -= 1
            return true
        }
        if wakesWorker {
            wake.signal()
        }
    }

    private func work() {
        while true {
            let (next, isStopping) = withState { state in
                if let job = state.fifo.popFirst() {
                    return (Optional(job), false)
                }
                if !state.isStopping {
                    state.idle += 1
                }
                return (nil, state.isStopping)
            }
            if let next {
                next._withUnsafeGuaranteedRef { $0.performIterationAndRequeue() }
            } else if isStopping {
                // Stopping, and nothing left to run.
                return
            } else {
                wake.wait()
            }
        }
    }

    private func requestStop() {
        let sleepers = withState { state in
            state.isStopping = true
            defer { state.idle = 0 }
            return state.idle
        }
        for _ in 0..<sleepers {
            wake.signal()
        }
    }

    /// Tells the workers to finish once the FIFO is empty and waits for them; the first call does it, later ones
    /// only wait.
    func stop() {
        workers?.stop()
    }
}

extension RunnerKind {
    /// ``MutexThreadPoolRunner``.
    public static let mutexThreadPool = RunnerKind(
        id: "mutex-thread-pool", summary: "thread-pool on Synchronization.Mutex, idle workers on a semaphore",
        traits: RunnerKind.Traits(shapes: Shape.anyQueue), runner: MutexThreadPoolRunner.self)
}
