import Foundation

/// The columns of a summary (`bench --summary PATH`, `bench --format csv`, and each cell of `--format json`): one row
/// per runner and configuration. results/README.md documents each column.
public enum SummarySchema {
    /// Written in every row, like the result files' `schema_version`. Version 2 added the resource columns, 3 the
    /// modes, 4 the shape and the latency percentiles, 5 fan-out's submit cost, 6 the clock's resolution (a machine
    /// column), 7 the headline's interval and the processes, 8 the runs made during interference, 9 the allocations
    /// per job.
    public static let version = 9
    /// The column that holds ``version``, first in every summary: what tells a summary from a result file.
    public static let versionColumn = "summary_version"

    /// A cell's columns, in order; the CSV adds the machine's (``MachineInfo/columns``).
    public static let cellColumns: [DataColumn<CellSummary>] =
        [DataColumn(versionColumn) { _ in .integer(version) }]
        + ResultSchema.cellColumns.lifted(\CellSummary.key)
        + [
            DataColumn("runs") { .integer($0.runs) },
            DataColumn("ok_runs") { .integer($0.okRuns) },
            DataColumn("failed_runs") { .integer($0.failedRuns) },
            DataColumn("stalled_runs") { .integer($0.stalledRuns) },
        ]
        + CellSummary.reportedQuantiles.map { quantile in
            DataColumn("\(quantile.name)_seconds") { .seconds($0.quantile(quantile.fraction)) }
        }
        + [
        DataColumn("mean_seconds") { .seconds($0.mean) },
        DataColumn("stddev_seconds") { .seconds($0.standardDeviation) },
        DataColumn("cv") { .decimal($0.coefficientOfVariation, places: 4) },
        DataColumn("median_ns_per_job") { .decimal($0.medianNanosecondsPerJob, places: 3) },
        // The 95% interval of median_ns_per_job, the ± of the tables.
        DataColumn("ns_per_job_low") { cell in
            .decimal(cell.interval.map { $0.lowerBound / Double(cell.configuration.jobs) }, places: 3)
        },
        DataColumn("ns_per_job_high") { cell in
            .decimal(cell.interval.map { $0.upperBound / Double(cell.configuration.jobs) }, places: 3)
        },
        DataColumn("processes") { .integer($0.processes.compactMap { $0 }.uniqued().count) },
        DataColumn("interfered_runs") { .integer($0.interferedRuns) },
        DataColumn("ratio_to_control") { .decimal($0.ratioToControl, places: 3) },
        DataColumn("outlier_repetitions") { .list($0.outlierRepetitions.map(DataValue.integer), separator: ";") },
        DataColumn("warnings") { .list($0.warnings.map { .text($0.description) }, separator: "; ") },
        DataColumn("work_ns") { .integer($0.configuration.workNanoseconds) },
        DataColumn("median_cpu_ns_per_job") { .decimal($0.medianCPUNanosecondsPerJob, places: 3) },
        DataColumn("median_voluntary_switches_per_job") { .decimal($0.medianVoluntarySwitchesPerJob, places: 6) },
        DataColumn("median_involuntary_switches_per_job") { .decimal($0.medianInvoluntarySwitchesPerJob, places: 6) },
        DataColumn("peak_threads") { .integer($0.peakThreads) },
        DataColumn("max_rss_bytes") { .integer($0.maxRSSBytes) },
        // Each mode as cost per job in nanoseconds and share of the ok runs: `120.000:0.62;290.000:0.38`; empty for
        // a cell with one mode.
        DataColumn("modes") { cell in
            let modes = cell.modes
            guard modes.isMultimodal else {
                return .text("")
            }
            return .text(
                modes.modes.map { mode in
                    String(format: "%.3f:%.2f", mode.location, modes.share(of: mode))
                }.joined(separator: ";"))
        },
        DataColumn("latency_samples") { .integer($0.latencySamples) },
        DataColumn("latency_p50_ns") { .decimal($0.medianLatency(\.p50), places: 0) },
        DataColumn("latency_p90_ns") { .decimal($0.medianLatency(\.p90), places: 0) },
        DataColumn("latency_p99_ns") { .decimal($0.medianLatency(\.p99), places: 0) },
        DataColumn("latency_max_ns") { .integer($0.maximumLatency.map { Int($0) }) },
        DataColumn("median_submit_ns_per_job") { .decimal($0.medianSubmitNanosecondsPerJob, places: 3) },
        DataColumn("allocations_per_job") { .decimal($0.allocationsPerJob, places: 4) },
        DataColumn("allocations_spread") { .decimal($0.allocationsSpread, places: 4) },
        DataColumn("allocated_bytes_per_job") { .decimal($0.allocatedBytesPerJob, places: 2) },
        ]

    /// Every column of a summary CSV, in order.
    public static let columns = cellColumns.names() + MachineInfo.columns

    /// The fields of `cell`, measured on `machine`, in the order of ``columns``.
    public static func fields(of cell: CellSummary, machine: MachineInfo) -> [String] {
        cellColumns.csvFields(of: cell) + machine.fields.map(\.value)
    }
}
