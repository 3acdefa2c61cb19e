import BenchResults
import Foundation
import JobRunners

/// `bench chart FILE… -o chart.svg`: the result files as an SVG bar chart.
enum ChartCommand {
    static func run(_ options: ChartOptions, catalogue: RunnerCatalogue, console: Console) -> ExitCode {
        guard let files = ResultSet.read(options.paths, console: console) else {
            return .failure
        }
        let chart = BarChart(
            files: files, catalogue: catalogue, title: options.title,
            logarithmic: options.logarithmic || options.latency, latency: options.latency)
        if options.latency, !chart.reports.contains(where: { $0.cells.contains { !$0.latencies.isEmpty } }) {
            console.error(
                "Error: no run in \(options.paths.joined(separator: ", ")) sampled latency; "
                    + "'\(Program.name) --shape ping-pong' and '\(Program.name) --latency' do\n")
            return .failure
        }
        let path = options.outputPath ?? ""
        do {
            let output = try OutputFile(.file(path: path), console: console)
            try output.write(chart.svg())
            try output.finish()
        } catch {
            console.error("Error: \(error)\n")
            return .failure
        }
        console.error("\(Program.name) chart: wrote \(path)\n")
        return .success
    }
}

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
    let logarithmic: Bool

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

    init(
        files: [ResultSet], catalogue: RunnerCatalogue, title: String?, logarithmic: Bool = false,
        latency: Bool = false
    ) {
        self.files = files
        self.catalogue = catalogue
        let reports = files.map { Report(records: $0.records) }
        self.reports = reports
        self.logarithmic = logarithmic
        let jobs = Set(reports.flatMap { $0.configurations.map(\.jobs) })
        measure = latency ? .latency : jobs.count <= 1 ? .secondsPerRun : .costPerJob
        let what =
            switch measure {
            case .secondsPerRun: "Median seconds per run"
            case .costPerJob: "Median cost per job"
            case .latency: "Latency percentiles"
            }
        self.title = title ?? "\(what), by configuration and runner"
    }

    // Layout, in SVG user units (pixels).
    private let barWidth = 14.0
    private let groupGap = 22.0
    private let panelHeight = 250.0
    private let leftMargin = 78.0
    private let columnGap = 40.0
    private let panelGap = 86.0
    /// Groups are at least this wide, so that their labels fit.
    private let minimumGroupWidth = 70.0
    /// Rough width of a character of 11-unit text, to wrap the file headers.
    private let characterWidth = 6.2

    /// Tableau's ten colours, four more of its twenty, and ten darker ones, so that each of the 23 built-in
    /// runners that are not floors has a colour of its own (a floor takes its runner's).
    private static let palette = [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f",
        "#bab0ac", "#d37295", "#499894", "#b6992d", "#79706e", "#1f3a5f", "#8c4a00", "#7b1e3a", "#2e6b3a",
        "#5b3c88", "#00838f", "#a0522d", "#3d3d3d", "#c51b7d", "#6b8e23",
    ]

    /// Every runner in any file, in order of first appearance, except that a C floor comes right after its Swift
    /// counterpart; each keeps its colour in every panel.
    private var runners: [String] {
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

    /// A runner's colour, the same in every chart: the catalogue's runners that are not floors take the palette in
    /// order, a C floor its Swift counterpart's (so that each pair reads as one), and runners the catalogue doesn't
    /// know (from another bench's file) the colours after theirs.
    private func color(_ runner: String) -> String {
        let key = catalogue.runner(id: runner)?.traits.floorOf ?? runner
        let known = catalogue.runners.filter { $0.traits.floorOf == nil }.map(\.id)
        let unknown = runners.filter { catalogue.runner(id: $0) == nil }
        let index = known.firstIndex(of: key) ?? (known.count + (unknown.firstIndex(of: key) ?? 0))
        return Self.palette[index % Self.palette.count]
    }

    private func isFloor(_ runner: String) -> Bool {
        catalogue.runner(id: runner)?.traits.floorOf != nil
    }

    /// How a runner's bars and legend swatch are painted: a floor in a pale tint of its colour with an outline.
    private func paint(_ runner: String) -> [String: String] {
        isFloor(runner)
            ? ["fill": color(runner), "fill-opacity": "0.35", "stroke": color(runner), "stroke-width": "1.5"]
            : ["fill": color(runner)]
    }

    /// The panels, top to bottom: runners that reuse threads, then those that start one per job.
    private var panels: [(title: String, runners: [String])] {
        let perJob = runners.filter { catalogue.runner(id: $0)?.traits.startsThreadPerJob ?? false }
        let others = runners.filter { !perJob.contains($0) }
        return [
            ("Runners that reuse threads (or use none)", others),
            ("Runners that start a thread per job", perJob),
        ].filter { !$0.1.isEmpty }
    }

    /// Wide enough for its bars and for the longest configuration's label (`ping-pong 16×625`), in 11-unit text.
    private func groupWidth(runners: Int) -> Double {
        let longest = reports.flatMap(\.configurations).map(\.description.count).max() ?? 0
        return max(minimumGroupWidth, Double(runners) * barWidth, Double(longest) * characterWidth * 0.95)
    }

    private func columnWidth(_ index: Int, panelRunners: Int) -> Double {
        let groups = Double(reports[index].configurations.count)
        return max(300, groups * (groupWidth(runners: panelRunners) + groupGap) + groupGap)
    }

    /// Where each legend item goes, relative to the legend's top left, in rows that fit a chart `width` wide.
    private func legendLayout(width: Double) -> [(runner: String, x: Double, y: Double)] {
        var items: [(runner: String, x: Double, y: Double)] = []
        var x = 0.0
        var y = 0.0
        for runner in runners {
            let itemWidth = 17 + Double(runner.count) * 7 + 22
            if leftMargin + x + itemWidth > width - 10, x > 0 {
                x = 0
                y += 20
            }
            items.append((runner, x, y))
            x += itemWidth
        }
        return items
    }

    /// `text` broken into lines of at most `width` units, at spaces.
    private func wrap(_ text: String, width: Double) -> [String] {
        let limit = max(10, Int(width / characterWidth))
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > limit {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty {
            lines.append(line)
        }
        return lines
    }

    /// The chart as SVG: a file of its own when `standalone`, or an element for an HTML page.
    func svg(standalone: Bool = true) -> String {
        let panels = self.panels
        let widest = panels.map(\.runners.count).max() ?? 1
        let widths = reports.indices.map { columnWidth($0, panelRunners: widest) }
        let subtitles =
            measure == .latency
            ? [
                "Bars: p50 of the sampled latencies; whiskers: p90 to p99 (each the median over the ok runs).",
                "× marks a cell without latency samples; \"not run\": left out of the sweep.",
            ]
            : [
                "Bars: median of the ok repetitions; whiskers: p25 to p75; × marks a cell without an ok run; "
                    + "\"not run\": left out of the sweep.",
                "Dots: the modes of a cell whose runs form several (where the scale sets them apart), "
                    + "each dot's area its share of the runs.",
            ]
        // At least as wide as the title and the lines under it (12-unit text, about 6.4 units a character).
        let width = max(
            leftMargin + widths.reduce(0, +) + columnGap * Double(max(0, reports.count - 1)) + 30,
            Double(title.count) * 10.5 + 40, Double(subtitles.map(\.count).max() ?? 0) * 6.4 + 40, 640)
        let headers = files.indices.map { index in
            [Self.shortened("\(FileComparison.label(index)): ", files[index].path, width: widths[index] - 10)]
                + wrap(files[index].machines.first.map(Self.machineDetails) ?? "", width: widths[index])
        }
        let headerLines = headers.map(\.count).max() ?? 1
        let top = 91 + Double(headerLines) * 15 + 34
        let legendTop = top + Double(panels.count) * (panelHeight + panelGap) - 20
        let legend = legendLayout(width: width)
        let height = legendTop + (legend.map(\.y).max() ?? 0) + 40
        var svg = SVGText(standalone: standalone)
        svg.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "width": Self.number(width), "height": Self.number(height),
                "viewBox": "0 0 \(Self.number(width)) \(Self.number(height))",
                "font-family": "Helvetica, Arial, sans-serif", "font-size": "12",
            ])
        svg.element("rect", ["x": "0", "y": "0", "width": "100%", "height": "100%", "fill": "white"])
        svg.text(title, x: 20, y: 30, ["font-size": "18", "font-weight": "bold"])
        for (line, subtitle) in subtitles.enumerated() {
            svg.text(subtitle, x: 20, y: 50 + 15 * Double(line), ["fill": "#555"])
        }

        var x = leftMargin
        for (index, lines) in headers.enumerated() {
            for (number, line) in lines.enumerated() {
                let style: [String: String] =
                    number == 0 ? ["font-weight": "bold"] : ["fill": "#555", "font-size": "11"]
                svg.text(line, x: x, y: 91 + Double(number) * 15, style)
            }
            x += widths[index] + columnGap
        }

        for (panelIndex, panel) in panels.enumerated() {
            let panelTop = top + Double(panelIndex) * (panelHeight + panelGap)
            let cells = reports.flatMap { report in report.cells.filter { panel.runners.contains($0.runner) } }
            // Everything drawn: the whiskers' ends, the medians, and the modes, which may lie beyond the whiskers.
            let drawn =
                cells.compactMap(measure.values).flatMap { [$0.low, $0.bar, $0.high] }
                + cells.flatMap { measure.modes($0).map(\.location) }
            let axis =
                logarithmic
                ? Scale.logarithmic(from: drawn.min() ?? 1, to: drawn.max() ?? 10)
                : Scale.linear(upTo: drawn.max() ?? 1)
            func y(_ value: Double) -> Double {
                panelTop + panelHeight - axis.fraction(value) * panelHeight
            }
            svg.text(panel.title, x: leftMargin, y: panelTop - 14, ["font-weight": "bold", "font-size": "13"])
            svg.text(
                measure.axisTitle + (logarithmic ? " (log scale)" : ""), x: 22, y: panelTop + panelHeight / 2,
                ["text-anchor": "middle", "transform": "rotate(-90 22 \(Self.number(panelTop + panelHeight / 2)))"])
            var columnX = leftMargin
            for (index, report) in reports.enumerated() {
                let columnWidth = widths[index]
                // Grid lines and the y axis's labels (on the first column; the others share the scale).
                for tick in axis.ticks {
                    svg.element(
                        "line",
                        [
                            "x1": Self.number(columnX), "x2": Self.number(columnX + columnWidth),
                            "y1": Self.number(y(tick)), "y2": Self.number(y(tick)), "stroke": "#ddd",
                        ])
                    svg.text(
                        measure.tickLabel(tick, step: axis.step), x: columnX - 6, y: y(tick) + 4,
                        ["text-anchor": "end", "fill": "#333", "font-size": "11"])
                }
                svg.element(
                    "line",
                    [
                        "x1": Self.number(columnX), "x2": Self.number(columnX), "y1": Self.number(panelTop),
                        "y2": Self.number(panelTop + panelHeight), "stroke": "#333",
                    ])
                svg.element(
                    "line",
                    [
                        "x1": Self.number(columnX), "x2": Self.number(columnX + columnWidth),
                        "y1": Self.number(panelTop + panelHeight), "y2": Self.number(panelTop + panelHeight),
                        "stroke": "#333",
                    ])
                var groupX = columnX + groupGap
                let groupWidth = self.groupWidth(runners: panel.runners.count)
                for configuration in report.configurations {
                    let barsStart = groupX + (groupWidth - Double(panel.runners.count) * barWidth) / 2
                    for (slot, runner) in panel.runners.enumerated() {
                        let barX = barsStart + Double(slot) * barWidth
                        guard let cell = report.cell(runner, at: configuration) else {
                            continue
                        }
                        guard let (median, p25, p75) = measure.values(cell) else {
                            // (For latency, "median" is the p50 and the whisker runs from p90 to p99.)
                            svg.text(
                                "×", x: barX + barWidth / 2, y: panelTop + panelHeight - 4,
                                ["text-anchor": "middle", "fill": color(runner), "font-weight": "bold"])
                            continue
                        }
                        let barTop = y(median)
                        svg.element(
                            "rect",
                            [
                                "x": Self.number(barX + 1), "y": Self.number(barTop), "width": Self.number(barWidth - 2),
                                "height": Self.number(panelTop + panelHeight - barTop),
                            ].merging(paint(runner)) { _, paint in paint },
                            title: "\(runner) at \(configuration): \(measure.names.bar) \(measure.text(median)), "
                                + "\(measure.names.low) \(measure.text(p25)), \(measure.names.high) \(measure.text(p75))"
                                + (cell.modesText.map { "; modes per job: \($0)" } ?? ""))
                        if p75 > p25 {
                            let center = Self.number(barX + barWidth / 2)
                            let capLeft = Self.number(barX + barWidth / 2 - 3)
                            let capRight = Self.number(barX + barWidth / 2 + 3)
                            let low = Self.number(y(p25))
                            let high = Self.number(y(p75))
                            svg.element(
                                "path",
                                [
                                    "d": "M\(center) \(low)V\(high)M\(capLeft) \(low)H\(capRight)M\(capLeft) \(high)H\(capRight)",
                                    "stroke": "#222", "stroke-width": "1.2", "fill": "none",
                                ])
                        }
                        let modes = measure.modes(cell)
                        // Modes closer together than a dot's size would only blot the bar's top.
                        let apart = modes.count > 1 && abs(y(modes[0].location) - y(modes[modes.count - 1].location)) >= 6
                        for mode in apart ? modes : [] {
                            svg.element(
                                "circle",
                                [
                                    "cx": Self.number(barX + barWidth / 2), "cy": Self.number(y(mode.location)),
                                    "r": Self.number(1.5 + 3.5 * mode.share.squareRoot()), "fill": "#222",
                                    "fill-opacity": "0.75", "stroke": "white", "stroke-width": "0.8",
                                ],
                                title: "\(runner) at \(configuration): a mode at \(measure.text(mode.location)), "
                                    + "\(Int((mode.share * 100).rounded()))% of the runs")
                        }
                    }
                    if !panel.runners.contains(where: { report.cell($0, at: configuration) != nil }) {
                        svg.text(
                            "not run", x: groupX + groupWidth / 2, y: panelTop + panelHeight - 6,
                            ["text-anchor": "middle", "fill": "#888", "font-size": "11"])
                    }
                    svg.text(
                        configuration.description, x: groupX + groupWidth / 2,
                        y: panelTop + panelHeight + 16, ["text-anchor": "middle", "font-size": "11"])
                    groupX += groupWidth + groupGap
                }
                let shapes = Set(report.configurations.map(\.shape))
                let others =
                    (shapes.contains(.pingPong) ? "; pairs × round trips in ping-pong" : "")
                    + (shapes.contains(.contention) ? "; senders × messages in contention" : "")
                svg.text(
                    "configuration (queues × iterations per queue\(others))",
                    x: columnX + columnWidth / 2,
                    y: panelTop + panelHeight + 34, ["text-anchor": "middle", "fill": "#555", "font-size": "11"])
                columnX += columnWidth + columnGap
            }
        }

        for item in legend {
            let itemX = leftMargin + item.x
            let itemY = legendTop + item.y
            svg.element(
                "rect",
                ["x": Self.number(itemX), "y": Self.number(itemY), "width": "12", "height": "12"].merging(
                    paint(item.runner)) { _, paint in paint })
            svg.text(item.runner, x: itemX + 17, y: itemY + 10.5, [:])
        }
        svg.close("svg")
        return svg.text
    }

    /// A y axis: where a value lies on it, and its ticks.
    struct Scale {
        var ticks: [Double]
        var step: Double
        private var bottom: Double
        private var top: Double
        private var isLogarithmic: Bool

        /// From 0 to a round number at or above `maximum`, in 4 to 8 round steps.
        static func linear(upTo maximum: Double) -> Scale {
            guard maximum > 0, maximum.isFinite else {
                return Scale(ticks: [0, 0.25, 0.5, 0.75, 1], step: 0.25, bottom: 0, top: 1, isLogarithmic: false)
            }
            let rough = maximum / 5
            let magnitude = pow(10, log10(rough).rounded(.down))
            let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
            let steps = (maximum / step).rounded(.up)
            return Scale(
                ticks: (0...Int(steps)).map { Double($0) * step }, step: step, bottom: 0, top: steps * step,
                isLogarithmic: false)
        }

        /// From the power of ten at or below `minimum` to the one at or above `maximum`, a tick at each.
        static func logarithmic(from minimum: Double, to maximum: Double) -> Scale {
            let low = log10(max(minimum, .leastNormalMagnitude)).rounded(.down)
            let high = max(log10(max(maximum, .leastNormalMagnitude)).rounded(.up), low + 1)
            return Scale(
                ticks: stride(from: low, through: high, by: 1).map { pow(10, $0) }, step: 0, bottom: low, top: high,
                isLogarithmic: true)
        }

        /// 0 at the bottom of the axis, 1 at the top.
        func fraction(_ value: Double) -> Double {
            guard isLogarithmic else {
                return value / top
            }
            return (log10(max(value, pow(10, bottom))) - bottom) / (top - bottom)
        }
    }

    /// A tick's label with as many decimals as its step needs; on a logarithmic axis (no step), as many as the
    /// value itself needs.
    static func tickLabel(_ value: Double, step: Double) -> String {
        guard step > 0 else {
            let decimals = value > 0 ? max(0, Int((-log10(value)).rounded(.up))) : 0
            return String(format: "%.\(decimals)f", value)
        }
        let decimals = max(0, Int((-log10(step)).rounded(.up)) + (step / pow(10, (log10(step)).rounded(.down)) == 2.5 ? 1 : 0))
        return String(format: "%.\(decimals)f", value)
    }

    /// `prefix` and `path`, the path cut from the left (`…/results/x.csv`) to fit `width` units of bold 12-unit
    /// text.
    static func shortened(_ prefix: String, _ path: String, width: Double) -> String {
        let limit = max(12, Int(width / 7.4)) - prefix.count
        return prefix + (path.count <= limit ? path : "…" + path.suffix(limit - 1))
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func machineDetails(_ machine: MachineInfo) -> String {
        [
            machine.host, machine.cpuModel, machine.logicalCPUs.map { "\($0) logical CPUs" } ?? "", machine.os,
            machine.swiftVersion.isEmpty ? "" : "Swift \(machine.swiftVersion)", machine.build,
        ].filter { !$0.isEmpty }.joined(separator: " · ")
    }
}

