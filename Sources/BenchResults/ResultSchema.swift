import Foundation
import JobRunners

/// The columns of a result file, and the conversion of records to and from rows. results/README.md documents each
/// column.
public enum ResultSchema {
    /// Written in every row; a reader refuses versions newer than this. Version 2 added the work and resource
    /// columns, version 3 the sweep's seed and each run's place in it, version 4 the shape and the latency
    /// percentiles, version 5 fan-out's submit time, version 6 the clock's resolution, version 7 the process and
    /// the build that made each run, version 8 what other programs did with the machine around it, version 9 the
    /// allocations per job; files of earlier versions are read as well (before 4, as chains without latency).
    public static let version = 9

    /// A column, and the schema version that added it.
    struct VersionedColumn: Sendable {
        var column: DataColumn<ResultRecord>
        var since: Int

        init(_ name: String, since: Int = 1, _ value: @escaping @Sendable (ResultRecord) -> DataValue) {
            column = DataColumn(name, value)
            self.since = since
        }
    }

    /// A cell's runner and configuration, as every file of bench's names them: its runner's id, its shape, its
    /// queues, iterations per queue and jobs.
    public static let cellColumns: [DataColumn<CellKey>] = [
        DataColumn("runner") { .text($0.runner) },
        DataColumn("shape") { .text($0.configuration.shape.rawValue) },
        DataColumn("queues") { .integer($0.configuration.queues) },
        DataColumn("iterations") { .integer($0.configuration.iterations) },
        DataColumn("jobs") { .integer($0.configuration.jobs) },
    ]

    /// The schema version that added each of ``cellColumns`` after the first.
    private static let cellColumnVersions = ["shape": 4]

    /// What a run measured: version 1's columns before the machine's.
    private static let runColumns: [VersionedColumn] =
        [VersionedColumn("schema_version") { _ in .integer(version) }]
        + cellColumns.lifted(\ResultRecord.key).map { column in
            VersionedColumn(column.name, since: cellColumnVersions[column.name] ?? 1, column.value)
        }
        + [
        VersionedColumn("repetition") { .integer($0.repetition) },
        // A run that is not `ok` has no seconds and no cost per job.
        VersionedColumn("seconds") { record in
            record.nanoseconds.map { .seconds(nanoseconds: Double($0)) } ?? .missing
        },
        VersionedColumn("ns_per_job") { record in
            let jobs = Int64(record.configuration.jobs)
            return record.nanoseconds.map { .text(DecimalText.quotient($0, jobs, decimals: 3)) } ?? .missing
        },
        VersionedColumn("status") { .text($0.status.rawValue) },
        VersionedColumn("detail") { .text($0.detail) },
        VersionedColumn("completed_iterations") { .integer($0.completedIterations) },
        ]

    /// The machine, on every row.
    private static let machineColumns: [VersionedColumn] = MachineInfo.columns.indices.map { index in
        let name = MachineInfo.columns[index]
        return VersionedColumn(name, since: machineColumnVersions[name] ?? 1) { .text($0.machine.fields[index].value) }
    }

    /// The schema version that added each of ``MachineInfo/columns`` after version 1's.
    private static let machineColumnVersions = ["clock_resolution_ns": 6]

