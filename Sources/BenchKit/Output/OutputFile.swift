import BenchResults
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the rows of a measuring command go.
public enum OutputDestination: Equatable, Sendable {
    /// A new file under `results/`, named from host, date and time.
    case newFileInResults
    case file(path: String)
    case standardOutput
    /// No rows written (the default of `bench check`).
    case none
}

/// A problem with an output file; reported as one `Error:` line, exit code 1.
public struct OutputFileError: Error, CustomStringConvertible {
    public var description: String
}

/// A file that `bench` writes (result rows, a summary, a chart), written so that nothing is lost and no
/// half-written file is left.
///
/// A regular file is written beside its destination under a temporary name (`.NAME.partial-PID`), a whole piece
/// at a time (a sweep's rows as each run finishes), and moved to its destination only by ``finish()``: a path the
/// user named is replaced, as they asked; a default name in results/ never replaces anything. It is claimed at the
/// end with link(2), which fails if the name exists, so that another `bench` that started in the same second, or
/// any file made there meanwhile, keeps its file, and this one takes the next free name (`…-2.csv`). An existing
/// device or pipe (`/dev/null`, a FIFO) is written in place, since renaming over it would replace it. Standard
/// output (`-`) gets the text as it comes.
final class OutputFile {
    /// Where the text ends up, as the user should see it: a path, `-` for standard output, empty for nowhere. A
    /// default name in results/ may change when the file is finished, if another file took it meanwhile.
    private(set) var displayPath: String

    private enum Sink {
        case console(@Sendable (String) -> Void)
        case discard
        case stream(descriptor: Int32)
        case file(descriptor: Int32, temporaryPath: String, destination: Destination)
    }

    /// Where a finished file goes.
    private enum Destination {
        /// A path the user named (symbolic links followed), which the file replaces.
        case replacing(path: String)
        /// A default name in results/: `stem.csv` or `stem-N.csv`, whichever is free when the file is finished.
        case firstFreeName(stem: String)
    }

    /// Nil once the file is finished or discarded.
    private var sink: Sink?

    /// Opens `destination`; `console` is where `-` writes, and `machine` names a new file in results/.
    init(_ destination: OutputDestination, console: Console, machine: MachineInfo? = nil, now: Date = Date())
        throws(OutputFileError)
    {
        switch destination {
        case .standardOutput:
            displayPath = "-"
            sink = .console(console.output)
        case .none:
            displayPath = ""
            sink = .discard
        case .file(let path):
            displayPath = path
            sink = try Self.openSink(path, freeNameStem: nil)
        case .newFileInResults:
            let stem = try Self.newResultsStem(now: now, machine: machine)
            displayPath = Self.freeName(stem: stem)
            sink = try Self.openSink(displayPath, freeNameStem: stem)
        }
    }

