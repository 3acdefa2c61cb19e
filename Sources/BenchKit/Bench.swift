import Foundation
import JobRunners

/// The `bench` command: parses the arguments, runs the sweep, writes the result file and prints the table.
public enum Bench {
    public static func main(arguments: [String], console: Console = .standard) -> ExitCode {
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            console.error("Error: \(error.message)\n\(HelpText.usage)  See 'bench --help' for more information.\n")
            return .usage
        }
        switch command {
        case .help:
            console.output(HelpText.full)
            return .success
        case .sweep(let options):
            return sweep(options, console: console)
        }
    }

    private static func sweep(_ options: BenchOptions, console: Console) -> ExitCode {
        let machine = MachineInfo.current()
        if machine.build == "debug" {
            console.error(debugBanner)
        }
        let file: ResultFile
        do {
            file = try ResultFile(output: options.output, console: console, host: machine.host)
        } catch {
            console.error("Error: \(error)\n")
            return .failure
        }
        // With the CSV on standard output, the table goes to standard error so that the output stays one CSV.
        let showTable = file.displayPath == "-" ? console.error : console.output
        let sweep = Sweep(options: options)
        console.error(
            "bench: \(sweep.steps.count) runs: \(options.runners.count) runners × "
                + "\(options.configurations.count) configurations × (\(options.warmup) warm-up + "
                + "\(options.repetitions) repetitions); results to \(file.displayPath)\n")
        let records: [ResultRecord]
        do {
            records = try sweep.run(machine: machine, record: file.append) { console.error($0 + "\n") }
            try file.finish()
        } catch {
            file.discard()
            console.error("Error: \(error)\n")
            return .failure
        }
        if file.displayPath != "-" {
            console.error("bench: wrote \(records.count) rows to \(file.displayPath)\n")
        }
        if machine.build == "debug" {
            console.error(debugBanner)
        }
        let table = ResultTable(records: records, runners: options.runners, configurations: options.configurations)
        showTable("\n" + table.render())
        let notOK = records.filter { $0.outcome.status != .ok }
        guard notOK.isEmpty else {
            console.error("bench: \(notOK.count) of \(records.count) runs failed or stalled; see the detail column\n")
            return .someRunsFailed
        }
        return .success
    }

    private static let debugBanner = """
        ************************************************************************
        * WARNING: this is a DEBUG build. Its timings are meaningless: the     *
        * Swift code in every runner is unoptimized. For real numbers, run     *
        *     swift run -c release bench                                       *
        ************************************************************************

        """
}
