import BenchResults
import JobRunners

/// What the command line asks `bench` to do, with everything it needs decided: a sweep's plan, a check's checks.
public enum Command: Equatable, Sendable {
    /// Help for the main command or a subcommand.
    case help(Subcommand?)
    case sweep(SweepOptions, SweepPlan)
    /// A sweep's summary of the result file `--input` names, measuring nothing.
    case summary(SweepOptions)
    /// A worker making runs for a parent bench.
    case worker(WorkerOptions)
    /// The plan run by two bench executables in alternation, and compared run by run.
    case interleave(InterleaveOptions, SweepPlan)
    case compare(CompareOptions)
    /// Checks over a fresh run of `plan`, or over the file `--input` names (no plan).
    case check(CheckOptions, expressions: [CheckExpression], plan: SweepPlan?)
    case chart(ChartOptions)
    /// An A/A and an injected-shift comparison of two files of the same sweep.
    case validate(ValidateOptions)
    /// A crossover of `runners`, the control first; its plan is made once pilot runs have sized its runs.
    case crossover(CrossoverOptions, runners: [RunnerKind])

    /// Whether a runner it measures needs the main thread to serve the main queue.
    var needsMainThread: Bool {
        if case .worker = self {
            // It may be asked for any runner, main-queue's among them.
            return true
        }
        let runners: [RunnerKind] =
            switch self {
            case .sweep(_, let plan): plan.runners
            case .check(_, _, let plan): plan?.runners ?? []
            case .crossover(let options, let runners): options.input == nil ? runners : []
            case .help, .summary, .compare, .chart, .validate, .worker, .interleave: []
            }
        return runners.contains { $0.traits.needsMainThread }
    }
}

/// Turns `bench`'s arguments into a ``Command``, or a ``UsageError`` that says what is wrong.
///
/// A function of the arguments and the runners alone, apart from printing and exiting, so that tests can call it.
public enum CommandLineParser {
    public static func parse(
        _ arguments: [String], catalogue: RunnerCatalogue = .builtIn
    ) throws(UsageError) -> Command {
        var arguments = arguments[...]
        var subcommand: Subcommand?
        if let first = arguments.first {
            if first == "help" {
                guard let topic = arguments.dropFirst().first else {
                    return .help(nil)
                }
                guard let command = Subcommand.named(topic) else {
                    throw UsageError("Unknown command '\(topic)'; the commands are \(commandList)")
                }
                return .help(command)
            }
            if !first.hasPrefix("-") {
                guard let command = Subcommand.named(first) else {
                    throw UsageError("Unknown command '\(first)'; the commands are \(commandList)")
                }
                subcommand = command
                arguments = arguments.dropFirst()
            }
        }
        if arguments.contains(where: HelpText.flags.contains) {
            return .help(subcommand)
        }
        do {
            guard let subcommand else {
                return try SweepCommand.parse(Array(arguments), catalogue: catalogue)
            }
            return try subcommand.parse(Array(arguments), catalogue)
        } catch {
            throw UsageError(error.message, command: subcommand)
        }
    }

    static let commandList = Subcommand.allCases.map(\.name).joined(separator: ", ")
}

/// A command a command line can ask for: its arguments and options, and what it makes of them.
/// Sendable, so that a ``Subcommand``'s closures may hold its type (a metatype is Sendable when its type is).
protocol ParsableCommand: Sendable {
    associatedtype Options: CommandOptions
    static var definition: CommandDefinition<Options> { get }
    /// The command that `options` and the positional `arguments` ask for, with the runners of `catalogue`.
    static func command(
        _ options: Options, arguments: [String], catalogue: RunnerCatalogue
    ) throws(UsageError) -> Command
}

extension ParsableCommand {
    /// The command that `arguments` (after the subcommand's name) ask for.
    static func parse(_ arguments: [String], catalogue: RunnerCatalogue) throws(UsageError) -> Command {
        let (options, positionals) = try definition.scan(arguments)
        return try command(options, arguments: positionals, catalogue: catalogue)
    }

    /// The usage line after `prefix`.
    static func usage(after prefix: String) -> String {
        definition.usage(after: prefix)
    }

    /// The command in one line, its options summed up.
    static var shortUsage: String {
        definition.shortUsage
    }
}

