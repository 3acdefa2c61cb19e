import BenchResults
import Foundation
import JobRunners

/// How a parent `bench` and a worker (`bench worker`, a child process that makes runs for it) talk, over the
/// worker's standard input and output. Both sides must speak the same version, so that two builds of `bench` can
/// be measured side by side (`bench interleave`): the parent starts the worker with `--protocol` and its version;
/// a worker of another version refuses to start, and one that predates workers fails as an unknown command.
///
/// Version 3 (version 2 answered with the first line alone; version 1 sent a sweep's command line and answered
/// with a result file):
/// 1. The worker answers its start with two lines: `threading-overheads worker 3`, then its build
///    (``MachineInfo/Build``: configuration and compiler) as one line of JSON, which the rows of its runs record
///    (two builds that `bench interleave` compares may differ in both).
/// 2. The parent writes a ``WorkerRequest`` per run, as one line of JSON.
/// 3. The worker makes the run (after its warm-ups, the first time it meets the cell) and answers with a
///    ``WorkerReply``, one line of JSON: the run's outcome, or why it refused the request.
/// 4. The parent closes the worker's standard input when done; the worker then exits.
///
/// Both messages are Swift values that `Codable` encodes whole: a field added to a configuration, to the settings
/// or to an outcome travels with them, and one of a type that cannot travel fails to build. Nothing is turned
/// back into command-line text on the way, so nothing is parsed, defaulted or limited twice.
enum WorkerProtocol {
    /// The version this `bench` speaks.
    static let version = 3

    /// The line a worker answers its start with.
    static var greeting: String {
        "threading-overheads worker \(version)"
    }

    /// `message` as one line of JSON, newline included. JSON escapes the newlines inside strings, so a message
    /// is always one line.
    static func line(_ message: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(message), as: UTF8.self) + "\n"
    }

    /// The message of type `Message` that `line` (without its newline) holds.
    static func message<Message: Decodable>(_ type: Message.Type, from line: String) throws -> Message {
        try JSONDecoder().decode(type, from: Data(line.utf8))
    }
}

/// What a parent asks of a worker: the recorded run of one cell, with its warm-ups and settings.
struct WorkerRequest: Codable, Equatable, Sendable {
    /// The runner's id, which the worker's catalogue (the same executable's) knows.
    var runner: String
    /// The configuration of the run.
    var configuration: RunConfiguration
    /// The cell's warm-ups, made the first time the worker meets the cell.
    var warmup: SweepPlan.Warmup
    /// The timeouts of the run.
    var settings: RunSettings
    /// The seed of the parent's plan, as every row records it.
    var seed: UInt64

    /// The request for the recorded run of `step` of `plan`.
    init(_ step: SweepPlan.Step, of plan: SweepPlan) {
        runner = step.runner.id
        configuration = step.configuration
        warmup = plan.warmup
        settings = plan.settings
        seed = plan.seed
    }

    /// The plan a worker makes of the request: the one cell, one recorded run, and its warm-ups unless `warm`.
    func plan(catalogue: RunnerCatalogue, warm: Bool) throws(UsageError) -> SweepPlan {
        guard let kind = catalogue.runner(id: runner) else {
            throw UsageError("this worker knows no runner '\(runner)'")
        }
        return SweepPlan(
            cells: [SweepPlan.Cell(runner: kind, configuration: configuration)], sampling: .repetitions(1),
            warmup: warm ? .runs(0) : warmup, settings: settings, seed: seed)
    }
}

/// A worker's answer to a ``WorkerRequest``.
enum WorkerReply: Codable, Equatable, Sendable {
    /// The recorded run's outcome, whatever its status.
    case run(RunOutcome)
    /// Why the worker could not make the run (a runner it does not know, a request it cannot read).
    case refused(String)
}

/// Reads a file descriptor by lines, blocking, without Foundation's run loop.
struct DescriptorReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(_ handle: FileHandle) {
        descriptor = handle.fileDescriptor
    }

    /// Reads until the buffer holds at least `count` bytes; false at the end of the input.
    private mutating func fill(_ count: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while buffer.count < count {
            let read = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if read < 0, errno == EINTR {
                continue
            }
            guard read > 0 else {
                return false
            }
            buffer += chunk[..<read]
        }
        return true
    }

    /// The next line, without its newline; nil at the end of the input.
    mutating func line() -> String? {
        var searched = 0
        while true {
            if let end = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 1)
                return line
            }
            searched = buffer.count
            guard fill(buffer.count + 1) else {
                return nil
            }
        }
    }
}
