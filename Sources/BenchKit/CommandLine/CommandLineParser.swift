import BenchResults
import JobRunners

/// What the command line asks `bench` to do, with everything it needs decided (a sweep's plan, a check's checks):
/// what a ``ParsableCommand`` makes of a command line, and runs. Each command has a type of its own
/// (``CompareOptions``, `CheckRequest`…), so that a new subcommand adds its type in its own file, not a case here.
protocol Invocation: Sendable {
    /// Whether a runner it measures needs the main thread to serve the main queue; by default, none does.
    var needsMainThread: Bool { get }
    /// Does what was asked, and says how it went.
    func run(_ context: CommandContext) -> ExitCode
}

extension Invocation {
    var needsMainThread: Bool {
        false
    }
}

extension SweepPlan {
    /// Whether a runner of the plan needs the main thread to serve the main queue.
    var needsMainThread: Bool {
        runners.contains { $0.traits.needsMainThread }
    }
}

/// Help for the main command or a subcommand: what `--help`, `-h` and `help TOPIC` ask for.
struct HelpRequest: Invocation, Equatable {
    /// The subcommand whose help is asked for; nil for the main command's.
    var topic: Subcommand?

    func run(_ context: CommandContext) -> ExitCode {
        context.console.output(HelpText.full(topic, catalogue: context.catalogue))
        return .success
    }
}

/// Turns `bench`'s arguments into an ``Invocation``, or a ``UsageError`` that says what is wrong.
///
/// A function of the arguments and the runners alone, apart from printing and exiting, so that tests can call it.
enum CommandLineParser {
    /// `asProgram` says whether this process is a `bench` program of its own (``BenchCommand/main(adding:)``),
    /// which can start its own executable as a worker; not where bench runs inside another program, such as a test.
    static func parse(
        _ arguments: [String], catalogue: RunnerCatalogue = .builtIn, asProgram: Bool = false
    ) throws(UsageError) -> any Invocation {
        let context = ParseContext(catalogue: catalogue, asProgram: asProgram)
        var arguments = arguments[...]
        var subcommand: Subcommand?
        if let first = arguments.first {
            if first == "help" {
                guard let topic = arguments.dropFirst().first else {
                    return HelpRequest(topic: nil)
                }
                guard let command = Subcommand.named(topic) else {
                    throw UsageError("Unknown command '\(topic)'; the commands are \(commandList)")
                }
                return HelpRequest(topic: command)
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
            return HelpRequest(topic: subcommand)
        }
        do {
            guard let subcommand else {
                return try SweepCommand.parse(Array(arguments), context)
            }
            return try subcommand.parse(Array(arguments), context)
        } catch {
            throw UsageError(error.message, command: subcommand)
        }
    }

    static let commandList = Subcommand.allCases.map(\.name).joined(separator: ", ")
}

/// What a command's request is settled with besides its command line: the runners it may name, and whether bench
/// runs as a program of its own, which decides where runs go by default.
struct ParseContext {
    let catalogue: RunnerCatalogue
    /// Whether this process is a `bench` program, whose executable can be started as a worker
    /// (``BenchCommand/main(adding:)``); not where bench runs inside another program, such as a test.
    let asProgram: Bool
}

/// A command a command line can ask for: its arguments and options, and what it makes of them.
/// Sendable, so that a ``Subcommand``'s closures may hold its type (a metatype is Sendable when its type is).
protocol ParsableCommand: Sendable {
    associatedtype Options: CommandOptions
    static var definition: CommandDefinition<Options> { get }
    /// The request that a command line makes, every default settled: what it runs needs nothing more from the
    /// command line.
    static func command(_ line: ParsedCommandLine<Options>, _ context: ParseContext) throws(UsageError) -> any Invocation
}

extension ParsableCommand {
    /// The request that `arguments` (after the subcommand's name) make.
    static func parse(_ arguments: [String], _ context: ParseContext) throws(UsageError) -> any Invocation {
        try command(try definition.scan(arguments), context)
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

