import Foundation
import JobRunners
import Synchronization
import Testing

@testable import BenchKit

/// Captures what `bench` writes to standard output and standard error.
final class CapturedConsole: Sendable {
    private let outputText = Mutex("")
    private let errorText = Mutex("")

    var console: Console {
        Console(
            output: { text in self.outputText.withLock { $0 += text } },
            error: { text in self.errorText.withLock { $0 += text } })
    }

    var output: String { outputText.withLock { $0 } }
    var error: String { errorText.withLock { $0 } }
}

/// A fresh directory for one test's files, removed afterwards.
struct TemporaryDirectory: ~Copyable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "bench-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var contents: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
    }
}

/// Splits a CSV written by `bench` (no quoted line breaks in it) into rows of fields.
func parseSimpleCSV(_ text: String) -> [[String]] {
    text.split(separator: "\n").map { line in
        var fields: [String] = []
        var field = ""
        var quoted = false
        var previous: Character?
        for character in line {
            switch character {
            case "\"" where quoted: quoted = false
            case "\"": 
                if previous == "\"" { field.append("\"") }
                quoted = true
            case "," where !quoted:
                fields.append(field)
                field = ""
            default: field.append(character)
            }
            previous = character
        }
        fields.append(field)
        return fields
    }
}

extension ThreadingOverheadsTests {
    @Suite struct BenchCommandTests {
        @Test("a sweep writes one whole row per recorded run, with the machine on every row", .timeLimit(.minutes(1)))
        func writesResultFile() throws {
            let directory = try TemporaryDirectory()
            let path = directory.path + "/run.csv"
            let captured = CapturedConsole()
            let status = Bench.main(
                arguments: [
                    "--runners", "single-threaded,serial-queue,run-loop", "--queues", "2", "--iterations", "10,30",
                    "--repetitions", "2", "--warmup", "1", "--output", path,
                ],
                console: captured.console)
            #expect(status == .success, "\(captured.error)")
            #expect(directory.contents == ["run.csv"])

            let rows = parseSimpleCSV(try String(contentsOfFile: path, encoding: .utf8))
            let header = try #require(rows.first)
            #expect(header == ResultSchema.columns)
            let body = rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
            #expect(body.count == 3 * 2 * 2)
            let machine = MachineInfo.current()
            for row in body {
                #expect(row.count == header.count)
                #expect(row["schema_version"] == "1")
                #expect(row["status"] == "ok")
                #expect(row["detail"] == "")
                #expect(row["queues"] == "2")
                let jobs = try #require(Int(row["jobs"] ?? ""))
                #expect(jobs == 2 * (try #require(Int(row["iterations"] ?? ""))))
                #expect(row["completed_iterations"] == row["jobs"])
                let seconds = try #require(Double(row["seconds"] ?? ""))
                let perJob = try #require(Double(row["ns_per_job"] ?? ""))
                #expect(abs(seconds * 1e9 / Double(jobs) - perJob) < 0.001)
                #expect(row["host"] == machine.host)
                #expect(row["arch"] == machine.arch)
                #expect(row["logical_cpus"] == String(machine.logicalCPUs))
                #expect(row["memory_bytes"] == String(machine.memoryBytes))
                #expect(row["build"] == "debug")
                #expect(row["swift_version"]?.first?.isNumber == true)
                #expect(row["started_at"]?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
            }
            #expect(body.map { $0["runner"] ?? "" }.filter { $0 == "run-loop" }.count == 4)
            #expect(body.map { $0["repetition"] ?? "" }.sorted() == Array(repeating: "1", count: 6) + Array(repeating: "2", count: 6))
            // The table of medians goes to standard output; progress and the debug warning to standard error.
            #expect(captured.output.contains("2 queues, 30 iterations"))
            #expect(captured.output.contains("Median cost per job"))
            #expect(captured.error.contains("WARNING: this is a DEBUG build"))
            #expect(captured.error.contains("[18/18]"))
        }

