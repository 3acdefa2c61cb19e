import BenchResults
import Foundation
import JobRunners

/// `bench worker`: a child process that makes runs for a parent `bench` (``WorkerPool``), speaking
/// ``WorkerProtocol`` over its standard input and output, until its input ends.
///
/// Each request is one recorded run of one cell (``WorkerRequest``). The first time the worker meets a cell it makes
/// the cell's warm-ups first, as the request says; after that, none: the cell is warm in this process.
struct WorkerCommand: Command {
    /// The worker protocol the parent speaks.
    let parentVersion: Int

    init(_ line: ParsedCommandLine<WorkerOptions>, _: ParseContext) throws(UsageError) {
        if let unexpected = line.arguments.first {
            throw UsageError("Unexpected argument '\(unexpected)'")
        }
        // Required: the scan has refused a line without it.
        parentVersion = line.options.protocolVersion ?? 0
    }

    /// A worker may be asked for any runner, main-queue's among them.
    var needsMainThread: Bool {
        true
    }

    func run(_ context: CommandContext) -> ExitCode {
        let (catalogue, console) = (context.catalogue, context.console)
        guard parentVersion == WorkerProtocol.version else {
            console.reportError(
                "this worker speaks protocol \(WorkerProtocol.version), its parent bench \(parentVersion): build both "
                    + "from one version of ThreadingOverheads")
            return .failure
        }
        do {
            console.output(WorkerProtocol.greeting + "\n" + (try WorkerProtocol.line(MachineInfo.Build.current)))
        } catch {
            console.reportError("this worker cannot encode its build: \(error)")
            return .failure
        }
        let machine = MachineInfo.current()
        var reader = DescriptorReader(FileHandle.standardInput)
        var warm: Set<CellKey> = []
        while let line = reader.line() {
            let reply: WorkerReply
            do {
                let request = try WorkerProtocol.message(WorkerRequest.self, from: line)
                let key = CellKey(runner: request.runner, configuration: request.configuration)
                // A plan of one recorded run, so that the cell's warm-ups follow the rules a sweep's do (the
                // schedule's, until they settle) without a second copy of them here. Its record is not this
                // process's to keep: the parent numbers the run and adds its process and load, so only the
                // outcome goes back.
                let plan = try request.plan(catalogue: catalogue, warm: warm.contains(key))
                let records = plan.run(machine: machine, record: { _ in })
                warm.insert(key)
                reply = records.first.map { .run($0.outcome) } ?? .refused("the run made no record")
            } catch let error as UsageError {
                reply = .refused(error.message)
            } catch {
                reply = .refused("a request that is not a run: \(error)")
            }
            // An outcome JSON cannot hold (a measure that is not a finite number) is refused instead; the refusal,
            // all text, always encodes.
            let refusal = WorkerReply.refused("its outcome could not be encoded")
            console.output((try? WorkerProtocol.line(reply)) ?? (try? WorkerProtocol.line(refusal)) ?? "\n")
        }
        return .success
    }
}
