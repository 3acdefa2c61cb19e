import Foundation
import Testing

extension ThreadingOverheadsTests {
    /// The figures the README and docs/ quote from result files, held to those files.
    ///
    /// A table or an output block that quotes figures names its source in an HTML comment on the line before it,
    /// which GitHub does not show:
    ///
    /// - `<!-- bench ARGUMENTS -->`: the block is what `bench ARGUMENTS` prints, run in the package's root (a
    ///   result file's summary with `--input`, a `compare`, a `validate` of two files...), its lines in the order
    ///   printed, some left out where a page shows only some rows;
    /// - `<!-- from PATH -->`: the same, of a text file kept beside the results (a benchmark's printed tables);
    /// - `<!-- not from a result file: WHY -->`: figures that no file holds (a table of rules, a history of
    ///   measurements made by builds that are gone, each saying which).
    ///
    /// Several `bench` or `from` markers on consecutive lines make one source: their outputs one after the other
    /// (a line of each of several files' comparisons, say).
    ///
    /// So a new sweep, a changed estimator or a changed format fails the test of every page that quotes what it
    /// changes, rather than leaving the page behind. `DOCS_REWRITE=1 swift test -c release --filter QuotedFigures`
    /// writes each block anew from its source, line by line (a line is matched to the output's line that begins
    /// with the same words before its first figure).
    @Suite struct QuotedFiguresTests {
        typealias Pages = DocumentationTests

        /// Where a block's figures come from.
        enum Source: Equatable {
            /// `bench`'s output for these arguments.
            case command([String])
            /// A text file's lines, by its path from the package's root.
            case file(String)
            /// No file: why.
            case none(String)
        }

        /// A table or a fenced block of a page, and where its figures come from.
        struct Block {
            var page: String
            /// One source, or several whose outputs follow each other.
            var sources: [Source]
            /// The block's lines, by their index in the page's lines (fences left out).
            var lines: Range<Int>
        }

        /// What a page's markers say, and the blocks after them; an error for a marker with no block after it.
        static func blocks(of page: String, text: String) throws -> [Block] {
            let lines = text.components(separatedBy: "\n")
            var blocks: [Block] = []
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                guard let source = source(ofMarker: lines[index]) else {
                    continue
                }
                var sources = [source]
                while index + 1 < lines.count, let next = Self.source(ofMarker: lines[index + 1]) {
                    sources.append(next)
                    index += 1
                }
                guard let range = block(after: index, in: lines) else {
                    throw MarkerError(description: "\(page):\(index + 1): a marker with no table or fenced block after it")
                }
                blocks.append(Block(page: page, sources: sources, lines: range))
                index = range.upperBound
            }
            return blocks
        }

        struct MarkerError: Error, CustomStringConvertible {
            var description: String
        }

        /// The source a marker line names; nil for a line that is not a marker.
        static func source(ofMarker line: String) -> Source? {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("<!-- "), trimmed.hasSuffix(" -->") else {
                return nil
            }
            let content = String(trimmed.dropFirst(5).dropLast(4))
            if content.hasPrefix("bench ") {
                return .command(Pages.arguments(of: content))
            }
            if content.hasPrefix("from ") {
                return .file(String(content.dropFirst(5)))
            }
            if content.hasPrefix("not from a result file: ") {
                return .none(String(content.dropFirst("not from a result file: ".count)))
            }
            return nil
        }

        /// The lines of the table or fenced block that starts on the first line after `marker` that is not blank:
        /// a table's rows, or a fenced block's lines inside its fences.
        static func block(after marker: Int, in lines: [String]) -> Range<Int>? {
            var start = marker + 1
            while start < lines.count, lines[start].trimmingCharacters(in: .whitespaces).isEmpty {
                start += 1
            }
            guard start < lines.count else {
                return nil
            }
            if lines[start].hasPrefix("|") {
                var end = start
                while end < lines.count, lines[end].hasPrefix("|") {
                    end += 1
                }
                return start..<end
            }
            if lines[start].hasPrefix("```") {
                var end = start + 1
                while end < lines.count, !lines[end].hasPrefix("```") {
                    end += 1
                }
                return end < lines.count ? (start + 1)..<end : nil
            }
            return nil
        }

