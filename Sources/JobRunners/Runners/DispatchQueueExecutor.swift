import Dispatch

/// A serial Dispatch queue wrapped as an executor, both serial (an actor's) and task (a task's preference): each
/// job the runtime enqueues is `async`ed onto the queue in a closure that runs it there, the way the Swift
/// documentation's custom-executor example and most code on Linux write one.
///
/// `task-executor`'s executor on every platform (whether Darwin's `DispatchSerialQueue` is a task executor on
/// macOS 15, this package's oldest, could not be checked without a Mac, so the one spelling serves both), and
/// `executor-actor`'s on Linux, where `DispatchSerialQueue` is no executor at all (swift-corelibs-libdispatch #848).
final class DispatchQueueExecutor: SerialExecutor, TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor())
        }
    }
}

#if canImport(Darwin)
/// `executor-actor`'s executor: on Darwin a serial queue is a serial executor itself (`DispatchSerialQueue`,
/// macOS 14), whose jobs Dispatch runs directly.
typealias ActorQueueExecutor = DispatchSerialQueue
#else
/// `executor-actor`'s executor: on Linux a wrapped queue.
typealias ActorQueueExecutor = DispatchQueueExecutor
#endif
