import Foundation
import Testing

@testable import BenchKit
@testable import JobRunners

extension ThreadingOverheadsTests {
    /// The README and the pages of docs/ held to the code and to each other: the runners they list, the links
    /// between them, and the commands they tell a reader to type.
    @Suite struct DocumentationTests {
        /// The package's root, three levels above this file (Tests/ThreadingOverheadsTests/<this file>).
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        /// README.md and every page of docs/, as paths relative to the root.
        static var pages: [String] {
            let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path))
                ?? []
            return ["README.md", "results/README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        }

        static func text(_ page: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        }

        /// The ids in backticks in `line`, in order.
        static func ids(in line: Substring) -> [String] {
            line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }

        /// The built-in ids by family, as the pages list them: those this build leaves out included, in their places.
        static var catalogue: [RunnerFamily: [String]] {
            Dictionary(grouping: RunnerCatalogue.allBuiltInIDs, by: RunnerCatalogue.family(of:))
        }

        /// The runners the pages' commands may name: the built-in ones, and a stand-in for each that this build
        /// leaves out, so that a command naming `immediate-task` is judged on a toolchain without it as on one with.
        static var documentedRunners: RunnerCatalogue {
            get throws {
                try RunnerCatalogue.builtIn.adding(
                    RunnerCatalogue.leftOut.map {
                        RunnerKind(id: $0.id, summary: "a stand-in for a runner this build leaves out", runner: NullRunner.self)
                    })
            }
        }

        @Test("a runner this build leaves out is named as not built, not unknown, and listed in its family and place")
        func runnersLeftOut() throws {
            for runner in RunnerCatalogue.leftOut {
                do {
                    _ = try CommandLineParser.parse(["--runners", runner.id])
                    Issue.record("'--runners \(runner.id)' was accepted by a build without it")
                } catch {
                    #expect(error.message.contains("is not in this build") && error.message.contains(runner.reason))
                }
                #expect(RunnerCatalogue.family(of: runner.id) == runner.family)
                let ids = RunnerCatalogue.allBuiltInIDs
                #expect(ids.firstIndex(of: runner.id) == ids.firstIndex(of: runner.after).map { $0 + 1 })
            }
        }

        @Test("the README lists every built-in runner under its family, in the catalogue's order, and no other")
        func readmeRunners() throws {
            let section = try #require(try Self.text("README.md").components(separatedBy: "\n## The runners\n").dropFirst().first)
                .components(separatedBy: "\n## ").first ?? ""
            // Rows begin with the family's name and list its ids in backticks.
            var listed: [RunnerFamily: [String]] = [:]
            for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| family") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let family = RunnerFamily.allCases.first(where: { $0.name == cells.first }) else {
                    continue
                }
                listed[family] = Self.ids(in: line)
            }
            #expect(listed == Self.catalogue)
        }

        /// The Swift code blocks of `text`, each as its lines.
        static func swiftBlocks(_ text: String) -> [[String]] {
            text.components(separatedBy: "```swift\n").dropFirst().map { block in
                (block.components(separatedBy: "```").first ?? "").split(separator: "\n").map(String.init)
            }
        }

        @Test("the DocC article's code is the example package's: every line of it is a line of the example's files")
        func articleCodeIsTheExample() throws {
            let example = "Examples/CustomRunner/"
            let files = [
                "Package.swift", "Sources/ConditionWorker/ConditionWorkerRunner.swift", "Sources/custom-bench/main.swift",
                "Tests/ConditionWorkerTests/ConditionWorkerTests.swift",
            ]
            let lines = Set(try files.flatMap { try Self.text(example + $0).split(separator: "\n").map(String.init) })
            let article = try Self.text("Sources/BenchKit/BenchKit.docc/MeasuringYourOwnMechanism.md")
            let blocks = Self.swiftBlocks(article)
            #expect(blocks.count >= 5, "the package, the runner, its kind, its tests, the bench")
            for line in blocks.joined() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                let found = lines.contains(line)
                #expect(found, "not in \(example): \(line)")
            }
        }

        @Test("docs/runners.md describes every built-in runner, a row each, in the catalogue's order")
        func runnerPage() throws {
            let rows = try Self.text("docs/runners.md").split(separator: "\n").filter { $0.hasPrefix("| `") }
            let ids = rows.compactMap { Self.ids(in: $0).first }
            let expected = RunnerCatalogue.builtInFamilies.flatMap { group in
                Self.catalogue[group.family] ?? []
            }
            #expect(ids == expected)
        }

        /// GitHub's anchor for a heading: lowercased, punctuation but hyphens and underscores dropped, spaces as
        /// hyphens.
        static func anchor(_ heading: String) -> String {
            String(
                heading.lowercased().compactMap { character -> Character? in
                    if character == " " {
                        return "-"
                    }
                    return character.isLetter || character.isNumber || character == "-" || character == "_"
                        ? character : nil
                })
        }

        /// The anchors of `page`'s headings.
        static func anchors(_ page: String) throws -> Set<String> {
            var inCode = false
            var anchors: Set<String> = []
            for line in try text(page).split(separator: "\n") {
                if line.hasPrefix("```") {
                    inCode.toggle()
                }
                guard !inCode, line.hasPrefix("#") else {
                    continue
                }
                anchors.insert(anchor(String(line.drop { $0 == "#" }.dropFirst())))
            }
            return anchors
        }

        /// Each Markdown link's target in `text` outside code, `[label](target)` and `![alt](target)`.
        static func links(in text: String) -> [String] {
            var inCode = false
            var targets: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") {
                    inCode.toggle()
                    continue
                }
                guard !inCode else {
                    continue
                }
                // Inline code spans are not links.
                let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
                var rest = Substring(prose)
                while let open = rest.range(of: "](") {
                    let after = rest[open.upperBound...]
                    guard let close = after.firstIndex(of: ")") else {
                        break
                    }
                    targets.append(String(after[..<close]))
                    rest = after[close...]
                }
            }
            return targets
        }

        @Test("every relative link in the README and docs/ names a file that exists, and a heading that does")
        func linksResolve() throws {
            var broken: [String] = []
            var checked = 0
            let root = Self.root.standardized.path
            for page in Self.pages {
                let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
                for link in Self.links(in: try Self.text(page)) where !link.hasPrefix("http") {
                    checked += 1
                    let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let path = String(parts[0])
                    let file = path.isEmpty
                        ? Self.root.appendingPathComponent(page) : folder.appendingPathComponent(path).standardized
                    // The target as a path from the root, `docs/findings.md`.
                    let resolved = file.standardized.path.hasPrefix(root + "/")
                        ? String(file.standardized.path.dropFirst(root.count + 1)) : file.path
                    guard FileManager.default.fileExists(atPath: file.path) else {
                        broken.append("\(page): \(link) (no file \(resolved))")
                        continue
                    }
                    if parts.count == 2, resolved.hasSuffix(".md"), !(try Self.anchors(resolved)).contains(String(parts[1])) {
                        broken.append("\(page): \(link) (no heading #\(parts[1]) in \(resolved))")
                    }
                }
            }
            #expect(checked > 50, "the links were not found")
            #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
        }

        /// The places where `span` or more consecutive lines of `pages` (each more than 20 characters, markers left
        /// out) appear again, in the same page or another: `page:line` of each, for every repeated run.
        static func repeatedBlocks(_ pages: [(name: String, text: String)], span: Int = 4) -> [String] {
            var seen: [[String]: String] = [:]
            var repeats: [String] = []
            for page in pages {
                let lines = page.text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                var index = 0
                while index + span <= lines.count {
                    let run = Array(lines[index..<(index + span)])
                    guard run.allSatisfy({ $0.count > 20 && !$0.hasPrefix("<!--") }) else {
                        index += 1
                        continue
                    }
                    let place = "\(page.name):\(index + 1)"
                    if let first = seen[run] {
                        repeats.append("\(place) repeats \(first): \(run[0].prefix(60))")
                        index += span
                    } else {
                        seen[run] = place
                        index += 1
                    }
                }
            }
            return repeats
        }

        @Test("no page repeats another's block (or its own): a second copy is a link to the first")
        func noRepeatedBlocks() throws {
            let repeats = Self.repeatedBlocks(try Self.pages.map { ($0, try Self.text($0)) })
            if !repeats.isEmpty {
                Issue.record("repeated blocks:\n\(repeats.joined(separator: "\n"))")
            }
            let twice = "short\n" + (1...4).map { "line \($0) of a block that repeats" }
                .joined(separator: "\n")
            #expect(Self.repeatedBlocks([("a", twice), ("b", twice)]) == ["b:2 repeats a:2: line 1 of a block that repeats"])
            #expect(Self.repeatedBlocks([("a", twice)]).isEmpty)
        }

        @Test("the link check finds a missing file and a missing heading, and follows ../ and #")
        func linkCheckWorks() {
            #expect(Self.links(in: "see [a](b.md#c) and ![d](e.svg), not `[x](y)`\n```\n[z](w)\n```\n") == ["b.md#c", "e.svg"])
            #expect(Self.anchor("Today's Swift mechanisms") == "todays-swift-mechanisms")
            #expect(Self.anchor("Shapes: a chain, ping-pong, contention, fan-out") == "shapes-a-chain-ping-pong-contention-fan-out")
            #expect(Self.anchor("Where `serial-queue`'s remaining cost goes") == "where-serial-queues-remaining-cost-goes")
        }

        /// The command lines that run `bench`, `swift run -c release bench …`, in `text`: in code blocks (joined
        /// where a line ends in `\`) and in inline code, each up to a redirection, a pipe or a comment.
        static func benchCommands(in text: String) -> [String] {
            var commands: [String] = []
            let joined = text.replacingOccurrences(of: "\\\n", with: " ")
            for line in joined.split(separator: "\n") {
                var rest = Substring(line)
                while let start = rest.range(of: "swift run -c release bench") ?? rest.range(of: "swift run bench") {
                    // The end, outside quotes: a closing backtick, a redirection, a pipe, a comment, a `;` or `&&`.
                    var command = ""
                    var quote: Character?
                    for character in rest[start.lowerBound...] {
                        if let open = quote {
                            quote = character == open ? nil : open
                        } else if character == "'" || character == "\"" {
                            quote = character
                        } else if "`>|#;&".contains(character) {
                            break
                        }
                        command.append(character)
                    }
                    commands.append(command.trimmingCharacters(in: .whitespaces))
                    rest = rest[start.upperBound...]
                }
            }
            return commands
        }

        /// `command`'s words after `bench`, as a shell splits them (single and double quotes).
        static func arguments(of command: String) -> [String] {
            var words: [String] = []
            var word = ""
            var quote: Character?
            var inWord = false
            for character in command {
                if let open = quote {
                    if character == open {
                        quote = nil
                    } else {
                        word.append(character)
                    }
                } else if character == "'" || character == "\"" {
                    quote = character
                    inWord = true
                } else if character == " " {
                    if inWord {
                        words.append(word)
                    }
                    word = ""
                    inWord = false
                } else {
                    word.append(character)
                    inWord = true
                }
            }
            if inWord {
                words.append(word)
            }
            guard let bench = words.firstIndex(of: "bench") else {
                return []
            }
            return Array(words[(bench + 1)...])
        }

        @Test("every bench command line in the README and docs/ is one that bench accepts")
        func commandsParse() throws {
            var refused: [String] = []
            var checked = 0
            let runners = try Self.documentedRunners
            for page in Self.pages {
                for command in Self.benchCommands(in: try Self.text(page)) {
                    checked += 1
                    do {
                        _ = try CommandLineParser.parse(Self.arguments(of: command), catalogue: runners)
                    } catch {
                        refused.append("\(page): \(command): \(error.message)")
                    }
                }
            }
            #expect(checked > 30, "the commands were not found")
            #expect(refused.isEmpty, "\(refused.joined(separator: "\n"))")
        }

        @Test("the command finder reads code, continuations and inline code, and stops at redirections")
        func commandFinderWorks() {
            let text = """
                ```sh
                swift run -c release bench check 'a >= 2x b' \\
                    --queues 4 >> "$SUMMARY"
                swift run -c release bench   # a comment
                ```
                Run `swift run -c release bench --latency` or `swift run -c release floors`.
                """
            let commands = Self.benchCommands(in: text)
            #expect(commands.count == 3)
            #expect(Self.arguments(of: commands[0]) == ["check", "a >= 2x b", "--queues", "4"])
            #expect(Self.arguments(of: commands[1]) == [])
            #expect(Self.arguments(of: commands[2]) == ["--latency"])
        }
    }
}
