import Foundation
import JobRunners

/// One recorded run: a row of a result file.
public struct ResultRecord: Sendable, Equatable {
    public var runner: RunnerKind
    public var configuration: RunConfiguration
    /// 1 for the first recorded run of this runner and configuration.
    public var repetition: Int
    public var outcome: RunOutcome
    public var machine: MachineInfo

    public init(
        runner: RunnerKind, configuration: RunConfiguration, repetition: Int, outcome: RunOutcome,
        machine: MachineInfo
    ) {
        self.runner = runner
        self.configuration = configuration
        self.repetition = repetition
        self.outcome = outcome
        self.machine = machine
    }
}

/// The columns of a result file; results/README.md documents each of them.
public enum ResultSchema {
    /// Written in every row; a reader refuses versions it doesn't know.
    public static let version = 1

    public static let columns = [
        "schema_version", "runner", "queues", "iterations", "jobs", "repetition", "seconds", "ns_per_job",
        "status", "detail", "completed_iterations", "host", "os", "kernel", "arch", "cpu_model", "logical_cpus",
        "memory_bytes", "swift_version", "build", "started_at",
    ]

    /// The fields of `record`, in the order of ``columns``. A run that is not `ok` has no seconds and no cost per job.
    public static func fields(of record: ResultRecord) -> [String] {
        let outcome = record.outcome
        let jobs = record.configuration.jobs
        return [
            String(version),
            record.runner.id,
            String(record.configuration.queues),
            String(record.configuration.iterations),
            String(jobs),
            String(record.repetition),
            outcome.nanoseconds.map(DecimalText.seconds(fromNanoseconds:)) ?? "",
            outcome.nanoseconds.map { DecimalText.quotient($0, Int64(jobs), decimals: 3) } ?? "",
            outcome.status.rawValue,
            outcome.detail,
            String(outcome.completedIterations),
            record.machine.host,
            record.machine.os,
            record.machine.kernel,
            record.machine.arch,
            record.machine.cpuModel,
            String(record.machine.logicalCPUs),
            String(record.machine.memoryBytes),
            record.machine.swiftVersion,
            record.machine.build,
            UTCTimestamp(outcome.startedAt).iso8601,
        ]
    }
}

/// Exact decimal text from integers, free of floating-point noise and of the locale.
enum DecimalText {
    /// `6940695` ns as `0.006940695`.
    static func seconds(fromNanoseconds nanoseconds: Int64) -> String {
        quotient(nanoseconds, 1_000_000_000, decimals: 9)
    }

    /// `dividend / divisor`, rounded half up, with `decimals` digits after the point; both non-negative.
    static func quotient(_ dividend: Int64, _ divisor: Int64, decimals: Int) -> String {
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
}

/// A wall-clock instant in UTC, written two ways.
struct UTCTimestamp {
    private let parts: tm

    init(_ date: Date) {
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
    var iso8601: String {
        "\(date)T\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec))Z"
    }

    /// For file names, without colons: `2026-11-22-060304`.
    var compact: String {
        "\(date)-\(twoDigits(parts.tm_hour))\(twoDigits(parts.tm_min))\(twoDigits(parts.tm_sec))"
    }
}
