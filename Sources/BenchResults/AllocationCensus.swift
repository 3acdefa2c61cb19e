import JobRunners
import Synchronization

/// The allocations per job of each cell in this process, counted once by a run of its own (``Allocations``).
///
/// The first time a process records an `ok` run of a cell, it makes one more run of the cell to count its
/// allocations, with a tenth of its iterations, after the recorded run so that it is no extra warm-up of it; every
/// recorded run of the cell in the process then carries those counts. Counting is never on in a timed run. Counts
/// are exact, not sampled: a runner whose allocations vary from run to run (a pool that grows) shows it between
/// processes, not within one. A tenth even where warm-ups are a hundredth (``RunnerCell/warmupShape``): a run's
/// own allocations, whatever its jobs, weigh ten times more in a hundredth (`detach-thread` at 16×6250 counted
/// 4.01 a job at a tenth, 4.04 and 4.05 at a hundredth), which would move the counts against every earlier file.
enum AllocationCensus {
    /// What each cell's counting run found: nil where the run failed or this build cannot count.
    private static let counted = Mutex<[CellKey: Allocations?]>([:])

    /// The allocations per job of `cell` in this process, counted now if not yet.
    static func allocations(of cell: SweepPlan.Cell, settings: RunSettings) -> Allocations? {
        let key = CellKey(runner: cell.runner.id, configuration: cell.configuration)
        if let known = counted.withLock({ $0[key] }) {
            return known
        }
        let outcome = Experiment.run(
            cell.runner, configuration: cell.configuration.withIterations(dividedBy: 10), settings: settings,
            countingAllocations: true)
        let allocations = outcome.status == .ok ? outcome.allocations : nil
        counted.withLock { $0[key] = allocations }
        return allocations
    }
}
