/// A named column of records of type `Row`: its name (the CSV header, the JSON key) and its value in a row. Each
/// column of a file that `bench` writes is defined once, as one of these, and the CSV and JSON writers both read it.
public struct DataColumn<Row>: Sendable {
    /// The column's name: its CSV header field and its JSON key.
    public let name: String
    /// Computes the column's value in a row.
    public let value: @Sendable (Row) -> DataValue

    /// A column called `name`, whose value in a row `value` computes.
    public init(_ name: String, _ value: @escaping @Sendable (Row) -> DataValue) {
        self.name = name
        self.value = value
    }

    /// The same column, of rows that hold a `Row`: `part` finds it.
    public func lifted<Outer>(_ part: @escaping @Sendable (Outer) -> Row) -> DataColumn<Outer> {
        let value = self.value
        return DataColumn<Outer>(name) { value(part($0)) }
    }
}

/// A value in a column, as CSV writes it and JSON carries it.
public enum DataValue: Sendable, Equatable {
    /// Text: CSV writes it as it is (``CSV/line(_:)`` quotes it where it must), JSON as a string.
    case text(String)
    /// A whole number: CSV writes it in decimal digits, JSON as a number.
    case integer(Int)
    /// A number: CSV writes it with `places` decimals, JSON carries it whole.
    case decimal(Double, places: Int)
    /// Seconds, given in nanoseconds: CSV writes them exactly, to the nanosecond (``DecimalText``); JSON as seconds.
    case seconds(nanoseconds: Double)
    /// Values that CSV joins into one field with `separator` and JSON keeps as an array.
    case list([DataValue], separator: String)
    /// Nothing known: an empty CSV field, a JSON null.
    case missing

    /// `value` as a decimal, or missing.
    public static func decimal(_ value: Double?, places: Int) -> DataValue {
        value.map { .decimal($0, places: places) } ?? .missing
    }

    /// `value` as an integer, or missing.
    public static func integer(_ value: Int?) -> DataValue {
        value.map { .integer($0) } ?? .missing
    }

    /// Seconds from `seconds`, or missing.
    public static func seconds(_ seconds: Double?) -> DataValue {
        seconds.map { .seconds(nanoseconds: $0 * 1e9) } ?? .missing
    }

    /// The field as CSV writes it.
    public var csvField: String {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .decimal(let value, let places): String(format: "%.\(places)f", value)
        case .seconds(let nanoseconds): DecimalText.seconds(fromNanoseconds: Int64(nanoseconds.rounded()))
        case .list(let values, let separator): values.map(\.csvField).joined(separator: separator)
        case .missing: ""
        }
    }
}

extension Array {
    /// The CSV fields of `row`, one per column.
    public func csvFields<Row>(of row: Row) -> [String] where Element == DataColumn<Row> {
        map { $0.value(row).csvField }
    }

    /// The same columns, of rows that hold a `Row`: `part` finds it.
    public func lifted<Row, Outer>(_ part: @escaping @Sendable (Outer) -> Row) -> [DataColumn<Outer>]
    where Element == DataColumn<Row> {
        map { $0.lifted(part) }
    }

    /// The columns' names, in order.
    public func names<Row>() -> [String] where Element == DataColumn<Row> {
        map(\.name)
    }
}
