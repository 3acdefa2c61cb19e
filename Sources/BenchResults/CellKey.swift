import JobRunners

/// A runner in a configuration: a cell of the 2010 table. The runner is its id where the cell comes from a file
/// (``CellKey``), and the runner itself where the cell is to be measured (``SweepPlan/Cell``).
public struct RunnerCell<Runner: Hashable & Sendable & CustomStringConvertible>: Hashable, Sendable,
    CustomStringConvertible
{
    /// The runner: its id, as in a result file's `runner` column, in a ``CellKey``; the `RunnerKind` itself in a
    /// ``SweepPlan/Cell``.
    public var runner: Runner
    /// The configuration the runner runs in: queues, iterations, work per job and shape.
    public var configuration: RunConfiguration

    /// The cell of `runner` in `configuration`.
    public init(runner: Runner, configuration: RunConfiguration) {
        self.runner = runner
        self.configuration = configuration
    }

    /// For example `serial-queue at 8×12500`.
    public var description: String {
        "\(runner) at \(configuration)"
    }
}

/// A cell as result files name it: a runner's id in a configuration.
public typealias CellKey = RunnerCell<String>

extension RunnerCell where Runner == RunnerKind {
    /// The cell as result files name it.
    public var key: CellKey {
        CellKey(runner: runner.id, configuration: configuration)
    }

    /// The configuration of the cell's warm-up runs: a tenth of its iterations, or a hundredth for a runner that
    /// starts a thread per job. A tenth of such a cell takes 0.1 to 0.6 s a warm-up on the 2-core VM, several times
    /// the ``SweepPlan/Warmup/longEnough`` after which nothing is left to warm, and every fresh worker process that
    /// meets the cell makes it again. A hundredth (about 1,000 threads, 10 to 60 ms) still starts every thread the
    /// runs' own way, and the warm-ups end as any cell's do (docs/method.md, "A run").
    public var warmupShape: RunConfiguration {
        configuration.withIterations(dividedBy: runner.traits.startsThreadPerJob ? 100 : 10)
    }
}
