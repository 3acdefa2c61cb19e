/// One run's runners and jobs, in the phases the harness drives: set up (the initializer), queue, wait, shut down.
protocol RunTrial: Sendable {
    var completion: RunCompletion { get }
    /// The spin-loop steps of work each job does per iteration.
    var workSpins: Int { get }
    /// Iterations (hand-offs) executed so far, counted apart from the jobs.
    var executedIterations: Int { get }
    /// The latency percentiles of the run's samples, read after it; nil without samples.
    var latency: LatencyPercentiles? { get }
    /// Queues every job's first iteration: the start of the timed region.
    func queueJobs()
    /// Shuts the runners down. Not timed.
    func shutDown()
}

extension RunTrial {
    /// Blocks until every job has reported completion, or the run stalls; calls `sample` every `sampleInterval`
    /// meanwhile.
    func waitForCompletion(
        stallTimeout: Duration,
        sampleInterval: Duration = .seconds(3600),
        sample: () -> Void = {}
    ) -> RunCompletion.Outcome {
        completion.wait(
            stallTimeout: stallTimeout, sampleInterval: sampleInterval, progress: { executedIterations },
            sample: sample)
    }
}