    /// Fails as writing a file at `path` later would, so that a command that writes it only after its runs (a
    /// sweep's `--summary`) can refuse a path that cannot take it before making them: opens the file under its
    /// temporary name and removes it. An existing device or pipe is left alone (opening a pipe waits for its reader).
    static func check(_ path: String, console: Console) throws(OutputFileError) {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            return
        }
        try OutputFile(.file(path: path), console: console).discard()
    }

    /// Opens `destination` for a CSV file and writes its header row.
    convenience init(
        csv destination: OutputDestination, header: [String], console: Console, machine: MachineInfo? = nil
    ) throws(OutputFileError) {
        try self.init(destination, console: console, machine: machine)
        do {
            try write(CSV.line(header))
        } catch {
            discard()
            throw error
        }
    }

    deinit {
        discard()
    }

    /// Appends one CSV record.
    func append(fields: [String]) throws(OutputFileError) {
        try write(CSV.line(fields))
    }

    /// Makes the file complete at its destination.
    func finish() throws(OutputFileError) {
        switch takeSink() {
        case nil, .console, .discard:
            return
        case .stream(let descriptor):
            guard close(descriptor) == 0 else {
                throw failure()
            }
        case .file(let descriptor, let temporaryPath, let destination):
            defer { Interrupts.unregister(temporaryFile: temporaryPath) }
            let synced = fsync(descriptor) == 0
            let closed = close(descriptor) == 0
            guard synced, closed else {
                let error = failure()
                unlink(temporaryPath)
                throw error
            }
            switch destination {
            case .replacing(let path):
                guard rename(temporaryPath, path) == 0 else {
                    let error = failure()
                    unlink(temporaryPath)
                    throw error
                }
            case .firstFreeName(let stem):
                do {
                    displayPath = try Self.claimFreeName(from: temporaryPath, stem: stem)
                } catch {
                    unlink(temporaryPath)
                    throw error
                }
            }
        }
    }

    /// Gives the finished file at `temporaryPath` the first free name of `stem` (`stem.csv`, `stem-2.csv`, …),
    /// never replacing a file; returns the name it took.
    private static func claimFreeName(from temporaryPath: String, stem: String) throws(OutputFileError) -> String {
        var candidate = freeName(stem: stem)
        while true {
            if link(temporaryPath, candidate) == 0 {
                unlink(temporaryPath)
                return candidate
            }
            switch errno {
            case EEXIST:
                break
            case EPERM, ENOTSUP, EXDEV, EMLINK:
                // A file system without hard links: a check, then a rename (a race lost here is as unlikely as
                // two runs finishing in the same instant).
                guard rename(temporaryPath, candidate) == 0 else {
                    throw failure(candidate)
                }
                return candidate
            default:
                throw failure(candidate)
            }
            candidate = freeName(stem: stem)
        }
    }

    /// The first of `stem.csv`, `stem-2.csv`, `stem-3.csv`, … that names no file now.
    private static func freeName(stem: String) -> String {
        var path = stem + ".csv"
        var suffix = 2
        while FileManager.default.fileExists(atPath: path) {
            path = "\(stem)-\(suffix).csv"
            suffix += 1
        }
        return path
    }

    /// Closes the file and removes its temporary copy, leaving nothing behind.
    func discard() {
        switch takeSink() {
        case .stream(let descriptor):
            close(descriptor)
        case .file(let descriptor, let temporaryPath, _):
            close(descriptor)
            unlink(temporaryPath)
            Interrupts.unregister(temporaryFile: temporaryPath)
        case nil, .console, .discard:
            return
        }
    }

    /// The sink, which the caller ends; the file is closed to further writes.
    private func takeSink() -> Sink? {
        defer { sink = nil }
        return sink
    }

    /// Appends `text`.
    func write(_ text: String) throws(OutputFileError) {
        let descriptor: Int32
        switch sink {
        case nil:
            preconditionFailure("the output file is already closed")
        case .discard:
            return
        case .console(let output):
            output(text)
            return
        case .stream(let streamDescriptor), .file(let streamDescriptor, _, _):
            descriptor = streamDescriptor
        }
        if let failure = Console.writeWhole(text, to: descriptor) {
            errno = failure
            throw self.failure()
        }
    }

    /// Opens `path` for writing: in place if it is an existing device or pipe, else under a temporary name beside
    /// the file the path names (following a symbolic link to it), which replaces it when finished; or, with
    /// `freeNameStem`, which `path` is the first free name of, takes the first name still free then.
    private static func openSink(_ path: String, freeNameStem: String?) throws(OutputFileError) -> Sink {
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw OutputFileError(description: "cannot write '\(path)': it is a directory")
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
        if path.hasSuffix("/") {
            // Not caught by the folder's check below: `/tmp/new/` would be written as `/tmp/.new.partial-PID`, and
            // fail only at the rename, after the runs.
            throw OutputFileError(description: "cannot write '\(path)': a path that ends in '/' names a folder, not a file")
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
        Interrupts.register(temporaryFile: temporaryPath)
        let destination = freeNameStem.map { Destination.firstFreeName(stem: $0) } ?? .replacing(path: finalPath)
        return .file(descriptor: descriptor, temporaryPath: temporaryPath, destination: destination)
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

    /// `results/<host>-<cpu>-<n>cpu-<date>-<time>` in UTC (``MachineInfo/fileNameStem``), the stem of a new result
    /// file's name, creating `results/` if needed.
    private static func newResultsStem(now: Date, machine: MachineInfo?) throws(OutputFileError) -> String {
        let directory = "results"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw OutputFileError(
                description: "cannot create the directory '\(directory)': \(error.localizedDescription)")
        }
        return "\(directory)/\(machine?.fileNameStem ?? "host")-\(now.fileNameTimestamp)"
    }

    private func failure() -> OutputFileError {
        Self.failure(displayPath)
    }

    /// The error for the current `errno`.
    private static func failure(_ path: String) -> OutputFileError {
        OutputFileError(description: "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
}
