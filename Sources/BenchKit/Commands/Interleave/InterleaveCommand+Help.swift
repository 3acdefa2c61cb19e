import BenchResults
import Foundation
import JobRunners

extension InterleaveCommand {
    /// What `bench interleave` does, in a line: the main help's COMMANDS section.
    static var abstract: String {
        "Compare two builds of \(Program.name) in one session, run by run in alternation."
    }

    /// The help of `bench interleave`.
    static func help(_: RunnerCatalogue) -> String {
        """
        OVERVIEW: Compares two builds of \(Program.name) (a toolchain upgrade, a change to your own runner) on this machine,
        measuring both in one session, run by run in alternation, and judging each cell pair by pair.

        \(HelpText.usage(.interleave))
        \(HelpText.paragraph("Both executables must be \(Program.name) programs built from the same version of ThreadingOverheads (their worker protocol is checked before anything runs); they may be the same one twice, which is an A/A test of this machine. Each build gets \(RunOption.processes.flag) worker processes at a time; the k-th workers of the two builds retire together for fresh ones after \(WorkerPool.lifetimeText), as a sweep's do, so that a cell's pairs come from many pairs of processes. For each step of the plan's shuffled order, both builds make the run, one right after the other, which of them first drawn from the seed: whatever the machine does over seconds and minutes falls on both runs of the pair alike. Every run goes to one result file whose rows name their build (variant A or B, and the executable) and worker; '\(Program.name) compare FILE' compares such a file again.", indent: 0))
        \(HelpText.paragraph("A cell's ratio is the 20% trimmed mean over its pairs of B/A (on the log scale), its 95% interval Yuen's for a trimmed mean, over the worker processes (each its pairs' trimmed mean; none with fewer than \(InterleavedComparison.fewestPairsForInterval) pairs, as the runners that start a thread per job have under the default budget: \(RunOption.repetitions.flag) or \(RunOption.budget.flag) gives them more), and its verdict compare's rule: same within the noise threshold, faster or slower when the interval lies wholly below or above 1, unsure otherwise; its sees, as compare's, the smallest change an interval so wide would call.", indent: 0))

        OPTIONS:
        \(InterleaveCommand.definition.optionsSection)

        EXIT CODES:
          0   compared   1   an executable is not a \(Program.name) of this protocol, or a file cannot be written
          2   some runs failed or stalled   64   the command line was wrong   130, 143   interrupted

        EXAMPLE:
          swift build -c release --scratch-path .build-a && swift build -c release --scratch-path .build-b
          swift run -c release \(Program.name) interleave .build-a/release/\(Program.name) .build-b/release/\(Program.name) --runners task,actor

        """
    }
}
