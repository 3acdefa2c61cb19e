/// A command line that `bench` cannot run; reported as one `Error:` line plus a usage hint, exit code 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String {
        message
    }
}
