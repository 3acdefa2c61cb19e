import JobRunners

/// Turns `bench`'s arguments into a ``Command``, or a ``UsageError`` that says what is wrong.
///
/// A function of the arguments alone, apart from printing and exiting, so that tests can call it.
public enum CommandLineParser {
    /// An option `bench` understands, named in code as on the command line (`verifyTimeout` is
    /// `--verify-timeout`).
    enum Option: String, CaseIterable {
        case queues
        case iterations
        case jobs
        case runners
        case repetitions
        case warmup
        case output
        case verifyTimeout = "verify-timeout"
        case stallTimeout = "stall-timeout"

        var flag: String {
            "--" + rawValue
        }

        /// For messages: `'--queues <list>'`.
        var quotedWithValue: String {
            let value =
                switch self {
                case .queues, .iterations: "list"
                case .jobs: "total"
                case .runners: "ids"
                case .repetitions, .warmup: "n"
                case .output: "path"
                case .verifyTimeout, .stallTimeout: "seconds"
                }
            return "'\(flag) <\(value)>'"
        }
    }

    /// The longest timeout accepted, one day: longer is surely a mistake.
    static let maximumTimeout: Double = 86_400

    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        if arguments.contains("--help") || arguments.contains("-h") {
            return .help
        }
        var options = BenchOptions()
        var queues: [Int]?
        var iterations: [Int]?
        var jobs: Int?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                throw UsageError("Unexpected argument '\(argument)'")
            }
            guard argument.hasPrefix("--") else {
                throw UsageError("Unknown option '\(argument)'")
            }
            let name: Substring
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = argument[argument.index(argument.startIndex, offsetBy: 2)..<equals]
                value = String(argument[argument.index(after: equals)...])
            } else {
                name = argument.dropFirst(2)
            }
            guard let option = Option(rawValue: String(name)) else {
                throw UsageError("Unknown option '--\(name)'")
            }
            if value == nil, index < arguments.endIndex, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            }
            guard let value else {
                throw UsageError("Missing value for \(option.quotedWithValue)")
            }
            switch option {
            case .queues:
                queues = try integerList(value, for: option)
            case .iterations:
                iterations = try integerList(value, for: option)
            case .jobs:
                jobs = try integer(value, for: option, minimum: 1)
            case .runners:
                options.runners = try runnerList(value)
            case .repetitions:
                options.repetitions = try integer(value, for: option, minimum: 1)
            case .warmup:
                options.warmup = try integer(value, for: option, minimum: 0)
            case .output:
                guard !value.isEmpty else {
                    throw UsageError("Missing value for \(option.quotedWithValue)")
                }
                options.output = value == "-" ? .standardOutput : .file(path: value)
            case .verifyTimeout:
                options.settings.verifyTimeout = try seconds(value, for: option)
            case .stallTimeout:
                options.settings.stallTimeout = try seconds(value, for: option)
            }
        }
        options.configurations = try configurations(queues: queues, iterations: iterations, jobs: jobs)
        guard options.settings.verifyTimeout < options.settings.stallTimeout else {
            throw UsageError(
                "'--verify-timeout' (\(options.settings.verifyTimeout.secondsText) s) must be shorter than "
                    + "'--stall-timeout' (\(options.settings.stallTimeout.secondsText) s), or a thread that never "
                    + "starts is reported as a stall")
        }
        return .sweep(options)
    }

    /// Every combination of `queues` and `iterations`; without `iterations`, iterations = jobs / queues, as in the
    /// 2010 table.
    private static func configurations(
        queues: [Int]?,
        iterations: [Int]?,
        jobs: Int?
    ) throws(UsageError) -> [RunConfiguration] {
        let queues = queues ?? BenchOptions.defaultQueues
        var configurations: [RunConfiguration] = []
        if let iterations {
            if jobs != nil {
                throw UsageError("'--jobs' and '--iterations' cannot be combined: give one or the other")
            }
            for queueCount in queues {
                for iterationCount in iterations {
                    guard !queueCount.multipliedReportingOverflow(by: iterationCount).overflow else {
                        throw UsageError(
                            "\(queueCount) queues × \(iterationCount) iterations is more jobs than can be counted")
                    }
                    configurations.append(RunConfiguration(queues: queueCount, iterations: iterationCount))
                }
            }
        } else {
            let total = jobs ?? BenchOptions.defaultJobs
            for queueCount in queues {
                guard total.isMultiple(of: queueCount), total >= queueCount else {
                    throw UsageError(
                        "--jobs \(total) is not divisible by --queues \(queueCount): "
                            + "give a --jobs that is, or --iterations")
                }
                configurations.append(RunConfiguration(queues: queueCount, iterations: total / queueCount))
            }
        }
        return configurations
    }

    private static func integer(_ text: String, for option: Option, minimum: Int) throws(UsageError) -> Int {
        guard let number = Int(text) else {
            let digits = text.drop(while: { $0 == "-" || $0 == "+" })
            if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), text.count - digits.count <= 1 {
                throw UsageError("'\(option.flag)' value '\(text)' is out of range (at most \(Int.max))")
            }
            throw UsageError("'\(option.flag)' expects a whole number, not '\(text)'")
        }
        guard number >= minimum else {
            throw UsageError("'\(option.flag)' must be at least \(minimum), not \(number)")
        }
        return number
    }

    private static func list(_ text: String, for option: Option) throws(UsageError) -> [String] {
        guard !text.isEmpty else {
            throw UsageError("'\(option.flag)' needs at least one value")
        }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !items.contains(where: \.isEmpty) else {
            throw UsageError("'\(option.flag)' has an empty item in '\(text)'")
        }
        // A value named twice would only run twice; keep the first.
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    private static func integerList(_ text: String, for option: Option) throws(UsageError) -> [Int] {
        var numbers: [Int] = []
        for item in try list(text, for: option) {
            let number = try integer(item, for: option, minimum: 1)
            if !numbers.contains(number) {
                numbers.append(number)
            }
        }
        return numbers
    }

    private static func runnerList(_ text: String) throws(UsageError) -> [RunnerKind] {
        var runners: [RunnerKind] = []
        for id in try list(text, for: .runners) {
            guard let kind = RunnerKind(id: id) else {
                let known = RunnerKind.allCases.map(\.id).joined(separator: ", ")
                throw UsageError("Unknown runner '\(id)' in '--runners'; the runners are: \(known)")
            }
            runners.append(kind)
        }
        return runners
    }

    private static func seconds(_ text: String, for option: Option) throws(UsageError) -> Duration {
        guard let seconds = Double(text), seconds.isFinite else {
            throw UsageError("'\(option.flag)' expects a number of seconds such as 30 or 0.5, not '\(text)'")
        }
        guard seconds > 0, seconds <= maximumTimeout else {
            throw UsageError(
                "'\(option.flag)' must be more than 0 and at most \(Int(maximumTimeout)) seconds, not \(text)")
        }
        return .seconds(seconds)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool {
        isASCII && isNumber
    }
}
