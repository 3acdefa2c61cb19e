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

    /// Makes one runner per queue, with `makeRunners`, and one job per runner. Not timed.
    init(configuration: RunConfiguration, makeRunners: (Int) throws -> [any JobRunner]) throws {
        let runners = try makeRunners(configuration.queues)
        guard runners.count == configuration.queues else {
            for runner in runners {
                runner.shutDown()
            }
            throw RunnerSetupError("made \(runners.count) runners for \(configuration.queues) queues")
        }
        let completion = RunCompletion(jobs: configuration.queues)
        let counters = runners.map { _ in IterationCounter() }
        let workSpins = Work.spins(forNanoseconds: configuration.workNanoseconds)
        self.jobs = zip(runners, counters).map { runner, counter in
            Job(
                iterations: configuration.iterations, workSpins: workSpins, runner: runner, counter: counter,
                completion: completion)
        }
        self.configuration = configuration
        self.workSpins = workSpins
        self.runners = runners
        self.counters = counters
        self.completion = completion
    }

    /// Queues every job on its runner: the start of the timed region.
    func queueJobs() {
        for (runner, job) in zip(runners, jobs) {
            runner.queue(job)
        }
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
