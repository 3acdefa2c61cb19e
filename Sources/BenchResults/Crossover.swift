import Foundation
import JobRunners

/// At what job size each runner's overhead stops mattering: below 10% and 1% of the job's own time.
///
/// From runs of one queue (so that jobs run one at a time and a job's time is its work plus the overhead) at a
/// series of work sizes, with the control runner among them:
/// - the job's own time at work W is S(W) = T_control(W) − T_control(0), where T is a runner's median time per job:
///   the control does the work plus a fixed overhead of its own;
/// - a runner's overhead is O(W) = T(W) − S(W), and its share of the job is O(W) / S(W);
/// - the crossover for a share p is where O / S falls below p for good (at every larger size measured),
///   interpolated between the two work sizes around it on logarithmic scales. Below the smallest work size
///   measured it is reported as "at most" that size; beyond the largest, as "more than".
public struct Crossover: Sendable {
    /// Where a runner's overhead share falls below a threshold.
    public enum Crossing: Equatable, Sendable {
        /// Between two measured sizes, interpolated: nanoseconds of work.
        case at(Double)
        /// Already below at the smallest work measured.
        case atMost(Double)
        /// Not below even at the largest work measured.
        case beyond(Double)
        /// Not enough data (no control, no work sizes).
        case unknown
    }

    /// One runner's crossovers, and the points at each work size they are found from.
    public struct Row: Sendable, Equatable {
        /// The runner's id, as in a result file's `runner` column.
        public var runner: String
        /// T(0): the runner's median time per job with no work.
        public var overheadWithoutWork: Double?
        /// (work in ns as asked, the job's own time S, the overhead share O / S) at each work size measured.
        public var points: [Point]
        /// From where the runner's overhead stays below 10% of the job's own time, as work per job in nanoseconds.
        public var belowTenPercent: Crossing
        /// From where the runner's overhead stays below 1% of the job's own time, as work per job in nanoseconds.
        public var belowOnePercent: Crossing
    }

    /// A runner at one work size: the work asked, the job's own time S there, and the overhead share O / S.
    public struct Point: Sendable, Equatable {
        /// The work per job as asked (the configuration's `workNanoseconds`), in nanoseconds.
        public var work: Int
        /// The job's own time S at this work: the control runner's median time per job less its time with no
        /// work, in nanoseconds.
        public var jobNanoseconds: Double
        /// The runner's overhead over the job's own time, O / S: 0.1 for 10%; at or below 0 where noise puts the
        /// runner's time at or below the job's own.
        public var overheadShare: Double
    }

    /// A row per runner of the report, the control included, in the order of ``Report/runners``.
    public var rows: [Row]

    /// Analyzes the one-queue cells of `report`, which needs the control runner at work 0 and at every other work.
    public init(report: Report, control: String = Report.controlRunner) {
        let cells = report.cells.filter { $0.configuration.queues == 1 }
        func perJob(_ runner: String, work: Int) -> Double? {
            cells.first { $0.runner == runner && $0.configuration.workNanoseconds == work }?.medianNanosecondsPerJob
        }
        let works = Set(cells.map(\.configuration.workNanoseconds)).filter { $0 > 0 }.sorted()
        let controlBase = perJob(control, work: 0)
        var rows: [Row] = []
        for runner in report.runners {
            var points: [Point] = []
            for work in works {
                guard let base = controlBase, let controlTime = perJob(control, work: work),
                    let time = perJob(runner, work: work), controlTime > base
                else {
                    continue
                }
                let job = controlTime - base
                points.append(Point(work: work, jobNanoseconds: job, overheadShare: (time - job) / job))
            }
            rows.append(
                Row(
                    runner: runner, overheadWithoutWork: perJob(runner, work: 0), points: points,
                    belowTenPercent: Self.crossing(points, below: 0.10),
                    belowOnePercent: Self.crossing(points, below: 0.01)))
        }
        self.rows = rows
    }

    /// From where the share stays below `threshold` at every larger work measured, interpolated in log–log between
    /// the last point at or above it and the next. Not where it first falls below: noise at large work can put one
    /// size's share under the threshold and the next size's over it again (run-loop, 2026-11-22: 0.1% at 300 µs,
    /// 1.6% at 1 ms), and "below 1% from 144 µs" would then contradict the table beside it.
    static func crossing(_ points: [Point], below threshold: Double) -> Crossing {
        guard let first = points.first, let last = points.last else {
            return .unknown
        }
        guard let lastAbove = points.lastIndex(where: { $0.overheadShare >= threshold }) else {
            return .atMost(Double(first.work))
        }
        guard lastAbove < points.count - 1 else {
            return .beyond(Double(last.work))
        }
        let before = points[lastAbove]
        let after = points[lastAbove + 1]
        // A share measured at or below 0 (noise at large work) has no logarithm: the crossing is then at that size.
        guard after.overheadShare > 0 else {
            return .at(Double(after.work))
        }
        let fraction =
            (log(before.overheadShare) - log(threshold)) / (log(before.overheadShare) - log(after.overheadShare))
        let logWork = log(Double(before.work)) + fraction * (log(Double(after.work)) - log(Double(before.work)))
        return .at(exp(logWork))
    }
}
