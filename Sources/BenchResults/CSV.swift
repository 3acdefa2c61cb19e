import Foundation

/// CSV as RFC 4180 describes it. Written records end with a line feed rather than CR LF, as most tools write
/// them; reading accepts both, and a leading UTF-8 byte order mark, as spreadsheets save files.
public enum CSV {
    /// One record: the fields, quoted where they must be, separated by commas, ending in a line feed.
    public static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",") + "\n"
    }

    /// `field` as it must appear in a record: in double quotes, with quotes doubled, if it holds a comma, a quote,
    /// a line break or leading or trailing spaces.
    public static func escape(_ field: String) -> String {
        let needsQuotes =
            field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            || field.first == " " || field.last == " "
        guard needsQuotes else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A record read from a CSV text, with the line it starts on (1 for the first).
    public struct Record: Equatable, Sendable {
        /// The line of the text the record starts on, 1 for the first; line breaks in quoted fields count.
        public var line: Int
        /// The record's fields, in order, unquoted: without the quotes around them, with doubled quotes made single.
        public var fields: [String]
    }

    /// Why a text is not CSV.
    public struct ParseError: Error, Equatable, Sendable {
        /// The line of the text the problem is on, 1 for the first; for a quoted field never closed, the line its
        /// record starts on.
        public var line: Int
        /// What is wrong, as a phrase for an error message: `text after the closing quote of a field`.
        public var message: String

        /// The error `message` on `line` (1 for the first).
        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// Splits `text` into records. Blank lines are skipped; a quoted field may hold commas, doubled quotes and line
    /// breaks.
    public static func parse(_ text: String) throws(ParseError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        // After a closing quote only a comma or the end of the record may follow.
        var afterClosingQuote = false
        var fieldStarted = false

        func endField() {
            fields.append(field)
            field = ""
            afterClosingQuote = false
            fieldStarted = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
        }

        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" {
            scalars = scalars.dropFirst()
        }
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                        afterClosingQuote = true
                        pending = next
                    }
                } else {
                    if scalar == "\n" {
                        line += 1
                    }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                endField()
            case "\r", "\n":
                if scalar == "\r" {
                    let next = iterator.next()
                    if next != "\n" {
                        pending = next
                    }
                }
                endRecord()
                line += 1
                recordLine = line
            case "\"":
                guard !fieldStarted, !afterClosingQuote else {
                    throw ParseError(line: line, message: "a quote inside a field that does not start with one")
                }
                inQuotes = true
                fieldStarted = true
            default:
                guard !afterClosingQuote else {
                    throw ParseError(line: line, message: "text after the closing quote of a field")
                }
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        if inQuotes {
            throw ParseError(line: recordLine, message: "a quoted field is never closed (is the file cut short?)")
        }
        if fieldStarted || !fields.isEmpty || afterClosingQuote {
            endRecord()
        }
        return records
    }
}
