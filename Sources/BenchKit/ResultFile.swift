import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A problem with the result file; reported as one `Error:` line, exit code 1.
public struct ResultFileError: Error, CustomStringConvertible {
    public var description: String
}

/// Where a sweep's rows go as the runs finish, so that no finished run is lost and no half-written file is left.
///
/// A regular file is written beside its destination under a temporary name, a whole row at a time as each run
/// finishes, and renamed to its destination only when the sweep ends. An existing device or pipe (`/dev/null`, a
/// FIFO) is written in place, since renaming over it would replace it. `--output -` writes the rows to standard
/// output as they come.
final class ResultFile {
    /// Where the rows end up, as the user should see it: a path, or `-` for standard output.
    let displayPath: String

    private enum Sink {
        case console(@Sendable (String) -> Void)
        case stream(descriptor: Int32)
        case file(descriptor: Int32, temporaryPath: String, finalPath: String)
    }

    /// Nil once the file is finished or discarded.
    private var sink: Sink?

    /// Opens `output` and writes the header row; `console` is where `-` writes.
    init(output: BenchOptions.Output, console: Console, host: String, now: Date = Date()) throws(ResultFileError) {
        switch output {
        case .standardOutput:
            displayPath = "-"
            sink = .console(console.output)
        case .file(let path):
            displayPath = path
            sink = try Self.openSink(path)
        case .newFileInResults:
            let path = try Self.newResultsPath(now: now, host: host)
            displayPath = path
            sink = try Self.openSink(path)
        }
        do {
            try write(CSV.line(ResultSchema.columns))
        } catch {
            discard()
            throw error
        }
    }

    deinit {
        discard()
    }

    /// Appends one whole row.
    func append(_ record: ResultRecord) throws(ResultFileError) {
        try write(CSV.line(ResultSchema.fields(of: record)))
    }

    /// Makes the file complete at its destination.
    func finish() throws(ResultFileError) {
        let sink = self.sink
        self.sink = nil
        switch sink {
        case nil, .console:
            return
        case .stream(let descriptor):
            guard close(descriptor) == 0 else {
                throw failure()
            }
        case .file(let descriptor, let temporaryPath, let finalPath):
            let synced = fsync(descriptor) == 0
            let closed = close(descriptor) == 0
            guard synced, closed, rename(temporaryPath, finalPath) == 0 else {
                let error = failure()
                unlink(temporaryPath)
                throw error
            }
        }
    }

    /// Closes the file and removes its temporary copy, leaving nothing behind.
    func discard() {
        let sink = self.sink
        self.sink = nil
        switch sink {
        case nil, .console:
            return
        case .stream(let descriptor):
            close(descriptor)
        case .file(let descriptor, let temporaryPath, _):
            close(descriptor)
            unlink(temporaryPath)
        }
    }

    private func write(_ text: String) throws(ResultFileError) {
        let descriptor: Int32
        switch sink {
        case nil:
            preconditionFailure("the result file is already closed")
        case .console(let output):
            output(text)
            return
        case .stream(let streamDescriptor), .file(let streamDescriptor, _, _):
            descriptor = streamDescriptor
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress, buffer.count)
            }
            if written < 0 {
                if errno == EINTR {
                    continue
                }
                throw failure()
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Opens `path` for writing: in place if it is an existing device or pipe, else under a temporary name beside
    /// the file the path names (following a symbolic link to it).
    private static func openSink(_ path: String) throws(ResultFileError) -> Sink {
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw ResultFileError(description: "cannot write results to '\(path)': it is a directory")
            case S_IFREG:
                break
            default:
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    throw failure(path)
                }
                return .stream(descriptor: descriptor)
            }
        }
        let finalPath = linkTarget(of: path)
        let url = URL(fileURLWithPath: finalPath)
        let temporaryPath =
            url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())")
            .path
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw failure(path)
        }
        return .file(descriptor: descriptor, temporaryPath: temporaryPath, finalPath: finalPath)
    }

    /// The path that `path` names after following symbolic links, even one that points to no file yet, so that
    /// the rename replaces the file rather than the link.
    private static func linkTarget(of path: String) -> String {
        var current = path
        // A bound, in case of a loop of links; `open` then reports the loop.
        for _ in 0..<32 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                return current
            }
            current =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        return current
    }

    /// `results/<host>-<date>-<time>.csv` in UTC, creating `results/` if needed, with a suffix if the name is taken.
    private static func newResultsPath(now: Date, host: String) throws(ResultFileError) -> String {
        let directory = "results"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ResultFileError(
                description: "cannot create the directory '\(directory)': \(error.localizedDescription)")
        }
        let safeHost = String(
            host.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-" })
        let stem = "\(directory)/\(safeHost.isEmpty ? "host" : safeHost)-\(UTCTimestamp(now).compact)"
        var path = stem + ".csv"
        var suffix = 2
        while FileManager.default.fileExists(atPath: path) {
            path = "\(stem)-\(suffix).csv"
            suffix += 1
        }
        return path
    }

    private func failure() -> ResultFileError {
        Self.failure(displayPath)
    }

    /// The error for the current `errno`.
    private static func failure(_ path: String) -> ResultFileError {
        ResultFileError(description: "cannot write results to '\(path)': \(String(cString: strerror(errno)))")
    }
}
