import BenchResults
import Foundation
import JobRunners

/// `bench validate A.csv B.csv`: how far `compare`'s verdicts can be trusted on this machine, from two files of
/// the same sweep made one after the other; without files, it makes them first: the sweep (the default sweep, or as
/// its options say) twice, each in a fresh `bench` process, one after the other, each written to a new file in
/// results/.
///
/// - The A/A test: nothing changed between the files, so every `faster` or `slower` verdict of B against A is a
///   false alarm; their share is the false-alarm rate.
/// - The injected-shift test: B's runs, every time multiplied by the shift (1.2 by default), against A; the share
///   of cells called `slower` is the detection rate at that shift.
///
/// It also gives how many cells' headlines agree within ±10%, the spread between sessions that the verdicts have
/// to live with.
struct ValidateCommand: Command, Equatable {
    /// The two files of the same sweep made one after the other; empty where it makes them.
    let paths: [String]
    /// Where it makes the files: the sweep's command line (the default sweep unless its options say otherwise),
    /// its rows to standard output; nil where files are given.
    let sweepArguments: [String]?
    let threshold: Double
    let format: OutputFormat
    let color: ColorChoice
    /// The factor the second file's runs are scaled by for the injected-shift test.
    let shift: Double
    /// Whether to keep the session terms the pair measures for its machine, beside the first file, for compare.
    let keep: Bool

    init(_ line: ParsedCommandLine<ValidateOptions>, _ context: ParseContext) throws(UsageError) {
        let (options, arguments) = (line.options, line.arguments)
        (threshold, format, color, shift, keep) =
            (options.compare.threshold, options.compare.format, options.compare.color, options.shift, options.keep)
        if arguments.isEmpty {
            // The sweep is checked here, as bench checks it, so that a mistake is a usage error before anything runs.
            _ = try options.run.plan(cells: try options.run.cells.settled(in: context.catalogue))
            var child = SweepOptions()
            child.run = options.run
            child.run.recording.output = .standardOutput
            (paths, sweepArguments) = ([], SweepCommand.definition.arguments(for: child))
            return
        }
        guard arguments.count == 2 else {
            throw UsageError(
                "'\(Program.name) validate' needs two result files of the same sweep, made one after the other, or "
                    + "none to make them")
        }
        if let given = line.firstGiven(of: Self.sweepOptions) {
            throw UsageError(
                "'\(given.flag)' shapes the sweeps that '\(Program.name) validate' makes without files, so it does not apply to "
                    + "files")
        }
        // A file against itself has no false alarm to find: validate would report 0% as if the machine had earned it.
        if ResultSet.isSameFile(arguments[0], arguments[1]) {
            throw UsageError(
                "'\(arguments[1])' is the first file again: '\(Program.name) validate' needs two sweeps, made one "
                    + "after the other")
        }
        (paths, sweepArguments) = (arguments, nil)
    }

    func run(_ context: CommandContext) -> ExitCode {
        let (console, executable) = (context.console, context.executable)
        var paths = paths
        if let sweepArguments {
            for index in 1...2 {
                guard let path = Self.sweep(index, sweepArguments, console: console, executable: executable) else {
                    return .failure
                }
                paths.append(path)
            }
        }
        guard let files = ResultSet.read(paths, console: console), files.count == 2 else {
            return .failure
        }
        // The verdicts with the terms compare would use for these files; then what the pair measures of them.
        guard let terms = FileComparison.withKeptTerms(files, threshold: threshold, console: console)
        else {
            return .failure
        }
        if let message = terms.sharesNoCellMessage {
            console.reportError(message)
            return .failure
        }
        // Files of two machines still have their rates, but they are not this machine's false alarms (with --keep,
        // an error says so).
        let machines = FileComparison.machines(of: files)
        if machines.count > 1, !keep {
            console.notice(
                "\(Program.name) validate: the files come from \(machines.count) machines (\(machines.joined(separator: ", "))): "
                    + "an A/A test is two sweeps of one machine, so what it calls false alarms here are the machines' "
                    + "differences")
        }
        let validation = Validation(
            first: Report(records: files[0].records), second: files[1].records, shift: shift,
            threshold: threshold, terms: terms.terms)
        var kept: Validation.Kept?
        if keep {
            guard let made = Self.keep(validation, files: files, paths: paths, console: console) else {
                return .failure
            }
            kept = made
        }
        console.output(
            validation.output(paths: paths, termsText: terms.sessionTermsText(), kept: kept)
                .render(format, colour: color.isOn(for: console)))
        return .success
    }

