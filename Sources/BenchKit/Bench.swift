import Foundation
import JobRunners

/// The `bench` command: dispatches to the sweep or a subcommand, and maps what happens to an exit code.
public enum Bench {
    /// Runs `bench` with `arguments` (without the program name). `executable` is the `bench` program that
    /// `--isolate` starts child processes of: by default (nil) this process's own.
    public static func main(arguments: [String], console: Console = .standard, executable: URL? = nil) -> ExitCode {
        let executable = executable ?? ChildProcessRunner.currentExecutable
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            let name = error.command.map { "bench \($0.rawValue)" } ?? "bench"
            console.error(
                "Error: \(error.message)\n\(HelpText.usage(error.command))  See '\(name) --help' for more information.\n")
            return .usage
        }
        switch command {
        case .help(let subcommand):
            console.output(HelpText.full(subcommand))
            return .success
        case .sweep(let options):
            return SweepCommand.run(options, console: console, executable: executable)
        case .compare(let options):
            return CompareCommand.run(options, console: console)
        case .check(let options):
            return CheckCommand.run(options, console: console, executable: executable)
        case .chart(let options):
            return ChartCommand.run(options, console: console)
        }
    }

    static let debugBanner = """
        ************************************************************************
        * WARNING: this is a DEBUG build. Its timings are meaningless: the     *
        * Swift code in every runner is unoptimized. For real numbers, run     *
        *     swift run -c release bench                                       *
        ************************************************************************

        """
}
