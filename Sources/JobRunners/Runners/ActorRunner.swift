/// One actor per queue; every iteration is a call to an actor-isolated method, sent from a new `Task`, and that
/// method queues the next iteration the same way.
///
/// Not in the 2010 experiment: message passing to an actor, as a synchronous caller does it,
/// `Task { await actor.perform(job) }`. What it measures is the task runner's cost (a task per job) plus the hop
/// onto the actor's serial executor.
public final class ActorRunner: JobRunner {
    /// The actor whose isolation each iteration runs in.
    private actor QueueActor {
        func perform(_ job: Job) {
            job.performIterationAndRequeue()
        }
    }

    private let queueActor = QueueActor()

    /// A runner with an actor of its own; nothing else is set up.
    public init(settings: RunSettings) {}

    /// Starts a `Task` that calls the actor's isolated method, which runs `job`'s iteration.
    public func queue(_ job: Job) {
        Task { [queueActor] in
            await queueActor.perform(job)
        }
    }
}

extension RunnerKind {
    /// ``ActorRunner``.
    public static let actor = RunnerKind(
        id: "actor", summary: "an actor per queue, an isolated call per job",
        traits: RunnerKind.Traits(shapes: Shape.serialQueues), runner: ActorRunner.self)
}
