import BenchResults
import JobRunners
import Testing

@testable import BenchKit

extension ThreadingOverheadsTests {
    /// Each option is defined once, and everything about it is made from that definition: parsing, the usage line,
    /// the help, and the command line of an `--isolate` child.
    @Suite struct OptionDefinitionTests {
        /// A value for every option that takes one, unlike its default in every command: an option added without a
        /// sample here fails the round trip.
        static let samples: [String: String] = [
            "queues": "2,3", "iterations": "7", "jobs": "999", "work": "5,50", "runners": "serial-queue,task",
            "repetitions": "4", "warmup": "2", "output": "out", "format": "json", "summary": "s.csv",
            "verify-timeout": "1.5", "stall-timeout": "9", "threshold": "2.5", "input": "in.csv",
            "budget": "30", "precision": "2", "seed": "42", "confidence": "90", "shift": "1.5",
            "title": "A title, with a comma", "shape": "ping-pong,chain", "processes": "3", "protocol": "1",
            "width": "390", "color": "always",
        ]

        /// Checks every option of `definition`: given alone, it changes the options; the arguments written for
        /// them read back to the same options; and `help` shows it with its default.
        func check<Options>(_ definition: CommandDefinition<Options>, help: String) throws {
            // The help wraps its lines; what it says is the same in one line.
            let flat = Self.flattened(help)
            // What a command line must give, with every option tried.
            var required: [String] = []
            for option in definition.options where option.isRequired {
                required += [option.flag, try #require(Self.samples[option.name])]
            }
            let baseline = try definition.scan(required).options
            var everything = required
            for option in definition.options {
                var arguments = [option.flag]
                if option.valueName != nil {
                    let sample = try #require(Self.samples[option.name], "no sample for \(definition.name) \(option.flag)")
                    arguments.append(sample)
                }
                if !option.isRequired {
                    everything += arguments
                    arguments += required
                }
                let line = try definition.scan(arguments)
                let options = line.options
                // Given means given, whatever the value.
                #expect(line.gave(option), "\(definition.name) \(arguments) not given")
                #expect(line.given.count == (option.isRequired ? 1 : 1 + required.count / 2))
                #expect(options != Options(), "\(definition.name) \(arguments) changed nothing")
                #expect(option.isRequired || options != baseline, "\(definition.name) \(arguments) changed nothing")
                let written = definition.arguments(for: options)
                #expect(written.contains { $0.hasPrefix(option.flag) }, "\(definition.name) \(arguments) → \(written)")
                #expect(try definition.scan(written).options == options, "\(definition.name) \(arguments) → \(written)")
                #expect(help.contains("  " + option.synopsis + " "), "\(definition.name) help lacks \(option.synopsis)")
                if let text = option.defaultText {
                    #expect(flat.contains("(default: \(text))"), "\(definition.name) help lacks \(option.flag)'s default")
                }
                let spelled = option.valueName.map { "\(option.flag) <\($0)>" } ?? option.flag
                #expect(flat.contains(option.isRequired ? " \(spelled) " : "[\(spelled)]"))
            }
            // All of them at once, too, and the defaults write no arguments but the required ones.
            let options = try definition.scan(everything).options
            #expect(try definition.scan(definition.arguments(for: options)).options == options)
            #expect(definition.arguments(for: baseline).count == required.count / 2)
        }

        /// `text` with every run of spaces and line breaks as one space.
        static func flattened(_ text: String) -> String {
            text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }

        @Test("every option of every command is in its help, with its default, and survives the argv round trip")
        func everyOption() throws {
            let catalogue = RunnerCatalogue.builtIn
            try check(SweepCommand.definition, help: HelpText.full(nil, catalogue: catalogue))
            try check(CompareCommand.definition, help: HelpText.full(.compare, catalogue: catalogue))
            try check(CheckCommand.definition, help: HelpText.full(.check, catalogue: catalogue))
            try check(ChartCommand.definition, help: HelpText.full(.chart, catalogue: catalogue))
            try check(CrossoverCommand.definition, help: HelpText.full(.crossover, catalogue: catalogue))
            try check(ValidateCommand.definition, help: HelpText.full(.validate, catalogue: catalogue))
            try check(InterleaveCommand.definition, help: HelpText.full(.interleave, catalogue: catalogue))
            try check(WorkerCommand.definition, help: HelpText.full(.worker, catalogue: catalogue))
        }

        @Test("defaults come from the options' own values: the help says what a command gets without the option")
        func defaultsInHelp() throws {
            let sweep = HelpText.full(nil, catalogue: .builtIn)
            #expect(Self.flattened(sweep).contains("instead of as many as the budget pays for (default: by the budget)."))
            // Each shape's own queue counts, from Shape.
            #expect(
                Self.flattened(sweep).contains(
                    "(default: 1,4,8,16 (chain, ping-pong, fan-out); 1,2,4,8,16,32,64 (contention))"))
            let crossover = HelpText.full(.crossover, catalogue: .builtIn)
            let crossoverRepetitions = try #require(CrossoverOptions().run.sampling.repetitions)
            // crossover has no budget: its help says so of its repetitions, and gives their default.
            #expect(Self.flattened(crossover).contains("at each work size (default: \(crossoverRepetitions))."))
            #expect(!Self.flattened(crossover).contains("budget"))
            #expect(
                Self.flattened(HelpText.full(.check, catalogue: .builtIn)).contains(
                    "or - for standard output (the verdicts then go to standard error) (default: none)."))
            // The chart's panel of runners that start a thread per job names them all, floors included.
            #expect(HelpText.full(.chart, catalogue: .builtIn).contains("(detach-thread, verified-detach, floor-detach-thread)"))
        }

