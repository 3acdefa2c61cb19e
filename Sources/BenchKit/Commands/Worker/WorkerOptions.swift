import BenchResults
import JobRunners

/// The options of `bench worker`.
public struct WorkerOptions: CommandOptions {
    /// The worker protocol the parent speaks.
    public var protocolVersion: Int?

    public init() {}
}

extension WorkerCommand {
    static let protocolVersion = Option<WorkerOptions>(
        "protocol", value: "version",
        help: "The parent's worker protocol (a worker of another refuses to start).",
        \.protocolVersion, .count(minimum: 1)
    ).required()

    /// `bench worker`'s options.
    static let definition = CommandDefinition<WorkerOptions>(
        subcommand: "worker", arguments: "", options: [protocolVersion])
}
