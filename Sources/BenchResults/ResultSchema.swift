import Foundation
import JobRunners

/// The columns of a result file, and the conversion of records to and from rows. results/README.md documents each
/// column.
public enum ResultSchema {
    /// Written in every row; a reader refuses versions newer than this. Version 2 added the work and resource
    /// columns (``version2Columns``); files of version 1 are read as well.
    public static let version = 2

    /// The columns every result file has, since version 1.
    public static let version1Columns =
        [
            "schema_version", "runner", "queues", "iterations", "jobs", "repetition", "seconds", "ns_per_job",
            "status", "detail", "completed_iterations",
        ] + MachineInfo.columns + ["started_at"]

    /// The columns version 2 added: the job's work and what the run cost the machine.
    public static let version2Columns = [
        "work_ns", "work_spins", "spins_per_us", "cpu_user_seconds", "cpu_system_seconds",
        "voluntary_context_switches", "involuntary_context_switches", "peak_threads", "max_rss_bytes",
    ]

    public static let columns = version1Columns + version2Columns

    /// The fields of `record`, in the order of ``columns``. A run that is not `ok` has no seconds and no cost per job.
    public static func fields(of record: ResultRecord) -> [String] {
        let jobs = record.configuration.jobs
        let run: [String] = [
            String(version),
            record.runner,
            String(record.configuration.queues),
            String(record.configuration.iterations),
            String(jobs),
            String(record.repetition),
            record.nanoseconds.map(DecimalText.seconds(fromNanoseconds:)) ?? "",
            record.nanoseconds.map { DecimalText.quotient($0, Int64(jobs), decimals: 3) } ?? "",
            record.status.rawValue,
            record.detail,
            record.completedIterations.map(String.init) ?? "",
        ]
        let machine: [String] = record.machine.fields.map(\.value)
        let startedAt: String = record.startedAt.map { UTCTimestamp($0).iso8601 } ?? ""
        let metrics = record.metrics
        let resources: [String] = [
            String(record.configuration.workNanoseconds),
            record.workSpins.map(String.init) ?? "",
            record.spinsPerMicrosecond.map { String(format: "%.3f", $0) } ?? "",
            metrics.map { String(format: "%.6f", $0.cpuUserSeconds) } ?? "",
            metrics.map { String(format: "%.6f", $0.cpuSystemSeconds) } ?? "",
            metrics.map { String($0.voluntaryContextSwitches) } ?? "",
            metrics.map { String($0.involuntaryContextSwitches) } ?? "",
            metrics?.peakThreads.map(String.init) ?? "",
            metrics?.maxRSSBytes.map(String.init) ?? "",
        ]
        return run + machine + [startedAt] + resources
    }

    /// The record in `fields`, a row whose columns `header` names; throws a message saying what is wrong.
    static func record(_ fields: [String], header: [String: Int]) throws(ResultFileError.Reason) -> ResultRecord {
        func text(_ column: String) -> String {
            header[column].map { fields[$0] } ?? ""
        }
        func integer(_ column: String, minimum: Int) throws(ResultFileError.Reason) -> Int {
            guard let value = Int(text(column)), value >= minimum else {
                throw .row("'\(column)' is '\(text(column))', not a whole number of at least \(minimum)")
            }
            return value
        }
        func optionalInteger(_ column: String) throws(ResultFileError.Reason) -> Int? {
            text(column).isEmpty ? nil : try integer(column, minimum: 0)
        }

        let version = try integer("schema_version", minimum: 1)
        guard version <= Self.version else {
            throw .newerSchema(version)
        }
        let runner = text("runner")
        guard !runner.isEmpty else {
            throw .row("'runner' is empty")
        }
        if version >= 2, let missing = version2Columns.first(where: { header[$0] == nil }) {
            throw .row("a row of schema version \(version) in a file without the '\(missing)' column")
        }
        let configuration = RunConfiguration(
            queues: try integer("queues", minimum: 1), iterations: try integer("iterations", minimum: 1),
            workNanoseconds: try optionalInteger("work_ns") ?? 0)
        let jobs = try integer("jobs", minimum: 1)
        guard !configuration.queues.multipliedReportingOverflow(by: configuration.iterations).overflow,
            jobs == configuration.jobs
        else {
            throw .row("'jobs' is \(jobs), not queues × iterations")
        }
        let repetition = try integer("repetition", minimum: 1)
        guard let status = RunOutcome.Status(rawValue: text("status")) else {
            throw .row("'status' is '\(text("status"))', not ok, failed or stalled")
        }
        var nanoseconds: Int64?
        if !text("seconds").isEmpty {
            guard let value = DecimalText.nanoseconds(fromSeconds: text("seconds")) else {
                throw .row("'seconds' is '\(text("seconds"))', not a number of seconds")
            }
            nanoseconds = value
        }
        if status == .ok, nanoseconds == nil {
            throw .row("an ok run has no 'seconds'")
        }
        if !text("ns_per_job").isEmpty, Double(text("ns_per_job")) == nil {
            throw .row("'ns_per_job' is '\(text("ns_per_job"))', not a number")
        }
        var startedAt: Date?
        if !text("started_at").isEmpty {
            guard let date = UTCTimestamp.date(fromISO8601: text("started_at")) else {
                throw .row("'started_at' is '\(text("started_at"))', not a time like 2026-11-22T06:03:04Z")
            }
            startedAt = date
        }
        let memory = text("memory_bytes")
        guard memory.isEmpty || UInt64(memory) != nil else {
            throw .row("'memory_bytes' is '\(memory)', not a whole number")
        }
        let machine = MachineInfo(
            host: text("host"), os: text("os"), kernel: text("kernel"), arch: text("arch"),
            cpuModel: text("cpu_model"), logicalCPUs: try optionalInteger("logical_cpus"),
            memoryBytes: UInt64(memory), swiftVersion: text("swift_version"), build: text("build"))
        func optionalDecimal(_ column: String) throws(ResultFileError.Reason) -> Double? {
            guard !text(column).isEmpty else {
                return nil
            }
            guard let value = Double(text(column)), value.isFinite, value >= 0 else {
                throw .row("'\(column)' is '\(text(column))', not a number")
            }
            return value
        }
        var metrics: RunMetrics?
        if let user = try optionalDecimal("cpu_user_seconds") {
            metrics = RunMetrics(
                cpuUserSeconds: user, cpuSystemSeconds: try optionalDecimal("cpu_system_seconds") ?? 0,
                voluntaryContextSwitches: try optionalInteger("voluntary_context_switches") ?? 0,
                involuntaryContextSwitches: try optionalInteger("involuntary_context_switches") ?? 0,
                peakThreads: try optionalInteger("peak_threads"), maxRSSBytes: try optionalInteger("max_rss_bytes"))
        }
        return ResultRecord(
            runner: runner, configuration: configuration, repetition: repetition, status: status,
            nanoseconds: status == .ok ? nanoseconds : nil, detail: text("detail"),
            completedIterations: try optionalInteger("completed_iterations"), machine: machine,
            startedAt: startedAt, workSpins: try optionalInteger("work_spins"),
            spinsPerMicrosecond: try optionalDecimal("spins_per_us"), metrics: metrics)
    }
}

