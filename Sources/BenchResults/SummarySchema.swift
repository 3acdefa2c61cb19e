/// The columns of a summary file (`bench --summary PATH`, `bench --format csv`): one row per runner and
/// configuration. results/README.md documents each column.
public enum SummarySchema {
    /// Written in every row, like the result files' `schema_version`. Version 2 added the resource columns.
    public static let version = 2

    public static let columns = [
        "summary_version", "runner", "queues", "iterations", "jobs", "runs", "ok_runs", "failed_runs",
        "stalled_runs", "min_seconds", "p25_seconds", "median_seconds", "p75_seconds", "p90_seconds",
        "max_seconds", "mean_seconds", "stddev_seconds", "cv", "median_ns_per_job", "ratio_to_control",
        "outlier_repetitions", "warnings", "work_ns", "median_cpu_ns_per_job", "median_voluntary_switches_per_job",
        "median_involuntary_switches_per_job", "peak_threads", "max_rss_bytes",
    ] + MachineInfo.columns

    /// The fields of `cell`, measured on `machine`, in the order of ``columns``.
    public static func fields(of cell: CellSummary, machine: MachineInfo) -> [String] {
        func seconds(_ value: Double?) -> String {
            value.map { DecimalText.seconds(fromNanoseconds: Int64(($0 * 1e9).rounded())) } ?? ""
        }
        func decimal(_ value: Double?, _ decimals: Int) -> String {
            value.map { String(format: "%.\(decimals)f", $0) } ?? ""
        }
        let counts: [String] = [
            String(version), cell.runner, String(cell.configuration.queues), String(cell.configuration.iterations),
            String(cell.configuration.jobs), String(cell.runs), String(cell.okRuns), String(cell.failedRuns),
            String(cell.stalledRuns),
        ]
        let statistics: [String] = [
            seconds(cell.minimum), seconds(cell.p25), seconds(cell.median), seconds(cell.p75), seconds(cell.p90),
            seconds(cell.maximum), seconds(cell.mean), seconds(cell.standardDeviation),
            decimal(cell.coefficientOfVariation, 4), decimal(cell.medianNanosecondsPerJob, 3),
            decimal(cell.ratioToControl, 3),
        ]
        let notes: [String] = [
            cell.outlierRepetitions.map(String.init).joined(separator: ";"),
            cell.warnings.joined(separator: "; "),
        ]
        let resources: [String] = [
            String(cell.configuration.workNanoseconds), decimal(cell.medianCPUNanosecondsPerJob, 3),
            decimal(cell.medianVoluntarySwitchesPerJob, 6), decimal(cell.medianInvoluntarySwitchesPerJob, 6),
            cell.peakThreads.map(String.init) ?? "", cell.maxRSSBytes.map(String.init) ?? "",
        ]
        return counts + statistics + notes + resources + machine.fields.map(\.value)
    }
}