        @Test("a subcommand is one value: found by its name, listed in the help with its abstract, its requests its own")
        func subcommandsAreValues() throws {
            let help = HelpText.full(nil, catalogue: .builtIn)
            let section = try #require(help.components(separatedBy: "COMMANDS:\n").dropFirst().first)
                .components(separatedBy: "\n\n")[0]
            // The COMMANDS list: a name at two spaces' indent per command, its abstract beside it, wrapped under it.
            // (Its last line says where to read more.)
            let listed = section.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
                .dropLast().map { String($0.dropFirst(2).prefix { $0 != " " }) }
            #expect(section.split(separator: "\n").last?.hasPrefix("  Each command's --help says more") == true)
            #expect(listed == ["(none)"] + Subcommand.allCases.map(\.name))
            #expect(Self.flattened(section).contains(SweepCommand.abstract))
            #expect(Set(Subcommand.allCases.map(\.name)).count == Subcommand.allCases.count)
            // A command line for each, which parses to a request of a type of that subcommand's own: a request runs
            // itself, so one of a type another command makes would run that command.
            let commandLines: [String: [String]] = [
                "compare": ["compare", "a.csv", "b.csv"], "check": ["check", "serial-queue <= 1s/job", "--input", "a.csv"],
                "chart": ["chart", "a.csv", "-o", "a.svg"], "crossover": ["crossover", "--input", "a.csv"],
                "validate": ["validate", "a.csv", "b.csv"], "interleave": ["interleave", "./a", "./b"],
                "worker": ["worker", "--protocol", "1"],
            ]
            // The main command's (a sweep or a summary, one type) and help's, then each subcommand's: one type per
            // command, XCommand, in one pattern (``Command``).
            var requestTypes: [ObjectIdentifier: String] = [
                ObjectIdentifier(SweepCommand.self): "(none)",
                ObjectIdentifier(HelpRequest.self): "help",
            ]
            for subcommand in Subcommand.allCases {
                #expect(Self.flattened(section).contains(Self.flattened(subcommand.abstract())), "\(subcommand)")
                #expect(Subcommand.named(subcommand.name) == subcommand)
                #expect(try CommandLineParser.parse([subcommand.name, "--help"]) as? HelpRequest == HelpRequest(topic: subcommand))
                #expect(HelpText.full(subcommand, catalogue: .builtIn).contains("bench \(subcommand.name)"))
                #expect(HelpText.usage(nil).contains("       bench \(subcommand.name)"))
                // A usage error of the main command names each subcommand in one line, not its usage.
                let errorUsage = HelpText.errorUsage(nil)
                #expect(errorUsage.split(separator: "\n").last?.contains(subcommand.name) == true)
                #expect(!errorUsage.contains("bench \(subcommand.name)"))
                #expect(HelpText.errorUsage(subcommand) == HelpText.usage(subcommand))
                let arguments = try #require(commandLines[subcommand.name], "a command line for \(subcommand)")
                let request = type(of: try CommandLineParser.parse(arguments))
                let made = String(describing: request)
                #expect(requestTypes.updateValue(subcommand.name, forKey: ObjectIdentifier(request)) == nil, "\(made)")
                #expect(made == subcommand.name.prefix(1).uppercased() + subcommand.name.dropFirst() + "Command")
                #expect(request is any Command.Type, "\(made)")
            }
            #expect(requestTypes.count == Subcommand.allCases.count + 2)
        }

