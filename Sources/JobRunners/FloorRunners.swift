import Floors

/// A floor runner: a minimal C version of a Swift runner (Sources/Floors), with the same shape and the same timing
/// and counting rules: N jobs of M iterations, each queuing itself again, one relaxed atomic increment per
/// iteration, a report per job when it ends. It shows how much of the Swift runner's cost is its mechanism's.
protocol FloorRunner: RunnerDescription {
    static var floorKind: floor_kind { get }
    /// The Swift runner whose floor this is.
    static var counterpart: RunnerKind { get }
}

/// A FIFO of function pointers, a ring buffer per queue, drained on the calling thread
/// (Sources/Floors/single_threaded.c).
enum SingleThreadedFloor: FloorRunner {
    static let id = "floor-single-threaded"
    static let referenceName = "floor of single-threaded, in C"
    static let summary = "C: a ring buffer of function pointers, drained in a loop"
    static let floorKind = floor_single_threaded
    static let counterpart = RunnerKind.singleThreaded
}

/// A worker thread per queue running its CFRunLoop; each job is delivered as `run-loop` delivers it, with
/// `CFRunLoopPerformBlock` and `CFRunLoopWakeUp` (Sources/Floors/run_loop.c).
enum RunLoopFloor: FloorRunner {
    static let id = "floor-run-loop"
    static let referenceName = "floor of run-loop, in C"
    static let summary = "C: CFRunLoopPerformBlock + CFRunLoopWakeUp to a worker per queue"
    static let floorKind = floor_run_loop
    static let counterpart = RunnerKind.runLoop
    static let threadsPerQueue = 1
}

/// `pthread_create` of a detached thread for every job (Sources/Floors/detach_thread.c).
enum DetachThreadFloor: FloorRunner {
    static let id = "floor-detach-thread"
    static let referenceName = "floor of detach-thread, in C"
    static let summary = "C: pthread_create of a detached thread per job"
    static let floorKind = floor_detach_thread
    static let counterpart = RunnerKind.detachThread
    static let startsThreadPerJob = true
    static let threadsPerQueue = 5
}

/// `dispatch_async_f` onto a serial queue per queue (Sources/Floors/dispatch_queue.c).
enum SerialQueueFloor: FloorRunner {
    static let id = "floor-serial-queue"
    static let referenceName = "floor of serial-queue, in C"
    static let summary = "C: dispatch_async_f onto a serial queue per queue"
    static let floorKind = floor_serial_queue
    static let counterpart = RunnerKind.serialQueue
}

/// `dispatch_async_f` onto the default-priority global queue (Sources/Floors/dispatch_queue.c).
enum GlobalQueueFloor: FloorRunner {
    static let id = "floor-global-queue"
    static let referenceName = "floor of global-queue, in C"
    static let summary = "C: dispatch_async_f onto the global queue"
    static let floorKind = floor_global_queue
    static let counterpart = RunnerKind.globalQueue
}
