import BenchResults
import Foundation
import Testing

extension ThreadingOverheadsTests {
    /// The package builds on Linux and macOS from one source tree, but only Linux is at hand where most changes are
    /// made: a Linux-only call (mount, /proc, Glibc…) outside a platform guard would compile here and break the Mac
    /// build, and a Darwin-only one the other way round. This reads every Swift and C source of the package and of
    /// the example, and names each such use outside its guard.
    @Suite struct PlatformGuardTests {
        /// What only one system has, and the conditions that guard it.
        struct Rule {
            var system: String
            var markers: [String]
            var guards: [String]
        }

        static let rules = [
            Rule(
                system: "Linux",
                markers: [
                    "/proc/", "Glibc", "Musl", "mount(", "__rusage_who_t", "/etc/os-release", "epoll_", "prctl(",
                    "sched_getaffinity", "gettid(", "SCHED_IDLE",
                ],
                guards: ["os(Linux)", "canImport(Glibc)", "canImport(Musl)", "__linux__"]),
            Rule(
                system: "Darwin",
                markers: [
                    "import Darwin", "mach_", "sysctlbyname", "proc_pidinfo", "proc_taskinfo", "task_threads",
                    "kern_return_t", "os_unfair_lock", "dispatch_main_queue_drain", "clock_gettime_nsec_np",
                    "CLOCK_UPTIME_RAW",
                ],
                guards: ["os(macOS)", "canImport(Darwin)", "__APPLE__", "os(iOS)", "os(tvOS)", "os(watchOS)"]),
        ]

        /// Each line of `text` that uses a marker of a rule outside all of that rule's guards, as
        /// `name:line: <system> only: <marker>`. Comments are not code: they may name anything.
        static func violations(in text: String, name: String) -> [String] {
            // The conditions of the enclosing #if blocks, innermost last; an #else's condition is "not" the #if's.
            var conditions: [String] = []
            var found: [String] = []
            for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = rawLine.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("#if") {
                    conditions.append(String(line.dropFirst(3)))
                    continue
                }
                if line.hasPrefix("#elseif") || line.hasPrefix("#elif") {
                    // #elseif (Swift) or #elif (C): the block holds only under its own condition.
                    conditions[conditions.count - 1] = String(line.drop { $0 != " " })
                    continue
                }
                if line.hasPrefix("#else") {
                    conditions[conditions.count - 1] = "not"
                    continue
                }
                if line.hasPrefix("#endif") {
                    conditions.removeLast()
                    continue
                }
                if line.hasPrefix("//") || line.hasPrefix("*") || line.hasPrefix("/*") {
                    continue
                }
                let code = line.components(separatedBy: " // ")[0]
                for rule in rules {
                    let guarded = conditions.contains { condition in
                        rule.guards.contains { condition.contains($0) } && !condition.contains("!")
                    }
                    for marker in rule.markers where code.contains(marker) && !guarded {
                        found.append("\(name):\(index + 1): \(rule.system) only: \(marker)")
                    }
                }
            }
            return found
        }

