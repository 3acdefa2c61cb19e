import CFloors

/// One queue of the experiment: a job that performs a trivial iteration and queues itself again on its runner
/// until its iterations run out, then reports completion.
///
/// As in the 2010 experiment, there is one `Job` object per queue; each "job" the experiment counts is one
/// iteration of it. In ping-pong a job has a partner, a second runner, and its iterations are hand-offs that
/// alternate between the two.
public final class Job: @unchecked Sendable {
    // What `remaining` points to is read and written by one iteration at a time: a job is queued again only as the
    // last act of its own iteration, and every runner hands it to the next iteration through its mechanism (a FIFO
    // on one thread, a run-loop perform, a thread start, a dispatch queue), which orders one iteration before the
    // next. It lives in memory of its own rather than in a stored `var`, because Swift checks every access to a
    // class's stored `var` for exclusivity at run time (swift_beginAccess and swift_endAccess, about 10 ns a pair
    // here), a cost of the language's safety checks that no mechanism has.
    private let remaining: UnsafeMutablePointer<Int>
    private let runner: any JobRunner
    /// In ping-pong, the runner every other iteration is queued on; nil in a chain.
    private let partner: (any JobRunner)?
    /// Which of the job's hand-offs are timed (none unless the run measures latency), and the samples.
    private let latencyPlan: latency_plan
    let latency: LatencySampler?
    private let counter: IterationCounter
    private let completion: RunCompletion
    /// Spin-loop steps of work per iteration (``Work``); 0 for none.
    private let workSpins: Int
    /// Where `performBlock` finds the job: set once, at the end of `init`, before the block can run.
    private let slot: JobSlot

    /// A block that performs one iteration of this job, made once: runners whose mechanism takes a block (Dispatch,
    /// operation queues) can hand over the same one every time instead of making a closure for every job.
    public let performBlock: @Sendable @convention(block) () -> Void

    /// A job of `iterations` hand-offs on `runner`, alternating with `partner` if there is one (the first on
    /// `runner`), timing one queuing in `latencyEvery` if given.
    init(
        iterations: Int, workSpins: Int, runner: any JobRunner, partner: (any JobRunner)? = nil,
        latencyEvery: Int? = nil, counter: IterationCounter, completion: RunCompletion
    ) {
        precondition(iterations > 0, "a job needs at least one iteration")
        precondition(partner == nil || iterations % 2 == 0, "a ping-pong job ends where it started")
        // A cache line of its own, so that jobs running on different threads don't share one.
        remaining = UnsafeMutableRawPointer.allocate(byteCount: CacheLine.size, alignment: CacheLine.size)
            .bindMemory(to: Int.self, capacity: 1)
        remaining.initialize(to: iterations)
        self.workSpins = workSpins
        self.runner = runner
        self.partner = partner
        let cycle = partner == nil ? 1 : 2
        latencyPlan = latencyEvery.map { latency_plan_make($0, cycle, iterations) } ?? latency_plan_none
        latency = latencyEvery.map { _ in LatencySampler() }
        self.counter = counter
        self.completion = completion
        let slot = JobSlot()
        self.slot = slot
        performBlock = {
            slot.job?._withUnsafeGuaranteedRef { $0.performIterationAndRequeue() }
        }
        slot.job = Unmanaged.passUnretained(self)
    }

    deinit {
        UnsafeMutableRawPointer(remaining).deallocate()
        slot.deallocate()
        latency?.deallocate()
    }

    /// Performs one iteration (its work, if any), then queues the job again on its runner, or reports completion
    /// after the last.
    ///
    /// The runner's mechanism calls this once per ``JobRunner/queue(_:)``.
    public func performIterationAndRequeue() {
        if latency_ends(latencyPlan, remaining.pointee) != 0, let latency {
            latency_end(latency.pointer)
        }
        counter.increment()
        guard remaining.pointee > 0 else {
            // Ran after its last iteration: the harness's count exceeds queues × iterations and fails the run.
            return
        }
        if workSpins > 0 {
            Work.spin(workSpins)
        }
        remaining.pointee -= 1
        if remaining.pointee > 0 {
            if latency_starts(latencyPlan, remaining.pointee) != 0, let latency {
                latency_start(latency.pointer)
            }
            // With an even count of hand-offs, starting on `runner`: an odd count left goes to the partner.
            if let partner, remaining.pointee & 1 == 1 {
                partner.queue(self)
            } else {
                runner.queue(self)
            }
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

/// The job a `performBlock` performs, unretained: the job owns the block, and the run keeps the job alive for as
/// long as the block can run.
private struct JobSlot: @unchecked Sendable {
    // Written once, in Job.init, before the block exists anywhere but in the job; only read afterwards.
    private let pointer: UnsafeMutablePointer<Unmanaged<Job>?>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: nil)
    }

    var job: Unmanaged<Job>? {
        get { pointer.pointee }
        nonmutating set { pointer.pointee = newValue }
    }

    func deallocate() {
        pointer.deallocate()
    }
}

/// The bytes that keep data written by different threads apart: `THREADING_OVERHEADS_CACHE_LINE` (128), which the
/// C floors use too.
enum CacheLine {
    static let size = Int(THREADING_OVERHEADS_CACHE_LINE)
}

/// ``CacheLine/size`` bytes that keep the objects around them on separate cache lines (a test checks the size).
struct CacheLinePadding: Sendable {
    private let words: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
}
