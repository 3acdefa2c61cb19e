import BenchResults
import Foundation
import JobRunners

/// A chart of rows, read at a glance: one row per runner with its name beside it, grouped by family as the tables
/// are, each C floor right under its runner; in each row one mark per series (a configuration, or a configuration of
/// a file), on a logarithmic axis: a point, the 95% interval as a line through it, and short bars for what else
/// the cell holds (its modes; a latency's p90). The configurations are told apart by their place in the row and
/// their marker, each in a colour of a palette that colour-blind readers tell apart too (``palette``), so that no
/// legend of 26 colours needs decoding.
///
/// The sweep's cost per job, its latency percentiles, `compare`'s ratios and `interleave`'s pairs are all drawn as
/// one of these (RowChart+Charts.swift); how it is laid out and drawn is in RowChart+Drawing.swift, its markers in
/// RowChart+Markers.swift.
struct RowChart {
    /// What the axis measures, and so how its ticks read.
    enum Axis {
        /// Nanoseconds (a cost per job, a latency), ticks as `100 ns`, `1 µs`.
        case nanoseconds
        /// A ratio, centred on 1: ticks as `0.5`, `1`, `2`; left of 1 is cheaper.
        case ratio
    }

    /// A marker's shape: the first tells apart the series where colour alone does not.
    enum Marker: Int, CaseIterable {
        case circle, square, triangle, diamond, invertedTriangle, cross, plus, star
    }

    /// One entry of the legend: a marker in a colour (nil: a plain swatch of the colour), and what it stands for.
    struct LegendItem {
        var marker: Marker?
        var colour: String
        var text: String
    }

    /// A cell's mark: where it lies, its interval, and how it is drawn.
    struct Mark {
        /// Which slot of the row it takes (0 at the top), and so its marker and colour.
        var slot: Int
        var marker: Marker
        var colour: String
        /// nil: the cell is there but has nothing to draw (no ok run); drawn as a × at the axis's left.
        var value: Double?
        var interval: ClosedRange<Double>?
        /// Short bars across the line: modes, or a latency's p90.
        var ticks: [Double] = []
        /// Filled, or hollow (a ratio within the noise, or not called).
        var isSolid = true
        /// What a pointer over the mark shows: the cell, its numbers.
        var tooltip: String
    }

    struct Row {
        /// The runner's id, or for a C floor under its runner the words `C floor`.
        var label: String
        /// A C floor, drawn under its runner in grey.
        var isFloor = false
        /// Bold: a row the chart calls attention to (a ratio that moved).
        var isMarked = false
        var marks: [Mark]
        /// A word or two at the row's right end, where the layout has room (wide charts): `dearer 1.31`.
        var flag: String?
        /// The full id, for the row's tooltip (a floor's label is not its id).
        var tooltip: String
    }

    struct Group {
        var title: String
        var rows: [Row]
    }

    /// A vertical line across every row: 1 on a ratio axis, the machine factor.
    struct Reference {
        var value: Double
        /// The tooltip: what the line is, with its value.
        var label: String
        var isDashed: Bool
        /// Written above the line, where given: `machine 1.25`.
        var caption: String? = nil
    }

    var title: String
    /// Lines under the title: what is plotted, in which units, and how to read the marks.
    var subtitles: [String]
    var axis: Axis
    /// The axis's name, under it: `cost per job (log scale)`.
    var axisTitle: String
    /// Slots per row: every row gives each series the same place.
    var slots: Int
    var legend: [LegendItem]
    var groups: [Group]
    /// A shaded band across every row: the noise threshold around 1.
    var band: ClosedRange<Double>?
    var references: [Reference] = []
    /// Lines under the chart: what it leaves out, and why.
    var footnotes: [String] = []

    /// Okabe and Ito's colours ("Color Universal Design", 2008), chosen to stay apart for readers with each common
    /// colour blindness, in their order of contrast on white; their yellow left out, too pale on white. A test
    /// checks them against a simulation of deuteranopia and protanopia (Viénot, Brettel and Mollon, 1999).
    static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]

    /// The colour and marker of series `index`.
    /// The colour of the file (the machine) read `index`-th (0-based) by a command that reads several: the same in
    /// `chart`'s rows, in `compare`'s charts and in the heads of its matrix's columns.
    static func fileColour(_ index: Int) -> String {
        style(index).colour
    }

    static func style(_ index: Int) -> (marker: Marker, colour: String) {
        (Marker.allCases[index % Marker.allCases.count], palette[index % palette.count])
    }

    /// The width a chart is laid out for when none is asked: a laptop's page. ``narrowWidth`` is a phone's.
    static let defaultWidth = 960.0
    /// The width of the layout an HTML page shows on a phone (390 px, less the page's margins).
    static let narrowWidth = 360.0
    /// Below this width the layout is narrow: shorter labels, no flags column.
    static let narrowBelow = 600.0
    /// The least width a chart is laid out for (`--width`'s least): narrower, its labels would overlap.
    static let leastWidth = 300
    /// The most files `bench chart` draws in rows (a place per configuration and file in each row); more are drawn
    /// as bars.
    static let mostFiles = 6
}

extension RowChart {
    /// The rows of `runners`, grouped by family as the tables are, each C floor taken out of its family and put
    /// right under its runner (a floor whose runner is not drawn stays in the C floors' group); `row` makes each.
    static func grouped(
        _ runners: [String], catalogue: RunnerCatalogue, row: (_ runner: String, _ isFloor: Bool) -> Row
    ) -> [Group] {
        let floors = Dictionary(
            runners.compactMap { id in catalogue.runner(id: id)?.traits.floorOf.map { ($0, id) } },
            uniquingKeysWith: { first, _ in first })
        let placed = Set(floors.filter { runners.contains($0.key) }.values)
        return RunnerCatalogue.grouped(runners.filter { !placed.contains($0) }).map { group in
            Group(
                title: group.family.name,
                rows: group.ids.flatMap { id -> [Row] in
                    guard let floor = floors[id], placed.contains(floor) else {
                        return [row(id, false)]
                    }
                    return [row(id, false), row(floor, true)]
                })
        }
    }
}
