import BenchResults
import Foundation
import JobRunners

extension CompareCommand {
    /// What `bench compare` does, in a line: the main help's COMMANDS section.
    static var abstract: String {
        "Compare result files, from this machine or others."
    }

    /// The help of `bench compare`.
    static func help(_: RunnerCatalogue) -> String {
        """
        OVERVIEW: Compares result files cell by cell (runner × configuration), each against the first.

        \(HelpText.usage(.compare))
        \(HelpText.paragraph("For each cell in both files: the median cost per job side by side, the ratio (file / baseline) and a verdict on it:", indent: 0))
          same      the ratio is within the noise threshold of 1, with or without an interval
          faster    below 1 by more than the threshold, and its 95% interval lies below 1
          slower    above 1 by more than the threshold, and its 95% interval lies above 1
          unsure    beyond the threshold, but the interval includes 1, or a file has fewer than two ok
                    repetitions in the cell (the 2010 file has one), so no interval can be made; or most
                    of its runs in either file were made while other programs used the machine (marked !)
        \(HelpText.paragraph("The interval accounts for the files coming from two sessions. First each cell's own 95% interval in each file (over the worker processes that made its runs, the unit a sweep replicates: their medians' order statistics from 6, Student's t below, over its runner's pooled spread at 2), combined for the ratio. Then what changes only between sessions, which no single file can see: how far a cell moves beside the machine, and how far the machine as a whole moves (its drift). \(Program.name) validate A.csv B.csv --keep measures both on an A/A pair and keeps them for the machine in MACHINE.session-terms.json beside A (named as its result files are: host, processor, CPUs); compare uses the kept terms of the files' machine, found beside the first file, or else the default (a cell ±\(Format.number(SessionTerms.default.cell * 100))%, the machine ±\(Format.number(SessionTerms.default.drift * 100))%), and says which above the table. A raw ratio is widened by both, a ratio beside the machine by the cell's term alone.", indent: 0))
        \(HelpText.paragraph("The sees column is the smallest change of the cell that an interval as wide as its own (the ÷ machine one, where there is a machine factor: a change beside the machine) would call \(Int(Comparison.detectablePower * 100))% of the time (never less than the threshold): a cell called same or unsure with sees ×1.5 could not have seen a change of 20%. A line under the verdicts counts the cells that could have seen ×\(Format.number(FileComparison.detectableChange)). \(Program.name) validate measures how often a change of each cell's own size is found.", indent: 0))
        \(HelpText.paragraph("Then the machine factor: the median of the cells' ratios, with its interval, which is how much the file's machine (or its load) moved as a whole; between machines of different kinds (other CPU counts, architectures, systems or Swift versions; another processor model alone is the same kind), the median of the plain-code cells alone (\(Comparison.plainCodeRunners.sorted().joined(separator: " and "))), since the other mechanisms scale with cores and plain code does not. Each cell's ratio divided by it (÷ machine), with its 95% interval, gets a relative verdict by the same rule: with-machine (within the threshold), cheaper or dearer (beyond it, the interval wholly below or above 1), or unsure. A cell that moved with the machine says nothing about the mechanism; one cheaper or dearer beside it does. The median is the machine's move only where most cells moved together: where a change is in half the cells or more (a few runners of two mechanisms, one of them changed), it stands between the two and the relative verdicts flag cells that did not move; read the raw ratios there. With fewer than \(Comparison.fewestCellsForMachineFactor) cells (of different kinds, no plain-code cell) there is no machine factor, and the table shows the ratio's interval and verdict alone. (\(Program.name) validate on files of separate sessions shows how far verdicts hold on your machine.)", indent: 0))
        \(HelpText.paragraph("The machines of the files come first, with the values that differ from the baseline's marked; cells in one file only are listed last, and a file that shares no cell with the baseline is an error. --format csv and json give every figure, the ratio's own interval and the ratio normalized by each file's \(Report.controlRunner) control among them.", indent: 0))

        OPTIONS:
        \(CompareCommand.definition.optionsSection)

        EXIT CODES:
          0   compared, whatever the verdicts
          1   a file cannot be read or is not a result file, or shares no cell with the baseline
          64  the command line was wrong, or names one file that is one sweep's

        EXAMPLE:
          swift run -c release \(Program.name) compare \(Program.compareExampleFiles)

        """
    }
}
