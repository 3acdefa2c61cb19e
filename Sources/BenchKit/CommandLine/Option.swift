/// The values a command's options set, starting from their defaults: `Self()` holds every default, which is the
/// only place a default is written.
protocol CommandOptions: Sendable, Equatable {
    init()
}

/// One option of a command: its names, its value, its help, and how it reads and writes its part of the command's
/// options. The usage lines, the OPTIONS sections of the help and `--isolate`'s child command lines are all made
/// from these, so none of them can drift from the parser.
struct Option<Options: CommandOptions>: Sendable {
    let name: String
    /// A one-letter alias, such as `-o`.
    let short: Character?
    /// The value's name in usage and help (`list` in `--queues <list>`); nil for a flag.
    let valueName: String?
    /// What the option does, for the help; ``defaultText`` is appended.
    let help: String
    /// The option's value in `options` as the help gives a default; nil where the help says none.
    let describe: @Sendable (Options) -> String?
    /// The option's value in `options` as a command line gives it: nil when not set (a flag that is off, an
    /// optional value that is absent), "" for a flag that is on.
    let argument: @Sendable (Options) -> String?
    /// Sets the option's value in `options` from the command line's text (nil for a flag).
    let update: @Sendable (inout Options, String?) throws(UsageError) -> Void
    /// Whether a command line must give it.
    var isRequired = false

    /// The default, as the help gives it.
    var defaultText: String? {
        describe(Options())
    }

    /// `--name`, as messages quote it.
    var flag: String {
        "--\(name)"
    }

    /// `'--name <value>'` or `'--name'`, as messages quote it.
    var quoted: String {
        valueName.map { "'--\(name) <\($0)>'" } ?? "'--\(name)'"
    }

    /// `--name <value>`, with `-x, ` before it for an option with a short alias, as the help lists it.
    var synopsis: String {
        let long = valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
        return short.map { "-\($0), " + long } ?? long
    }

    /// The arguments that give `options`' value of this option, if it differs from the default: `--name=value`,
    /// `--name`, or none.
    func arguments(for options: Options) -> [String] {
        guard let value = argument(options), value != argument(Options()) else {
            return []
        }
        return valueName == nil ? [flag] : ["\(flag)=\(value)"]
    }

    /// The same option, which a command line must give.
    func required() -> Option {
        var option = self
        option.isRequired = true
        return option
    }

    /// The same option, with help of its own for a command whose use of it differs, and the default that command
    /// gives it where it gives its own.
    func withHelp(_ help: String, defaultText: String? = nil) -> Option {
        let describe: @Sendable (Options) -> String? =
            if let defaultText { { _ in defaultText } } else { self.describe }
        return Option(
            name: name, short: short, valueName: valueName, help: help, describe: describe, argument: argument,
            update: update, isRequired: isRequired)
    }

    /// The same option, for a command whose options hold these in `field`.
    func lifted<Outer>(_ field: WritableKeyPath<Outer, Options> & Sendable) -> Option<Outer> {
        let (argument, update, describe) = (self.argument, self.update, self.describe)
        return Option<Outer>(
            name: name, short: short, valueName: valueName, help: help, describe: { describe($0[keyPath: field]) },
            argument: { argument($0[keyPath: field]) },
            update: { outer, text throws(UsageError) in try update(&outer[keyPath: field], text) },
            isRequired: isRequired)
    }
}

extension Option {
    /// An option whose value `parser` reads into `field`; the help gives the default `Options()` holds, unless
    /// `defaultText` says otherwise.
    init<Value: Equatable & Sendable>(
        _ name: String, short: Character? = nil, value valueName: String, help: String, defaultText: String? = nil,
        _ field: WritableKeyPath<Options, Value> & Sendable, _ parser: ValueParser<Value>
    ) {
        self.init(
            name: name, short: short, valueName: valueName, help: help,
            describe: { options in defaultText ?? parser.describe(options[keyPath: field]) },
            argument: { parser.text($0[keyPath: field]) },
            update: { options, text throws(UsageError) in
                options[keyPath: field] = try parser.parse(text ?? "", name)
            })
    }

    /// An option whose value `parser` reads into an optional `field`, which stays nil unless given; the help gives
    /// `defaultText`, if any.
    init<Value: Equatable & Sendable>(
        _ name: String, short: Character? = nil, value valueName: String, help: String, defaultText: String? = nil,
        _ field: WritableKeyPath<Options, Value?> & Sendable, _ parser: ValueParser<Value>
    ) {
        self.init(
            name: name, short: short, valueName: valueName, help: help,
            describe: { options in options[keyPath: field].map(parser.describe) ?? defaultText },
            argument: { $0[keyPath: field].map(parser.text) },
            update: { options, text throws(UsageError) in
                options[keyPath: field] = try parser.parse(text ?? "", name)
            })
    }

    /// A flag, off unless given.
    static func flag(_ name: String, help: String, _ field: WritableKeyPath<Options, Bool> & Sendable) -> Option {
        Option(
            name: name, short: nil, valueName: nil, help: help, describe: { _ in nil },
            argument: { $0[keyPath: field] ? "" : nil },
            update: { options, _ in options[keyPath: field] = true })
    }
}

/// How an option's value is read from the command line and written back.
struct ValueParser<Value: Equatable & Sendable>: Sendable {
    /// Reads `text`, the value given to the option named by the second argument; a usage error says what is wrong.
    let parse: @Sendable (_ text: String, _ option: String) throws(UsageError) -> Value
    /// The value as a command line gives it.
    let text: @Sendable (Value) -> String
    /// The value as the help gives it, for a default.
    let describe: @Sendable (Value) -> String
}
