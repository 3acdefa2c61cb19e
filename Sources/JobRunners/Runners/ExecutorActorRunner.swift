/// One actor per queue, as `actor` has, but running on a serial Dispatch queue of its own (`ActorQueueExecutor`)
/// instead of the default actor executor; every iteration is an isolated call sent from a new `Task`.
///
/// Not in the 2010 experiment: custom actor executors (SE-0392, Swift 5.9). An actor backed by a Dispatch queue is
/// how code that must share a queue with callback APIs adopts actors; swiftlang/swift#69053 found such an actor
/// slower than a default one. On Darwin the executor is the `DispatchSerialQueue` itself; on Linux a class that
/// `async`s each job onto the queue. What it measures is `actor`'s cost with the default executor replaced by the
/// queue: set it against `actor` and `serial-queue`.
public final class ExecutorActorRunner: JobRunner {
    /// The actor whose isolation each iteration runs in, on the queue.
    private actor QueueActor {
        private let executor = ActorQueueExecutor(label: "ThreadingOverheads.executor-actor")

        nonisolated var unownedExecutor: UnownedSerialExecutor {
            executor.asUnownedSerialExecutor()
        }

        func perform(_ job: Job) {
            job.performIterationAndRequeue()
        }
    }

    private let queueActor = QueueActor()

    /// A runner with an actor of its own, on a serial Dispatch queue made for it.
    public init(settings: RunSettings) {}

    /// Starts a `Task` that calls the actor's isolated method, on the actor's queue, which runs `job`'s iteration.
    public func queue(_ job: Job) {
        Task { [queueActor] in
            await queueActor.perform(job)
        }
    }
}

extension RunnerKind {
    /// ``ExecutorActorRunner``.
    public static let executorActor = RunnerKind(
        id: "executor-actor", summary: "an actor per queue on a serial DispatchQueue executor, a call per job",
        traits: RunnerKind.Traits(shapes: Shape.serialQueues), runner: ExecutorActorRunner.self)
}
