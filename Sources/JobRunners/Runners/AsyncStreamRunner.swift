/// One `AsyncStream` per queue, iterated by a long-lived task: queuing a job yields it to the stream.
///
/// Not in the 2010 experiment: a worker task looping `for await job in stream`, with the stream made by
/// `AsyncStream.makeStream(of:)` (SE-0314, SE-0388), is the everyday way to build a serial job queue on tasks, the
/// Swift-concurrency counterpart of `serial-queue`. The stream buffers without bound. In a chain the task yields
/// its own next job before it asks for it, so the stream hands it over from its buffer without suspending; in
/// ping-pong, contention and fan-out the job comes from another thread and resumes the waiting task.
public final class AsyncStreamRunner: JobRunner {
    private let continuation: AsyncStream<Job>.Continuation
    private let consumer: ConsumerTask
    /// ThreadSanitizer's view of the stream's hand-offs (``SanitizerAnnotations``).
    private let sanitizer: SanitizerAnnotations

    /// Makes the stream and starts the task that iterates it; throws if the task does not start within the verify
    /// timeout.
    public init(settings: RunSettings) throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Job.self)
        self.continuation = continuation
        let sanitizer = SanitizerAnnotations()
        self.sanitizer = sanitizer
        consumer = try ConsumerTask(of: "async-stream", settings: settings, stop: { continuation.finish() }) {
            for await job in stream {
                sanitizer.received(job)
                job.performIterationAndRequeue()
            }
        }
    }

    /// Yields `job` to the stream, to the task that iterates it.
    public func queue(_ job: Job) {
        sanitizer.handingOver(job)
        continuation.yield(job)
    }

    /// Finishes the stream and waits for its task to end.
    public func shutDown() {
        consumer.shutDown()
    }
}

extension RunnerKind {
    /// ``AsyncStreamRunner``.
    public static let asyncStream = RunnerKind(
        id: "async-stream", summary: "an AsyncStream per queue, iterated by a task of its own",
        traits: RunnerKind.Traits(shapes: Shape.serialQueues), runner: AsyncStreamRunner.self)
}
