import BenchResults
import JobRunners

/// Turns `bench`'s arguments into a ``Command``, or a ``UsageError`` that says what is wrong.
///
/// A function of the arguments alone, apart from printing and exiting, so that tests can call it.
public enum CommandLineParser {
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var arguments = arguments[...]
        var subcommand: Subcommand?
        if let first = arguments.first {
            if first == "help" {
                let topic = arguments.dropFirst().first
                guard let topic else {
                    return .help(nil)
                }
                guard let command = Subcommand(rawValue: topic) else {
                    throw UsageError("Unknown command '\(topic)'; the commands are \(Self.commandList)")
                }
                return .help(command)
            }
            if !first.hasPrefix("-") {
                guard let command = Subcommand(rawValue: first) else {
                    throw UsageError("Unknown command '\(first)'; the commands are \(Self.commandList)")
                }
                subcommand = command
                arguments = arguments.dropFirst()
            }
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            return .help(subcommand)
        }
        do {
            switch subcommand {
            case nil: return .sweep(try sweepOptions(Array(arguments)))
            case .compare: return .compare(try compareOptions(Array(arguments)))
            case .check: return .check(try checkOptions(Array(arguments)))
            case .chart: return .chart(try chartOptions(Array(arguments)))
            case .crossover: return .crossover(try crossoverOptions(Array(arguments)))
            }
        } catch {
            throw UsageError(error.message, command: subcommand)
        }
    }

    static let commandList = Subcommand.allCases.map(\.rawValue).joined(separator: ", ")

    // MARK: The commands' options

    private static let runOptions: [OptionSpec] = [
        .init("queues", value: "list"), .init("iterations", value: "list"), .init("jobs", value: "total"),
        .init("work", value: "ns"),
        .init("repetitions", value: "n"), .init("warmup", value: "n"), .init("verify-timeout", value: "seconds"),
        .init("stall-timeout", value: "seconds"), .init("output", value: "path"), .init("isolate"),
        .init("quiet"), .init("allow-long"),
    ]

    private static func sweepOptions(_ arguments: [String]) throws(UsageError) -> SweepOptions {
        let scanned = try ArgumentScanner.scan(
            arguments,
            options: runOptions + [
                .init("runners", value: "ids"), .init("format", value: "format"), .init("summary", value: "path"),
                .init("metrics"),
            ])
        if let unexpected = scanned.positionals.first {
            throw UsageError("Unexpected argument '\(unexpected)'")
        }
        var options = SweepOptions()
        let (plan, requestedJobs) = try plan(scanned, defaultRunners: RunnerKind.standard)
        options.plan = try SweepLimits.apply(to: plan, allowLong: scanned.has("allow-long"))
        options.requestedJobs = requestedJobs
        options.output = try output(scanned) ?? .newFileInResults
        options.isolate = scanned.has("isolate")
        options.quiet = scanned.has("quiet")
        options.showsMetrics = scanned.has("metrics")
        if let format = scanned.value("format") {
            options.format = try outputFormat(format)
        }
        if let path = scanned.value("summary") {
            guard !path.isEmpty, path != "-" else {
                throw UsageError("'--summary' needs a file path (the summary goes to standard output with --format csv)")
            }
            options.summaryPath = path
        }
        return options
    }

    private static func compareOptions(_ arguments: [String]) throws(UsageError) -> CompareOptions {
        let scanned = try ArgumentScanner.scan(
            arguments,
            options: [.init("threshold", value: "percent"), .init("format", value: "format"), .init("metrics")])
        guard scanned.positionals.count >= 2 else {
            throw UsageError("'bench compare' needs two or more result files: the baseline first")
        }
        var options = CompareOptions(paths: scanned.positionals)
        options.showsMetrics = scanned.has("metrics")
        if let threshold = scanned.value("threshold") {
            options.threshold = try percent(threshold, for: "threshold")
        }
        if let format = scanned.value("format") {
            options.format = try outputFormat(format)
        }
        return options
    }

    private static func checkOptions(_ arguments: [String]) throws(UsageError) -> CheckOptions {
        let scanned = try ArgumentScanner.scan(
            arguments, options: runOptions + [.init("input", value: "path"), .init("retries", value: "n")])
        guard !scanned.positionals.isEmpty else {
            throw UsageError("'bench check' needs at least one check, such as 'detach-thread >= 10x serial-queue'")
        }
        var expressions: [CheckExpression] = []
        for text in scanned.positionals {
            do {
                expressions.append(try CheckExpression(parsing: text))
            } catch {
                throw UsageError(error.description)
            }
        }
        var options = CheckOptions(expressions: expressions)
        if let input = scanned.value("input") {
            let runOnly = runOptions.map(\.name).filter { $0 != "quiet" && $0 != "allow-long" && scanned.has($0) }
            guard runOnly.isEmpty else {
                throw UsageError(
                    "'--input' checks an existing file, so '--\(runOnly[0])', which shapes a fresh run, does not apply")
            }
            guard !input.isEmpty else {
                throw UsageError("Missing value for '--input <path>'")
            }
            options.inputPath = input
            if scanned.has("retries") {
                throw UsageError("'--retries' re-measures a fresh run, so it does not apply with '--input'")
            }
            return options
        }
        var runners: [RunnerKind] = []
        for id in expressions.flatMap(\.runners) {
            guard let kind = RunnerKind(id: id) else {
                throw UsageError("Unknown runner '\(id)'; the runners are: \(runnerList)")
            }
            if !runners.contains(kind) {
                runners.append(kind)
            }
        }
        options.plan = try plan(scanned, defaultRunners: runners).plan
        options.plan.runners = runners
        // Configurations named in the checks are measured too; the run options' ones only if some check names none.
        let named = expressions.compactMap(\.namedConfiguration)
        let general = expressions.contains { $0.namedConfiguration == nil } ? options.plan.configurations : []
        options.plan.configurations = (general + named).uniqued()
        options.plan = try SweepLimits.apply(to: options.plan, allowLong: scanned.has("allow-long"))
        if let retries = scanned.value("retries") {
            options.retries = try integer(retries, for: "retries", minimum: 0)
        }
        options.output = try output(scanned) ?? .none
        options.isolate = scanned.has("isolate")
        options.quiet = scanned.has("quiet")
        return options
    }

    private static func chartOptions(_ arguments: [String]) throws(UsageError) -> ChartOptions {
        let scanned = try ArgumentScanner.scan(
            arguments,
            options: [.init("output", value: "path", short: "o"), .init("title", value: "text"), .init("log")])
        guard !scanned.positionals.isEmpty else {
            throw UsageError("'bench chart' needs one or more result files")
        }
        guard let output = scanned.value("output"), !output.isEmpty else {
            throw UsageError("'bench chart' needs '--output <path>' (or -o), the SVG file to write")
        }
        guard output != "-" else {
            throw UsageError("'bench chart' writes a file: give '--output <path>' a path, not -")
        }
        return ChartOptions(
            paths: scanned.positionals, outputPath: output, title: scanned.value("title"), logarithmic: scanned.has("log"))
    }

    private static func crossoverOptions(_ arguments: [String]) throws(UsageError) -> CrossoverOptions {
        let scanned = try ArgumentScanner.scan(
            arguments,
            options: [
                .init("runners", value: "ids"), .init("work", value: "list"), .init("repetitions", value: "n"),
                .init("warmup", value: "n"), .init("verify-timeout", value: "seconds"),
                .init("stall-timeout", value: "seconds"), .init("output", value: "path"), .init("input", value: "path"),
                .init("format", value: "format"), .init("quiet"),
            ])
        if let unexpected = scanned.positionals.first {
            throw UsageError("Unexpected argument '\(unexpected)'")
        }
        var options = CrossoverOptions()
        if let input = scanned.value("input") {
            let measuring = ["runners", "work", "repetitions", "warmup", "verify-timeout", "stall-timeout", "output"]
            if let option = measuring.first(where: { scanned.has($0) }) {
                throw UsageError("'--input' analyzes an existing file, so '--\(option)', which shapes a run, does not apply")
            }
            guard !input.isEmpty else {
                throw UsageError("Missing value for '--input <path>'")
            }
            options.inputPath = input
        }
        if let runners = scanned.value("runners") {
            options.runners = try runnerList(runners)
        }
        if let work = scanned.value("work") {
            options.work = try integerList(work, for: "work", minimum: 1)
            if let largest = options.work.max(), largest > maximumWork {
                throw UsageError("'--work' must be at most \(maximumWork) ns (1 s per job), not \(largest)")
            }
        }
        if let repetitions = scanned.value("repetitions") {
            options.repetitions = try integer(repetitions, for: "repetitions", minimum: 1)
        }
        if let warmup = scanned.value("warmup") {
            options.warmup = try integer(warmup, for: "warmup", minimum: 0)
        }
        if let timeout = scanned.value("verify-timeout") {
            options.settings.verifyTimeout = try seconds(timeout, for: "verify-timeout")
        }
        if let timeout = scanned.value("stall-timeout") {
            options.settings.stallTimeout = try seconds(timeout, for: "stall-timeout")
        }
        options.output = try output(scanned) ?? .newFileInResults
        if let format = scanned.value("format") {
            options.format = try outputFormat(format)
        }
        options.quiet = scanned.has("quiet")
        return options
    }

    // MARK: Shared values

    /// The runners, configurations, repetitions, warm-up and timeouts of a fresh run; and the --jobs total the
    /// configurations were derived from, if they were.
    private static func plan(
        _ scanned: ScannedArguments,
        defaultRunners: [RunnerKind]
    ) throws(UsageError) -> (plan: SweepPlan, requestedJobs: Int?) {
        var plan = SweepPlan(runners: defaultRunners)
        if let runners = scanned.value("runners") {
            plan.runners = try runnerList(runners)
        }
        let iterations = try scanned.value("iterations").map { value throws(UsageError) in
            try integerList(value, for: "iterations")
        }
        let jobs = try scanned.value("jobs").map { value throws(UsageError) in
            try integer(value, for: "jobs", minimum: 1)
        }
        plan.configurations = try configurations(
            queues: try scanned.value("queues").map { value throws(UsageError) in try integerList(value, for: "queues") },
            iterations: iterations, jobs: jobs,
            work: try scanned.value("work").map { value throws(UsageError) in
                let work = try integerList(value, for: "work", minimum: 0)
                if let largest = work.max(), largest > maximumWork {
                    throw UsageError("'--work' must be at most \(maximumWork) ns (1 s per job), not \(largest)")
                }
                return work
            } ?? [0])
        if let repetitions = scanned.value("repetitions") {
            plan.repetitions = try integer(repetitions, for: "repetitions", minimum: 1)
        }
        if let warmup = scanned.value("warmup") {
            plan.warmup = try integer(warmup, for: "warmup", minimum: 0)
        }
        if let timeout = scanned.value("verify-timeout") {
            plan.settings.verifyTimeout = try seconds(timeout, for: "verify-timeout")
        }
        if let timeout = scanned.value("stall-timeout") {
            plan.settings.stallTimeout = try seconds(timeout, for: "stall-timeout")
        }
        guard plan.settings.verifyTimeout < plan.settings.stallTimeout else {
            throw UsageError(
                "'--verify-timeout' (\(plan.settings.verifyTimeout.secondsText) s) must be shorter than "
                    + "'--stall-timeout' (\(plan.settings.stallTimeout.secondsText) s), or a thread that never "
                    + "starts is reported as a stall")
        }
        return (plan, iterations == nil ? jobs ?? SweepOptions.defaultJobs : nil)
    }

    private static func output(_ scanned: ScannedArguments) throws(UsageError) -> OutputDestination? {
        guard let path = scanned.value("output") else {
            return nil
        }
        guard !path.isEmpty else {
            throw UsageError("Missing value for '--output <path>'")
        }
        return path == "-" ? .standardOutput : .file(path: path)
    }

    /// Every combination of `queues`, `iterations` and `work`; without `iterations`, iterations = jobs / queues, as
    /// in the 2010 table, rounded to the nearest whole number where it does not divide (the sweep says so).
    private static func configurations(
        queues: [Int]?,
        iterations: [Int]?,
        jobs: Int?,
        work: [Int]
    ) throws(UsageError) -> [RunConfiguration] {
        let queues = queues ?? SweepOptions.defaultQueues
        var shapes: [(queues: Int, iterations: Int)] = []
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
                    shapes.append((queueCount, iterationCount))
                }
            }
        } else {
            let total = jobs ?? SweepOptions.defaultJobs
            for queueCount in queues {
                let iterationCount = (total + queueCount / 2) / queueCount
                guard iterationCount >= 1 else {
                    throw UsageError(
                        "--jobs \(total) is fewer than --queues \(queueCount): every queue needs a job at least")
                }
                shapes.append((queueCount, iterationCount))
            }
        }
        return shapes.flatMap { shape in
            work.map { RunConfiguration(queues: shape.queues, iterations: shape.iterations, workNanoseconds: $0) }
        }
    }

    private static func integer(_ text: String, for option: String, minimum: Int) throws(UsageError) -> Int {
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

    private static func list(_ text: String, for option: String) throws(UsageError) -> [String] {
        guard !text.isEmpty else {
            throw UsageError("'--\(option)' needs at least one value")
        }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !items.contains(where: \.isEmpty) else {
            throw UsageError("'--\(option)' has an empty item in '\(text)'")
        }
        // A value named twice would only run twice; keep the first.
        return items.uniqued()
    }

    private static func integerList(_ text: String, for option: String, minimum: Int = 1) throws(UsageError) -> [Int] {
        var numbers: [Int] = []
        for item in try list(text, for: option) {
            numbers.append(try integer(item, for: option, minimum: minimum))
        }
        return numbers.uniqued()
    }

    static var runnerList: String {
        RunnerKind.allCases.map(\.id).joined(separator: ", ")
    }

    private static func runnerList(_ text: String) throws(UsageError) -> [RunnerKind] {
        var runners: [RunnerKind] = []
        for id in try list(text, for: "runners") {
            guard let kind = RunnerKind(id: id) else {
                throw UsageError("Unknown runner '\(id)' in '--runners'; the runners are: \(runnerList)")
            }
            runners.append(kind)
        }
        return runners
    }

    /// The most work a job may do, 1 s: more is surely a mistake.
    static let maximumWork = 1_000_000_000

    /// The longest timeout accepted, one day: longer is surely a mistake.
    static let maximumTimeout: Double = 86_400

    private static func seconds(_ text: String, for option: String) throws(UsageError) -> Duration {
        guard let seconds = Double(text), seconds.isFinite else {
            throw UsageError("'--\(option)' expects a number of seconds such as 30 or 0.5, not '\(text)'")
        }
        guard seconds > 0, seconds <= maximumTimeout else {
            throw UsageError(
                "'--\(option)' must be more than 0 and at most \(Int(maximumTimeout)) seconds, not \(text)")
        }
        return .seconds(seconds)
    }

    /// `5` or `5%` as 0.05; more than 0 and less than 100.
    private static func percent(_ text: String, for option: String) throws(UsageError) -> Double {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(number), value.isFinite else {
            throw UsageError("'--\(option)' expects a percentage such as 5 or 2.5%, not '\(text)'")
        }
        guard value > 0, value < 100 else {
            throw UsageError("'--\(option)' must be more than 0 and less than 100 (percent), not \(text)")
        }
        return value / 100
    }

    private static func outputFormat(_ text: String) throws(UsageError) -> OutputFormat {
        guard let format = OutputFormat(rawValue: text) else {
            let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("Unknown format '\(text)' for '--format'; the formats are: \(formats)")
        }
        return format
    }

}