    /// Adds what the pair measured to the terms kept for its machine beside the first file, in place of the same
    /// pair's earlier measurement, writing the file whole under a temporary name first; where, or nil with the
    /// `Error:` line printed (the pair comes from two machines, has no machine factor, or the file cannot be written).
    private static func keep(
        _ validation: Validation, files: [ResultSet], paths: [String], console: Console
    ) -> Validation.Kept? {
        let machines = FileComparison.machines(of: files)
        guard machines.count == 1, let machine = machines.first else {
            console.reportError(
                "--keep keeps terms for one machine, and these files come from \(machines.count): "
                    + machines.joined(separator: ", "))
            return nil
        }
        guard let measured = SessionTerms.measured(from: validation.same) else {
            console.reportError(
                "these files share too few cells for a machine factor, so they measure no session terms")
            return nil
        }
        let path = SessionTerms.Kept.path(machine: machine, in: (paths[0] as NSString).deletingLastPathComponent)
        do {
            var kept = try SessionTerms.Kept.read(path) ?? SessionTerms.Kept(machine: machine)
            let sweeps = zip(files, paths).map { SessionTerms.Kept.Pair.sweep(of: $0.records, path: $1) }
            let earlier = kept.keep(
                SessionTerms.Kept.Pair(
                    files: paths, measuredAt: Date().resultTimestamp, cells: validation.cells, terms: measured,
                    sweeps: sweeps))
            let file = try OutputFile(.file(path: path), console: console)
            try file.write(kept.json)
            try file.finish()
            return Validation.Kept(path: path, pairs: kept.pairs.count, replacing: earlier?.measuredAt)
        } catch {
            console.reportError("cannot keep the session terms in '\(path)': \(error)")
            return nil
        }
    }

    /// Makes sweep `index` of 2 in a fresh `bench` process (its progress and summary on standard error, its rows
    /// read back from its standard output) and writes its rows to a new file in results/; the file's path, or nil
    /// with the `Error:` line printed. A sweep whose runs partly failed still counts: its rows say which.
    private static func sweep(_ index: Int, _ arguments: [String], console: Console, executable: URL?) -> String? {
        guard let executable else {
            console.reportError("cannot find \(Program.name)'s own executable to make the sweeps; make them with \(Program.name) and "
                + "pass the two files")
            return nil
        }
        // The child writes its rows to its standard output, so its header says "results to -"; this line says where
        // they end up.
        console.error(
            "\(Program.name) validate: sweep \(index) of 2, in a fresh process, which sends its rows here ('results to "
                + "-') for a new file in results/\n")
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: executable, arguments: arguments)
        } catch {
            console.reportError("sweep \(index): \(error)")
            return nil
        }
        // The child's standard error is this process's, so nothing but its rows comes through the pipe.
        let (data, ending) = process.readToEnd()
        guard ending == .exited(ExitCode.success.rawValue) || ending == .exited(ExitCode.someRunsFailed.rawValue) else {
            console.reportError(
                "sweep \(index) \(ending.description) (its own message is above); nothing validated")
            return nil
        }
        do {
            let rows = try ResultSet(path: "sweep \(index)", data: data)
            let file = try OutputFile(.newFileInResults, console: console, machine: rows.records.first?.machine)
            try file.write(String(decoding: data, as: UTF8.self))
            try file.finish()
            console.error("\(Program.name) validate: wrote \(Format.count(rows.records.count, "row")) to \(file.displayPath)\n")
            return file.displayPath
        } catch {
            console.reportError(error)
            return nil
        }
    }
}