        /// The package's root, from this file's path: Tests/ThreadingOverheadsTests/<this file>.
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        @Test("no Linux-only or Darwin-only call, path or module outside its platform guard")
        func sourcesAreGuarded() throws {
            let folders = ["Sources", "Tests", "Benchmarks", "Examples/CustomRunner/Sources", "Examples/CustomRunner/Tests"]
            var files: [String] = []
            for folder in folders {
                let base = Self.root.appendingPathComponent(folder)
                let enumerator = FileManager.default.enumerator(atPath: base.path)
                while let relative = enumerator?.nextObject() as? String {
                    if [".swift", ".c", ".h"].contains(where: relative.hasSuffix), !relative.contains(".build/") {
                        files.append(folder + "/" + relative)
                    }
                }
            }
            #expect(files.count > 50, "the sources were not found under \(Self.root.path)")
            // This file names every marker in its rules, as data.
            let checked = files.filter { !$0.hasSuffix("PlatformGuardTests.swift") }
            var violations: [String] = []
            for file in checked {
                let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
                violations += Self.violations(in: text, name: file)
            }
            #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        }

        /// What names a field that only Linux fills: its result-file column, and the Swift properties that hold it.
        static let linuxOnlyFields = ResultSchema.linuxOnlyColumns + ["maxRSSBytes", "peakMemoryBytes"]

        /// Each line of `text` that asserts (`#expect`, `#require`) on a field only Linux fills, outside any platform
        /// condition (an `#if os(…)`, `canImport(…)` or its `#else`), as `name:line: <field> is Linux only`. An
        /// equality with a literal is exempt: it checks data the test made itself, the same on every system.
        static func unguardedAssertions(in text: String, name: String) -> [String] {
            // For each enclosing #if block, whether its condition names a platform; its #else inherits that.
            var platformBlocks: [Bool] = []
            var found: [String] = []
            let platformWords = ["os(", "canImport(", "__linux__", "__APPLE__"]
            for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = rawLine.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("#if") {
                    platformBlocks.append(platformWords.contains { line.contains($0) })
                    continue
                }
                if line.hasPrefix("#elseif") || line.hasPrefix("#elif") {
                    platformBlocks[platformBlocks.count - 1] =
                        platformBlocks[platformBlocks.count - 1] || platformWords.contains { line.contains($0) }
                    continue
                }
                if line.hasPrefix("#endif") {
                    platformBlocks.removeLast()
                    continue
                }
                guard line.contains("#expect(") || line.contains("#require("), !platformBlocks.contains(true) else {
                    continue
                }
                let code = line.components(separatedBy: " // ")[0]
                for field in linuxOnlyFields where code.contains(field) {
                    // `== 300`, `== "22020096"`: a value the test wrote itself.
                    let literal = code.range(of: #"==\s*("[^"]*"|[0-9_]+)\s*\)"#, options: .regularExpression) != nil
                    if !literal {
                        found.append("\(name):\(index + 1): \(field) is Linux only")
                    }
                }
            }
            return found
        }

        @Test("no test asserts a measured value of a Linux-only field (max_rss_bytes) outside a platform guard")
        func linuxOnlyFieldsAreGuarded() throws {
            let folder = "Tests"
            let base = Self.root.appendingPathComponent(folder)
            var violations: [String] = []
            var checked = 0
            let enumerator = FileManager.default.enumerator(atPath: base.path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".swift"), !relative.hasSuffix("PlatformGuardTests.swift") else {
                    continue
                }
                let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
                violations += Self.unguardedAssertions(in: text, name: folder + "/" + relative)
                checked += 1
            }
            #expect(checked > 10, "the tests were not found under \(base.path)")
            #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        }

        @Test("the check finds an unguarded assertion on max_rss_bytes, and accepts a guarded one or a literal")
        func checkFindsUnguardedAssertions() {
            let measured = #"#expect((Int(row["max_rss_bytes"] ?? "") ?? 0) > 0)"# + "\n"
            #expect(Self.unguardedAssertions(in: measured, name: "a.swift") == ["a.swift:1: max_rss_bytes is Linux only"])
            let guarded = "#if os(Linux)\n" + measured + "#else\n" + #"#expect(row["max_rss_bytes"] == "")"# + "\n#endif\n"
            #expect(Self.unguardedAssertions(in: guarded, name: "b.swift").isEmpty)
            let otherGuard = "#if DEBUG\n" + measured + "#endif\n"
            #expect(Self.unguardedAssertions(in: otherGuard, name: "c.swift") == ["c.swift:2: max_rss_bytes is Linux only"])
            let property = "#expect(cell.maxRSSBytes != nil)\n"
            #expect(Self.unguardedAssertions(in: property, name: "d.swift") == ["d.swift:1: maxRSSBytes is Linux only"])
            let literal = "#expect(cell.maxRSSBytes == 300)\n" + #"#expect(ok["max_rss_bytes"] == "22020096")"# + "\n"
            #expect(Self.unguardedAssertions(in: literal, name: "e.swift").isEmpty)
            let notAnAssertion = #"let memory = row["max_rss_bytes"]"# + "\n"
            #expect(Self.unguardedAssertions(in: notAnAssertion, name: "f.swift").isEmpty)
        }

        @Test("the check finds an unguarded use, and accepts it inside the right guard only")
        func checkFindsViolations() {
            let unguarded = "let text = try String(contentsOfFile: \"/proc/self/status\")\n"
            #expect(Self.violations(in: unguarded, name: "a.swift") == ["a.swift:1: Linux only: /proc/"])
            let guarded = "#if os(Linux)\n" + unguarded + "#else\nlet x = 1\n#endif\n"
            #expect(Self.violations(in: guarded, name: "a.swift").isEmpty)
            let elseBranch = "#if os(Linux)\nlet x = 1\n#else\n" + unguarded + "#endif\n"
            #expect(Self.violations(in: elseBranch, name: "a.swift") == ["a.swift:4: Linux only: /proc/"])
            let wrongGuard = "#if canImport(Darwin)\nmount(\"tmpfs\", path, \"tmpfs\", 0, nil)\n#endif\n"
            #expect(Self.violations(in: wrongGuard, name: "b.swift") == ["b.swift:2: Linux only: mount("])
            let darwin = "#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n"
            #expect(Self.violations(in: darwin, name: "c.swift").isEmpty)
            #expect(Self.violations(in: "import Darwin\n", name: "d.swift") == ["d.swift:1: Darwin only: import Darwin"])
            #expect(Self.violations(in: "// reads /proc/self/status\n", name: "e.swift").isEmpty)
        }
    }
}
