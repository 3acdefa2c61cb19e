import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an interrupt ends, on the signal thread, before the process exits: a ``MeasuringSession``.
protocol Interruptible: AnyObject, Sendable {
    func interrupted(by signal: Int32)
}

/// SIGINT and SIGTERM, handled on a thread of their own so that an interrupt is answered at once, whatever the
/// other threads are doing (a detach run in flight, a run stuck in libdispatch).
///
/// On a signal: the running command's session (`Interruptible`) finishes what can be finished (a sweep writes its
/// result file with the runs already made and says it was interrupted), every output file still under its
/// temporary name is removed, child processes are stopped, and the process exits with 128 + the signal's number: 130 for SIGINT, 143
/// for SIGTERM. It exits with `_exit`, not `exit`, because other threads may still be running jobs.
public enum Interrupts {
    private struct State {
        /// What is interrupted: held weakly, so that no session outlives its command for the handler's sake.
        weak var target: (any Interruptible)?
        var temporaryFiles: Set<String> = []
        var childProcesses: Set<Int32> = []
    }

    private static let state = Mutex(State())

    /// Blocks SIGINT and SIGTERM in the calling thread, and so in every thread started after it, and starts the
    /// thread that waits for them. Call it once, first thing in `main`, before any other thread exists.
    public static func install() {
        var signals = signalSet()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let waiter = Thread {
            var signals = signalSet()
            var received: Int32 = 0
            while sigwait(&signals, &received) != 0 {}
            let target = state.withLock { $0.target }
            target?.interrupted(by: received)
            exit(status: 128 + received)
        }
        waiter.name = "signals"
        waiter.start()
    }

    /// Removes every output file still under its temporary name, stops the child processes, and exits with
    /// `status` at once (`_exit`: other threads may still be running jobs). What an interrupt ends with, and what
    /// a write to a standard output whose reader has gone does (``Console/standard``).
    static func exit(status: Int32) -> Never {
        let (files, children) = state.withLock { ($0.temporaryFiles, $0.childProcesses) }
        for path in files {
            unlink(path)
        }
        for child in children {
            kill(child, SIGTERM)
        }
        _exit(status)
    }

    private static func signalSet() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }

    /// Sets what an interrupt ends before the process exits (the running command's session), or nil for nothing;
    /// it is told the signal on the signal thread.
    static func setTarget(_ target: (any Interruptible)?) {
        state.withLock { $0.target = target }
    }

    /// An output file under a temporary name, to be removed on an interrupt unless finished first.
    static func register(temporaryFile path: String) {
        state.withLock { _ = $0.temporaryFiles.insert(path) }
    }

    static func unregister(temporaryFile path: String) {
        state.withLock { _ = $0.temporaryFiles.remove(path) }
    }

    /// A child process, to be stopped on an interrupt.
    static func register(childProcess id: Int32) {
        state.withLock { _ = $0.childProcesses.insert(id) }
    }

    static func unregister(childProcess id: Int32) {
        state.withLock { _ = $0.childProcesses.remove(id) }
    }

    /// `SIGINT`, `SIGTERM`, or the number.
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}
