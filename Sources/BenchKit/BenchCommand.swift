import BenchResults
import Foundation
import JobRunners

/// The `bench` command: parses the command line once, runs the sweep or the subcommand it asks for, and maps what
/// happens to an exit code.
///
/// A package can build a `bench` of its own, with runners of its own beside the built-in ones and the whole command
/// line (`--runners`, `check`, `compare`, `--help`…): its `main.swift` is
///
/// ```swift
/// import BenchKit
/// BenchCommand.main(adding: [.myRunner])
/// ```
public enum BenchCommand {
    /// Runs `bench` as this process, with the built-in runners and `runners` after them, and exits with its exit
    /// code.
    ///
    /// Handles SIGINT and SIGTERM (``Interrupts``). When a runner to be measured needs the main thread, the command
    /// runs on another thread, and the main thread serves the main queue with `dispatchMain()`.
    public static func main(adding runners: [RunnerKind] = []) -> Never {
        Program.setName(fromExecutable: CommandLine.arguments.first ?? "")
        Interrupts.install()
        let catalogue: RunnerCatalogue
        do {
            catalogue = try RunnerCatalogue.builtIn.adding(runners)
        } catch {
            Console.standard.reportError(error)
            exit(ExitCode.failure.rawValue)
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        let command: any Invocation
        do {
            // A bench program of its own: its runs go to worker processes of its executable by default.
            command = try CommandLineParser.parse(arguments, catalogue: catalogue, asProgram: true)
        } catch {
            report(error, console: .standard)
            exit(ExitCode.usage.rawValue)
        }
        let executable = ChildProcess.currentExecutable
        guard command.needsMainThread else {
            exit(run(command, catalogue: catalogue, console: .standard, executable: executable).rawValue)
        }
        let thread = Thread {
            exit(run(command, catalogue: catalogue, console: .standard, executable: executable).rawValue)
        }
        thread.name = "bench"
        thread.start()
        dispatchMain()
    }

    /// Runs `bench` with `arguments` (without the program name) and the runners of `catalogue`, in this process,
    /// which is not a bench program of its own: every run is made in this process unless `--processes` or
    /// `--isolate` says otherwise. `executable` is the `bench` program that those start worker processes of: by
    /// default (nil) this process's own.
    public static func main(
        arguments: [String], catalogue: RunnerCatalogue = .builtIn, console: Console = .standard,
        executable: URL? = nil
    ) -> ExitCode {
        let command: any Invocation
        do {
            command = try CommandLineParser.parse(arguments, catalogue: catalogue)
        } catch {
            report(error, console: console)
            return .usage
        }
        return run(
            command, catalogue: catalogue, console: console,
            executable: executable ?? ChildProcess.currentExecutable)
    }

    /// Runs what `command` asks for.
    static func run(_ command: any Invocation, catalogue: RunnerCatalogue, console: Console, executable: URL?) -> ExitCode {
        command.run(CommandContext(catalogue: catalogue, console: console, executable: executable))
    }

    /// Prints a usage error: the `Error:` line, the usage of the command it is about, and where to read more.
    static func report(_ error: UsageError, console: Console) {
        let name = Program.command(error.command?.name)
        console.reportError(
            "\(error.message)\n\(HelpText.errorUsage(error.command))  See '\(name) \(HelpText.flag)' for more "
                + "information.")
    }

    /// The warning a debug build prints before measuring and after its summary, in a box.
    static var debugBanner: String {
        let lines = [
            "WARNING: this is a DEBUG build. Its timings are meaningless: the",
            "Swift code in every runner is unoptimized. For real numbers, run",
            "    swift run -c release \(Program.name)",
        ]
        let width = lines.map(\.count).max() ?? 0
        let rule = String(repeating: "*", count: width + 4)
        return ([rule] + lines.map { "* \($0.rightPadded(to: width)) *" } + [rule]).joined(separator: "\n") + "\n\n"
    }
}
