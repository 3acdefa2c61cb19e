import BenchResults
import JobRunners

/// Help for the main command or a subcommand: what `--help`, `-h` and `help TOPIC` ask for.
struct HelpRequest: Invocation, Equatable {
    /// The subcommand whose help is asked for; nil for the main command's.
    var topic: Subcommand?

    func run(_ context: CommandContext) -> ExitCode {
        context.console.output(HelpText.full(topic, catalogue: context.catalogue))
        return .success
    }
}

/// `bench --version`: which build this is, in one line, for a bug report or beside a result file from elsewhere.
struct VersionRequest: Invocation, Equatable {
    /// What asks for it, on the main command's line.
    static let flag = "--version"
    /// What the main help says of it.
    static let help = "Show which build this is: its Swift, its build configuration, the schema of the result and "
        + "summary files it writes, and its worker protocol."

    /// The line: `bench (ThreadingOverheads), Swift 6.3.1, release build: result schema 9, summary schema 9, worker
    /// protocol 2`.
    static var text: String {
        "\(Program.name) (ThreadingOverheads), Swift \(MachineInfo.compilerVersion), \(MachineInfo.buildConfiguration) "
            + "build: result schema \(ResultSchema.version), summary schema \(SummarySchema.version), worker protocol "
            + "\(WorkerProtocol.version)\n"
    }

    func run(_ context: CommandContext) -> ExitCode {
        context.console.output(Self.text)
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
                    throw unknownCommand(topic)
                }
                return HelpRequest(topic: command)
            }
            if !first.hasPrefix("-") {
                guard let command = Subcommand.named(first) else {
                    // A result file where a command goes: its summary is what was most likely meant.
                    if first.hasSuffix(".csv") {
                        throw UsageError(
                            "Unknown command '\(first)'; for the summary of a result file: '\(Program.name) --input \(first)'")
                    }
                    throw unknownCommand(first)
                }
                subcommand = command
                arguments = arguments.dropFirst()
            }
        }
        if arguments.contains(where: HelpText.flags.contains) {
            return HelpRequest(topic: subcommand)
        }
        if subcommand == nil, arguments.contains(VersionRequest.flag) {
            return VersionRequest()
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

    /// The error for a command that is not one: the command meant, where one is near enough (``Slip``), or the list.
    static func unknownCommand(_ name: String) -> UsageError {
        if let near = Slip.nearest(to: name, among: Subcommand.allCases.map(\.name)) {
            return UsageError("Unknown command '\(name)'; did you mean '\(near)'?")
        }
        return UsageError("Unknown command '\(name)'; the commands are \(commandList)")
    }
}
