import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `bench` writes text: standard output for the data the user asked for, standard error for everything else.
public struct Console: Sendable {
    public var output: @Sendable (String) -> Void
    public var error: @Sendable (String) -> Void
    /// Whether what `output` and `error` write shows on a terminal: where progress is one line rewritten in place
    /// and the tables may be coloured. False for a console of the caller's own (a test's capture), whatever the
    /// process's own descriptors are.
    public var outputIsTerminal: Bool
    public var errorIsTerminal: Bool
    /// The width in columns of the terminal that `error` shows on, asked each time (a window can be resized); nil
    /// where it shows on none, or the terminal does not say.
    public var errorColumns: @Sendable () -> Int?

    public init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        outputIsTerminal: Bool = false, errorIsTerminal: Bool = false,
        errorColumns: @escaping @Sendable () -> Int? = { nil }
    ) {
        self.output = output
        self.error = error
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.errorColumns = errorColumns
    }

    /// Says on standard error why a command failed: ``errorLine(_:)`` of `message`, and a newline. Every error `bench`
    /// reports goes through here, so that each begins alike whatever clause its message was written as (a file's
    /// error reads `cannot write 'x.csv': …` where a run's detail quotes it too).
    public func reportError(_ message: String) {
        error(Self.errorLine(message) + "\n")
    }

    /// Says on standard error that `error` failed the command, in its own words (its description): a file that
    /// cannot be written or read, a worker that cannot be started.
    public func reportError(_ error: any Error) {
        reportError("\(error)")
    }

    /// Where a measuring command's summary goes when its rows go to `rows`: standard error where the rows take
    /// standard output, so that the output stays one CSV; standard output otherwise. `isError` says which, for the
    /// colour (``ColorChoice/isOn(for:toStandardError:)``).
    func summaryStream(rowsTo rows: OutputDestination) -> (write: @Sendable (String) -> Void, isError: Bool) {
        rows == .standardOutput ? (error, true) : (output, false)
    }

    /// Says on standard error what a command did or left out, as a line of its own: a text longer than a screen
    /// line (``PlainTextRenderer/width``) wraps at its spaces, continued with four spaces, as a check's does.
    func notice(_ text: String) {
        let width = PlainTextRenderer.width
        let words = text.split(separator: " ").map(String.init)
        error((text.count > width ? TextWrapping.wrap(words, width: width, indent: 4) : text) + "\n")
    }

    /// `Error: ` and `message`, its first letter a capital, as swift-argument-parser's errors are: `Error: Cannot
    /// write 'x.csv': No space left on device`.
    public static func errorLine(_ message: String) -> String {
        "Error: " + message.prefix(1).uppercased() + message.dropFirst()
    }

    /// The process's standard output and standard error, each written through at once.
    ///
    /// Where standard output's reader has gone (`bench --output - | head -1`), bench ends as a filter killed by
    /// SIGPIPE would, with 141 and nothing more said, its temporary files removed and its workers stopped: SIGPIPE
    /// itself is ignored, for the workers' pipes (`WorkerPool`), and Foundation's `FileHandle.write(_:)` traps on
    /// the error instead. Another error writing it is said on standard error and ends bench with 1; one writing
    /// standard error is not said anywhere.
    public static let standard = Console(
        output: { text in
            guard let failure = writeWhole(text, to: STDOUT_FILENO) else {
                return
            }
            if failure == EPIPE {
                Interrupts.exit(status: 128 + SIGPIPE)
            }
            _ = writeWhole(errorLine("cannot write to standard output: \(String(cString: strerror(failure)))") + "\n",
                to: STDERR_FILENO)
            Interrupts.exit(status: 1)
        },
        error: { text in
            _ = writeWhole(text, to: STDERR_FILENO)
        },
        outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1,
        errorColumns: { terminalColumns(of: STDERR_FILENO) })

    /// The width in columns of the terminal `descriptor` is open on (`TIOCGWINSZ`, as `stty size` asks it); nil where
    /// it is not a terminal or says 0.
    static func terminalColumns(of descriptor: Int32) -> Int? {
        var size = winsize()
        // The request is an unsigned long in C: UInt here, from Glibc's Int32 constant and Darwin's UInt alike.
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return nil
        }
        return Int(size.ws_col)
    }

    /// Writes all of `text` to `descriptor`, again after a signal interrupts the write; the `errno` of a write that
    /// failed, nil where every byte was written.
    static func writeWhole(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress, buffer.count)
            }
            if written < 0 {
                if errno == EINTR {
                    continue
                }
                return errno
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
