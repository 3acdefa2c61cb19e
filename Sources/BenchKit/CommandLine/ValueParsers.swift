import BenchResults

/// The kinds of value `bench`'s options take, each with the message that says what is wrong with a bad one.
extension ValueParser {
    /// `5`, at least `minimum` and at most `maximum`.
    static func count(minimum: Int, maximum: (value: Int, why: String)? = nil) -> ValueParser<Int> {
        ValueParser<Int>(
            parse: { text, option throws(UsageError) in
                let number = try wholeNumber(text, for: option, minimum: minimum)
                try check(number, against: maximum, for: option)
                return number
            },
            text: { String($0) }, describe: { String($0) })
    }

    /// Throws where `number` is over `maximum`, saying why there is one.
    private static func check(_ number: Int, against maximum: (value: Int, why: String)?, for option: String)
        throws(UsageError)
    {
        if let maximum, number > maximum.value {
            throw UsageError("'--\(option)' must be at most \(maximum.value) \(maximum.why), not \(number)")
        }
    }

    /// `1,4,8`: at least one whole number, each at least `minimum` and at most `maximum`; a number given twice is
    /// kept once, as running it twice would only repeat it.
    static func counts(minimum: Int, maximum: (value: Int, why: String)? = nil) -> ValueParser<[Int]> {
        ValueParser<[Int]>(
            parse: { text, option throws(UsageError) in
                var numbers: [Int] = []
                for item in try items(text, for: option) {
                    let number = try wholeNumber(item, for: option, minimum: minimum)
                    try check(number, against: maximum, for: option)
                    numbers.append(number)
                }
                return numbers.uniqued()
            },
            text: { $0.map(String.init).joined(separator: ",") },
            describe: { $0.map(String.init).joined(separator: ",") })
    }

    /// `serial-queue,run-loop`: names, at least one; which names exist is checked with the catalogue later.
    static var names: ValueParser<[String]> {
        ValueParser<[String]>(
            parse: { text, option throws(UsageError) in try items(text, for: option) },
            text: { $0.joined(separator: ",") }, describe: { $0.joined(separator: ",") })
    }

    /// `150` or `0.5` seconds, as `seconds` takes them, as a number of seconds.
    static var secondsNumber: ValueParser<Double> {
        ValueParser<Double>(
            parse: { text, option throws(UsageError) in
                try ValueParser<Duration>.seconds.parse(text, option) / .seconds(1)
            },
            text: { Format.number($0) }, describe: { Format.number($0) })
    }

    /// A seed: a whole number from 0 to 2⁶⁴ − 1.
    static var seed: ValueParser<UInt64> {
        ValueParser<UInt64>(
            parse: { text, option throws(UsageError) in
                guard let seed = UInt64(text) else {
                    throw UsageError("'--\(option)' expects a whole number from 0 to \(UInt64.max), not '\(text)'")
                }
                return seed
            },
            text: { String($0) }, describe: { String($0) })
    }

    /// `30` or `0.5` seconds: more than 0, at most a day.
    static var seconds: ValueParser<Duration> {
        ValueParser<Duration>(
            parse: { text, option throws(UsageError) in
                guard let seconds = Double(text), seconds.isFinite else {
                    throw UsageError("'--\(option)' expects a number of seconds such as 30 or 0.5, not '\(text)'")
                }
                guard seconds > 0, seconds <= maximumTimeout else {
                    throw UsageError(
                        "'--\(option)' must be more than 0 and at most \(Int(maximumTimeout)) seconds, not \(text)")
                }
                return .seconds(seconds)
            },
            text: { $0.secondsText }, describe: { $0.secondsText })
    }

    /// `1.2` or `1.2x`: a factor over 1, at most 10.
    static var factor: ValueParser<Double> {
        ValueParser<Double>(
            parse: { text, option throws(UsageError) in
                let number = text.hasSuffix("x") ? String(text.dropLast()) : text
                guard let value = Double(number), value.isFinite, value > 1, value <= 10 else {
                    throw UsageError("'--\(option)' expects a factor over 1 and at most 10, such as 1.2, not '\(text)'")
                }
                return value
            },
            text: { Format.number($0) }, describe: { Format.number($0) })
    }

    /// `5` or `5%` as 0.05: more than 0, less than 100.
    static var percent: ValueParser<Double> {
        ValueParser<Double>(
            parse: { text, option throws(UsageError) in
                let number = text.hasSuffix("%") ? String(text.dropLast()) : text
                guard let value = Double(number), value.isFinite else {
                    throw UsageError("'--\(option)' expects a percentage such as 5 or 2.5%, not '\(text)'")
                }
                guard value > 0, value < 100 else {
                    throw UsageError("'--\(option)' must be more than 0 and less than 100 (percent), not \(text)")
                }
                return value / 100
            },
            text: { Format.number($0 * 100) }, describe: { Format.number($0 * 100) })
    }