        @Test("no help line is wider than the help's width")
        func helpWidth() {
            for command in [nil] + Subcommand.allCases.map(Optional.some) {
                for line in HelpText.full(command, catalogue: .builtIn).split(separator: "\n") {
                    #expect(line.count <= HelpText.width, "\(command?.name ?? "bench"): \(line)")
                }
            }
        }

        @Test("a number and its unit stay on one line where text wraps: '20 s', '200 ns/job'")
        func unitsStayWithTheirNumbers() {
            #expect(TextWrapping.wrap(["must", "be", "under", "200", "ns/job,", "or", "it", "fails"], width: 17, indent: 0)
                == "must be under\n200 ns/job, or it\nfails")
            #expect(TextWrapping.wrap(["after", "20", "s"], width: 8, indent: 2) == "after\n  20 s")
            // A number that is no unit's, or a unit-like word after a word, still breaks anywhere.
            #expect(TextWrapping.wrap(["queues", "16", "seconds"], width: 9, indent: 0) == "queues 16\nseconds")
            #expect(TextWrapping.wrap(["about", "s"], width: 5, indent: 0) == "about\ns")
            for command in [nil] + Subcommand.allCases.map(Optional.some) {
                let lines = HelpText.full(command, catalogue: .builtIn).split(separator: "\n")
                for (line, next) in zip(lines, lines.dropFirst()) where line.last?.isNumber == true {
                    let word = next.split(separator: " ").first.map(String.init) ?? ""
                    #expect(!TextWrapping.units.contains(String(word.prefix { !",;.:)".contains($0) })),
                        "\(command?.name ?? "bench"): '\(line)' then '\(next)'")
                }
            }
        }

        @Test("every example the help shows is a command line that parses")
        func examplesParse() throws {
            let prefix = "  swift run -c release bench"
            var examples = 0
            for command in [nil] + Subcommand.allCases.map(Optional.some) {
                for line in HelpText.full(command, catalogue: .builtIn).split(separator: "\n") where line.hasPrefix(prefix) {
                    let arguments = line.dropFirst(prefix.count).split(separator: " ").map(String.init)
                    #expect(throws: Never.self, "\(line)") { try CommandLineParser.parse(arguments) }
                    examples += 1
                }
            }
            #expect(examples >= 5)
        }

        @Test("a runner of the user's: listed by --help, run by --runners, checked by check, unknown to others")
        func userRunner() throws {
            let mine = RunnerKind(id: "my-queue", summary: "a serial DispatchQueue of mine", runner: DispatchQueueRunner.self)
            let catalogue = try RunnerCatalogue.builtIn.adding([mine])
            func bench(_ arguments: [String], catalogue: RunnerCatalogue) -> (ExitCode, String, String) {
                let captured = CapturedConsole()
                let status = BenchCommand.main(arguments: arguments, catalogue: catalogue, console: captured.console)
                return (status, captured.output, captured.error)
            }
            let (_, help, _) = bench(["--help"], catalogue: catalogue)
            #expect(help.contains("  my-queue                a serial DispatchQueue of mine\n"))

            let small = ["--queues", "2", "--iterations", "50", "--repetitions", "1", "--warmup", "0", "--quiet"]
            let (status, output, error) = bench(
                ["--runners", "my-queue,serial-queue", "--output", "-"] + small, catalogue: catalogue)
            #expect(status == .success, "\(error)")
            let rows = try rows(ofCSV: output)
            #expect(rows.compactMap { $0["runner"] }.sorted() == ["my-queue", "serial-queue"])
            #expect(rows.allSatisfy { $0["status"] == "ok" && $0["completed_iterations"] == "100" })

            // A check decides from 6 runs a cell: as many here.
            let checkRuns = small.map { $0 == "1" ? String(CheckExpression.fewestRuns) : $0 }
            let (checked, verdict, _) = bench(["check", "my-queue <= 1s/job"] + checkRuns, catalogue: catalogue)
            // Run while other programs used the machine (a shared one's, which this test cannot prevent), the
            // right outcome is inconclusive, saying so (checkFreshRun and InterferenceTests hold the rule itself).
            let interfered = verdict.unwrapped.contains("; not decided: ")
            #expect(checked == (interfered ? .inconclusive : .success))
            #expect(verdict.contains("\(interfered ? "INCONCLUSIVE" : "PASS")  my-queue <= 1000 ms/job at 2×50"))

            let (refused, _, message) = bench(["--runners", "my-queue"] + small, catalogue: .builtIn)
            #expect(refused == .usage)
            #expect(message.hasPrefix("Error: Unknown runner 'my-queue' in '--runners'"))
        }
    }
}