        /// Whether a table cell is a number: a count, or a figure with a unit, a ±, a range.
        static func isFigure(_ text: Substring) -> Bool {
            let cell = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\", with: "")
            return cell.wholeMatch(of: figure) != nil
        }

        /// Whether a table cell is a measured figure: a number with a unit or a fraction (`6.75 ns`, `1.26×`,
        /// `74%`, `0.972`), not a count or a code (`100`, `64`).
        static func isMeasured(_ text: Substring) -> Bool {
            isFigure(text) && text.contains(where: { ".%×µ".contains($0) || $0 == "s" || $0 == "B" })
        }

        nonisolated(unsafe) static let figure =
            /[~≈<>≤≥+\-−]?\s*[0-9][0-9.,]*\s*(ns|µs|us|ms|s|×|x|%|MiB|GiB)?(\s*[±–-]\s*[0-9.,]+\s*(ns|µs|us|ms|s|×|%)?)*\s*~?\**/

        /// The words of `line` before its first figure, the key that matches it to a line of the source: a table
        /// row's cells before the first that is a figure; a line of text up to its first digit.
        static func key(_ line: String) -> String {
            if line.hasPrefix("|") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
                return cells.prefix { !isFigure($0) }.map { $0.trimmingCharacters(in: .whitespaces) }
                    .joined(separator: "|")
            }
            return line.prefix { !$0.isNumber }.split(separator: " ").joined(separator: " ")
        }

        /// A line's words with each figure as `#`, and its runs of spaces as one; a configuration (`16×6250`) and a
        /// number before a comma (`B × 1.2, each …`) are words, not figures.
        static func words(_ line: String) -> String {
            line.replacingOccurrences(
                of: "(?<![0-9]×)(?<![0-9.])[0-9][0-9.]*(?![0-9.]*(×[0-9]|,))", with: "#", options: .regularExpression
            )
            .split(separator: " ").joined(separator: " ")
        }

        /// The block's lines held to the source's `output`: each doc line, in order, must be a line of it. The
        /// lines that are not (with the source's line of the same key, if there is one), and the block as the
        /// source has it now (each line replaced by the source's line of its key).
        static func check(_ quoted: [String], against output: [String]) -> (wrong: [String], fresh: [String]?) {
            var position = 0
            var wrong: [String] = []
            var fresh: [String] = []
            var freshPosition = 0
            var canRewrite = true
            let output = output.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            for line in quoted {
                let line = line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                if let found = output[position...].firstIndex(of: line) {
                    position = found + 1
                } else {
                    let same = output[position...].first { key($0) == key(line) }
                    wrong.append("  quoted: \(line)\n  source: \(same ?? "(no line like it)")")
                }
                // The line whose words match, figures aside; else the first whose words before its first figure
                // do. The words alone would take the wrong one of two lines whose label holds a figure ("B × 1.2,
                // each runner's …" and "… each family's …") or of one runner's lines in two configurations.
                let rest = output[freshPosition...]
                if let found = rest.firstIndex(where: { words($0) == words(line) })
                    ?? rest.firstIndex(where: { key($0) == key(line) })
                {
                    fresh.append(output[found])
                    freshPosition = found + 1
                } else {
                    canRewrite = false
                }
            }
            return (wrong, canRewrite ? fresh : nil)
        }

        /// Each distinct command's output, run once.
        final class Outputs: @unchecked Sendable {  // Used by one test, on one thread at a time.
            var byArguments: [[String]: Result<[String], MarkerError>] = [:]

            func lines(_ arguments: [String]) -> Result<[String], MarkerError> {
                if let known = byArguments[arguments] {
                    return known
                }
                let result: Result<[String], MarkerError>
                if let bench = Environment.benchExecutable,
                    let run = try? runProcess([bench.path] + arguments, in: Pages.root.path, timeout: 300)
                {
                    result = run.status == 0
                        ? .success(run.output.components(separatedBy: "\n"))
                        : .failure(MarkerError(description: "exit \(run.status): \(run.error.prefix(300))"))
                } else {
                    result = .failure(MarkerError(description: "bench could not be run"))
                }
                byArguments[arguments] = result
                return result
            }
        }

        /// Every marked block of every page.
        static func allBlocks() throws -> [Block] {
            try Pages.pages.flatMap { try blocks(of: $0, text: try Pages.text($0)) }
        }

        @Test(
            "every figure a page quotes from a result file is what that file gives today",
            .enabled(if: Self.isOptimized, "compare and validate of two files take 20 to 50 s each in a debug build"),
            .timeLimit(.minutes(10)))
        func quotedFiguresMatch() throws {
            let rewriting = ProcessInfo.processInfo.environment["DOCS_REWRITE"] == "1"
            let outputs = Outputs()
            var failures: [String] = []
            var checked = 0
            for page in Pages.pages {
                var lines = try Pages.text(page).components(separatedBy: "\n")
                // Last first, so that a rewritten block leaves the ranges of those before it as they were.
                for block in try Self.blocks(of: page, text: lines.joined(separator: "\n")).reversed() {
                    guard !block.sources.contains(where: { if case .none = $0 { true } else { false } }) else {
                        continue
                    }
                    var source = Result<[String], MarkerError>.success([])
                    for part in block.sources {
                        let lines: Result<[String], MarkerError>
                        switch part {
                        case .none:
                            lines = .success([])
                        case .command(let arguments):
                            lines = outputs.lines(arguments)
                        case .file(let path):
                            lines = Result { try Pages.text(path).components(separatedBy: "\n") }
                                .mapError { MarkerError(description: "cannot read \(path): \($0)") }
                        }
                        source = source.flatMap { before in lines.map { before + $0 } }
                    }
                    checked += 1
                    let named = block.sources.map { source -> String in
                        switch source {
                        case .command(let arguments): "bench " + arguments.joined(separator: " ")
                        case .file(let path): path
                        case .none(let why): why
                        }
                    }
                    let place = "\(page):\(block.lines.lowerBound + 1) (\(named.joined(separator: "; ")))"
                    switch source {
                    case .failure(let error):
                        failures.append("\(place): \(error)")
                    case .success(let output):
                        let (wrong, fresh) = Self.check(Array(lines[block.lines]), against: output)
                        if rewriting, let fresh {
                            lines.replaceSubrange(block.lines, with: fresh)
                        } else if !wrong.isEmpty {
                            // Not rewritten when a line's words match no line of the source: that is for a person.
                            failures.append("\(place): \(wrong.count) line(s) differ\n" + wrong.joined(separator: "\n"))
                        }
                    }
                }
                if rewriting {
                    try lines.joined(separator: "\n").write(
                        to: Pages.root.appendingPathComponent(page), atomically: true, encoding: .utf8)
                }
            }
            #expect(checked >= 10, "the marked blocks were not found")
            if !failures.isEmpty {
                Issue.record("\(failures.count) block(s) differ from their source:\n\(failures.joined(separator: "\n"))")
            }
        }

        @Test("every chart in results/ is what the command results/README.md gives for it draws today")
        func chartsMatchTheirCommands() throws {
            // The README of results/ names each picture's command, `bench chart … -o results/NAME.svg …`: each is
            // drawn again to a file of its own and must be the committed one, byte for byte, so that a change to
            // how charts look cannot leave the committed pictures behind (it once did: stale subtitles).
            let readme = try Pages.text("results/README.md")
            let commands = readme.matches(of: /`(bench chart [^`]*)`/).map { Pages.arguments(of: String($0.1)) }
            let bench = try #require(Environment.benchExecutable)
            let directory = try TemporaryDirectory()
            var drawn: Set<String> = []
            for arguments in commands {
                let output = try #require(arguments.firstIndex(of: "-o").map { arguments[$0 + 1] })
                let fresh = directory.path + "/" + (output as NSString).lastPathComponent
                let run = try runProcess(
                    [bench.path] + arguments.map { $0 == output ? fresh : $0 }, in: Pages.root.path, timeout: 120)
                #expect(run.status == 0, "\(arguments): \(run.error)")
                let committed = try Data(contentsOf: Pages.root.appendingPathComponent(output))
                #expect(try Data(contentsOf: URL(fileURLWithPath: fresh)) == committed, "\(output) is not what \(arguments) draws")
                drawn.insert(output)
            }
            // And every picture in results/, in its folders too, has its command there.
            let pictures = try #require(FileManager.default.subpaths(atPath: Pages.root.appendingPathComponent("results").path))
                .filter { $0.hasSuffix(".svg") }.map { "results/" + $0 }
            #expect(Set(pictures) == drawn, "no command for \(Set(pictures).subtracting(drawn).sorted())")
        }

        static let isOptimized: Bool = {
            #if DEBUG
            false
            #else
            true
            #endif
        }()

        @Test("every table or output block with measured figures names its source, and every marker has a block")
        func figuresNameTheirSource() throws {
            var unmarked: [String] = []
            for page in Pages.pages {
                let text = try Pages.text(page)
                let marked = Set(try Self.blocks(of: page, text: text).flatMap { Array($0.lines) })
                let lines = text.components(separatedBy: "\n")
                var inFence = false
                var fenceIsOutput = false
                for (index, line) in lines.enumerated() {
                    if line.hasPrefix("```") {
                        inFence.toggle()
                        // Output is a fence with no language or `text`; code (sh, swift, yaml) is not quoted.
                        fenceIsOutput = inFence && (line == "```" || line == "```text")
                        continue
                    }
                    guard !marked.contains(index) else {
                        continue
                    }
                    let hasFigure: Bool
                    if inFence {
                        hasFigure = fenceIsOutput && line.contains(/[0-9.] ?(ns|µs|ms)\b/)
                    } else if line.hasPrefix("|") {
                        // A figure in any cell but the first, which names the row.
                        hasFigure = line.split(separator: "|").dropFirst().contains(where: Self.isMeasured)
                    } else {
                        hasFigure = false
                    }
                    if hasFigure {
                        unmarked.append("\(page):\(index + 1): \(line.prefix(100))")
                    }
                }
            }
            if !unmarked.isEmpty {
                let markers = "<!-- bench ARGS -->, <!-- from PATH --> or <!-- not from a result file: WHY -->"
                Issue.record("figures without a source (mark the block with \(markers)):\n\(unmarked.joined(separator: "\n"))")
            }
        }

        @Test("the figure check finds a changed figure, a missing row and a line out of order, and rewrites by key")
        func figureCheckWorks() throws {
            let output = [
                "| runner | 1×100000 | 8×12500 |", "| --- | ---: | ---: |", "| single-threaded | 6.75 ns ±1% | 6.74 ns ±1% |",
                "| serial-queue | 72.2 ns ±0.9% | 45.7 ns ±10% |", "  task      341 ns ±53%~   51.2×",
            ]
            #expect(Self.check([output[0], output[3]], against: output).wrong.isEmpty)
            let changed = Self.check([output[0], "| serial-queue | 72.2 ns ±0.9% | 45.8 ns ±10% |"], against: output)
            #expect(changed.wrong == ["  quoted: | serial-queue | 72.2 ns ±0.9% | 45.8 ns ±10% |\n  source: \(output[3])"])
            #expect(changed.fresh == [output[0], output[3]])
            #expect(Self.check([output[3], output[2]], against: output).wrong.count == 1)
            #expect(Self.check(["| thread-pool | 1 ns | 2 ns |"], against: output).fresh == nil)
            #expect(Self.check(["  task      342 ns ±53%~   51.2×"], against: output).fresh == [output[4]])
            #expect(Self.key("| serial-queue | 8×12500 | 45.7 ns | slower |") == "serial-queue|8×12500")
            #expect(Self.isFigure("1.24–1.39") && Self.isFigure(" 45.7 ns ±10%\\~ ") && Self.isFigure("2.48×") && !Self.isFigure("8×12500"))
            #expect(Self.isMeasured("0.972") && Self.isMeasured("74%") && !Self.isMeasured("64") && !Self.isMeasured("`check`"))
            let page = "x\n<!-- bench --input a.csv -->\n\n| a | 1 ns |\n| b | 2 ns |\n\ntext\n<!-- from b.txt -->\n```\nq 3 ns\n```\n"
            let found = try Self.blocks(of: "p", text: page)
            #expect(found.map(\.sources) == [[.command(["--input", "a.csv"])], [.file("b.txt")]])
            let two = try Self.blocks(of: "p", text: "<!-- bench compare a.csv -->\n<!-- bench compare b.csv -->\n```\nx\n```\n")
            #expect(two.map(\.sources) == [[.command(["compare", "a.csv"]), .command(["compare", "b.csv"])]])
            #expect(found.map(\.lines) == [3..<5, 9..<10])
            #expect(throws: MarkerError.self) { try Self.blocks(of: "p", text: "<!-- bench x -->\ntext\n") }
        }
    }
}
