import Foundation

/// A fixed pool of worker threads, one per core, sharing one FIFO guarded by a mutex and a condition variable.
///
/// Not in the 2010 experiment: the classic design before Dispatch, written by hand. Queuing a job takes the mutex,
/// appends to the FIFO and signals the condition; an idle worker wakes, takes the mutex, removes the job and runs
/// it. All of a run's queues share one pool, made before the clock starts and stopped after it.
public final class ThreadPoolRunner: JobRunner {
    private let pool: ThreadPool

    /// A runner with a pool of its own.
    public convenience init(settings: RunSettings) throws {
        self.init(sharing: try ThreadPool(threads: ProcessInfo.processInfo.activeProcessorCount, settings: settings))
    }

    private init(sharing pool: ThreadPool) {
        self.pool = pool
    }

    /// The runners of one run, all on one pool made for the run.
    public static func makeRunners(count: Int, settings: RunSettings) throws -> [any JobRunner] {
        let pool = try ThreadPool(threads: ProcessInfo.processInfo.activeProcessorCount, settings: settings)
        return (0..<count).map { _ in ThreadPoolRunner(sharing: pool) }
    }

    /// Appends `job` to the pool's FIFO under its lock and signals its condition, which wakes a waiting worker.
    public func queue(_ job: Job) {
        pool.submit(job)
    }

    /// Stops the pool's workers once its FIFO is empty and waits for them: the first of the run's runners to call it
    /// does it, the others wait.
    public func shutDown() {
        pool.stop()
    }
}

/// Worker threads taking jobs from one FIFO.
final class ThreadPool: @unchecked Sendable {
    // `state` is read and written only with `condition`'s lock held. It is unchecked state, to keep Swift's
    // run-time exclusivity checks out of the measured path; the FIFO holds jobs unretained, as the run keeps them
    // alive. `workers` is written once, in `init`, and read after it; the workers themselves never read it.
    private let condition = NSCondition()
    private let state = UncheckedState(State())
    private var workers: WorkerThreads?

    private struct State: ~Copyable {
        var fifo = RingBuffer<Unmanaged<Job>>()
        var isStopping = false
    }

    /// Starts `threads` workers and waits, up to the verify timeout, until each has started.
    init(threads: Int, settings: RunSettings) throws {
        workers = try WorkerThreads(
            count: threads, name: "thread-pool worker", settings: settings, work: { self.work() },
            stop: { [unowned self] in requestStop() })
    }

    func submit(_ job: Job) {
        condition.withLock {
            state.pointee.fifo.append(Unmanaged.passUnretained(job))
            condition.signal()
        }
    }

    private func work() {
        while true {
            let next = condition.withLock {
                while state.pointee.fifo.isEmpty, !state.pointee.isStopping {
                    condition.wait()
                }
                return state.pointee.fifo.popFirst()
            }
            guard let job = next else {
                // Stopping, and nothing left to run.
                return
            }
            job._withUnsafeGuaranteedRef { $0.performIterationAndRequeue() }
        }
    }

    private func requestStop() {
        condition.withLock {
            state.pointee.isStopping = true
            condition.broadcast()
        }
    }

    /// Tells the workers to finish once the FIFO is empty and waits for them; the first call does it, later ones
    /// only wait.
    func stop() {
        workers?.stop()
    }
}

/// The threads of a pool: started and waited for before the clock, stopped and waited for after it.
struct WorkerThreads: Sendable {
    private let exited: [Latch<Bool>]
    private let requestStop: @Sendable () -> Void

    /// How long `stop()` waits for each worker to leave.
    private static let exitTimeout: Duration = .seconds(5)

    /// Starts `count` threads that each run `work` and waits, up to the verify timeout, until each has started;
    /// `stop` must make `work` return once the pool's FIFO is empty.
    init(
        count: Int, name: String, settings: RunSettings, work: @escaping @Sendable () -> Void,
        stop: @escaping @Sendable () -> Void
    ) throws {
        let started = (0..<count).map { _ in Latch<Bool>() }
        let exited = (0..<count).map { _ in Latch<Bool>() }
        self.exited = exited
        requestStop = stop
        for index in 0..<count {
            let thread = Thread {
                started[index].set(true)
                work()
                exited[index].set(true)
            }
            thread.name = name
            thread.start()
        }
        for latch in started where latch.wait(timeout: settings.verifyTimeout) == nil {
            self.stop()
            throw RunnerSetupError("a \(name) did not start within \(settings.verifyTimeoutText)")
        }
    }

    /// Asks the workers to finish and waits for them; a worker stuck in a job (possible only in a run that
    /// stalled) is left behind rather than waited for.
    func stop() {
        requestStop()
        for latch in exited {
            _ = latch.wait(timeout: Self.exitTimeout)
        }
    }
}

extension RunnerKind {
    /// ``ThreadPoolRunner``.
    public static let threadPool = RunnerKind(
        id: "thread-pool", summary: "a fixed pool of threads (one per core), one locked FIFO",
        traits: RunnerKind.Traits(shapes: Shape.anyQueue), runner: ThreadPoolRunner.self)
}