/// SVG text built element by element, with attribute values and text escaped for XML.
struct SVGText {
    private(set) var text: String
    private var depth = 0

    /// A standalone file begins with the XML declaration; an SVG inside an HTML page must not.
    init(standalone: Bool = true) {
        text = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
    }

    /// The same escapes serve XML and HTML (`&#39;` is a character reference in both).
    private static func escape(_ value: String) -> String {
        HTMLRenderer.escape(value)
    }

    private static func attributes(_ attributes: [String: String]) -> String {
        attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
    }

    private var indent: String {
        String(repeating: "  ", count: depth)
    }

    mutating func open(_ name: String, _ attributes: [String: String]) {
        text += "\(indent)<\(name)\(Self.attributes(attributes))>\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        text += "\(indent)</\(name)>\n"
    }

    mutating func element(_ name: String, _ attributes: [String: String], title: String? = nil) {
        if let title {
            text += "\(indent)<\(name)\(Self.attributes(attributes))><title>\(Self.escape(title))</title></\(name)>\n"
        } else {
            text += "\(indent)<\(name)\(Self.attributes(attributes))/>\n"
        }
    }

    mutating func text(_ content: String, x: Double, y: Double, _ attributes: [String: String]) {
        var all = attributes
        all["x"] = BarChart.number(x)
        all["y"] = BarChart.number(y)
        text += "\(indent)<text\(Self.attributes(all))>\(Self.escape(content))</text>\n"
    }
}
