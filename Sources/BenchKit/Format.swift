import Foundation

/// Number formats for people (tables, progress); files use ``DecimalText``.
enum Format {
    /// A cost per job in the unit that suits it, with three significant digits: `48.4 ns`, `1.01 µs`, `36.3 µs`.
    static func perJob(nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: significant(nanoseconds) + " ns"
        case ..<1_000_000: significant(nanoseconds / 1_000) + " µs"
        default: significant(nanoseconds / 1_000_000) + " ms"
        }
    }

    /// Seconds with six decimals, as the 2010 table gives them.
    static func seconds(nanoseconds: Double) -> String {
        String(format: "%.6f", nanoseconds / 1e9)
    }

    private static func significant(_ value: Double) -> String {
        switch value {
        case ..<9.995: String(format: "%.2f", value)
        case ..<99.95: String(format: "%.1f", value)
        default: String(format: "%.0f", value)
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }

    func rightPadded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
