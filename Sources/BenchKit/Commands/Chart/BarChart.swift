import BenchResults
import Foundation
import JobRunners

/// Grouped bars of the median seconds per run, one group per configuration and one bar per runner, with whiskers
/// from p25 to p75, as the 2010 post drew its results. Runners that start a thread per job get a panel of their
/// own below the others; several files stand side by side, sharing each panel's axis. When the configurations
/// differ in their number of jobs, seconds per run would not compare, so the bars show the cost per job instead.
struct BarChart {
    let files: [ResultSet]
    let reports: [Report]
    /// What the chart knows of each runner: whether it starts a thread per job, which runner a C floor is of.
    let catalogue: RunnerCatalogue
    var title: String
    let measure: Measure
    /// A logarithmic y axis, for runners whose costs differ by orders of magnitude.
    private(set) var logarithmic = false

    /// What the bars show.
    enum Measure {
        case secondsPerRun
        case costPerJob
        /// The sampled latency (``CellSummary/latencies``): the median over the runs of p50, p90 and p99.
        case latency

        /// The bar's value and its whisker's ends for `cell`: median, p25 and p75 of seconds per run or of
        /// nanoseconds per job; p50, p90 and p99 of the latency, in nanoseconds.
        func values(_ cell: CellSummary) -> (bar: Double, low: Double, high: Double)? {
            if self == .latency {
                guard let p50 = cell.medianLatency(\.p50), let p90 = cell.medianLatency(\.p90),
                    let p99 = cell.medianLatency(\.p99)
                else {
                    return nil
                }
                return (p50, p90, p99)
            }
            guard let median = cell.median, let p25 = cell.p25, let p75 = cell.p75 else {
                return nil
            }
            let scale = self == .secondsPerRun ? 1 : 1e9 / Double(cell.configuration.jobs)
            return (median * scale, p25 * scale, p75 * scale)
        }

        /// What the bar and the whisker's ends are, for tooltips.
        var names: (bar: String, low: String, high: String) {
            self == .latency ? ("p50", "p90", "p99") : ("median", "p25", "p75")
        }

        var axisTitle: String {
            switch self {
            case .secondsPerRun: "seconds per run"
            case .costPerJob: "cost per job"
            case .latency: "latency"
            }
        }

        func text(_ value: Double) -> String {
            switch self {
            case .secondsPerRun: Format.seconds(nanoseconds: value * 1e9) + " s"
            case .costPerJob, .latency: Format.perJob(nanoseconds: value)
            }
        }

        /// A tick's label: seconds with as many decimals as the step needs, or a cost with its unit.
        func tickLabel(_ value: Double, step: Double) -> String {
            switch self {
            case .secondsPerRun: BarChart.tickLabel(value, step: step)
            case .costPerJob, .latency: value == 0 ? "0" : Format.perJob(nanoseconds: value)
            }
        }

        /// The modes of a multimodal `cell` on this measure's scale, each with its share; empty for one mode, and
        /// for latency (the modes are of the runs' times).
        func modes(_ cell: CellSummary) -> [(location: Double, share: Double)] {
            let modes = cell.modes
            guard modes.isMultimodal, self != .latency else {
                return []
            }
            let scale = self == .secondsPerRun ? Double(cell.configuration.jobs) / 1e9 : 1
            return modes.modes.map { (location: $0.location * scale, share: modes.share(of: $0)) }
        }
    }

    /// How many times its cheapest bar a panel's dearest may be before the axis is logarithmic without `--log`.
    static let logarithmicSpan = 1_000.0

