import BenchResults
import Foundation
import JobRunners

/// One of `bench`'s subcommands, whole: its name, what it does in a line, how its command line is read (from its
/// options' definitions) into a request that runs itself, and its help. The parser, the usage lines and the help's
/// COMMANDS list read these values, so a new subcommand is its file (its command, options and request) with one
/// value of this type in it, and that value's place in ``allCases``.
public struct Subcommand: Sendable, Hashable, CustomStringConvertible {
    /// What follows `bench` on the command line: `compare`.
    public let name: String
    /// What it does, in a line: the main help's COMMANDS section (made when asked: it may name the program, whose
    /// name is its executable's).
    let abstract: @Sendable () -> String
    /// The request that its arguments (after its name) make, which runs itself.
    let parse: @Sendable ([String], ParseContext) throws(UsageError) -> any Invocation
    /// Its usage line after a prefix (`Usage: `), every option in brackets.
    let usage: @Sendable (String) -> String
    /// Its usage in one line, its options summed up.
    let shortUsage: @Sendable () -> String
    /// Its help screen, for the runners of a catalogue.
    let help: @Sendable (RunnerCatalogue) -> String

    /// A subcommand read by `command`'s definition, its help from `help`.
    init<Parsed: ParsableCommand>(
        _ command: Parsed.Type, name: String, abstract: @autoclosure @escaping @Sendable () -> String,
        help: @escaping @Sendable (RunnerCatalogue) -> String
    ) {
        self.name = name
        self.abstract = abstract
        parse = { arguments, context throws(UsageError) in try Parsed.parse(arguments, context) }
        usage = { Parsed.usage(after: $0) }
        shortUsage = { Parsed.shortUsage }
        self.help = help
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
