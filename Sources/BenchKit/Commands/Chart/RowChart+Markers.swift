import Foundation

/// How a ``RowChart`` draws a mark's marker, filled or hollow: one shape per series (``RowChart/Marker``).
extension RowChart {
    /// A marker centred on (x, y), about `size` from its centre to its edge: filled in `colour`, or hollow (white
    /// inside, `colour` around).
    func draw(
        _ marker: Marker, x: Double, y: Double, size: Double, colour: String, solid: Bool, into svg: inout SVGText
    ) {
        let paint = [
            "fill": solid ? colour : "white", "stroke": colour, "stroke-width": solid ? "0.8" : "1.5",
        ]
        func point(_ dx: Double, _ dy: Double) -> String {
            "\(BarChart.number(x + dx)) \(BarChart.number(y + dy))"
        }
        func path(_ points: [(Double, Double)]) -> String {
            "M" + points.map { point($0.0, $0.1) }.joined(separator: "L") + "Z"
        }
        let s = size
        switch marker {
        case .circle:
            svg.element(
                "circle",
                ["cx": BarChart.number(x), "cy": BarChart.number(y), "r": BarChart.number(s)].merging(paint) { $1 })
        case .square:
            let side = s * 1.7
            svg.element(
                "rect",
                [
                    "x": BarChart.number(x - side / 2), "y": BarChart.number(y - side / 2),
                    "width": BarChart.number(side), "height": BarChart.number(side),
                ].merging(paint) { $1 })
        case .triangle:
            svg.element("path", ["d": path([(0, -s * 1.15), (s * 1.1, s * 0.8), (-s * 1.1, s * 0.8)])].merging(paint) { $1 })
        case .invertedTriangle:
            svg.element("path", ["d": path([(0, s * 1.15), (s * 1.1, -s * 0.8), (-s * 1.1, -s * 0.8)])].merging(paint) { $1 })
        case .diamond:
            svg.element("path", ["d": path([(0, -s * 1.3), (s * 1.1, 0), (0, s * 1.3), (-s * 1.1, 0)])].merging(paint) { $1 })
        case .star:
            let points = (0..<10).map { index -> (Double, Double) in
                let radius = index % 2 == 0 ? s * 1.35 : s * 0.6
                let angle = Double(index) * .pi / 5 - .pi / 2
                return (radius * cos(angle), radius * sin(angle))
            }
            svg.element("path", ["d": path(points)].merging(paint) { $1 })
        case .cross, .plus:
            let d =
                marker == .cross
                ? "M\(point(-s, -s))L\(point(s, s))M\(point(-s, s))L\(point(s, -s))"
                : "M\(point(-s * 1.2, 0))L\(point(s * 1.2, 0))M\(point(0, -s * 1.2))L\(point(0, s * 1.2))"
            svg.element("path", ["d": d, "stroke": colour, "stroke-width": solid ? "2.2" : "1.2", "fill": "none"])
        }
    }
}
