import BenchResults
import Foundation
import JobRunners

/// `bench worker`: a child process that makes runs for a parent `bench` (``WorkerPool``), speaking
/// ``WorkerProtocol`` over its standard input and output, until its input ends.
///
/// Each request is a sweep of one cell and one recorded run. The first time the worker meets a cell it makes the
/// cell's warm-ups first, as the request's plan says; after that, none: the cell is warm in this process.
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
            let records: [ResultRecord]
            switch plan(WorkerProtocol.arguments(ofRequest: line), catalogue: catalogue) {
            case .failure(let error):
                console.output("error \(error.message)\n")
                continue
            case .success(var plan):
                let key = plan.cells[0].key
                if warm.contains(key) {
                    plan.warmup = .runs(0)
                }
                records = plan.run(machine: machine, record: { _ in })
                warm.insert(key)
            }
            let text = CSV.line(ResultSchema.columns) + records.map { CSV.line(ResultSchema.fields(of: $0)) }.joined()
            console.output("rows \(text.utf8.count)\n" + text)
        }
        return .success
    }

    /// The plan of one request: a sweep of one cell.
    private static func plan(_ arguments: [String], catalogue: RunnerCatalogue) -> Result<SweepPlan, UsageError> {
        do {
            guard let plan = (try CommandLineParser.parse(arguments, catalogue: catalogue) as? SweepRequest)?.plan,
                plan.cells.count == 1
            else {
                return .failure(UsageError("a request is a sweep of one cell"))
            }
            return .success(plan)
        } catch {
            return .failure(error)
        }
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
        \(paragraph("It answers on standard output with the line '\(WorkerProtocol.greeting)', then reads a request per line on standard input (the arguments of a sweep of one cell and one recorded run, separated by tabs) and answers each with 'rows N' and N bytes of a result file of that run. The first time it meets a cell it makes the cell's warm-ups first. A worker of another protocol version than its parent's refuses to start, so that two builds measured side by side speak alike.", indent: 0))

        OPTIONS:
        \(WorkerCommand.definition.optionsSection)

        EXIT CODES:
          0   its input ended   1   the parent speaks another protocol   64   the command line was wrong

        """
    }
}