    /// A confidence, `95` or `95%` as 0.95: at least 50 and less than 100, so that a fraction written for a percentage
    /// (`0.99` for 99%) is refused, not taken for a confidence of 0.99%, whose interval is a point.
    static var confidence: ValueParser<Double> {
        let percent = Self.percent
        return ValueParser<Double>(
            parse: { text, option throws(UsageError) in
                let value = try percent.parse(text, option)
                guard value >= 0.5 else {
                    throw UsageError(
                        "'--\(option)' is a percentage of at least 50 and under 100, such as 95 or 99, not \(text) "
                            + "(which would be \(text.hasSuffix("%") ? text : text + "%"))")
                }
                return value
            },
            text: percent.text, describe: percent.describe)
    }

    /// Any text, not empty.
    static func text(valueName: String) -> ValueParser<String> {
        ValueParser<String>(
            parse: { text, option throws(UsageError) in
                guard !text.isEmpty else {
                    throw UsageError("Missing value for '--\(option) <\(valueName)>'")
                }
                return text
            },
            text: { $0 }, describe: { $0 })
    }

    /// One of `Choice`'s cases, by its raw value.
    static func choice<Choice: RawRepresentable & CaseIterable & Equatable & Sendable>(_: Choice.Type, named what: String)
        -> ValueParser<Choice> where Choice.RawValue == String
    {
        ValueParser<Choice>(
            parse: { text, option throws(UsageError) in
                guard let choice = Choice(rawValue: text) else {
                    let choices = Choice.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("Unknown \(what) '\(text)' for '--\(option)'; the \(what)s are: \(choices)")
                }
                return choice
            },
            text: { $0.rawValue }, describe: { $0.rawValue })
    }

    /// `chain,ping-pong`: one or more of `Choice`'s cases, by their raw values; one given twice is kept once.
    static func choices<Choice: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ type: Choice.Type, named what: String
    ) -> ValueParser<[Choice]> where Choice.RawValue == String {
        let one = choice(type, named: what)
        return ValueParser<[Choice]>(
            parse: { text, option throws(UsageError) in
                var chosen: [Choice] = []
                for item in try items(text, for: option) {
                    chosen.append(try one.parse(item, option))
                }
                return chosen.uniqued()
            },
            text: { $0.map(\.rawValue).joined(separator: ",") },
            describe: { $0.map(\.rawValue).joined(separator: ",") })
    }

    /// A result file to write: a path, or `-` for standard output; how the default is said is up to the option.
    static func destination(valueName: String) -> ValueParser<OutputDestination> {
        ValueParser<OutputDestination>(
            parse: { text, option throws(UsageError) in
                text == "-" ? .standardOutput : .file(path: try self.text(valueName: valueName).parse(text, option))
            },
            text: { destination in
                switch destination {
                case .standardOutput: "-"
                case .file(let path): path
                // Defaults, which a command line never needs to give.
                case .newFileInResults, .none: ""
                }
            },
            describe: { destination in
                switch destination {
                case .newFileInResults: "a new file results/<host>-<cpu>-<n>cpu-<date>-<time>.csv, UTC, never replacing one"
                case .none: "none"
                case .standardOutput: "-"
                case .file(let path): path
                }
            })
    }

    /// The longest timeout accepted, one day: longer is surely a mistake.
    static var maximumTimeout: Double {
        86_400
    }
}

/// `text` as a whole number of at least `minimum`, or the message that says why not.
private func wholeNumber(_ text: String, for option: String, minimum: Int) throws(UsageError) -> Int {
    guard let number = Int(text) else {
        let digits = text.drop(while: { $0 == "-" || $0 == "+" })
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), text.count - digits.count <= 1 {
            throw UsageError("'--\(option)' value '\(text)' is out of range (at most \(Int.max))")
        }
        throw UsageError("'--\(option)' expects a whole number, not '\(text)'")
    }
    guard number >= minimum else {
        throw UsageError("'--\(option)' must be at least \(minimum), not \(number)")
    }
    return number
}

/// The comma-separated items of `text`: at least one, none empty, each once.
private func items(_ text: String, for option: String) throws(UsageError) -> [String] {
    guard !text.isEmpty else {
        throw UsageError("'--\(option)' needs at least one value")
    }
    let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard !items.contains(where: \.isEmpty) else {
        throw UsageError("'--\(option)' has an empty item in '\(text)'")
    }
    return items.uniqued()
}
