import BenchResults
import Foundation

/// A JSON document as `bench` writes it: objects, arrays and values, written with sorted keys and indentation,
/// ending in a line feed.
indirect enum JSONValue: Encodable, Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case number(Double)
    case null

    /// The value JSON carries for a column's value.
    init(_ value: DataValue) {
        switch value {
        case .text(let text): self = .string(text)
        case .integer(let integer): self = .integer(integer)
        case .decimal(let number, _): self = .number(number)
        case .seconds(let nanoseconds): self = .number(nanoseconds / 1e9)
        case .list(let values, _): self = .array(values.map(JSONValue.init))
        case .missing: self = .null
        }
    }

    /// One object per row, keyed by the columns' names.
    static func records<Row>(_ columns: [DataColumn<Row>], _ rows: [Row]) -> JSONValue {
        .array(rows.map { record(columns, $0) })
    }

    /// An object keyed by the columns' names.
    static func record<Row>(_ columns: [DataColumn<Row>], _ row: Row) -> JSONValue {
        .object(Dictionary(uniqueKeysWithValues: columns.map { ($0.name, JSONValue($0.value(row))) }))
    }

    /// The object's members and `more` together.
    func adding(_ more: [String: JSONValue]) -> JSONValue {
        guard case .object(let members) = self else {
            return self
        }
        return .object(members.merging(more) { _, new in new })
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (name, value) in members {
                try container.encode(value, forKey: Key(name))
            }
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values {
                try container.encode(value)
            }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .integer(let integer):
            var container = encoder.singleValueContainer()
            try container.encode(integer)
        case .number(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    /// The document as text.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail but for a non-finite number, which no statistic here is; an empty
        // object stands in should one ever be.
        guard let data = try? encoder.encode(self) else {
            return "{}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) {
            stringValue = name
        }

        init?(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }
}
