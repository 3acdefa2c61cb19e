import BenchResults
import Foundation

/// A ``RowChart``'s axis in numbers: the round numbers its ends and ticks fall on, and their labels.
extension RowChart {
    /// The largest of 1, 2 and 5 times a power of ten at or below `value`.
    static func roundNumber(atMost value: Double) -> Double {
        let decade = pow(10, log10(value).rounded(.down))
        return [5.0, 2, 1].map { $0 * decade }.first { $0 <= value * 1.000001 } ?? decade
    }

    /// The smallest of 1, 2 and 5 times a power of ten at or above `value`.
    static func roundNumber(atLeast value: Double) -> Double {
        let decade = pow(10, log10(value).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * decade }.first { $0 >= value * 0.999999 } ?? 10 * decade
    }

    /// A tick's label: a round number of nanoseconds in the unit that suits it, without trailing zeros (`500 ns`,
    /// `2 µs`); a ratio as `0.8`, `1`, `1.25`.
    static func tickText(_ value: Double, axis: Axis) -> String {
        func round(_ number: Double) -> String {
            Format.number((number * 1_000).rounded() / 1_000)
        }
        switch axis {
        case .ratio:
            return value < 1 ? String(format: "%.2g", value) : round(value)
        case .nanoseconds:
            switch value {
            case ..<999.5: return round(value) + " ns"
            case ..<999_500: return round(value / 1_000) + " µs"
            case ..<999_500_000: return round(value / 1_000_000) + " ms"
            default: return round(value / 1_000_000_000) + " s"
            }
        }
    }

    /// The line above the axis each caption goes on (0 nearest the axis), given where its middle falls and how
    /// wide it is (nil: no caption, line 0): the first line where it clears the captions already there by a little,
    /// so that captions close together (three machines' factors at 0.021, 0.035 and 0.043) stack, not overprint.
    static func captionLines(_ captions: [(middle: Double, width: Double)?]) -> [Int] {
        var rightEnds: [Double] = []
        return captions.map { caption in
            guard let (middle, width) = caption else {
                return 0
            }
            let (left, right) = (middle - width / 2, middle + width / 2)
            if let line = rightEnds.firstIndex(where: { $0 + 6 <= left }) {
                rightEnds[line] = right
                return line
            }
            rightEnds.append(right)
            return rightEnds.count - 1
        }
    }

    /// Ratios a ratio axis ends at, and ticks at (with their reciprocals).
    static let roundRatios: [Double] = [1.1, 1.25, 1.5, 2, 3, 5, 10, 30, 100, 1_000, 10_000, 100_000]
}
