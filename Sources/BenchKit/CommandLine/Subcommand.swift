import BenchResults
import Foundation
import JobRunners

/// One of `bench`'s subcommands, whole: its name, what it does in a line, how its command line is read (from its
/// options' definitions) into the command that runs itself, and its help, each read from its `Command` type. The
/// parser, the usage lines and the help's COMMANDS list read these values, so a new subcommand is its command
/// (docs/architecture.md, "Adding a command") and one line here, with its place in ``allCases``.
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

    /// The subcommand that `command` is: its name, abstract, options and help, all the command's own.
    init<Parsed: Command>(_ command: Parsed.Type) {
        name = Parsed.definition.subcommand ?? ""
        abstract = { Parsed.abstract }
        parse = { arguments, context throws(UsageError) in try Parsed.parse(arguments, context) }
        usage = { Parsed.usage(after: $0) }
        shortUsage = { Parsed.shortUsage }
        help = { Parsed.help($0) }
    }

    static let compare = Subcommand(CompareCommand.self)
    static let check = Subcommand(CheckCommand.self)
    static let chart = Subcommand(ChartCommand.self)
    static let crossover = Subcommand(CrossoverCommand.self)
    static let validate = Subcommand(ValidateCommand.self)
    static let interleave = Subcommand(InterleaveCommand.self)
    static let worker = Subcommand(WorkerCommand.self)

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
