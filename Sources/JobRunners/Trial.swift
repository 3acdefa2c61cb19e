/// The runners, jobs and counters of one run, in the phases the harness drives: set up, queue, wait, shut down.
final class Trial: Sendable {
    let configuration: RunConfiguration
    private let runners: [any JobRunner]
    private let jobs: [Job]
    private let counters: [IterationCounter]
    let completion: RunCompletion

    /// Makes one runner per queue and one job per runner. Not timed.
    init(configuration: RunConfiguration, makeRunner: () throws -> any JobRunner) throws {
        var runners: [any JobRunner] = []
        runners.reserveCapacity(configuration.queues)
        do {
            for _ in 0..<configuration.queues {
                runners.append(try makeRunner())
            }
        } catch {
            for runner in runners {
                runner.shutDown()
            }
            throw error
        }
        let completion = RunCompletion(jobs: configuration.queues)
        let counters = runners.map { _ in IterationCounter() }
        self.jobs = zip(runners, counters).map { runner, counter in
            Job(iterations: configuration.iterations, runner: runner, counter: counter, completion: completion)
        }
        self.configuration = configuration
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

    /// Blocks until every job has reported completion, or the run stalls.
    func waitForCompletion(stallTimeout: Duration) -> RunCompletion.Outcome {
        completion.wait(stallTimeout: stallTimeout, progress: { executedIterations })
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
