import Foundation

/// A child process of a `bench` executable, the one way `bench` starts one: the workers that make runs
/// (``WorkerPool``: `--processes`, `--isolate`, `bench interleave`) and the sweeps `bench validate` makes.
///
/// Its standard output is a pipe this process reads; its standard input a pipe this process writes, if asked; its
/// standard error this process's own, so that its `Error:` lines reach the user. It is registered with
/// ``Interrupts`` while it runs, so that SIGINT or SIGTERM stops it with this process.
final class ChildProcess {
    private let process = Process()
    /// Where the child's standard output is read.
    let output: FileHandle
    /// Where the child's standard input is written; nil unless asked for.
    let input: FileHandle?
    let executable: URL
    private let identifier: Int32

    /// How a child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was killed by signal \(signal)"
            }
        }
    }

    /// Starts `executable` with `arguments`; throws a message for the `Error:` line if it cannot be started.
    init(executable: URL, arguments: [String], withInput: Bool = false) throws(ChildProcessError) {
        self.executable = executable
        process.executableURL = executable
        process.arguments = arguments
        let outputPipe = Pipe()
        process.standardOutput = outputPipe
        var inputPipe: Pipe?
        if withInput {
            let pipe = Pipe()
            process.standardInput = pipe
            inputPipe = pipe
        }
        do {
            try process.run()
        } catch {
            throw ChildProcessError(
                description: "cannot start '\(executable.path)': \(error.localizedDescription)")
        }
        output = outputPipe.fileHandleForReading
        input = inputPipe?.fileHandleForWriting
        identifier = process.processIdentifier
        Interrupts.register(childProcess: identifier)
    }

    deinit {
        Interrupts.unregister(childProcess: identifier)
    }

    /// Reads the child's standard output to its end, then waits for the child to end.
    func readToEnd() -> (output: Data, ending: Ending) {
        let data = output.readDataToEndOfFile()
        return (data, waitUntilExit())
    }

    /// Closes the child's standard input (a worker then ends) and waits for it to end.
    @discardableResult
    func finish() -> Ending {
        try? input?.close()
        return waitUntilExit()
    }

    /// Stops the child with SIGTERM, then waits for it.
    func terminate() {
        if process.isRunning {
            process.terminate()
        }
        _ = waitUntilExit()
    }

    private func waitUntilExit() -> Ending {
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }

    /// This program's own executable, which child processes run by default.
    static var currentExecutable: URL? {
        #if os(Linux)
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        Bundle.main.executableURL
        #endif
    }
}

/// A child process that cannot be started or does not answer as it should; its description is the message for the
/// `Error:` line.
struct ChildProcessError: Error, CustomStringConvertible {
    var description: String
}
