import BenchResults
import Foundation
import JobRunners

/// One of `bench`'s subcommands, whole: its name, what it does in a line, how its command line is read (from its
/// options' definitions), its help, and how it runs. The parser, the usage lines, the help's COMMANDS list and the
/// dispatch all read these values, so a new subcommand is one value, defined in its command's file as a static
/// member of this type, and its place in ``allCases``.
public struct Subcommand: Sendable, Hashable, CustomStringConvertible {
    /// What follows `bench` on the command line: `compare`.
    public let name: String
    /// What it does, in a line: the main help's COMMANDS section (made when asked: it may name the program, whose
    /// name is its executable's).
    let abstract: @Sendable () -> String
    /// The command that its arguments (after its name) ask for.
    let parse: @Sendable ([String], RunnerCatalogue) throws(UsageError) -> Command
    /// Its usage line after a prefix (`Usage: `), every option in brackets.
    let usage: @Sendable (String) -> String
    /// Its usage in one line, its options summed up.
    let shortUsage: @Sendable () -> String
    /// Its help screen, for the runners of a catalogue.
    let help: @Sendable (RunnerCatalogue) -> String
    /// Runs a command it parsed; nil for a command of another subcommand.
    let run: @Sendable (Command, CommandContext) -> ExitCode?

    /// A subcommand read by `command`'s definition, its help from `help`, run by `run`.
    init<Parsed: ParsableCommand>(
        _ command: Parsed.Type, name: String, abstract: @autoclosure @escaping @Sendable () -> String,
        help: @escaping @Sendable (RunnerCatalogue) -> String,
        run: @escaping @Sendable (Command, CommandContext) -> ExitCode?
    ) {
        self.name = name
        self.abstract = abstract
        parse = { arguments, catalogue throws(UsageError) in try Parsed.parse(arguments, catalogue: catalogue) }
        usage = { Parsed.usage(after: $0) }
        shortUsage = { Parsed.shortUsage }
        self.help = help
        self.run = run
    }

    /// Every subcommand, in the order the help lists them.
    public static let allCases: [Subcommand] = [.compare, .check, .chart, .crossover, .validate, .interleave, .worker]

    /// The subcommand called `name`, if any.
    public static func named(_ name: String) -> Subcommand? {
        allCases.first { $0.name == name }
    }

    public static func == (a: Subcommand, b: Subcommand) -> Bool {
        a.name == b.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    public var description: String {
        name
    }
}

/// What every command runs with: the runners it knows, where it prints, and its own executable (for child
/// processes), if known.
struct CommandContext {
    let catalogue: RunnerCatalogue
    let console: Console
    let executable: URL?
}
