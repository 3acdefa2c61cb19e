/// A new `Task` on the main actor for every job: `Task { @MainActor in … }`, which the main thread must serve.
///
/// Not in the 2010 experiment: the hop to the main actor that user-interface code makes for every update, the
/// Swift-concurrency counterpart of `main-queue`. The main actor's executor is the main Dispatch queue (on Linux
/// too), so what it measures is `main-queue`'s cost plus a task per job. Opt-in, as `main-queue` is
/// (`--runners main-actor`): bench then gives the main thread to `dispatchMain()`.
public final class MainActorRunner: JobRunner {
    /// A runner; the main actor it runs on needs no setup, only a main thread that serves the main queue.
    public init(settings: RunSettings) {}

    /// Starts a `Task` on the main actor that runs `job`'s iteration.
    public func queue(_ job: Job) {
        Task { @MainActor in
            job.performIterationAndRequeue()
        }
    }
}

extension RunnerKind {
    /// ``MainActorRunner``.
    public static let mainActor = RunnerKind(
        id: "main-actor", summary: "a new Task on the main actor for every job (opt-in)",
        // No ping-pong or contention: every party would be the main thread.
        traits: RunnerKind.Traits(isOptIn: true, needsMainThread: true), runner: MainActorRunner.self)
}
