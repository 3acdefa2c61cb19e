import BenchResults
import Foundation

/// How a ``RowChart`` is laid out for a width and drawn as SVG: the title and what the marks mean on top, the
/// legend, the axis's labels above and below the rows, the rows with their labels, marks, intervals and ticks.
extension RowChart {
    /// Sizes of text, in SVG user units (pixels at 100%), and the rough width of a character of each, to wrap
    /// and to fit the labels: large enough to read in a screenshot at the width the chart was laid out for.
    private enum Text {
        static let title = 16.0
        static let body = 12.0
        static let tick = 11.0
        /// A row's label in a narrow layout, where the plot needs the room.
        static let narrowLabel = 11.0
        /// About half an em a character: Helvetica's and Arial's lowercase, digits and punctuation average a little
        /// less; a little more is left where a label must not run into the plot.
        static func width(_ characters: Int, size: Double) -> Double {
            Double(characters) * size * 0.52
        }
    }

    /// Where things go, for a chart `width` wide.
    private struct Layout {
        let width: Double
        let isNarrow: Bool
        let plotLeft: Double
        let plotRight: Double
        /// A slot's height within a row.
        let pitch: Double
        let rowHeight: Double
        let bottom: Double
        let top: Double
        /// log10 of the axis's ends.
        let low: Double
        let high: Double
        /// The space left and right of everything drawn.
        static let margin = 10.0

        func x(_ value: Double) -> Double {
            let position = (log10(max(value, .leastNormalMagnitude)) - low) / (high - low)
            return plotLeft + min(max(position, 0), 1) * (plotRight - plotLeft)
        }
    }

