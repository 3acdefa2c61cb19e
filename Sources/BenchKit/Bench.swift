import BenchResults
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
        case .crossover(let options):
            return CrossoverCommand.run(options, console: console)
        }
    }

    /// Runs `bench` as a process, with `arguments` (without the program name), and exits with its exit code.
    ///
    /// Handles SIGINT and SIGTERM (``Interrupts``). When the main-queue runner is to run, the command runs on
    /// another thread, and the main thread serves the main queue with `dispatchMain()`.
    public static func runProcess(arguments: [String]) -> Never {
        Interrupts.install()
        let needsMainQueue =
            switch try? CommandLineParser.parse(arguments) {
            case .sweep(let options): options.plan.runners.contains(.mainQueue)
            case .check(let options): options.inputPath == nil && options.plan.runners.contains(.mainQueue)
            case .crossover(let options): options.inputPath == nil && options.runners.contains(.mainQueue)
            default: false
            }
        guard needsMainQueue else {
            exit(main(arguments: arguments).rawValue)
        }
        let command = Thread {
            exit(main(arguments: arguments).rawValue)
        }
        command.name = "bench"
        command.start()
        dispatchMain()
    }

    /// What every command that measures does first: warns of a debug build, reads the machine, and opens the
    /// result file with its header; nil, with the `Error:` line printed, if the file cannot be opened.
    static func startMeasuring(
        output: OutputDestination, console: Console
    ) -> (machine: MachineInfo, file: OutputFile)? {
        let machine = MachineInfo.current()
        if machine.build == "debug" {
            console.error(debugBanner)
        }
        do {
            let file = try OutputFile(csv: output, header: ResultSchema.columns, console: console, host: machine.host)
            return (machine, file)
        } catch {
            console.error("Error: \(error)\n")
            return nil
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