        @Test("--output - puts the CSV alone on standard output", .timeLimit(.minutes(1)))
        func csvOnStandardOutput() {
            let captured = CapturedConsole()
            let status = Bench.main(
                arguments: ["--runners", "serial-queue", "--queues", "1", "--iterations", "5", "--repetitions", "2",
                            "--warmup", "0", "--output", "-"],
                console: captured.console)
            #expect(status == .success)
            let rows = parseSimpleCSV(captured.output)
            #expect(rows.count == 3)
            #expect(rows.first == ResultSchema.columns)
            #expect(captured.error.contains("Median cost per job"))
        }

        @Test("a device is written in place, never replaced: --output /dev/null", .timeLimit(.minutes(1)))
        func devicesStayDevices() throws {
            let captured = CapturedConsole()
            let status = Bench.main(
                arguments: ["--runners", "serial-queue", "--queues", "1", "--iterations", "5", "--repetitions", "1",
                            "--warmup", "0", "--output", "/dev/null"],
                console: captured.console)
            #expect(status == .success, "\(captured.error)")
            let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
            #expect(type == .typeCharacterSpecial)
            #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.contains("partial") }.isEmpty)
        }

        @Test("a symbolic link is followed: the file it names gets the rows, the link stays", .timeLimit(.minutes(1)))
        func symbolicLinksAreFollowed() throws {
            let directory = try TemporaryDirectory()
            let target = directory.path + "/target.csv"
            let link = directory.path + "/link.csv"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            let status = Bench.main(
                arguments: ["--runners", "serial-queue", "--queues", "1", "--iterations", "5", "--repetitions", "1",
                            "--warmup", "0", "--output", link],
                console: CapturedConsole().console)
            #expect(status == .success)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
            #expect(parseSimpleCSV(try String(contentsOfFile: target, encoding: .utf8)).count == 2)
            #expect(directory.contents == ["link.csv", "target.csv"])
        }

        @Test("a usage error: one Error line, a usage hint, exit 64, no file", arguments: [
            ["--queues", "0"], ["--bogus"], ["--runners", "nope"], ["--jobs", "7", "--queues", "2"],
        ])
        func usageError(arguments: [String]) throws {
            let directory = try TemporaryDirectory()
            let captured = CapturedConsole()
            let status = Bench.main(arguments: arguments + ["--output", directory.path + "/x.csv"], console: captured.console)
            #expect(status == .usage)
            #expect(status.rawValue == 64)
            let lines = captured.error.split(separator: "\n")
            #expect(lines.first?.hasPrefix("Error: ") == true)
            #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1)
            #expect(lines.dropFirst().first?.hasPrefix("Usage: bench") == true)
            #expect(lines.last == "  See 'bench --help' for more information.")
            #expect(captured.output.isEmpty)
            #expect(directory.contents.isEmpty)
        }

        @Test("--help goes to standard output, exit 0, and lists every runner")
        func help() {
            let captured = CapturedConsole()
            #expect(Bench.main(arguments: ["--help"], console: captured.console) == .success)
            #expect(captured.error.isEmpty)
            for kind in RunnerKind.allCases {
                #expect(captured.output.contains(kind.id))
                #expect(captured.output.contains(kind.referenceName))
            }
            #expect(captured.output.contains("EXIT CODES"))
        }

        @Test("a result file that cannot be written: one Error line, exit 1, before any run", arguments: [
            ("/nonexistent-directory/run.csv", "No such file or directory"),
            ("", "it is a directory"),
        ])
        func unwritableOutput(path: String, reason: String) throws {
            let directory = try TemporaryDirectory()
            let target = path.isEmpty ? directory.path : path
            let captured = CapturedConsole()
            let status = Bench.main(
                arguments: ["--runners", "serial-queue", "--queues", "1", "--iterations", "5", "--output", target],
                console: captured.console)
            #expect(status == .failure)
            let errors = captured.error.split(separator: "\n").filter { $0.hasPrefix("Error:") }
            #expect(errors == ["Error: cannot write results to '\(target)': \(reason)"])
            #expect(!captured.error.contains("[1/"))
            #expect(directory.contents.isEmpty)
        }
    }
}
