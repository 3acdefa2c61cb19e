import BenchResults
import Foundation
import JobRunners

/// How a ``BarChart`` is laid out and drawn as SVG: panels, axes, bars, whiskers, modes and the legend, for the
/// chart command's file and for the charts inside an HTML report alike.
extension BarChart {
    // Layout, in SVG user units (pixels).
    static let barWidth = 14.0
    static let groupGap = 22.0
    static let panelHeight = 250.0
    static let leftMargin = 78.0
    static let columnGap = 40.0
    static let panelGap = 86.0
    /// Groups are at least this wide, so that their labels fit.
    static let minimumGroupWidth = 70.0
    /// Rough width of a character of 11-unit text, to wrap the file headers.
    static let characterWidth = 6.2

    /// Wide enough for its bars and for the longest configuration's label (`ping-pong 16×625`), in 11-unit text.
    private func groupWidth(runners: Int) -> Double {
        let longest = reports.flatMap(\.configurations).map(\.description.count).max() ?? 0
        return max(Self.minimumGroupWidth, Double(runners) * Self.barWidth, Double(longest) * Self.characterWidth * 0.95)
    }

    private func columnWidth(_ index: Int, panelRunners: Int) -> Double {
        let groups = Double(reports[index].configurations.count)
        return max(300, groups * (groupWidth(runners: panelRunners) + Self.groupGap) + Self.groupGap)
    }

