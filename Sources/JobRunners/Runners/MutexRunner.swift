import CFloors
import Foundation

/// Contention on one mutex: a sender thread per queue sends its messages one after another, each taking an
/// `NSLock` around an increment of the value it guards.
///
/// Not in the 2010 experiment, and not a queue: the baseline that contention on a serial target is set against
/// (swiftlang/swift#68299 measured actor calls falling from 4.89M/s with one sender to 0.94M/s with 128). A sender
/// waits for the mutex as an actor's caller waits for its reply, but nothing is handed to another thread: the
/// sender runs its message itself. It runs only contention, where a message counts two hand-offs as everywhere
/// (to the value, under the mutex, and back), and the senders are made, and waiting at their gates, before the
/// clock starts.
///
/// `NSLock` rather than `Synchronization.Mutex` (SE-0433): on Linux, ThreadSanitizer does not see `Mutex`'s
/// locking (it happens inside the precompiled standard library, on atomics and futexes it cannot instrument), and
/// reported every access to the guarded value as a race in CI; `NSLock` is a `pthread_mutex_t` there, which it
/// understands. Both are the lock a Swift developer reaches for; `Mutex` against it is a question of its own.
final class MutexTrial: RunTrial, @unchecked Sendable {
    // `value` is read and written only with `lock` held; the rest is immutable after init or Sendable.
    let completion: RunCompletion
    let workSpins: Int
    private let counters: [IterationCounter]
    private let samplers: [LatencySampler?]
    private let gates: [Latch<Bool>]
    private let exited: [Latch<Bool>]
    /// The contended mutex and the value it guards.
    private let lock = NSLock()
    private let value = UncheckedState(0)

    /// How long `shutDown()` waits for each sender to leave.
    private static let exitTimeout: Duration = .seconds(5)

    /// Starts a sender thread per queue and waits, up to the verify timeout, until each waits at its gate.
    init(configuration: RunConfiguration, settings: RunSettings) throws {
        guard configuration.shape == .contention else {
            throw RunnerSetupError("mutex runs contention only, not \(configuration.shape)")
        }
        let senders = configuration.queues
        completion = RunCompletion(jobs: senders)
        workSpins = Work.spins(forNanoseconds: configuration.workNanoseconds)
        counters = (0..<senders).map { _ in IterationCounter() }
        let handOffs = configuration.iterations * configuration.shape.parties
        let plan = configuration.latencySampleEvery.map { latency_plan_make($0, 2, handOffs) } ?? latency_plan_none
        samplers = (0..<senders).map { _ in configuration.latencySampleEvery.map { _ in LatencySampler() } }
        gates = (0..<senders).map { _ in Latch<Bool>() }
        exited = (0..<senders).map { _ in Latch<Bool>() }
        let ready = CountdownLatch(count: senders)
        for index in 0..<senders {
            let thread = Thread { [self] in
                ready.countDown()
                if gates[index].wait(timeout: .seconds(86_400)) == true {
                    send(handOffs: handOffs, counter: counters[index], sampler: samplers[index], plan: plan)
                    completion.jobFinished()
                }
                exited[index].set(true)
            }
            thread.name = "mutex sender"
            thread.start()
        }
        guard ready.wait(timeout: settings.verifyTimeout) else {
            shutDown()
            throw RunnerSetupError("a mutex sender did not start within \(settings.verifyTimeoutText)")
        }
    }

    /// One sender's messages, two hand-offs each, with one in `plan`'s timed as a round trip.
    private func send(handOffs: Int, counter: IterationCounter, sampler: LatencySampler?, plan: latency_plan) {
        var remaining = handOffs
        while remaining > 1 {
            if latency_starts(plan, remaining - 1) != 0, let sampler {
                latency_start(sampler.pointer)
            }
            lock.lock()
            value.pointee += 1
            counter.increment()
            if workSpins > 0 {
                Work.spin(workSpins)
            }
            lock.unlock()
            counter.increment()
            if workSpins > 0 {
                Work.spin(workSpins)
            }
            remaining -= 2
            if latency_ends(plan, remaining) != 0, let sampler {
                latency_end(sampler.pointer)
            }
        }
    }

    /// Releases every sender: the start of the timed region.
    func queueJobs() {
        for gate in gates {
            gate.set(true)
        }
    }

    /// Sends the senders never released away and waits for every sender to leave.
    func shutDown() {
        for gate in gates where gate.current == nil {
            gate.set(false)
        }
        for latch in exited {
            _ = latch.wait(timeout: Self.exitTimeout)
        }
    }

    var executedIterations: Int {
        counters.reduce(0) { $0 + $1.value }
    }

    var latency: LatencyPercentiles? {
        LatencySampler.percentiles(samplers.compactMap { $0 })
    }

    deinit {
        for sampler in samplers {
            sampler?.deallocate()
        }
    }
}

extension RunnerKind {
    /// `MutexTrial`: contention on a `Mutex`.
    public static let mutex = RunnerKind(
        id: "mutex", referenceName: nil, summary: "a sender thread per queue, an NSLock per message (contention only)",
        traits: RunnerKind.Traits(threadsPerQueue: 1, shapes: [.contention])
    ) { configuration, settings in
        try MutexTrial(configuration: configuration, settings: settings)
    }
}
