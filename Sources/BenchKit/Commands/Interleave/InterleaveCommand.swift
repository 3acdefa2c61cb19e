import BenchResults
import Foundation
import JobRunners

/// `bench interleave A B`: the same plan run by two bench executables in one session, run by run in alternation,
/// and compared pair by pair (``InterleavedComparison``).
///
/// Each build has its own worker processes (``WorkerPool``; both must speak this bench's worker protocol). For each
/// step of the plan's shuffled order, the two builds make the step's run one right after the other, in an order
/// drawn from the plan's seed: the pair is adjacent in time, so that the machine's drift falls on both alike. Pair k
/// of a cell runs in worker (c + k) mod n of each build, c the cell's place in the plan. Every run goes to one
/// result file, each row naming its build (`variant`, `executable`) and its worker (`process`).
struct InterleaveCommand: Command, Equatable {
    /// The two executables, where the rows go, and the comparison's threshold and format.
    let options: InterleaveOptions
    let plan: SweepPlan
    /// Worker processes of each build (`--processes`).
    let workers: Int

    init(_ line: ParsedCommandLine<InterleaveOptions>, _ context: ParseContext) throws(UsageError) {
        let arguments = line.arguments
        guard arguments.count == 2 else {
            throw UsageError(
                "'\(Program.name) interleave' needs two bench executables, A and B (the same one twice for an A/A "
                    + "test), not \(arguments.count)")
        }
        var options = line.options
        options.executables = arguments
        if options.run.placement.isolate {
            throw UsageError("'\(Program.name) interleave' makes every run in a worker process already")
        }
        plan = try options.run.plan(cells: try options.run.cells.settled(in: context.catalogue), builds: 2)
        self.options = options
        // Always in worker processes: one pool of each build.
        workers = options.run.placement.processes ?? RunOptions.defaultProcesses
    }

    func run(_ context: CommandContext) -> ExitCode {
        let (catalogue, console, count) = (context.catalogue, context.console, workers)
        let variants = zip(["A", "B"], options.executables).map { label, path in
            ResultRecord.Variant(label: label, executable: path)
        }
        let lifetime = WorkerPool.lifetime(of: plan.sampling)
        let builds = Builds(
            variants: variants,
            pools: variants.map { WorkerPool(executable: URL(fileURLWithPath: $0.executable), count: count) },
            lifetime: lifetime, order: SplitMix64(seed: plan.seed ^ 0x6f72_6465_72))
        // A path that is no executable file says so, rather than in the words of the failed start.
        if let path = options.executables.first(where: { !FileManager.default.isExecutableFile(atPath: $0) }) {
            console.reportError("'\(path)' is not an executable file: give the paths of two bench executables")
            return .failure
        }
        // Every worker is started, and has answered as one, before anything is measured.
        do {
            for pool in builds.pools {
                for index in 0..<count {
                    try pool.start(index)
                }
            }
        } catch {
            console.reportError(error)
            return .failure
        }
        defer {
            for pool in builds.pools {
                pool.finish()
            }
        }
        let conclusion = Conclusion(options: options, catalogue: catalogue, console: console)
        guard
            let session = MeasuringSession(
                command: Program.command("interleave"), output: options.run.recording.output, quiet: options.run.recording.quiet,
                console: console,
                onInterrupt: { ended, signal in
                    console.error(ended.interruptionLine(Program.command("interleave"), by: signal))
                })
        else {
            return .failure
        }
        // Each step of the plan is a pair: a run by each build.
        session.progress.noun = "pair"
        if !options.run.recording.quiet {
            session.progress.line(
                "\(Program.name) interleave: A \(variants[0].executable), B \(variants[1].executable); "
                    + "\(Format.count(plan.runners.count, "runner")) × "
                    + "\(Format.count(plan.configurations.count, "configuration")), each run made by "
                    + "both, one right after the other, in worker processes of each (\(count) at a time, the k-th of "
                    + "each replaced together by fresh ones after \(WorkerPool.seconds(lifetime)))"
                    + session.resultsClause)
        }
        guard session.measure(plan, with: builds) != nil, let ended = session.finish() else {
            return .failure
        }
        return conclusion.conclude(ended.records)
    }

    /// The two builds' worker processes, which make each step's run one right after the other.
    ///
    /// The k-th workers of the two builds retire together, for fresh ones, once either has lived `lifetime` (the
    /// sweep's: ``WorkerPool/lifetime(of:)``), so that a cell's pairs come from many pairs of processes, each pair
    /// sharing its day, and the interval's first stage samples them. With workers that never retired, 4 of each
    /// build, one process that drew a slower regime of its thread pools kept it for the whole session and moved
    /// every cell it made, and a bootstrap of 4 could not know it: 3 of 26 cells were called faster in an A/A on 16
    /// cores (docs/validation.md, "Sixteen cores with today's design"). The pools themselves never retire a worker
    /// here (their own lifetime would retire A's and B's apart, mid-step): this does, for both.
    final class Builds: RunMaker {
        let variants: [ResultRecord.Variant]
        let pools: [WorkerPool]
        /// How long the k-th workers of the two builds live before both retire; nil for never.
        let lifetime: UInt64?
        /// Which build goes first at each step, drawn from the plan's seed.
        private var order: SplitMix64

        init(variants: [ResultRecord.Variant], pools: [WorkerPool], lifetime: UInt64?, order: SplitMix64) {
            self.variants = variants
            self.pools = pools
            self.lifetime = lifetime
            self.order = order
        }

        /// Each worker warms a cell up itself.
        func warmsUp(_: SweepPlan.Cell) -> Bool {
            false
        }

        /// The step's run by each build, in the same worker of each (``WorkerPool/worker(for:of:)``), in an order
        /// drawn for the step; returned A first.
        func measurements(_ step: SweepPlan.Step, of plan: SweepPlan) -> [SweepPlan.Measurement] {
            let sides = order.next() % 2 == 0 ? [0, 1] : [1, 0]
            let worker = pools[0].worker(for: step, of: plan)
            // The k-th workers of A and of B retire together: the two processes of a pair always live side by side.
            if let lifetime, pools.contains(where: { $0.hasLived(worker, lifetime) }) {
                pools.forEach { $0.stop(worker) }
            }
            var made: [Int: SweepPlan.Measurement] = [:]
            for side in sides {
                var measurement = pools[side].measure(step, of: plan, worker: worker)
                measurement.variant = variants[side]
                measurement.build = pools[side].build
                made[side] = measurement
            }
            return [0, 1].compactMap { made[$0] }
        }
    }

    /// What ends the command: the comparison of the runs, and the exit code.
    private struct Conclusion {
        let options: InterleaveOptions
        let catalogue: RunnerCatalogue
        let console: Console

        func conclude(_ records: [ResultRecord]) -> ExitCode {
            do {
                let comparison = try InterleavedComparison(records: records, threshold: options.threshold)
                let (show, toError) = console.summaryStream(rowsTo: options.run.recording.output)
                show(
                    (options.format == .table || options.format == .markdown ? "\n" : "")
                        + InterleavedOutput(comparison, catalogue: catalogue).output.render(
                            options.format, colour: options.color.isOn(for: console, toStandardError: toError)))
            } catch {
                console.reportError(error)
                return .failure
            }
            let notOK = records.filter { $0.status != .ok }
            guard notOK.isEmpty else {
                console.error(
                    "\(Program.name) interleave: \(notOK.count) of \(records.count) runs failed or stalled; see the "
                        + "detail column\n")
                return .someRunsFailed
            }
            return .success
        }
    }
}