    /// The chart as SVG, laid out for `width` pixels: a file of its own when `standalone`, or an element for an
    /// HTML page. Below ``narrowBelow`` the labels are shorter and the flags go (a row's boldness stays).
    func svg(width requested: Double = defaultWidth, standalone: Bool = true) -> String {
        let width = max(requested, Double(Self.leastWidth))
        let isNarrow = width < Self.narrowBelow
        let margin = Layout.margin
        let labelSize = isNarrow ? Text.narrowLabel : Text.body
        let labels = groups.flatMap(\.rows).map { ($0.isFloor ? 2 : 0) + $0.label.count }
        let labelWidth = min(Text.width(labels.max() ?? 8, size: labelSize) + 16, width * 0.42)
        let flags = isNarrow ? [] : groups.flatMap(\.rows).compactMap(\.flag)
        // Room at the right for the flags, or at least for half the last tick's label.
        let flagWidth = flags.isEmpty ? 18 : Text.width(flags.map(\.count).max() ?? 0, size: Text.tick) + 14
        let inner = width - 2 * margin
        let titleLines = SVGText.wrap(title, characters: Int(inner / (Text.title * 0.6)))
        let bodyCharacters = Int(inner / Text.width(1, size: Text.body))
        let subtitleLines = subtitles.flatMap { SVGText.wrap($0, characters: bodyCharacters) }
        let legendRows = legendLayout(width: inner)
        let footnoteLines = footnotes.flatMap { SVGText.wrap($0, characters: bodyCharacters) }
        let pitch = isNarrow ? 7.0 : 8.0
        let rowHeight: Double = max(20, Double(slots) * pitch + 8)
        let titleHeight: Double = 21 * Double(titleLines.count)
        let subtitleHeight: Double = 15 * Double(subtitleLines.count)
        let legendHeight: Double = 18 * Double(legendRows.count)
        let (low, high) = domain()
        func layout(top: Double, bottom: Double) -> Layout {
            Layout(
                width: width, isNarrow: isNarrow, plotLeft: margin + labelWidth,
                plotRight: max(width - margin - flagWidth, margin + labelWidth + 100), pitch: pitch,
                rowHeight: rowHeight, bottom: bottom, top: top, low: low, high: high)
        }
        let captionLines = captionLines(in: layout(top: 0, bottom: 0))
        let captionHeight = 16 * Double(zip(references, captionLines).map { $0.caption == nil ? 0 : $1 + 1 }.max() ?? 0)
        let headerHeight: Double = 14 + titleHeight + subtitleHeight + 8 + legendHeight + captionHeight + 20
        let rowsHeight: Double = groups.map { 22 + Double($0.rows.count) * rowHeight }.reduce(0, +)
        let layout = layout(top: headerHeight, bottom: headerHeight + rowsHeight)
        let footnoteHeight: Double = 15 * Double(footnoteLines.count)
        let height = layout.bottom + 40 + footnoteHeight + 8

        var svg = SVGText(standalone: standalone)
        svg.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "width": BarChart.number(width),
                "height": BarChart.number(height),
                "viewBox": "0 0 \(BarChart.number(width)) \(BarChart.number(height))",
                "font-family": "Helvetica, Arial, sans-serif", "font-size": BarChart.number(Text.body),
                "role": "img",
            ])
        svg.title(title)
        svg.element("rect", ["x": "0", "y": "0", "width": "100%", "height": "100%", "fill": "white"])
        var y = 14.0
        for line in titleLines {
            y += 21
            svg.text(line, x: margin, y: y - 4, ["font-size": BarChart.number(Text.title), "font-weight": "bold"])
        }
        for line in subtitleLines {
            y += 15
            svg.text(line, x: margin, y: y - 3, ["fill": "#444"])
        }
        y += 8
        // The legend tells the series apart by marker and colour; it draws them as most marks are drawn, so that in a
        // comparison, whose marks are hollow unless their cell moved, it does not show only the exception.
        let marks = groups.flatMap { $0.rows.flatMap(\.marks) }.filter { $0.value != nil }
        let legendIsSolid = 2 * marks.filter(\.isSolid).count >= marks.count
        for row in legendRows {
            for item in row {
                let itemX = margin + item.x
                if let marker = item.item.marker {
                    draw(
                        marker, x: itemX + 6, y: y + 9, size: 4.5, colour: item.item.colour, solid: legendIsSolid,
                        into: &svg)
                } else {
                    svg.element(
                        "rect",
                        ["x": BarChart.number(itemX), "y": BarChart.number(y + 3), "width": "12", "height": "12",
                         "fill": item.item.colour])
                }
                svg.text(item.item.text, x: itemX + 16, y: y + 13, [:])
            }
            y += 18
        }
        let ticks = ticks(layout)
        drawAxis(layout, ticks: ticks, labelsAt: layout.top - 6, into: &svg)
        drawRows(layout, ticks: ticks, into: &svg)
        drawAxis(layout, ticks: ticks, labelsAt: layout.bottom + 15, into: &svg)
        svg.text(
            axisTitle, x: (layout.plotLeft + layout.plotRight) / 2, y: layout.bottom + 32,
            ["text-anchor": "middle", "fill": "#444"])
        var footnoteY = layout.bottom + 40
        for line in footnoteLines {
            footnoteY += 15
            svg.text(line, x: margin, y: footnoteY - 3, ["fill": "#444"])
        }
        svg.close("svg")
        return svg.text
    }

    /// Each reference's caption's line above the axis (``captionLines(_:)``), by where `layout` puts it.
    private func captionLines(in layout: Layout) -> [Int] {
        Self.captionLines(
            references.map { line in line.caption.map { (layout.x(line.value), Text.width($0.count, size: Text.tick)) } })
    }

    /// The legend's items in rows that fit `width`, each with its x from the legend's left.
    private func legendLayout(width: Double) -> [[(item: LegendItem, x: Double)]] {
        var rows: [[(item: LegendItem, x: Double)]] = [[]]
        var x = 0.0
        for item in legend {
            let itemWidth = 16 + Text.width(item.text.count, size: Text.body) + 14
            if x > 0, x + itemWidth > width {
                rows.append([])
                x = 0
            }
            rows[rows.count - 1].append((item, x))
            x += itemWidth
        }
        return rows.filter { !$0.isEmpty }
    }

    /// log10 of the axis's ends: for nanoseconds, the powers of ten around everything drawn; for a ratio, a round
    /// ratio r at or beyond everything drawn either side of 1, from 1/r to r, so that 1 is in the middle.
    private func domain() -> (Double, Double) {
        let marks = groups.flatMap(\.rows).flatMap(\.marks)
        let values =
            marks.compactMap(\.value) + marks.compactMap(\.interval).flatMap { [$0.lowerBound, $0.upperBound] }
            + marks.flatMap(\.ticks) + references.map(\.value)
            + (band.map { [$0.lowerBound, $0.upperBound] } ?? [])
        let positive = values.filter { $0 > 0 && $0.isFinite }
        switch axis {
        case .nanoseconds:
            // The round numbers (1, 2 or 5 times a power of ten) just around everything drawn.
            let low = log10(Self.roundNumber(atMost: positive.min() ?? 1))
            let high = max(log10(Self.roundNumber(atLeast: positive.max() ?? 10)), low + 1)
            return (low, high)
        case .ratio:
            let reach = positive.map { max($0, 1 / $0) }.max() ?? 1
            let round = Self.roundRatios.first { $0 >= reach * 1.05 } ?? (reach * 1.05)
            return (-log10(round), log10(round))
        }
    }

    /// The ticks of the axis, each with its label or none (a grid line only): powers of ten first, then 2 and 5
    /// times them and the axis's ends; a label only where it does not run into one already placed.
    private func ticks(_ layout: Layout) -> [(value: Double, label: String?)] {
        var candidates: [(value: Double, priority: Int)] = []
        switch axis {
        case .nanoseconds:
            let perDecade = (layout.plotRight - layout.plotLeft) / (layout.high - layout.low)
            for power in stride(from: layout.low.rounded(.down), through: layout.high.rounded(.up), by: 1) {
                let decade = pow(10, power)
                candidates.append((decade, 0))
                if perDecade >= 45 {
                    candidates += [(decade * 2, 1), (decade * 5, 1)]
                }
            }
            candidates += [(pow(10, layout.low), 2), (pow(10, layout.high), 2)]
        case .ratio:
            let reach = pow(10, layout.high)
            candidates.append((1, 0))
            for (rank, ratio) in Self.roundRatios.enumerated() where ratio <= reach * 1.0001 {
                candidates += [(ratio, 1 + rank), (1 / ratio, 1 + rank)]
            }
        }
        let inside = candidates.filter { $0.value >= pow(10, layout.low) * 0.9999 && $0.value <= pow(10, layout.high) * 1.0001 }
        var placed: [(left: Double, right: Double)] = []
        var labels: [Double: String] = [:]
        for candidate in inside.sorted(by: { $0.priority < $1.priority }) where labels[candidate.value] == nil {
            let text = Self.tickText(candidate.value, axis: axis)
            let half = Text.width(text.count, size: Text.tick) / 2 + 4
            let x = layout.x(candidate.value)
            if !placed.contains(where: { x - half < $0.right && x + half > $0.left }) {
                placed.append((x - half, x + half))
                labels[candidate.value] = text
            }
        }
        var seen: Set<Double> = []
        return inside.map(\.value).filter { seen.insert($0).inserted }.sorted().map { ($0, labels[$0]) }
    }

    private func drawAxis(
        _ layout: Layout, ticks: [(value: Double, label: String?)], labelsAt y: Double, into svg: inout SVGText
    ) {
        for tick in ticks {
            if let label = tick.label {
                svg.text(
                    label, x: layout.x(tick.value), y: y,
                    ["text-anchor": "middle", "fill": "#333", "font-size": BarChart.number(Text.tick)])
            }
        }
    }

    private func drawRows(_ layout: Layout, ticks: [(value: Double, label: String?)], into svg: inout SVGText) {
        let margin = Layout.margin
        // The band and the grid first, under the rows' marks.
        if let band {
            svg.element(
                "rect",
                [
                    "x": BarChart.number(layout.x(band.lowerBound)), "y": BarChart.number(layout.top),
                    "width": BarChart.number(layout.x(band.upperBound) - layout.x(band.lowerBound)),
                    "height": BarChart.number(layout.bottom - layout.top), "fill": "#e4e6ea",
                ])
        }
        var y = layout.top
        var stripe = false
        for group in groups {
            svg.text(group.title, x: margin, y: y + 16, ["font-weight": "bold"])
            y += 22
            for _ in group.rows {
                if stripe {
                    svg.element(
                        "rect",
                        [
                            "x": BarChart.number(margin), "y": BarChart.number(y),
                            "width": BarChart.number(layout.width - 2 * margin),
                            "height": BarChart.number(layout.rowHeight), "fill": "#f2f4f7", "fill-opacity": "0.7",
                        ])
                }
                stripe.toggle()
                y += layout.rowHeight
            }
        }
        for tick in ticks {
            let x = BarChart.number(layout.x(tick.value))
            svg.element(
                "line",
                [
                    "x1": x, "x2": x, "y1": BarChart.number(layout.top), "y2": BarChart.number(layout.bottom),
                    "stroke": tick.label == nil ? "#e6e8ec" : "#cfd3da", "stroke-width": "1",
                ])
        }
        for (reference, captionLine) in zip(references, captionLines(in: layout)) {
            let x = BarChart.number(layout.x(reference.value))
            var line = [
                "x1": x, "x2": x, "y1": BarChart.number(layout.top - 2), "y2": BarChart.number(layout.bottom),
                "stroke": "#333", "stroke-width": reference.isDashed ? "1.5" : "1.2",
            ]
            if reference.isDashed {
                line["stroke-dasharray"] = "5 3"
            }
            svg.element("line", line, title: reference.label)
            if let caption = reference.caption {
                svg.text(
                    caption, x: layout.x(reference.value), y: layout.top - 22 - 16 * Double(captionLine),
                    ["text-anchor": "middle", "font-size": BarChart.number(Text.tick), "font-weight": "bold"])
            }
        }
        y = layout.top
        for group in groups {
            y += 22
            for row in group.rows {
                draw(row, top: y, layout, into: &svg)
                y += layout.rowHeight
            }
        }
    }

    private func draw(_ row: Row, top: Double, _ layout: Layout, into svg: inout SVGText) {
        let margin = Layout.margin
        let middle = top + layout.rowHeight / 2 + 4
        let size = layout.isNarrow ? Text.narrowLabel : Text.body
        var style: [String: String] = row.isFloor ? ["fill": "#666", "font-style": "italic"] : ["fill": "#111"]
        style["font-size"] = BarChart.number(size)
        if row.isMarked {
            style["font-weight"] = "bold"
        }
        let limit = Int((layout.plotLeft - margin - 12) / Text.width(1, size: size))
        let label = row.label.count <= limit ? row.label : String(row.label.prefix(max(limit - 1, 1))) + "…"
        svg.open("g", [:])
        svg.title(row.tooltip)
        svg.text(label, x: margin + (row.isFloor ? 14 : 4), y: middle, style)
        svg.close("g")
        if let flag = row.flag, !layout.isNarrow {
            svg.text(
                flag, x: layout.plotRight + 8, y: middle,
                ["fill": "#111", "font-size": BarChart.number(Text.tick), "font-weight": "bold"])
        }
        for mark in row.marks {
            let y = top + 4 + layout.pitch * (Double(mark.slot) + 0.5)
            svg.open("g", [:])
            svg.title(mark.tooltip)
            defer { svg.close("g") }
            guard let value = mark.value else {
                svg.text(
                    "×", x: layout.plotLeft + 4, y: y + 4,
                    ["fill": mark.colour, "font-weight": "bold", "text-anchor": "middle"])
                continue
            }
            if let interval = mark.interval {
                svg.element(
                    "line",
                    [
                        "x1": BarChart.number(layout.x(interval.lowerBound)),
                        "x2": BarChart.number(layout.x(interval.upperBound)), "y1": BarChart.number(y),
                        "y2": BarChart.number(y), "stroke": mark.colour, "stroke-width": "1.6",
                    ])
            }
            for tick in mark.ticks {
                let x = BarChart.number(layout.x(tick))
                svg.element(
                    "line",
                    [
                        "x1": x, "x2": x, "y1": BarChart.number(y - layout.pitch / 2),
                        "y2": BarChart.number(y + layout.pitch / 2), "stroke": mark.colour, "stroke-width": "1.6",
                    ])
            }
            draw(
                mark.marker, x: layout.x(value), y: y, size: layout.pitch / 2 + 0.5, colour: mark.colour,
                solid: mark.isSolid, into: &svg)
        }
    }
}
