import Foundation

/// Writing CSV as RFC 4180 describes it, except that records end with a line feed rather than CR LF, as most
/// tools write them; readers of RFC 4180 accept both.
enum CSV {
    /// One record: the fields, quoted where they must be, separated by commas, ending in a line feed.
    static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",") + "\n"
    }

    /// `field` as it must appear in a record: in double quotes, with quotes doubled, if it holds a comma, a quote,
    /// a line break or leading or trailing spaces.
    static func escape(_ field: String) -> String {
        let needsQuotes =
            field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            || field.first == " " || field.last == " "
        guard needsQuotes else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
