import BenchResults
import JobRunners

extension SweepCommand {
    /// What `bench` without a subcommand does, in a line: the main help's COMMANDS section.
    static var abstract: String {
        "Run a sweep, write its result file, print the summary."
    }

    /// The help of `bench` itself, whose commands it lists, with the runners of `catalogue` (``HelpText``).
    static func help(_ catalogue: RunnerCatalogue) -> String {
        HelpText.main(catalogue)
    }
}
