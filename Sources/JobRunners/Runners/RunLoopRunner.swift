import CoreFoundation
import Foundation

/// One dedicated worker `Thread` per queue, running its run loop; each job is delivered to that run loop.
///
/// Reproduces the 2010 experiment's `RunLoopQueue` ("RunLoop"), which used
/// `performSelector:onThread:withObject:waitUntilDone:`. That method doesn't exist in Foundation on Linux, and
/// `RunLoop.perform(_:)` alone doesn't wake a sleeping run loop, so a job is delivered the way both rest on:
/// `CFRunLoopPerformBlock` on the worker's run loop, then `CFRunLoopWakeUp`. What it measures is that delivery plus
/// the worker's wake-up and its run loop's turn. A far-future repeating timer keeps the run loop alive between
/// jobs (`Port()`, the usual keep-alive, traps on Linux).
public final class RunLoopRunner: JobRunner, @unchecked Sendable {
    // `runLoop`, `mode` and `worker` are set once in `init` and never change. Performing a block on a run loop and
    // waking it are thread-safe by CoreFoundation's contract.
    private let runLoop: CFRunLoop
    private let mode: CFTypeRef
    private let worker: WorkerLifecycle

    /// How long `shutDown()` waits for the worker thread to leave its run loop.
    private static let exitTimeout: Duration = .seconds(5)

    /// Starts the worker thread and waits, up to the verify timeout, until its run loop is running.
    public init(settings: RunSettings) throws {
        let worker = WorkerLifecycle()
        let thread = Thread {
            guard let current = CFRunLoopGetCurrent() else {
                worker.announceExit()
                return
            }
            let keepAlive = Timer(timeInterval: 1e9, repeats: true) { _ in }
            RunLoop.current.add(keepAlive, forMode: .default)
            // Announced from inside the run loop, so that the first job finds it running, not still starting.
            CFRunLoopPerformBlock(current, defaultRunLoopMode()) {
                worker.announce(runLoop: current)
            }
            CFRunLoopRun()
            keepAlive.invalidate()
            worker.announceExit()
        }
        thread.name = "run-loop worker"
        thread.start()
        guard let runLoop = worker.waitForRunLoop(timeout: settings.verifyTimeout) else {
            throw RunnerSetupError(
                "the run-loop worker thread did not start within \(settings.verifyTimeoutText)")
        }
        self.runLoop = runLoop
        self.mode = defaultRunLoopMode()
        self.worker = worker
    }

    /// Delivers a block that runs `job`'s iteration to the worker's run loop (`CFRunLoopPerformBlock`) and wakes the
    /// run loop.
    public func queue(_ job: Job) {
        CFRunLoopPerformBlock(runLoop, mode) {
            job.performIterationAndRequeue()
        }
        CFRunLoopWakeUp(runLoop)
    }

    /// Stops the worker's run loop from inside it and waits for the thread to leave it.
    public func shutDown() {
        CFRunLoopPerformBlock(runLoop, mode) {
            CFRunLoopStop(CFRunLoopGetCurrent())
        }
        CFRunLoopWakeUp(runLoop)
        // A worker stuck in a job (possible only in a run that stalled) is left behind rather than waited for.
        _ = worker.waitForExit(timeout: Self.exitTimeout)
    }
}

/// The run loop's default mode, as `CFRunLoopPerformBlock` takes it on each platform.
private func defaultRunLoopMode() -> CFTypeRef {
    #if canImport(Darwin)
    CFRunLoopMode.defaultMode.rawValue
    #else
    kCFRunLoopDefaultMode
    #endif
}

/// The start and exit of a run-loop worker thread, as its creator sees them.
private struct WorkerLifecycle: Sendable {
    /// A run loop, to hand from the worker to its creator. CoreFoundation's run-loop functions that the runner
    /// calls from other threads (perform a block, wake up) are thread-safe.
    struct SharedRunLoop: @unchecked Sendable {
        let runLoop: CFRunLoop
    }

    let started = Latch<SharedRunLoop>()
    let exited = Latch<Bool>()

    func announce(runLoop: CFRunLoop) {
        started.set(SharedRunLoop(runLoop: runLoop))
    }

    func announceExit() {
        exited.set(true)
    }

    func waitForRunLoop(timeout: Duration) -> CFRunLoop? {
        started.wait(timeout: timeout)?.runLoop
    }

    func waitForExit(timeout: Duration) -> Bool {
        exited.wait(timeout: timeout) != nil
    }
}

extension RunnerKind {
    /// ``RunLoopRunner``.
    public static let runLoop = RunnerKind(
        id: "run-loop", referenceName: "RunLoopQueue (RunLoop)",
        summary: "a worker Thread per queue, jobs performed on its run loop",
        traits: RunnerKind.Traits(threadsPerQueue: 1, shapes: Shape.serialQueues), runner: RunLoopRunner.self)
}
