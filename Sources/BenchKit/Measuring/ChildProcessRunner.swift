import BenchResults
import Foundation
import JobRunners

/// Makes each recorded run in a fresh `bench` process (`--isolate`), so that Dispatch's thread pool, the allocator
/// and the caches start cold for every repetition, as they do for a program that runs once.
///
/// The child is a sweep of one runner in one configuration (``SweepCommand/childArguments(for:of:)``): its
/// warm-ups, then one recorded repetition, written as CSV to its standard output, which this process reads back.
struct ChildProcessRunner {
    let executable: URL
    /// The child's arguments.
    let arguments: [String]

    func measure() -> RunOutcome {
        let startedAt = Date()
        func failed(_ detail: String) -> RunOutcome {
            RunOutcome(status: .failed, nanoseconds: nil, detail: detail, completedIterations: 0, startedAt: startedAt)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return failed("cannot start a child process (\(RunOption.isolate.flag)): \(error.localizedDescription)")
        }
        let childID = process.processIdentifier
        Interrupts.register(childProcess: childID)
        defer { Interrupts.unregister(childProcess: childID) }
        // Standard output first, then standard error: with --quiet the child writes to standard error only its
        // summary of one cell (and any error), far below a pipe's capacity, so it cannot block on it meanwhile. No
        // thread is started for the reading: threads may be the very thing that has run out.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        let lastError = String(decoding: errorData, as: UTF8.self)
            .split(separator: "\n").last { $0.hasPrefix("Error:") }.map(String.init)
        if process.terminationReason == .uncaughtSignal {
            return failed("the child process (\(RunOption.isolate.flag)) was killed by signal \(process.terminationStatus)")
        }
        guard let record = try? ResultSet(path: "child", data: data).records.first else {
            return failed(
                "the child process (\(RunOption.isolate.flag)) exited with status \(process.terminationStatus) and no result"
                    + (lastError.map { ": \($0)" } ?? ""))
        }
        var outcome = record.outcome
        outcome.startedAt = outcome.startedAt ?? startedAt
        return outcome
    }

    /// This program's own executable.
    static var currentExecutable: URL? {
        #if os(Linux)
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        Bundle.main.executableURL
        #endif
    }
}