    /// When the run started, then version 2's work and resource columns.
    private static let laterColumns: [VersionedColumn] = [
        VersionedColumn("started_at") { record in record.startedAt.map { .text($0.resultTimestamp) } ?? .missing },
        VersionedColumn("work_ns", since: 2) { .integer($0.configuration.workNanoseconds) },
        VersionedColumn("work_spins", since: 2) { .integer($0.workSpins) },
        VersionedColumn("spins_per_us", since: 2) { .decimal($0.spinsPerMicrosecond, places: 3) },
        VersionedColumn("cpu_user_seconds", since: 2) { .decimal($0.metrics?.cpuUserSeconds, places: 6) },
        VersionedColumn("cpu_system_seconds", since: 2) { .decimal($0.metrics?.cpuSystemSeconds, places: 6) },
        VersionedColumn("voluntary_context_switches", since: 2) { .integer($0.metrics?.voluntaryContextSwitches) },
        VersionedColumn("involuntary_context_switches", since: 2) {
            .integer($0.metrics?.involuntaryContextSwitches)
        },
        VersionedColumn("peak_threads", since: 2) { .integer($0.metrics?.peakThreads) },
        VersionedColumn("max_rss_bytes", since: 2) { .integer($0.metrics?.maxRSSBytes) },
        VersionedColumn("seed", since: 3) { record in record.seed.map { .text(String($0)) } ?? .missing },
        VersionedColumn("sequence", since: 3) { .integer($0.sequence) },
        VersionedColumn("latency_every", since: 4) { .integer($0.configuration.latencySampleEvery) },
        VersionedColumn("latency_samples", since: 4) { .integer($0.latency?.samples) },
        VersionedColumn("latency_p50_ns", since: 4) { .integer($0.latency.map { Int($0.p50) }) },
        VersionedColumn("latency_p90_ns", since: 4) { .integer($0.latency.map { Int($0.p90) }) },
        VersionedColumn("latency_p99_ns", since: 4) { .integer($0.latency.map { Int($0.p99) }) },
        VersionedColumn("latency_max_ns", since: 4) { .integer($0.latency.map { Int($0.maximum) }) },
        VersionedColumn("submit_seconds", since: 5) { record in
            record.submitNanoseconds.map { .seconds(nanoseconds: Double($0)) } ?? .missing
        },
        VersionedColumn("process", since: 7) { .integer($0.process) },
        VersionedColumn("variant", since: 7) { .text($0.variant?.label ?? "") },
        VersionedColumn("executable", since: 7) { .text($0.variant?.executable ?? "") },
        VersionedColumn("other_load", since: 8) { .decimal($0.load?.others, places: 3) },
        VersionedColumn("steal_load", since: 8) { .decimal($0.load?.steal, places: 3) },
        VersionedColumn("allocations_per_job", since: 9) { .decimal($0.allocations?.perJob, places: 4) },
        VersionedColumn("allocated_bytes_per_job", since: 9) { .decimal($0.allocations?.bytesPerJob, places: 2) },
        VersionedColumn("frees_per_job", since: 9) { .decimal($0.allocations?.freesPerJob, places: 4) },
    ]

    /// Every column, in order.
    static let definitions = runColumns + machineColumns + laterColumns

    /// The columns every result file has, since version 1.
    public static let version1Columns = definitions.filter { $0.since == 1 }.map(\.column.name)

    /// The columns version 2 added: the job's work and what the run cost the machine.
    public static let version2Columns = definitions.filter { $0.since == 2 }.map(\.column.name)

    /// The columns version 3 added: the sweep's seed and the run's place in its order.
    public static let version3Columns = definitions.filter { $0.since == 3 }.map(\.column.name)

    /// The columns version 4 added: the shape and the latency percentiles.
    public static let version4Columns = definitions.filter { $0.since == 4 }.map(\.column.name)

    /// The columns version 5 added: fan-out's submit time.
    public static let version5Columns = definitions.filter { $0.since == 5 }.map(\.column.name)

    /// The columns version 6 added: the clock's resolution.
    public static let version6Columns = definitions.filter { $0.since == 6 }.map(\.column.name)

    /// The columns version 7 added: the worker process and the build of each run.
    public static let version7Columns = definitions.filter { $0.since == 7 }.map(\.column.name)

    /// The columns version 8 added: what other programs did with the machine around each run.
    public static let version8Columns = definitions.filter { $0.since == 8 }.map(\.column.name)

    /// The columns version 9 added: the allocations per job of each cell, counted in the run's process.
    public static let version9Columns = definitions.filter { $0.since == 9 }.map(\.column.name)

