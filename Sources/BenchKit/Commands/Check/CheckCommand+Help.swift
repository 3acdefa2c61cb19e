import BenchResults
import Foundation
import JobRunners

extension CheckCommand {
    /// What `bench check` does, in a line: the main help's COMMANDS section.
    static var abstract: String {
        "Assert relative or absolute overhead, for CI."
    }

    /// The help of `bench check`.
    static func help(_: RunnerCatalogue) -> String {
        """
        OVERVIEW: Asserts relative or absolute overhead, for CI: over a fresh run, or an existing result file.

        \(HelpText.usage(.check))
        A check (quote each one):
          RUNNER[@QxI] (>=|<=|>|<) FACTOR x RUNNER[@QxI]     a multiple of another runner's cost per job
          RUNNER[@QxI] (>=|<=|>|<) NUMBER (ns|us|µs|ms|s)/job  an absolute cost per job
          RUNNER[@QxI] (>=|<=|>|<) NUMBER allocs/job           allocations per job, counted (0 allowed)
          RUNNER[@QxI] (>=|<=|>|<) [FACTOR x] RUNNER allocs    a multiple of another runner's allocations per job
        \(HelpText.paragraph("Costs are medians per job (per round trip in ping-pong). Without @QxI (queues x iterations of a chain), a check applies in every configuration measured, and must hold in each; a configuration given on one side only applies to both, and each side given one is read in its own.", indent: 0))
          'detach-thread >= 10x serial-queue'
          'serial-queue <= 200ns/job'
          'run-loop@8x12500 > 2x global-queue@8x12500'
          'task <= 4.5 allocs/job'

        \(HelpText.paragraph("A fresh run measures the runners each check names, each side in the configuration it names, or the other side's, or, if neither names one, in those of \(RunOption.shapes.flag), \(RunOption.queues.flag), \(RunOption.iterations.flag) and \(RunOption.jobs.flag) (by default, the 2010 sweep's) whose shape both runners run; a check that no configuration could decide (a runner that runs none of its shapes) is a usage error.", indent: 0))

        OUTCOMES:
        \(HelpText.paragraph("Each check is decided by one rule over every run of its cells, pooled: the \(CheckCommand.confidence.flag) interval (a percentile bootstrap) of what the check compares with its bound, the ratio of the two runners' costs per job or the one runner's cost, lies", indent: 0))
          holds         wholly where the check holds: PASS
          fails         wholly where it fails, or a runner it reads has no ok run: FAIL
          inconclusive  across the bound: these runs cannot tell (INCONCLUSIVE)
        \(HelpText.paragraph("A check on allocations is decided on every run's count (each process counts each cell once, in a run of its own): it holds only if every run's count does, fails if none does, and is inconclusive where they straddle its bound or this build cannot count (Linux with glibc and macOS can, unless their self-check fails). A count does not move with the machine's load, so other programs do not make it inconclusive. A count per job is the run's allocations over its jobs, a run's own start included: a runner that allocates nothing per job counts a little over 0 (serial-queue about 0.0001), so 'serial-queue < 0.01 allocs/job' is what 'none per job' reads as, and '<= 0' fails.", indent: 0))
        \(HelpText.paragraph("A check on cost is inconclusive, too, where other programs, or the hypervisor's other guests (steal), used the machine (\(Format.number(RunLoad.interferenceShare * 100))% of its CPU time or more) while more than \(Format.number(CheckExpression.interferedShare * 100))% of a cell's runs were made: a decision from them would be one about what else ran.", indent: 0))
        \(HelpText.paragraph("A fresh run looks after \(CheckOptions.looks.map(String.init).joined(separator: ", ")) runs of each cell in all, measuring again only the cells of checks still inconclusive, while \(CheckCommand.budget.flag) lasts; each look's intervals are at 1 − (1 − confidence) / \(CheckOptions.looks.count), so that looking again cannot buy a decision. With \(CheckCommand.repetitions.flag), it decides once, on that many runs (\(CheckExpression.fewestRuns) or more). A check on cost decides from \(CheckExpression.fewestRuns) runs of each cell or more, whose range holds their median with 95% confidence; from a file with fewer (a sweep gives its dear cells 3), it is inconclusive, and says so. No check is ever measured again because it failed. The result file (\(RunOption.output.flag)) keeps every run.", indent: 0))

        OPTIONS:
        \(CheckCommand.definition.optionsSection)

        EXIT CODES:
          0   every check holds
          1   a check fails, a file cannot be read, or --output cannot be written
          3   no check fails, but some are inconclusive
          64  a malformed check or option, an unknown runner, or a check no run could decide
          130, 143   interrupted by SIGINT, SIGTERM: no check is decided

        """
    }
}