    init(
        files: [ResultSet], catalogue: RunnerCatalogue, title: String?, logarithmic: Bool = false,
        latency: Bool = false
    ) {
        let reports = files.map { Report(records: $0.records) }
        self.reports = reports
        let jobs = Set(reports.flatMap { $0.configurations.map(\.jobs) })
        let measure: Measure = latency ? .latency : jobs.count <= 1 ? .secondsPerRun : .costPerJob
        self.measure = measure
        self.catalogue = catalogue
        self.files = files
        self.title = ""
        // On a linear axis the bars of a panel whose costs span orders of magnitude are flat but the dearest few.
        let spans = panels.map { panel in
            let bars = reports.flatMap { $0.cells.filter { panel.runners.contains($0.runner) } }
                .compactMap { measure.values($0)?.bar }.filter { $0 > 0 }
            return (bars.max() ?? 1) / (bars.min() ?? 1)
        }
        self.logarithmic = logarithmic || spans.contains { $0 >= Self.logarithmicSpan }
        let what =
            switch measure {
            case .secondsPerRun: "Median seconds per run"
            case .costPerJob: "Median cost per job"
            case .latency: "Latency percentiles"
            }
        self.title = title ?? "\(what), by configuration and runner"
    }
    /// Tableau's ten colours, four more of its twenty, and ten darker ones: 24, so that each of the 23 built-in
    /// runners that are not floors has a colour of its own (a floor takes its runner's). In farthest-first order:
    /// each colour is the one farthest (CIE76 ΔE in Lab) from all before it, so that a chart of a few runners
    /// draws them in colours far apart (a chart of 10 at least 34 ΔE apart; of all 24, 12.6), where the palette in
    /// Tableau's order gave a user's runners three near-identical greens.
    static let palette = [
        "#4e79a7", "#f28e2b", "#59a14f", "#c51b7d", "#9c755f", "#e15759", "#76b7b2", "#5b3c88", "#7b1e3a",
        "#edc948", "#3d3d3d", "#8c4a00", "#b07aa1", "#ff9da7", "#bab0ac", "#2e6b3a", "#1f3a5f", "#00838f",
        "#b6992d", "#79706e", "#6b8e23", "#d37295", "#a0522d", "#499894",
    ]

    /// Every runner in any file, in order of first appearance, except that a C floor comes right after its Swift
    /// counterpart; each keeps its colour in every panel.
    var runners: [String] {
        var found: [String] = []
        for report in reports {
            for runner in report.runners where !found.contains(runner) {
                found.append(runner)
            }
        }
        var runners = found.filter { runner in
            !found.contains { catalogue.floor(of: $0)?.id == runner }
        }
        for runner in found where !runners.contains(runner) {
            let counterpart = catalogue.runner(id: runner)?.traits.floorOf
            let index = runners.firstIndex { $0 == counterpart }.map { $0 + 1 } ?? runners.endIndex
            runners.insert(runner, at: index)
        }
        return runners
    }

    /// A runner's colour in this chart: the runners drawn that are not floors take the palette in the chart's
    /// order, so that the first colours, which are the farthest apart, go to the runners of this chart rather than
    /// to others it does not draw; a C floor takes its Swift counterpart's (so that each pair reads as one).
    func color(_ runner: String) -> String {
        let key = catalogue.runner(id: runner)?.traits.floorOf ?? runner
        let keys = runners.map { catalogue.runner(id: $0)?.traits.floorOf ?? $0 }.uniqued()
        let index = keys.firstIndex(of: key) ?? 0
        return Self.palette[index % Self.palette.count]
    }

    func isFloor(_ runner: String) -> Bool {
        catalogue.runner(id: runner)?.traits.floorOf != nil
    }

    /// How a runner's bars and legend swatch are painted: a floor in a pale tint of its colour with an outline.
    func paint(_ runner: String) -> [String: String] {
        isFloor(runner)
            ? ["fill": color(runner), "fill-opacity": "0.35", "stroke": color(runner), "stroke-width": "1.5"]
            : ["fill": color(runner)]
    }

    /// The panels, top to bottom: runners that reuse threads, then those that start one per job.
    var panels: [(title: String, runners: [String])] {
        let perJob = runners.filter { catalogue.runner(id: $0)?.traits.startsThreadPerJob ?? false }
        let others = runners.filter { !perJob.contains($0) }
        return [
            ("Runners that reuse threads (or use none)", others),
            ("Runners that start a thread per job", perJob),
        ].filter { !$0.1.isEmpty }
    }
}
