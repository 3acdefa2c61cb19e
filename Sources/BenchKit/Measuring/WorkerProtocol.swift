import BenchResults
import Foundation

/// How a parent `bench` and a worker (`bench worker`, a child process that makes runs for it) talk, over the
/// worker's standard input and output. Both sides must speak the same version, so that two builds of `bench` can
/// be measured side by side (`bench interleave`): the parent starts the worker with `--protocol` and its version;
/// a worker of another version refuses to start, and one that predates workers fails as an unknown command.
///
/// Version 1:
/// 1. The worker answers its start with one line, `threading-overheads worker 1`.
/// 2. The parent writes a request per run: one line, the arguments of a sweep of one cell and one recorded run
///    (``SweepCommand/childArguments(for:of:)``), separated by tabs.
/// 3. The worker makes the run (after its warm-ups, the first time it meets the cell) and answers with a line
///    `rows N` and then N bytes: a result file of that one run, header included; or with a line `error MESSAGE`.
/// 4. The parent closes the worker's standard input when done; the worker then exits.
enum WorkerProtocol {
    /// The version this `bench` speaks.
    static let version = 1

    /// The line a worker answers its start with.
    static var greeting: String {
        "threading-overheads worker \(version)"
    }

    /// A request's line: `arguments` joined by tabs, which no argument of a child sweep contains.
    static func request(_ arguments: [String]) -> String {
        arguments.joined(separator: "\t") + "\n"
    }

    /// The arguments of a request's line.
    static func arguments(ofRequest line: String) -> [String] {
        line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Reads a file descriptor by lines and by counts of bytes, blocking, without Foundation's run loop.
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

    /// The next `count` bytes; nil if the input ends before.
    mutating func bytes(_ count: Int) -> Data? {
        guard fill(count) else {
            return nil
        }
        let data = Data(buffer[..<count])
        buffer.removeFirst(count)
        return data
    }
}
