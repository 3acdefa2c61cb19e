import Foundation

/// Exact decimal text from integers, free of floating-point noise and of the locale, and back.
public enum DecimalText {
    /// `6940695` ns as `0.006940695`.
    public static func seconds(fromNanoseconds nanoseconds: Int64) -> String {
        quotient(nanoseconds, 1_000_000_000, decimals: 9)
    }

    /// `dividend / divisor`, rounded half up, with `decimals` digits after the point; both non-negative.
    public static func quotient(_ dividend: Int64, _ divisor: Int64, decimals: Int) -> String {
        precondition(dividend >= 0 && divisor > 0)
        var scale: Int64 = 1
        for _ in 0..<decimals {
            scale *= 10
        }
        let (scaled, overflow) = dividend.multipliedReportingOverflow(by: scale)
        guard !overflow else {
            return String(format: "%.\(decimals)f", Double(dividend) / Double(divisor))
        }
        let rounded = (scaled + divisor / 2) / divisor
        guard decimals > 0 else {
            return String(rounded)
        }
        let fraction = String(rounded % scale)
        return "\(rounded / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `0.006940695` (seconds) as 6940695 ns: exact for up to nine decimals, rounded beyond; other spellings of a
    /// number (`6.9e-3`, as spreadsheets may save it) through `Double`. Nil for text that is not a non-negative number.
    public static func nanoseconds(fromSeconds text: String) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit),
            let wholeSeconds = Int64(whole), wholeSeconds < 9_000_000_000
        {
            let fraction = parts.count == 2 ? parts[1] : ""
            if fraction.allSatisfy(\.isASCIIDigit) {
                let digits = Array(fraction.prefix(10)) + Array(repeating: "0", count: max(0, 10 - fraction.count))
                guard let tenths = Int64(String(digits)) else {
                    return nil
                }
                // Ten digits: nanoseconds and one more, for rounding half up.
                return wholeSeconds * 1_000_000_000 + (tenths + 5) / 10
            }
        }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 9e9 else {
            return nil
        }
        return Int64((seconds * 1e9).rounded())
    }
}

extension Character {
    var isASCIIDigit: Bool {
        isASCII && isNumber
    }
}