/// Exact decimal text from integers, free of floating-point noise and of the locale, and back.
public enum DecimalText {
    /// `6940695` ns as `0.006940695`.
    public static func seconds(fromNanoseconds nanoseconds: Int64) -> String {
        quotient(nanoseconds, 1_000_000_000, decimals: 9)
    }

    /// `dividend / divisor`, rounded half up, with `decimals` digits after the point; both non-negative.
    public static func quotient(_ dividend: Int64, _ divisor: Int64, decimals: Int) -> String {
        precondition(dividend >= 0 && divisor > 0)
        var scale: Int64 = 1
        for _ in 0..<decimals {
            scale *= 10
        }
        let (scaled, overflow) = dividend.multipliedReportingOverflow(by: scale)
        guard !overflow else {
            return String(format: "%.\(decimals)f", Double(dividend) / Double(divisor))
        }
        let rounded = (scaled + divisor / 2) / divisor
        guard decimals > 0 else {
            return String(rounded)
        }
        let fraction = String(rounded % scale)
        return "\(rounded / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `0.006940695` (seconds) as 6940695 ns: exact for up to nine decimals, rounded beyond; other spellings of a
    /// number (`6.9e-3`, as spreadsheets may save it) through `Double`. Nil for text that is not a non-negative number.
    public static func nanoseconds(fromSeconds text: String) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit),
            let wholeSeconds = Int64(whole), wholeSeconds < 9_000_000_000
        {
            let fraction = parts.count == 2 ? parts[1] : ""
            if fraction.allSatisfy(\.isASCIIDigit) {
                let digits = Array(fraction.prefix(10)) + Array(repeating: "0", count: max(0, 10 - fraction.count))
                guard let tenths = Int64(String(digits)) else {
                    return nil
                }
                // Ten digits: nanoseconds and one more, for rounding half up.
                return wholeSeconds * 1_000_000_000 + (tenths + 5) / 10
            }
        }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 9e9 else {
            return nil
        }
        return Int64((seconds * 1e9).rounded())
    }
}

extension Character {
    var isASCIIDigit: Bool {
        isASCII && isNumber
    }
}

/// A wall-clock instant in UTC, written two ways.
public struct UTCTimestamp {
    private let parts: tm

    public init(_ date: Date) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        self.parts = parts
    }

    private func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    private var date: String {
        "\(parts.tm_year + 1900)-\(twoDigits(parts.tm_mon + 1))-\(twoDigits(parts.tm_mday))"
    }

    /// ISO 8601, for example `2026-11-22T06:03:04Z`.
    public var iso8601: String {
        "\(date)T\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec))Z"
    }

    /// For file names, without colons: `2026-11-22-060304`.
    public var compact: String {
        "\(date)-\(twoDigits(parts.tm_hour))\(twoDigits(parts.tm_min))\(twoDigits(parts.tm_sec))"
    }

    /// The instant in `2026-11-22T06:03:04Z`, the form ``iso8601`` writes; nil for any other text.
    public static func date(fromISO8601 text: String) -> Date? {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)Z/) else {
            return nil
        }
        var parts = tm()
        parts.tm_year = Int32(match.1).map { $0 - 1900 } ?? 0
        parts.tm_mon = Int32(match.2).map { $0 - 1 } ?? 0
        parts.tm_mday = Int32(match.3) ?? 0
        parts.tm_hour = Int32(match.4) ?? 0
        parts.tm_min = Int32(match.5) ?? 0
        parts.tm_sec = Int32(match.6) ?? 0
        let seconds = timegm(&parts)
        guard UTCTimestamp(Date(timeIntervalSince1970: TimeInterval(seconds))).iso8601 == text else {
            return nil
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