extension Array where Element: Equatable {
    /// The elements in order, each only the first time it appears.
    func uniqued() -> [Element] {
        var result: [Element] = []
        for element in self where !result.contains(element) {
            result.append(element)
        }
        return result
    }
}

/// An option a command accepts: `--name <value>`, or a flag without a value.
struct OptionSpec {
    var name: String
    /// The value's name in messages (`<list>`); nil for a flag.
    var value: String?
    /// A one-letter alias, such as `-o`.
    var short: Character?

    init(_ name: String, value: String? = nil, short: Character? = nil) {
        self.name = name
        self.value = value
        self.short = short
    }

    var quoted: String {
        value.map { "'--\(name) <\($0)>'" } ?? "'--\(name)'"
    }
}

/// The options and positional arguments of a command line, checked against what the command accepts.
struct ScannedArguments {
    var positionals: [String] = []
    /// Each option's value, the last one given.
    var values: [String: String] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? {
        values[name]
    }

    func has(_ name: String) -> Bool {
        flags.contains(name) || values[name] != nil
    }
}

enum ArgumentScanner {
    /// Reads `--name value`, `--name=value`, `-x value` and flags; anything else is positional. A value is taken
    /// from the next argument unless that begins with `--`.
    static func scan(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ScannedArguments {
        var scanned = ScannedArguments()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                scanned.positionals.append(argument)
                continue
            }
            var inline: String?
            let option: OptionSpec?
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
                throw UsageError("Unknown option '\(name)'")
            }
            guard option.value != nil else {
                if inline != nil {
                    throw UsageError("\(option.quoted) takes no value")
                }
                scanned.flags.insert(option.name)
                continue
            }
            if inline == nil, index < arguments.endIndex, !arguments[index].hasPrefix("--") {
                inline = arguments[index]
                index += 1
            }
            guard let value = inline else {
                throw UsageError("Missing value for \(option.quoted)")
            }
            scanned.values[option.name] = value
        }
        return scanned
    }
}
