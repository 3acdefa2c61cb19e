import BenchResults
import Foundation
import JobRunners
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What the test process runs under.
enum Environment {
    /// Whether this process is built with ThreadSanitizer, whose runtime defines `__tsan_init`.
    static let isThreadSanitized: Bool = {
        let handle = dlopen(nil, RTLD_NOW)
        return dlsym(handle, "__tsan_init") != nil
    }()

    /// The `bench` executable that `swift test` builds beside the test bundle; nil if it is not there, and then
    /// the tests that run it fail (`#require`) rather than skip: a missing `bench` must not pass unseen.
    ///
    /// The bundle is found from the process's own path on Linux (`…/debug/ThreadingOverheadsPackageTests.xctest`
    /// is the test executable), and among the loaded bundles on macOS, where Swift Testing runs in a helper
    /// process (`swiftpm-testing-helper`, in the toolchain) that loads `…/debug/X.xctest`.
    static let benchExecutable: URL? = {
        // Bundle(for:) finds the bundle of this code from the loaded image, however the helper loaded it.
        let testBundles =
            [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(), Bundle(for: BundleMarker.self).bundleURL]
            + Bundle.allBundles.map(\.bundleURL) + [Bundle.main.bundleURL]
        for bundle in testBundles where bundle.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
            var directory = bundle
            while directory.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
                directory = directory.deletingLastPathComponent()
            }
            let candidate = directory.appendingPathComponent("bench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()

    /// util-linux's setpriv (to become `nobody`) and prlimit (to set RLIMIT_NPROC), where both exist.
    static let utilities: (setpriv: String, prlimit: String)? = {
        let find = { (name: String) in
            ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard let setpriv = find("setpriv"), let prlimit = find("prlimit") else {
            return nil
        }
        return (setpriv, prlimit)
    }()

    /// The command that runs a program as the unprivileged user `nobody` with at most `processes` processes and
    /// threads (RLIMIT_NPROC, which root itself is exempt from); nil where that cannot be done here.
    static func limitedToNobody(processes: Int) -> [String]? {
        guard geteuid() == 0, let utilities, let bench = benchExecutable else {
            return nil
        }
        let prefix = [
            utilities.prlimit, "--nproc=\(processes)", "--", utilities.setpriv, "--reuid=65534", "--regid=65534",
            "--clear-groups",
        ]
        // nobody must be able to reach and run the executable.
        guard let probe = try? runProcess(prefix + ["/bin/sh", "-c", "test -x \"$0\"", bench.path], timeout: 10),
            probe.status == 0
        else {
            return nil
        }
        return prefix
    }

    static let canLimitThreads = limitedToNobody(processes: 1_000) != nil

    #if os(Linux)
    /// Whether this process can mount a tmpfs (root, with the right to mount: not in every container): tried once,
    /// on a directory of its own, unmounted at once.
    static let canMountTmpfs: Bool = {
        // A do-catch rather than `try?`: an optional of a noncopyable type is new in Swift 6.0.
        let directory: TemporaryDirectory
        do {
            directory = try TemporaryDirectory()
        } catch {
            return false
        }
        guard geteuid() == 0 else {
            return false
        }
        guard mountTmpfs(at: directory.path, size: "8k") else {
            return false
        }
        umount(directory.path)
        return true
    }()

    /// Mounts a tmpfs of `size` at `path`; false if it cannot be done.
    static func mountTmpfs(at path: String, size: String) -> Bool {
        mount("tmpfs", path, "tmpfs", 0, "size=\(size)") == 0
    }
    #endif
}

/// A class of the test bundle, for `Bundle(for:)`.
private final class BundleMarker {}

/// How a child process ended, and what it wrote.
struct ProcessResult {
    var status: Int32
    var wasSignalled: Bool
    var output: String
    var error: String
    /// Whether it had to be killed for running past its time limit.
    var timedOut: Bool
}

/// Runs `arguments` (the first is the program) with its output in files, in `directory` if given, killing it after
/// `timeout` seconds. `whileRunning`, if given, is called once the process has started, on this thread.
func runProcess(
    _ arguments: [String], in directory: String? = nil, timeout: Double,
    whileRunning: ((Process) throws -> Void)? = nil
) throws -> ProcessResult {
    let files = FileManager.default.temporaryDirectory.appendingPathComponent("process-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: files) }
    let outputURL = files.appendingPathComponent("out")
    let errorURL = files.appendingPathComponent("err")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    if let directory {
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
    }
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    try whileRunning?(process)
    let deadline = Date(timeIntervalSinceNow: timeout)
    var timedOut = false
    while process.isRunning {
        if Date() > deadline {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
        }
        Thread.sleep(forTimeInterval: 0.05)
    }
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal,
        output: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
        error: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "", timedOut: timedOut)
}

/// Waits, polling, until `condition` holds or `timeout` seconds pass; returns whether it held.
func eventually(timeout: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        if Date() > deadline {
            return false
        }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return true
}

extension String {
    /// The text with bench's wrapped lines joined again: a line longer than the screen continues on the next,
    /// indented by four spaces (a check's line, a progress line).
    var unwrapped: String {
        replacingOccurrences(of: "\n    ", with: " ")
    }
}

/// A result file's text: the header, then a row per record.
func resultFileText(_ records: [ResultRecord]) -> String {
    CSV.line(ResultSchema.columns) + records.map { CSV.line(ResultSchema.fields(of: $0)) }.joined()
}

/// A result row's peak threads (the run's and the main thread at least) and its peak memory, where the platform has
/// one: macOS has no resettable peak (ProcessResources.peakMemoryBytes), so it leaves the column empty by design.
func expectThreadsAndMemory(_ row: [String: String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect((Int(row["peak_threads"] ?? "") ?? 0) >= 2, sourceLocation: sourceLocation)
    #if os(Linux)
    #expect((Int(row["max_rss_bytes"] ?? "") ?? 0) > 0, sourceLocation: sourceLocation)
    #else
    #expect(row["max_rss_bytes"] == "", sourceLocation: sourceLocation)
    #endif
}

/// An ok run of `runner` at `configuration` on this machine, as a result file records it: repetition 1, every
/// iteration done.
func okRecord(
    _ runner: String, _ configuration: RunConfiguration, nanoseconds: Int64, variant: String? = nil,
    latency: LatencyPercentiles? = nil
) -> ResultRecord {
    ResultRecord(
        runner: runner, configuration: configuration, repetition: 1,
        outcome: RunOutcome(
            status: .ok, nanoseconds: nanoseconds, detail: "", completedIterations: configuration.jobs, startedAt: nil,
            latency: latency),
        machine: MachineInfo.current(),
        variant: variant.map { .init(label: $0, executable: "./bench-\($0.lowercased())") })
}

extension SplitMix64 {
    /// A value from the normal distribution of `mean` and `deviation`, by Box and Muller's transform of two uniform
    /// values: the seeded samples the statistics tests measure their rules on.
    mutating func normal(_ mean: Double = 0, _ deviation: Double = 1) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let v = Double.random(in: 0..<1, using: &self)
        return mean + deviation * (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
