import Foundation

/// Number formats for people (tables, progress, checks); files use ``DecimalText``.
public enum Format {
    /// `1 check`, `3 checks`: a count and its noun, plural unless the count is 1.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `rows` under `columns` as plain-text lines, each column as wide as its widest cell, two spaces apart: the
    /// first column left-aligned (it names the row), the others right-aligned (they hold figures). For the
    /// benchmarks' printed tables.
    public static func table(_ columns: [String], _ rows: [[String]]) -> String {
        let widths = columns.indices.map { column in
            ([columns] + rows).map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return ([columns] + rows).map { row in
            row.enumerated().map { column, text in
                let padding = String(repeating: " ", count: max(0, widths[column] - text.count))
                return column == 0 ? text + padding : padding + text
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// A cost per job in the unit that suits it, with three significant digits: `48.4 ns`, `1.01 µs`, `36.3 µs`.
    public static func perJob(nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: significant(nanoseconds) + " ns"
        case ..<1_000_000: significant(nanoseconds / 1_000) + " µs"
        default: significant(nanoseconds / 1_000_000) + " ms"
        }
    }

    /// Seconds with six decimals, as the 2010 table gives them.
    public static func seconds(nanoseconds: Double) -> String {
        String(format: "%.6f", nanoseconds / 1e9)
    }

    /// A share as a percentage, whole from 1% and with one decimal below: `12%`, `3%`, `0.4%`.
    public static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        return value < 0.95 ? String(format: "%.1f%%", value) : "\(Int(value.rounded()))%"
    }

    /// A ratio with three significant digits: `105`, `9.46`, `0.0950`.
    public static func ratio(_ value: Double) -> String {
        switch value {
        case ..<0.01: String(format: "%.2g", value)
        case ..<1: String(format: "%.3f", value)
        default: significant(value)
        }
    }

    /// An interval as `low–high`, each end written by `format` (``ratio(_:)`` by default).
    public static func range(_ interval: ClosedRange<Double>, _ format: (Double) -> String = Format.ratio) -> String {
        format(interval.lowerBound) + "–" + format(interval.upperBound)
    }

    /// A size in bytes in the unit that suits it: `812 KiB`, `14.2 MiB`.
    public static func bytes(_ count: Int) -> String {
        let value = Double(count)
        switch value {
        case ..<1_024: return "\(count) B"
        case ..<(1_024 * 1_024): return significant(value / 1_024) + " KiB"
        case ..<(1_024 * 1_024 * 1_024): return significant(value / 1_024 / 1_024) + " MiB"
        default: return significant(value / 1_024 / 1_024 / 1_024) + " GiB"
        }
    }

    /// A number as a person writes it: `10`, `2.5`, `0.8`.
    public static func number(_ value: Double) -> String {
        String(format: "%g", value)
    }

    /// A range of ``number(_:)``s: `4` where both ends read alike, else both with as many decimals as either needs,
    /// so that they read evenly: `4.0010–4.0443`, not `4.001–4.0443`.
    public static func numberRange(_ range: ClosedRange<Double>) -> String {
        let (low, high) = (number(range.lowerBound), number(range.upperBound))
        guard low != high else {
            return low
        }
        // %g writes an exponent for very small or large values: those are left as it writes them.
        func decimals(_ text: String) -> Int? {
            text.contains("e") ? nil : text.split(separator: ".").dropFirst().first?.count ?? 0
        }
        guard let lowDecimals = decimals(low), let highDecimals = decimals(high) else {
            return "\(low)–\(high)"
        }
        let places = Int32(max(lowDecimals, highDecimals))
        func text(_ value: Double) -> String {
            String(format: "%.*f", places, value)
        }
        return text(range.lowerBound) + "–" + text(range.upperBound)
    }

    /// Three significant digits, without an exponent for the values a benchmark meets.
    static func significant(_ value: Double) -> String {
        switch value {
        case ..<1: String(format: "%.3g", value)
        case ..<9.995: String(format: "%.2f", value)
        case ..<99.95: String(format: "%.1f", value)
        default: String(format: "%.0f", value)
        }
    }
}

extension String {
    package func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }

    package func rightPadded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
