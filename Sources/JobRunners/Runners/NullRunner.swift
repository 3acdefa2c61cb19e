/// The harness alone: a job's next iteration goes into a single slot that the first `queue(_:)` drains in a loop,
/// on the calling thread, with nothing else.
///
/// Not a mechanism anyone would use: it measures what every run pays apart from its mechanism, the job's own
/// bookkeeping (a decrement, a test, a call to its runner) and the harness's one relaxed atomic increment per
/// iteration, plus the fixed cost of starting and ending a run. Opt-in (`--runners null`).
public final class NullRunner: JobRunner, @unchecked Sendable {
    // Used only on the thread that queues the first job, like SingleThreadedRunner, and unchecked state for the
    // same reason.
    private let state = UncheckedState(State())

    private struct State {
        var pending: Unmanaged<Job>?
        var isDraining = false
    }

    /// A runner with an empty slot; nothing else is set up.
    public init(settings: RunSettings) {}

    /// Puts `job` in the slot; unless a drain loop is running already, runs jobs from the slot until it stays empty.
    public func queue(_ job: Job) {
        state.pointee.pending = Unmanaged.passUnretained(job)
        guard !state.pointee.isDraining else {
            return
        }
        state.pointee.isDraining = true
        while let next = state.pointee.pending {
            state.pointee.pending = nil
            next._withUnsafeGuaranteedRef { $0.performIterationAndRequeue() }
        }
        state.pointee.isDraining = false
    }
}

extension RunnerKind {
    /// ``NullRunner``.
    public static let null = RunnerKind(
        id: "null", summary: "the harness alone: a slot drained in a loop (opt-in)",
        traits: RunnerKind.Traits(isOptIn: true, shapes: Shape.serialQueues), runner: NullRunner.self)
}
