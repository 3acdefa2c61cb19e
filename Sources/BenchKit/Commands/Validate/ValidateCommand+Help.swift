import BenchResults
import Foundation
import JobRunners

extension ValidateCommand {
    /// What `bench validate` does, in a line: the main help's COMMANDS section.
    static var abstract: String {
        "How far compare can be trusted on this machine: an A/A and an injected-shift test on two sweeps' "
            + "files."
    }

    /// The help of `bench validate`.
    static func help(_: RunnerCatalogue) -> String {
        """
        OVERVIEW: How far compare's verdicts can be trusted on this machine: an A/A test and an injected-shift test
        on two result files of the same sweep, made one after the other; without files, it makes them.

        \(HelpText.usage(.validate))
        \(HelpText.paragraph("A/A: the second file against the first with compare's rules. Nothing changed between them, so every cell called faster or slower, or cheaper or dearer beside the machine factor, is a false alarm; their share is the false-alarm rate. Injected shift: the second file's times multiplied by \(ValidateCommand.shift.flag) against the first, in every cell for the raw rule and in each runner's and each family's cells in turn for the relative one; the share of those cells called slower or dearer is the detection rate at that shift. It also counts the cells whose headlines agree within ±\(Int(Validation.agreement * 100))%, gives the machine factor and the session terms the pair measures (\(ValidateCommand.keep.flag) keeps them for compare), says how wide the intervals were for the pair's own differences (the 95th percentile of the A/A ratios' distances from 1 in their interval's side: \(String(format: "%.2f", Validation.calibrated)) for intervals that hold 95% and no more, less where they are wider than needed) and where the spread lives (runs of one process, processes beyond their runs, and between the sessions the machine and a cell beside it), and lists the false alarms and the cells missed.", indent: 0))
        \(HelpText.paragraph("Without files, it first makes them: the default sweep (or the sweep that \(ValidateCommand.sweepOptions.map(\.flag).joined(separator: ", ")) describe, as for \(Program.name)) twice, one after the other, each in a fresh \(Program.name) process, as two sessions of the machine, each written to a new file in results/ (the default sweep takes \(RunOptions.defaultSweepDuration), and this makes it twice). Their progress and summaries go to standard error.", indent: 0))

        OPTIONS:
        \(ValidateCommand.definition.optionsSection)

        EXIT CODES:
          0   validated
          1   a file cannot be read or written or is not a result file, or a sweep it made ended otherwise
              than 0 or 2
          64  the command line was wrong
          130, 143   interrupted by SIGINT, SIGTERM: the files of the sweeps finished are kept

        EXAMPLES:
          swift run -c release \(Program.name) validate
          swift run -c release \(Program.name) --output a.csv
          swift run -c release \(Program.name) --output b.csv
          swift run -c release \(Program.name) validate a.csv b.csv

        """
    }
}
