import BenchResults
import Foundation
import JobRunners

extension WorkerCommand {
    /// What `bench worker` does, in a line: the main help's COMMANDS section.
    static var abstract: String {
        "Make runs for a parent \(Program.name), as its child process."
    }

    /// The help of `bench worker`.
    static func help(_: RunnerCatalogue) -> String {
        """
        OVERVIEW: Makes runs for a parent bench, as its child process: bench starts workers for --processes,
        --isolate and interleave, and they end when it does. Not for typing by hand.

        \(HelpText.usage(.worker))
        \(HelpText.paragraph("It answers on standard output with the line '\(WorkerProtocol.greeting)' and a line of JSON, its build (configuration and compiler, which the rows of its runs record), then reads a request per line on standard input (one recorded run of one cell, in JSON) and answers each with a line of JSON: the run's outcome, or why it refused. The first time it meets a cell it makes the cell's warm-ups first. A worker of another protocol version than its parent's refuses to start, so that two builds measured side by side speak alike.", indent: 0))

        OPTIONS:
        \(WorkerCommand.definition.optionsSection)

        EXIT CODES:
          0   its input ended   1   the parent speaks another protocol   64   the command line was wrong

        """
    }
}
