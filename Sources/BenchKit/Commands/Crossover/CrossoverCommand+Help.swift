import BenchResults
import Foundation
import JobRunners

extension CrossoverCommand {
    /// What `bench crossover` does, in a line: the main help's COMMANDS section.
    static var abstract: String {
        "Find the job size at which each runner's overhead stops mattering."
    }

    /// The help of `bench crossover`.
    static func help(_: RunnerCatalogue) -> String {
        """
        OVERVIEW: Finds, for each runner, the job size at which its overhead falls below 10% and 1% of the job's
        own time: the practical answer to "when may I spawn a thread per job?".

        \(HelpText.usage(.crossover))
        \(HelpText.paragraph("Every runner runs one queue (so that its jobs run one at a time) with no work and with each work size, a calibrated spin per job (as \(Program.name)'s \(RunOption.work.flag) does), its iterations chosen so that a run takes about \(Int(CrossoverOptions.targetRunSeconds * 1000)) ms. The control runner, \(Report.controlRunner), always runs too. The job's own time at work W is S(W) = T(W) − T(0) of the control, T being a runner's median time per job; a runner's overhead is O(W) = T(W) − S(W), and its share is O / S. The crossovers are where the share falls below 10% and 1% and stays below at every larger size measured, interpolated between the work sizes around them on logarithmic scales. The runs go to a result file, which \(CrossoverCommand.input.flag) analyzes again.", indent: 0))

        OPTIONS:
        \(CrossoverCommand.definition.optionsSection)

        EXIT CODES:
          0   done   1   an error   2   some runs failed or stalled   64   the command line was wrong
          130, 143   interrupted: the runs made are in the result file

        """
    }
}
