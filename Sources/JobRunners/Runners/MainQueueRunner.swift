import Dispatch

/// Every job goes to `DispatchQueue.main`, which the main thread runs.
///
/// Not in the 2010 experiment, but in its sibling post: splitting work into chunks with `dispatch_async` onto the
/// main queue. What it measures is `async` onto the main queue and the main thread's turn to run it. It works only
/// while the main thread is serving the main queue, so it is opt-in (`--runners main-queue`): bench then runs its
/// sweep on another thread and gives the main thread to `dispatchMain()`. If nothing serves the main queue, the
/// run stalls and the watchdog says so.
public final class MainQueueRunner: JobRunner {
    public init(settings: RunSettings) {}

    public func queue(_ job: Job) {
        DispatchQueue.main.async {
            job.performIterationAndRequeue()
        }
    }
}

extension RunnerKind {
    /// ``MainQueueRunner``, by its id.
    public static let mainQueue = RunnerKind(
        id: "main-queue",
        summary: "DispatchQueue.main, served by the main thread (opt-in)",
        traits: RunnerKind.Traits(isOptIn: true, needsMainThread: true),
        runner: MainQueueRunner.self)
}
