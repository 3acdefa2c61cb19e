import BenchResults
import Foundation
import JobRunners

/// `bench worker`: a child process that makes runs for a parent `bench` (``WorkerPool``), speaking
/// ``WorkerProtocol`` over its standard input and output, until its input ends.
///
/// Each request is one recorded run of one cell (``WorkerRequest``). The first time the worker meets a cell it makes
/// the cell's warm-ups first, as the request says; after that, none: the cell is warm in this process.
enum WorkerCommand {
    static func run(_ options: WorkerOptions, catalogue: RunnerCatalogue, console: Console) -> ExitCode {
        guard options.protocolVersion == WorkerProtocol.version else {
            console.error(
                "Error: the parent bench speaks worker protocol \(options.protocolVersion ?? 0), this one speaks "
                    + "\(WorkerProtocol.version): build both from the same version of ThreadingOverheads\n")
            return .failure
        }
        console.output(WorkerProtocol.greeting + "\n")
        let machine = MachineInfo.current()
        var reader = DescriptorReader(FileHandle.standardInput)
        var warm: Set<CellKey> = []
        while let line = reader.line() {
            let reply: WorkerReply
            do {
                let request = try WorkerProtocol.message(WorkerRequest.self, from: line)
                let key = CellKey(runner: request.runner, configuration: request.configuration)
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

extension WorkerCommand: ParsableCommand {}

extension Subcommand {
    /// `bench worker`.
    static let worker = Subcommand(
        WorkerCommand.self, name: "worker", abstract: "Make runs for a parent \(Program.name), as its child process.",
        help: { _ in HelpText.worker })
}

extension WorkerOptions: Invocation {
    /// A worker may be asked for any runner, main-queue's among them.
    var needsMainThread: Bool {
        true
    }

    func run(_ context: CommandContext) -> ExitCode {
        WorkerCommand.run(self, catalogue: context.catalogue, console: context.console)
    }
}

extension HelpText {
    /// The help of `bench worker`.
    static var worker: String {
        """
        OVERVIEW: Makes runs for a parent bench, as its child process: bench starts workers for --processes,
        --isolate and interleave, and they end when it does. Not for typing by hand.

        \(usage(.worker))
        \(paragraph("It answers on standard output with the line '\(WorkerProtocol.greeting)', then reads a request per line on standard input (one recorded run of one cell, in JSON) and answers each with a line of JSON: the run's outcome, or why it refused. The first time it meets a cell it makes the cell's warm-ups first. A worker of another protocol version than its parent's refuses to start, so that two builds measured side by side speak alike.", indent: 0))

        OPTIONS:
        \(WorkerCommand.definition.optionsSection)

        EXIT CODES:
          0   its input ended   1   the parent speaks another protocol   64   the command line was wrong

        """
    }
}
