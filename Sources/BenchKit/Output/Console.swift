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

    public init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        outputIsTerminal: Bool = false, errorIsTerminal: Bool = false
    ) {
        self.output = output
        self.error = error
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
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
    public static let standard = Console(
        output: { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        },
        error: { text in
            FileHandle.standardError.write(Data(text.utf8))
        },
        outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1)
}
