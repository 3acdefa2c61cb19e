/// One queue of the experiment: a job that performs a trivial iteration and queues itself again on its runner
/// until its iterations run out, then reports completion.
///
/// As in the 2010 experiment, there is one `Job` object per queue; each "job" the experiment counts is one
/// iteration of it.
public final class Job: @unchecked Sendable {
    // `remaining` is read and written by one iteration at a time: a job is queued again only as the last act of its
    // own iteration, and every runner hands it to the next iteration through its mechanism (a FIFO on one thread, a
    // run-loop perform, a thread start, a dispatch queue), which orders one iteration before the next.
    private var remaining: Int
    private let runner: any JobRunner
    private let counter: IterationCounter
    private let completion: RunCompletion
    /// Spin-loop steps of work per iteration (``Work``); 0 for none.
    private let workSpins: Int
    // Keeps the hot `remaining` of two jobs that run on different threads off a shared cache line.
    private let padding = CacheLinePadding()

    init(
        iterations: Int, workSpins: Int, runner: any JobRunner, counter: IterationCounter, completion: RunCompletion
    ) {
        precondition(iterations > 0, "a job needs at least one iteration")
        self.remaining = iterations
        self.workSpins = workSpins
        self.runner = runner
        self.counter = counter
        self.completion = completion
    }

    /// Performs one iteration (its work, if any), then queues the job again on its runner, or reports completion
    /// after the last.
    ///
    /// The runner's mechanism calls this once per ``JobRunner/queue(_:)``.
    public func performIterationAndRequeue() {
        counter.increment()
        guard remaining > 0 else {
            // Ran after its last iteration: the harness's count exceeds queues × iterations and fails the run.
            return
        }
        if workSpins > 0 {
            Work.spin(workSpins)
        }
        remaining -= 1
        if remaining > 0 {
            runner.queue(self)
        } else {
            completion.jobFinished()
        }
    }

    /// Whether another job of the run has been killed, which fails the run: a runner whose delivery of a job is
    /// slow to fail (verified-detach waits for each thread's start) may then kill the job at once instead.
    public var isRunAbandoned: Bool {
        completion.isAbandoned
    }

    /// Ends the job without performing its remaining iterations; the run then reports `failed` with `reason`.
    ///
    /// For a runner that finds it cannot deliver the job (`verified-detach` when a new thread never starts). The job
    /// must not be performed after this.
    public func kill(reason: String) {
        completion.jobKilled(reason: reason)
    }
}

/// 64 bytes that keep the objects around them on separate cache lines.
struct CacheLinePadding: Sendable {
    private let words: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
}
