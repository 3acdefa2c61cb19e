import BenchResults
import JobRunners

/// The options of `bench validate`.
public struct ValidateOptions: CommandOptions {
    /// The two files of the same sweep made one after the other, and `compare`'s threshold and format.
    public var compare = CompareOptions()
    /// The factor the second file's runs are scaled by for the injected-shift test.
    public var shift = Self.defaultShift

    public init() {}

    public static let defaultShift = 1.2
}

extension ValidateCommand {
    static let shift = Option<ValidateOptions>(
        "shift", value: "factor",
        help: "The injected shift: the second file's times are multiplied by this, and compare should call the cells "
            + "slower.",
        \.shift, .factor)

    /// `bench validate`'s arguments and options, in the order the help lists them.
    static let definition = CommandDefinition<ValidateOptions>(
        name: "bench validate", arguments: "<first.csv> <second.csv>",
        options: [shift] + [CompareCommand.threshold, CompareCommand.format].map { $0.lifted(\ValidateOptions.compare) })

    /// The two files a command line asks to validate with.
    static func command(
        _ options: ValidateOptions, arguments: [String], catalogue _: RunnerCatalogue
    ) throws(UsageError) -> Command {
        guard arguments.count == 2 else {
            throw UsageError(
                "'bench validate' needs two result files of the same sweep, made one after the other on this machine")
        }
        var options = options
        options.compare.paths = arguments
        return .validate(options)
    }
}
