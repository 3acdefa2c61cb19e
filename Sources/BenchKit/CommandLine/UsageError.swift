/// A command line that `bench` cannot run; reported as one `Error:` line plus a usage hint, exit code 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    /// The subcommand whose usage to show, nil for the main command.
    public var command: Subcommand?

    public init(_ message: String, command: Subcommand? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String {
        message
    }
}
