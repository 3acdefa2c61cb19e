/// A command as its command line and its help see it: its name, what it does, its arguments and its options.
struct CommandDefinition<Options: CommandOptions>: Sendable {
    /// The subcommand's name, `compare`; nil for the sweep, the program itself.
    let subcommand: String?
    /// `bench`, `bench compare`: the program's name (``Program``), then the subcommand's.
    var name: String {
        Program.command(subcommand)
    }

    /// The positional arguments as the usage shows them, such as `<baseline.csv> <file.csv>...`; empty for none.
    let arguments: String
    let options: [Option<Options>]

    /// Reads `arguments` into options, starting from the defaults: `--name value`, `--name=value`, `-x value` and
    /// flags; anything else is positional, in order. A value is taken from the next argument unless that begins
    /// with `--`. The result records which options were given, whatever their values. An option given twice with
    /// two values is an error, not the last one winning: no option gathers values (a list is one value, `1,4,8`),
    /// so `--input a.csv --input b.csv` would otherwise read one file and drop the other without a word.
    func scan(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine<Options> {
        var line = ParsedCommandLine(options: Options(), arguments: [], given: [])
        var values: [String: String] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                line.arguments.append(argument)
                continue
            }
            var inline: String?
            let option: Option<Options>?
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                option = options.first { $0.name == name }
            } else {
                option = argument.count == 2 ? options.first { $0.short == argument.last } : nil
            }
            guard let option else {
                let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
                // `--help` is every command's, `--version` the program's: neither is among the options.
                let flags = ([HelpText.flag] + (subcommand == nil ? [VersionRequest.flag] : [])).map { $0.dropFirst(2) }
                if name.hasPrefix("--"),
                    let near = Slip.nearest(to: String(name.dropFirst(2)), among: options.map(\.name) + flags.map(String.init))
                {
                    throw UsageError("Unknown option '\(name)'; did you mean '--\(near)'?")
                }
                throw UsageError("Unknown option '\(name)'")
            }
            line.given.insert(option.name)
            guard option.valueName != nil else {
                if inline != nil {
                    throw UsageError("\(option.quoted) takes no value")
                }
                try option.update(&line.options, nil)
                continue
            }
            if inline == nil, index < arguments.endIndex, !arguments[index].hasPrefix("--") {
                inline = arguments[index]
                index += 1
            }
            guard let value = inline else {
                throw UsageError("Missing value for \(option.quoted)")
            }
            if let earlier = values[option.name], earlier != value {
                throw UsageError("\(option.quoted) is given twice, '\(earlier)' and '\(value)': give it once")
            }
            values[option.name] = value
            try option.update(&line.options, value)
        }
        if let missing = options.first(where: { $0.isRequired && !line.gave($0) }) {
            let alias = missing.short.map { " (or -\($0))" } ?? ""
            let what = missing.help.trimmingSuffix(".")
            throw UsageError("'\(name)' needs \(missing.quoted)\(alias), \(what.prefix(1).lowercased() + what.dropFirst())")
        }
        return line
    }

    /// Arguments that give `options`' values: each option whose value differs from its default, in the
    /// definitions' order (`bench validate` makes its sweeps' command lines so).
    func arguments(for options: Options) -> [String] {
        self.options.flatMap { $0.arguments(for: options) }
    }

    /// The usage line after `prefix`: the name, the arguments, then every option in brackets, wrapped under the
    /// first argument.
    func usage(after prefix: String) -> String {
        let words = [prefix + name] + (arguments.isEmpty ? [] : [arguments])
            + options.map { option in
                let spelled = option.valueName.map { "--\(option.name) <\($0)>" } ?? option.flag
                return option.isRequired ? spelled : "[\(spelled)]"
            }
        return TextWrapping.wrap(words, width: HelpText.width, indent: prefix.count + name.count + 1)
    }

    /// The command in one line, its options summed up: `bench compare <baseline.csv> <file.csv>... [options]`.
    var shortUsage: String {
        [name, arguments, options.isEmpty ? "" : "[options]"].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The OPTIONS section: each option with its help and default, then `-h, --help`.
    var optionsSection: String {
        optionsSection(also: [])
    }

    /// The OPTIONS section with `extra` flags, each with its help, after `-h, --help`.
    func optionsSection(also extra: [(synopsis: String, help: String)]) -> String {
        let entries = options.map { option in
            let help = option.defaultText.map { option.help.trimmingSuffix(".") + " (default: \($0))." } ?? option.help
            return (option.synopsis, help)
        } + [(HelpText.flags.joined(separator: ", "), "Show this help.")] + extra.map { ($0.synopsis, $0.help) }
        let column = (entries.map(\.0.count).max() ?? 0) + 4
        return entries.map { synopsis, help in
            let words = help.split(separator: " ").map(String.init)
            let wrapped = TextWrapping.wrap(words, width: HelpText.width - column, indent: 0)
            let lines = wrapped.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.enumerated().map { index, line in
                (index == 0 ? "  " + synopsis.rightPadded(to: column - 2) : String(repeating: " ", count: column))
                    + line
            }.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

extension String {
    /// The text without `suffix` at its end, if it ends so.
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

/// What a command line gave a command: its options' values (each default where not given), the options it gave, and
/// its positional arguments.
struct ParsedCommandLine<Options: CommandOptions> {
    var options: Options
    /// The positional arguments, in order.
    var arguments: [String]
    /// The names of the options given, whatever their values: an option given its default value is given.
    var given: Set<String>

    /// Whether the command line gave `option`.
    func gave(_ option: Option<Options>) -> Bool {
        given.contains(option.name)
    }

    /// The first of `options` that the command line gave, if any.
    func firstGiven(of options: [Option<Options>]) -> Option<Options>? {
        options.first(where: gave)
    }
}
