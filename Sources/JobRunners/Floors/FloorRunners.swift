import CFloors

/// The C floors: minimal C versions of seven Swift runners (Sources/CFloors), with the same shape and the same timing
/// and counting rules: N jobs of M iterations, each queuing itself again, one relaxed atomic increment per
/// iteration, a report per job when it ends. Each shows how much of its Swift runner's cost is the mechanism's.
extension RunnerKind {
    /// A FIFO of function pointers, a ring buffer per queue, drained on the calling thread
    /// (Sources/CFloors/single_threaded.c).
    public static let floorSingleThreaded = RunnerKind(
        floor: floor_single_threaded, of: .singleThreaded, summary: "C: a ring buffer of function pointers, drained in a loop")

    /// A worker thread per queue running its CFRunLoop; each job is delivered as `run-loop` delivers it, with
    /// `CFRunLoopPerformBlock` and `CFRunLoopWakeUp` (Sources/CFloors/run_loop.c).
    public static let floorRunLoop = RunnerKind(
        floor: floor_run_loop, of: .runLoop, summary: "C: CFRunLoopPerformBlock + CFRunLoopWakeUp to a worker per queue")

    /// `pthread_create` of a detached thread for every job (Sources/CFloors/detach_thread.c).
    public static let floorDetachThread = RunnerKind(
        floor: floor_detach_thread, of: .detachThread, summary: "C: pthread_create of a detached thread per job")

    /// `dispatch_async_f` onto a serial queue per queue (Sources/CFloors/dispatch_queue.c).
    public static let floorSerialQueue = RunnerKind(
        floor: floor_serial_queue, of: .serialQueue, summary: "C: dispatch_async_f onto a serial queue per queue")

    /// `dispatch_async_f` onto the default-priority global queue (Sources/CFloors/dispatch_queue.c).
    public static let floorGlobalQueue = RunnerKind(
        floor: floor_global_queue, of: .globalQueue, summary: "C: dispatch_async_f onto the global queue")

    /// A pool of worker threads, one per online core, sharing one FIFO under a `pthread_mutex_t` and a
    /// `pthread_cond_t` (Sources/CFloors/thread_pool.c).
    public static let floorThreadPool = RunnerKind(
        floor: floor_thread_pool, of: .threadPool,
        summary: "C: a pool of threads (one per core), one FIFO under a pthread mutex and condition")

    /// A sender thread per queue taking one `pthread_mutex_t` per message (Sources/CFloors/mutex.c).
    public static let floorMutex = RunnerKind(
        floor: floor_mutex, of: .mutex, summary: "C: a sender thread per queue, a pthread mutex per message")

    /// The C floor of `counterpart`: `floor-` and its id, with its threads, run by ``FloorTrial``.
    private init(floor: floor_kind, of counterpart: RunnerKind, summary: String) {
        // A floor runs what its runner runs, with the same threads; but no fan-out, which the C side doesn't have
        // (yet).
        var traits = counterpart.traits
        traits.floorOf = counterpart.id
        traits.shapes.remove(.fanOut)
        self.init(id: "floor-" + counterpart.id, referenceName: nil, summary: summary, traits: traits) {
            configuration, _ in
            try FloorTrial(floor: floor, configuration: configuration)
        }
    }
}