    /// Where each legend item goes, relative to the legend's top left, in rows that fit a chart `width` wide.
    private func legendLayout(width: Double) -> [(runner: String, x: Double, y: Double)] {
        var items: [(runner: String, x: Double, y: Double)] = []
        var x = 0.0
        var y = 0.0
        for runner in runners {
            let itemWidth = 17 + Double(runner.count) * 7 + 22
            if Self.leftMargin + x + itemWidth > width - 10, x > 0 {
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
        SVGText.wrap(text, characters: Int(width / Self.characterWidth))
    }

    /// The widest a row of files may be before the next file starts a row of its own below: several files stand
    /// side by side as long as they fit, and a directory's worth of them (`bench chart results/*.csv`) wraps into
    /// rows instead of one strip a hundred screens wide. Each panel's axis is still common to every file.
    static let maximumRowWidth = 2_400.0

    /// The files' indices in rows: in order, as many to a row as fit ``maximumRowWidth``, at least one.
    private func rows(widths: [Double]) -> [[Int]] {
        var rows: [[Int]] = []
        var width = 0.0
        for index in widths.indices {
            if let last = rows.last, !last.isEmpty, width + Self.columnGap + widths[index] > Self.maximumRowWidth {
                rows.append([])
                width = 0
            }
            if rows.isEmpty {
                rows.append([])
            }
            width += (rows[rows.count - 1].isEmpty ? 0 : Self.columnGap) + widths[index]
            rows[rows.count - 1].append(index)
        }
        return rows
    }

    /// The chart as SVG: a file of its own when `standalone`, or an element for an HTML page.
    func svg(standalone: Bool = true) -> String {
        let panels = self.panels
        let widest = panels.map(\.runners.count).max() ?? 1
        let widths = reports.indices.map { columnWidth($0, panelRunners: widest) }
        let rows = rows(widths: widths)
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
        let rowWidths = rows.map { row in
            row.map { widths[$0] }.reduce(0, +) + Self.columnGap * Double(max(0, row.count - 1))
        }
        // At least as wide as the title and the lines under it (12-unit text, about 6.4 units a character).
        let width = max(
            Self.leftMargin + (rowWidths.max() ?? 0) + 30,
            Double(title.count) * 10.5 + 40, Double(subtitles.map(\.count).max() ?? 0) * 6.4 + 40, 640)
        let headers = files.indices.map { index in
            [Self.shortened("\(FileComparison.label(index)): ", files[index].path, width: widths[index] - 10)]
                + wrap(files[index].machines.first.map(Self.machineDetails) ?? "", width: widths[index])
        }
        // Each row: its files' headers, then the panels any of its files has a cell in (a row of sweeps without a
        // runner that starts a thread per job has no such panel); the next row starts below the last panel's labels.
        let rowPanels = rows.map { row in
            panels.indices.filter { panel in
                row.contains { index in reports[index].cells.contains { panels[panel].runners.contains($0.runner) } }
            }
        }
        let rowHeights = zip(rows, rowPanels).map { row, drawn in
            let headerLines = row.map { headers[$0].count }.max() ?? 1
            return Double(headerLines) * 15 + 34 + Double(drawn.count) * (Self.panelHeight + Self.panelGap)
        }
        let firstRowTop = 91.0
        let legendTop = firstRowTop + rowHeights.reduce(0, +) - 20
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

        // Each panel's axis, common to every file in every row.
        let axes = panels.map { panel in
            let cells = reports.flatMap { report in report.cells.filter { panel.runners.contains($0.runner) } }
            // Everything drawn: the whiskers' ends, the medians, and the modes, which may lie beyond the whiskers.
            let drawn =
                cells.compactMap(measure.values).flatMap { [$0.low, $0.bar, $0.high] }
                + cells.flatMap { measure.modes($0).map(\.location) }
            return logarithmic
                ? Scale.logarithmic(from: drawn.min() ?? 1, to: drawn.max() ?? 10)
                : Scale.linear(upTo: drawn.max() ?? 1)
        }
        var rowTop = firstRowTop
        for ((row, drawn), height) in zip(zip(rows, rowPanels), rowHeights) {
            var x = Self.leftMargin
            for index in row {
                for (number, line) in headers[index].enumerated() {
                    let style: [String: String] =
                        number == 0 ? ["font-weight": "bold"] : ["fill": "#555", "font-size": "11"]
                    svg.text(line, x: x, y: rowTop + Double(number) * 15, style)
                }
                x += widths[index] + Self.columnGap
            }
            let headerLines = row.map { headers[$0].count }.max() ?? 1
            let top = rowTop + Double(headerLines) * 15 + 34
            for (place, panelIndex) in drawn.enumerated() {
                drawPanel(
                    panels[panelIndex], axis: axes[panelIndex],
                    top: top + Double(place) * (Self.panelHeight + Self.panelGap), files: row, widths: widths,
                    into: &svg)
            }
            rowTop += height
        }

        for item in legend {
            let itemX = Self.leftMargin + item.x
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

    /// One panel of one row: its title, its axis, and the bars of the files `files` (indices), side by side.
    private func drawPanel(
        _ panel: (title: String, runners: [String]), axis: Scale, top panelTop: Double, files: [Int],
        widths: [Double], into svg: inout SVGText
    ) {
        func y(_ value: Double) -> Double {
            panelTop + Self.panelHeight - axis.fraction(value) * Self.panelHeight
        }
        svg.text(panel.title, x: Self.leftMargin, y: panelTop - 14, ["font-weight": "bold", "font-size": "13"])
        svg.text(
            measure.axisTitle + (logarithmic ? " (log scale)" : ""), x: 22, y: panelTop + Self.panelHeight / 2,
            ["text-anchor": "middle", "transform": "rotate(-90 22 \(Self.number(panelTop + Self.panelHeight / 2)))"])
        var columnX = Self.leftMargin
        for index in files {
            let report = reports[index]
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
                    "y2": Self.number(panelTop + Self.panelHeight), "stroke": "#333",
                ])
            svg.element(
                "line",
                [
                    "x1": Self.number(columnX), "x2": Self.number(columnX + columnWidth),
                    "y1": Self.number(panelTop + Self.panelHeight), "y2": Self.number(panelTop + Self.panelHeight),
                    "stroke": "#333",
                ])
            var groupX = columnX + Self.groupGap
            // The column is as wide as the panel with the most runners needs: a panel of fewer spreads its groups
            // over it rather than leaving its right side empty, its bars centred in each.
            let groups = Double(max(report.configurations.count, 1))
            let groupWidth = max(
                self.groupWidth(runners: panel.runners.count), (columnWidth - Self.groupGap) / groups - Self.groupGap)
            for configuration in report.configurations {
                let barsStart = groupX + (groupWidth - Double(panel.runners.count) * Self.barWidth) / 2
                for (slot, runner) in panel.runners.enumerated() {
                    let barX = barsStart + Double(slot) * Self.barWidth
                    guard let cell = report.cell(runner, at: configuration) else {
                        continue
                    }
                    drawCell(cell, of: runner, at: configuration, x: barX, panelTop: panelTop, y: y, into: &svg)
                }
                if !panel.runners.contains(where: { report.cell($0, at: configuration) != nil }) {
                    svg.text(
                        "not run", x: groupX + groupWidth / 2, y: panelTop + Self.panelHeight - 6,
                        ["text-anchor": "middle", "fill": "#888", "font-size": "11"])
                }
                svg.text(
                    configuration.description, x: groupX + groupWidth / 2,
                    y: panelTop + Self.panelHeight + 16, ["text-anchor": "middle", "font-size": "11"])
                groupX += groupWidth + Self.groupGap
            }
            let shapes = Set(report.configurations.map(\.shape))
            let others =
                (shapes.contains(.pingPong) ? "; pairs × round trips in ping-pong" : "")
                + (shapes.contains(.contention) ? "; senders × messages in contention" : "")
            svg.text(
                "configuration (queues × iterations per queue\(others))",
                x: columnX + columnWidth / 2,
                y: panelTop + Self.panelHeight + 34, ["text-anchor": "middle", "fill": "#555", "font-size": "11"])
            columnX += columnWidth + Self.columnGap
        }
    }

    /// One cell's bar (or its ×), whisker and mode dots, at `barX` in a panel whose top is `panelTop`, `y` its scale.
    private func drawCell(
        _ cell: CellSummary, of runner: String, at configuration: RunConfiguration, x barX: Double, panelTop: Double,
        y: (Double) -> Double, into svg: inout SVGText
    ) {
        guard let (median, p25, p75) = measure.values(cell) else {
            // (For latency, "median" is the p50 and the whisker runs from p90 to p99.)
            svg.text(
                "×", x: barX + Self.barWidth / 2, y: panelTop + Self.panelHeight - 4,
                ["text-anchor": "middle", "fill": color(runner), "font-weight": "bold"])
            return
        }
        let barTop = y(median)
        svg.element(
            "rect",
            [
                "x": Self.number(barX + 1), "y": Self.number(barTop), "width": Self.number(Self.barWidth - 2),
                "height": Self.number(panelTop + Self.panelHeight - barTop),
            ].merging(paint(runner)) { _, paint in paint },
            title: "\(runner) at \(configuration): \(measure.names.bar) \(measure.text(median)), "
                + "\(measure.names.low) \(measure.text(p25)), \(measure.names.high) \(measure.text(p75))"
                + (cell.modesText.map { "; modes per job: \($0)" } ?? ""))
        if p75 > p25 {
            let center = Self.number(barX + Self.barWidth / 2)
            let capLeft = Self.number(barX + Self.barWidth / 2 - 3)
            let capRight = Self.number(barX + Self.barWidth / 2 + 3)
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
                    "cx": Self.number(barX + Self.barWidth / 2), "cy": Self.number(y(mode.location)),
                    "r": Self.number(1.5 + 3.5 * mode.share.squareRoot()), "fill": "#222",
                    "fill-opacity": "0.75", "stroke": "white", "stroke-width": "0.8",
                ],
                title: "\(runner) at \(configuration): a mode at \(measure.text(mode.location)), "
                    + "\(Int((mode.share * 100).rounded()))% of the runs")
        }
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