    /// The columns that every system but Linux leaves empty by design: `max_rss_bytes` (macOS has no way to reset
    /// a peak, see results/README.md). A test that asserts on a measured value of one guards it by platform.
    public static let linuxOnlyColumns = ["max_rss_bytes"]

    /// Every column this version writes, in order.
    public static let columns = definitions.map(\.column.name)

    /// The fields of `record`, in the order of ``columns``.
    public static func fields(of record: ResultRecord) -> [String] {
        definitions.map { $0.column.value(record).csvField }
    }

    /// The record in `fields`, a row whose columns `header` names; throws a message saying what is wrong.
    static func record(_ fields: [String], header: [String: Int]) throws(ResultFileError.Reason) -> ResultRecord {
        func text(_ column: String) -> String {
            header[column].map { fields[$0] } ?? ""
        }
        /// The column's field as an error quotes it: whole up to 40 characters, its start and length beyond
        /// (a damaged file's field can be megabytes long).
        func quoted(_ column: String) -> String {
            Self.quoted(text(column))
        }
        func integer(_ column: String, minimum: Int) throws(ResultFileError.Reason) -> Int {
            guard let value = Int(text(column)), value >= minimum else {
                throw .row("'\(column)' is \(quoted(column)), not a whole number of at least \(minimum)")
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
        let required = definitions.filter { $0.since > 1 && $0.since <= version }.map(\.column.name)
        if let missing = required.first(where: { header[$0] == nil }) {
            throw .row("a row of schema version \(version) in a file without the '\(missing)' column")
        }
        let shapeText = text("shape")
        guard let shape = shapeText.isEmpty ? .chain : Shape(rawValue: shapeText) else {
            let shapes = Shape.allCases.map(\.rawValue).joined(separator: ", ")
            throw .row("'shape' is \(Self.quoted(shapeText)), not one of \(shapes)")
        }
        let configuration = RunConfiguration(
            queues: try integer("queues", minimum: 1), iterations: try integer("iterations", minimum: 1),
            workNanoseconds: try optionalInteger("work_ns") ?? 0, shape: shape,
            measuresLatency: !text("latency_every").isEmpty)
        let jobs = try integer("jobs", minimum: 1)
        guard !configuration.queues.multipliedReportingOverflow(by: configuration.iterations).overflow,
            jobs == configuration.jobs
        else {
            throw .row("'jobs' is \(jobs), not queues × iterations")
        }
        let repetition = try integer("repetition", minimum: 1)
        guard let status = RunOutcome.Status(rawValue: text("status")) else {
            throw .row("'status' is \(quoted("status")), not ok, failed or stalled")
        }
        var nanoseconds: Int64?
        if !text("seconds").isEmpty {
            guard let value = DecimalText.nanoseconds(fromSeconds: text("seconds")) else {
                throw .row("'seconds' is \(quoted("seconds")), not a number of seconds")
            }
            nanoseconds = value
        }
        if status == .ok, nanoseconds == nil {
            throw .row("an ok run has no 'seconds'")
        }
        if !text("ns_per_job").isEmpty, Double(text("ns_per_job")) == nil {
            throw .row("'ns_per_job' is \(quoted("ns_per_job")), not a number")
        }
        var startedAt: Date?
        if !text("started_at").isEmpty {
            guard let date = Date(resultTimestamp: text("started_at")) else {
                throw .row("'started_at' is \(quoted("started_at")), not a time like 2026-11-22T06:03:04Z")
            }
            startedAt = date
        }
        let memory = text("memory_bytes")
        guard memory.isEmpty || UInt64(memory) != nil else {
            throw .row("'memory_bytes' is \(Self.quoted(memory)), not a whole number")
        }
        let machine = MachineInfo(
            host: text("host"), os: text("os"), kernel: text("kernel"), arch: text("arch"),
            cpuModel: text("cpu_model"), logicalCPUs: try optionalInteger("logical_cpus"),
            memoryBytes: UInt64(memory), swiftVersion: text("swift_version"), build: text("build"),
            clockResolutionNanoseconds: try optionalInteger("clock_resolution_ns"))
        func optionalDecimal(_ column: String) throws(ResultFileError.Reason) -> Double? {
            guard !text(column).isEmpty else {
                return nil
            }
            guard let value = Double(text(column)), value.isFinite, value >= 0 else {
                throw .row("'\(column)' is \(quoted(column)), not a number")
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
        var latency: LatencyPercentiles?
        if let samples = try optionalInteger("latency_samples") {
            let p50 = try integer("latency_p50_ns", minimum: 0)
            let p90 = try integer("latency_p90_ns", minimum: p50)
            let p99 = try integer("latency_p99_ns", minimum: p90)
            let maximum = try integer("latency_max_ns", minimum: p99)
            latency = LatencyPercentiles(
                samples: samples, p50: Int64(p50), p90: Int64(p90), p99: Int64(p99), maximum: Int64(maximum))
        }
        var submitted: Int64?
        if !text("submit_seconds").isEmpty {
            guard let value = DecimalText.nanoseconds(fromSeconds: text("submit_seconds")) else {
                throw .row("'submit_seconds' is \(quoted("submit_seconds")), not a number of seconds")
            }
            submitted = value
        }
        var allocations: Allocations?
        if let perJob = try optionalDecimal("allocations_per_job") {
            allocations = Allocations(
                perJob: perJob, bytesPerJob: try optionalDecimal("allocated_bytes_per_job") ?? 0,
                freesPerJob: try optionalDecimal("frees_per_job") ?? 0)
        }
        let outcome = RunOutcome(
            status: status, nanoseconds: status == .ok ? nanoseconds : nil, detail: text("detail"),
            completedIterations: try optionalInteger("completed_iterations"), startedAt: startedAt, metrics: metrics,
            workSpins: try optionalInteger("work_spins"), spinsPerMicrosecond: try optionalDecimal("spins_per_us"),
            latency: latency, submitNanoseconds: submitted, allocations: allocations)
        var seed: UInt64?
        if !text("seed").isEmpty {
            guard let value = UInt64(text("seed")) else {
                throw .row("'seed' is \(quoted("seed")), not a whole number")
            }
            seed = value
        }
        var process: Int?
        if !text("process").isEmpty {
            process = try integer("process", minimum: 1)
        }
        let label = text("variant")
        let variant = label.isEmpty ? nil : ResultRecord.Variant(label: label, executable: text("executable"))
        var load: RunLoad?
        if let others = try optionalDecimal("other_load") {
            guard (0...1).contains(others), let steal = try optionalDecimal("steal_load"), (0...1).contains(steal) else {
                throw .row("'other_load' and 'steal_load' must both be shares from 0 to 1, not \(quoted("other_load")) "
                    + "and \(quoted("steal_load"))")
            }
            load = RunLoad(others: others, steal: steal)
        }
        return ResultRecord(
            runner: runner, configuration: configuration, repetition: repetition, outcome: outcome, machine: machine,
            seed: seed, sequence: try optionalInteger("sequence"), process: process, variant: variant, load: load)
    }
}

extension ResultSchema {
    /// The most of a field an error message quotes.
    static let quotedLength = 40

    /// `text` in quotes as an error message gives a field of a result file, on one line (control characters
    /// written as escapes, `\n`): whole up to ``quotedLength`` characters; longer, its start, `…` and its length.
    static func quoted(_ text: String) -> String {
        let shown = text.count > quotedLength ? String(text.prefix(quotedLength)) : text
        let escaped = shown.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }.joined()
        return text.count > quotedLength ? "'\(escaped)…' (\(text.count) characters)" : "'\(escaped)'"
    }
}
