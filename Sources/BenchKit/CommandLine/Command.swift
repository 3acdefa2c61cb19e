import BenchResults
import Foundation
import JobRunners

/// What the command line asks `bench` to do, with everything it needs decided (a sweep's plan, a check's checks),
/// and runs: a ``Command``, or the help (``HelpRequest``).
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

/// A command of `bench`, each in one pattern: `XCommand` is a value of settled fields, made from its command line
/// when the line is read (``init(_:_:)``: every default, plan and file decided there, so that nothing later asks
/// what the command line said), and run (``Invocation/run(_:)``). Beside it, in `XOptions.swift`, what its command
/// line gives before anything is settled (`XOptions`, the groups of ``RunOptions`` among them) and the definitions
/// of its options; in `XCommand+Help.swift`, its abstract and its help. A subcommand's ``Subcommand`` value is made
/// from its type alone. Sendable, so that a ``Subcommand``'s closures may hold its type.
protocol Command: Invocation {
    associatedtype Options: CommandOptions
    /// Its arguments and options, in the order the help lists them.
    static var definition: CommandDefinition<Options> { get }
    /// What it does, in a line: the main help's COMMANDS section (made when asked: it may name the program, whose
    /// name is its executable's).
    static var abstract: String { get }
    /// Its help screen, for the runners of `catalogue`.
    static func help(_ catalogue: RunnerCatalogue) -> String
    /// The command a command line asks for, every default settled; a ``UsageError`` for a line that asks for
    /// nothing it can do.
    init(_ line: ParsedCommandLine<Options>, _ context: ParseContext) throws(UsageError)
}

extension Command {
    /// The command that `arguments` (after the subcommand's name) ask for.
    static func parse(_ arguments: [String], _ context: ParseContext) throws(UsageError) -> any Invocation {
        try Self(try definition.scan(arguments), context)
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

/// What a command's request is settled with besides its command line: the runners it may name, and whether bench
/// runs as a program of its own, which decides where runs go by default.
struct ParseContext {
    let catalogue: RunnerCatalogue
    /// Whether this process is a `bench` program, whose executable can be started as a worker
    /// (``BenchCommand/main(adding:)``); not where bench runs inside another program, such as a test.
    let asProgram: Bool
}

/// What every command runs with: the runners it knows, where it prints, and its own executable (for child
/// processes), if known.
struct CommandContext {
    let catalogue: RunnerCatalogue
    let console: Console
    let executable: URL?
}
