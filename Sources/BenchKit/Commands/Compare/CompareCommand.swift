import BenchResults
import Foundation
import JobRunners

/// `bench compare A.csv B.csv [C.csv …]`: each later file against the first, cell by cell.
struct CompareCommand: Command {
    /// The baseline first, then one or more files compared with it; or one file of two builds.
    let paths: [String]
    /// The threshold, format, colour and metrics, as given: each is settled by its default.
    let options: CompareOptions

    init(_ line: ParsedCommandLine<CompareOptions>, _: ParseContext) throws(UsageError) {
        guard !line.arguments.isEmpty else {
            throw UsageError(
                "'\(Program.name) compare' needs two or more result files (the baseline first), or one of '\(Program.name) "
                    + "interleave'")
        }
        // One file can only be bench interleave's, whose pairs compare no metrics.
        if line.arguments.count == 1, line.firstGiven(of: [Self.metrics]) != nil {
            throw UsageError(
                "'\(Self.metrics.flag)' needs two or more files: one of '\(Program.name) interleave' is compared pair "
                    + "by pair, on time alone")
        }
        paths = line.arguments
        options = line.options
    }

    func run(_ context: CommandContext) -> ExitCode {
        let (catalogue, console) = (context.catalogue, context.console)
        guard let files = ResultSet.read(paths, console: console, allowingBuilds: true) else {
            return .failure
        }
        // One file of two builds, made by bench interleave: compared pair by pair.
        if files.count == 1, let file = files.first {
            // What the command line asked cannot be done, as when it names no file: a usage error, which only
            // reading the file can tell.
            guard !file.variants.isEmpty else {
                BenchCommand.report(
                    UsageError(
                        "'\(file.path)' is one sweep's: compare it with another, the baseline first",
                        command: .compare), console: console)
                return .usage
            }
            do {
                let comparison = try InterleavedComparison(records: file.records, threshold: options.threshold)
                console.output(
                    InterleavedOutput(comparison, catalogue: catalogue).output.render(options.format, colour: options.color.isOn(for: console)))
                return .success
            } catch {
                console.reportError(
                    "'\(file.path)': \(error); '\(Program.name) compare' needs two or more result files, the "
                        + "baseline first, or one made by '\(Program.name) interleave'")
                return .failure
            }
        }
        if let mixed = files.first(where: { !$0.variants.isEmpty }) {
            console.reportError(
                "'\(mixed.path)' is from '\(Program.name) interleave' (two builds' runs): compare it alone")
            return .failure
        }
        // A file compared with itself gives every cell a ratio of exactly 1: not an A/A test, which takes two sweeps.
        for path in paths.dropFirst() where ResultSet.isSameFile(path, paths[0]) {
            console.notice(
                "\(Program.name) compare: '\(path)' is the baseline's own file, so every ratio there is 1; an A/A test "
                    + "of this machine is two sweeps ('\(Program.name) validate' makes and judges them)")
        }
        guard var comparison = FileComparison.withKeptTerms(files, threshold: options.threshold, console: console) else {
            return .failure
        }
        if let message = comparison.sharesNoCellMessage {
            console.reportError(message)
            return .failure
        }
        // A file whose sweep saw the machine change under it (Drift) holds cells whose runs differ before and after
        // the change: a verdict on them may be the machine's, as the file's own summary warns.
        for file in files {
            let drifting = Drift.machineChange(in: file.records).count
            if drifting > 0 {
                console.notice(
                    "\(Program.name) compare: the machine changed during the sweep of '\(file.path)': \(drifting) "
                        + "cells' runs differ before a point of it and after it ('\(Program.name) --input "
                        + "\(file.path)' names them), so their verdicts may be the machine's")
            }
        }
        comparison.showsMetrics = options.showsMetrics
        if options.format == .html {
            comparison.catalogue = catalogue
        }
        console.output(comparison.output.render(options.format, colour: options.color.isOn(for: console)))
        return .success
    }
}
