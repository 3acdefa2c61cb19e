/// The Swift runners, jobs and counters of one run, in the phases the harness drives: set up, queue, wait, shut
/// down.
final class Trial: RunTrial {
    let configuration: RunConfiguration
    private let runners: [any JobRunner]
    private let jobs: [Job]
    /// The runner each job is first queued on.
    private let homes: [Int]
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
        let completion = RunCompletion(jobs: shape.completionReports(configuration))
        let counters = (0..<configuration.queues).map { _ in IterationCounter() }
        let workSpins = Work.spins(forNanoseconds: configuration.workNanoseconds)
        // Each job's own runner (its first), its partner's, and its hand-offs. In fan-out, every job is one of
        // its own, on the queues in turn, counted by its queue's counter.
        let jobCount = shape == .fanOut ? configuration.jobs : configuration.queues
        let homes: [Int] = (0..<jobCount).map { index in
            switch shape {
            case .chain, .contention: index
            case .pingPong: 2 * index
            case .fanOut: index % configuration.queues
            }
        }
        self.jobs = homes.enumerated().map { index, home in
            let partner: Int? =
                switch shape {
                case .chain, .fanOut: nil
                case .pingPong: home + 1
                case .contention: configuration.queues
                }
            return Job(
                iterations: shape == .fanOut ? 1 : configuration.iterations * parties, workSpins: workSpins,
                runner: runners[home], partner: partner.map { runners[$0] },
                latencyEvery: configuration.latencySampleEvery,
                counter: counters[shape == .fanOut ? home : index], completion: completion)
        }
        self.homes = homes
        self.configuration = configuration
        self.workSpins = workSpins
        self.runners = runners
        self.counters = counters
        self.completion = completion
    }

    /// Queues every job on its own (first) runner: the start of the timed region. In fan-out, this is the
    /// producer submitting every job.
    func queueJobs() {
        for (home, job) in zip(homes, jobs) {
            runners[home].queue(job)
        }
    }

    /// The latency percentiles of every job's samples; nil without samples.
    var latency: LatencyPercentiles? {
        LatencySampler.percentiles(jobs.compactMap(\.latency))
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
