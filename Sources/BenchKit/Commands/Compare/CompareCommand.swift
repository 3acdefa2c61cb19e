import BenchResults
import Foundation
import JobRunners

/// `bench compare A.csv B.csv [C.csv …]`: each later file against the first, cell by cell.
enum CompareCommand {
    static func run(_ options: CompareOptions, catalogue: RunnerCatalogue, console: Console) -> ExitCode {
        guard let files = ResultSet.read(options.paths, console: console, allowingBuilds: true) else {
            return .failure
        }
        // One file of two builds, made by bench interleave: compared pair by pair.
        if files.count == 1, let file = files.first {
            do {
                let comparison = try InterleavedComparison(records: file.records, threshold: options.threshold)
                console.output(InterleavedOutput(comparison, catalogue: catalogue).output.render(options.format))
                return .success
            } catch {
                console.error(
                    "Error: '\(file.path)': \(error); '\(Program.name) compare' needs two or more result files, the "
                        + "baseline first, or one made by '\(Program.name) interleave'\n")
                return .failure
            }
        }
        if let mixed = files.first(where: { !$0.variants.isEmpty }) {
            console.error(
                "Error: '\(mixed.path)' holds runs of two builds (\(Program.name) interleave): compare it alone, "
                    + "'\(Program.name) compare \(mixed.path)'\n")
            return .failure
        }
        guard var comparison = FileComparison.withKeptTerms(files, threshold: options.threshold, console: console) else {
            return .failure
        }
        // A later file with no cell of the baseline's would print its tables empty and exit 0, which a CI step
        // takes for a comparison made: it is an error, saying what each file holds.
        if let offset = comparison.comparisons.firstIndex(where: { $0.rows.isEmpty }) {
            let (baseline, candidate) = (files[0], files[offset + 1])
            console.error(
                "Error: '\(baseline.path)' and '\(candidate.path)' share no cell (runner and configuration), so there "
                    + "is nothing to compare. '\(baseline.path)' holds \(FileComparison.holdings(comparison.reports[0])); "
                    + "'\(candidate.path)' holds \(FileComparison.holdings(comparison.reports[offset + 1])). Compare files "
                    + "made by the same command, such as a check's --output and a baseline made by that check.\n")
            return .failure
        }
        comparison.showsMetrics = options.showsMetrics
        if options.format == .html {
            comparison.catalogue = catalogue
        }
        console.output(comparison.output.render(options.format))
        return .success
    }
}

extension CompareCommand: ParsableCommand {}

extension Subcommand {
    /// `bench compare`.
    static let compare = Subcommand(
        CompareCommand.self, name: "compare", abstract: "Compare result files, from this machine or others.",
        help: { _ in HelpText.compare })
}

extension CompareOptions: Invocation {
    func run(_ context: CommandContext) -> ExitCode {
        CompareCommand.run(self, catalogue: context.catalogue, console: context.console)
    }
}

extension HelpText {
    /// The help of `bench compare`.
    static var compare: String {
        """
        OVERVIEW: Compares result files cell by cell (runner × configuration), each against the first.

        \(usage(.compare))
        \(paragraph("For each cell in both files: the median cost per job side by side, the ratio (file / baseline) and a verdict on it:", indent: 0))
          same      the ratio is within the noise threshold of 1, with or without an interval
          faster    below 1 by more than the threshold, and its 95% interval lies below 1
          slower    above 1 by more than the threshold, and its 95% interval lies above 1
          unsure    beyond the threshold, but the interval includes 1, or a file has fewer than two ok
                    repetitions in the cell (the 2010 file has one), so no interval can be made
        \(paragraph("The interval accounts for the files coming from two sessions. First each cell's own 95% interval in each file (Student's t over the worker processes that made its runs, the unit a sweep replicates), combined for the ratio. Then what changes only between sessions, which no single file can see: how far a cell moves beside the machine, and how far the machine as a whole moves (its drift). \(Program.name) validate A.csv B.csv --keep measures both on an A/A pair and keeps them for the host in HOST.session-terms.json beside A; compare uses the kept terms of the files' host, found beside the first file, or else the default (a cell ±\(Format.number(SessionTerms.default.cell * 100))%, the machine ±\(Format.number(SessionTerms.default.drift * 100))%), and says which above the table. A raw ratio is widened by both, a ratio beside the machine by the cell's term alone.", indent: 0))
        \(paragraph("The sees column is the smallest change of the cell that an interval as wide as its own would call \(Int(Comparison.detectablePower * 100))% of the time (never less than the threshold): a cell called same or unsure with sees ×1.5 could not have seen a change of 20%. A line under the verdicts counts the cells that could have seen ×\(Format.number(FileComparison.detectableChange)). \(Program.name) validate measures how often a change of each cell's own size is found.", indent: 0))
        \(paragraph("Then the machine factor: the median of the cells' ratios, with its interval, which is how much the file's machine (or its load) moved as a whole. Each cell's ratio divided by it (÷ machine), with its 95% interval, gets a relative verdict by the same rule: with-machine (within the threshold), cheaper or dearer (beyond it, the interval wholly below or above 1), or unsure. A cell that moved with the machine says nothing about the mechanism; one cheaper or dearer beside it does. With fewer than \(Comparison.fewestCellsForMachineFactor) cells there is no machine factor, and the table shows the ratio's interval and verdict alone. (\(Program.name) validate on files of separate sessions shows how far verdicts hold on your machine.)", indent: 0))
        \(paragraph("The machines of the files come first, with the values that differ from the baseline's marked; cells in one file only are listed last, and a file that shares no cell with the baseline is an error. --format csv and json give every figure, the ratio's own interval and the ratio normalized by each file's \(Report.controlRunner) control among them.", indent: 0))

        OPTIONS:
        \(CompareCommand.definition.optionsSection)

        EXIT CODES:
          0   compared, whatever the verdicts
          1   a file cannot be read or is not a result file, or shares no cell with the baseline
          64  the command line was wrong

        EXAMPLE:
          swift run -c release \(Program.name) compare results/2010-mac-pro-cocoawithlove.csv results/<yours>.csv

        """
    }
}
