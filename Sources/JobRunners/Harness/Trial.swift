/// The Swift runners, jobs and counters of one run, in the phases the harness drives: set up, queue, wait, shut
/// down.
final class Trial: RunTrial {
    let configuration: RunConfiguration
    private let runners: [any JobRunner]
    private let jobs: [Job]
    private let counters: [IterationCounter]
    let completion: RunCompletion
    /// The spin-loop steps of work each job does per iteration.
    let workSpins: Int

    /// Makes the runners of the configuration's shape (``Shape/runners(queues:)``) with `makeRunners`, and one
    /// job per queue: on its own runner in a chain, alternating with a second of its own in ping-pong, with the
    /// last runner, which all share, in contention. Not timed.
    init(configuration: RunConfiguration, makeRunners: (Int) throws -> [any JobRunner]) throws {
        let shape = configuration.shape
        let parties = shape.parties
        let count = shape.runners(queues: configuration.queues)
        let runners = try makeRunners(count)
        guard runners.count == count else {
            for runner in runners {
                runner.shutDown()
            }
            throw RunnerSetupError("made \(runners.count) runners for \(count) queues")
        }
        let completion = RunCompletion(jobs: configuration.queues)
        let counters = (0..<configuration.queues).map { _ in IterationCounter() }
        let workSpins = Work.spins(forNanoseconds: configuration.workNanoseconds)
        self.jobs = counters.indices.map { index in
            let (own, partner): (Int, Int?) =
                switch shape {
                case .chain: (index, nil)
                case .pingPong: (2 * index, 2 * index + 1)
                case .contention: (index, configuration.queues)
                }
            return Job(
                iterations: configuration.iterations * parties, workSpins: workSpins, runner: runners[own],
                partner: partner.map { runners[$0] },
                latencyEvery: configuration.latencySampleEvery,
                counter: counters[index], completion: completion)
        }
        self.configuration = configuration
        self.workSpins = workSpins
        self.runners = runners
        self.counters = counters
        self.completion = completion
    }

    /// Queues every job on its own (first) runner: the start of the timed region.
    func queueJobs() {
        let step = configuration.shape == .pingPong ? 2 : 1
        for (index, job) in jobs.enumerated() {
            runners[index * step].queue(job)
        }
    }

    /// The latency percentiles of every job's samples; nil without samples.
    var latency: LatencyPercentiles? {
        let samplers = jobs.compactMap(\.latency)
        return samplers.isEmpty ? nil : LatencySampler.percentiles(samplers)
    }

    /// Shuts every runner down. Not timed.
    func shutDown() {
        for runner in runners {
            runner.shutDown()
        }
    }

    /// Iterations executed so far, summed over the queues' counters.
    var executedIterations: Int {
        counters.reduce(0) { $0 + $1.value }
    }
}
