import BenchResults

/// What goes to standard output: for people (`table`, `markdown`, `html`) or for programs (`csv`, `json`).
public enum OutputFormat: String, Equatable, Sendable, CaseIterable {
    case table, csv, json, markdown, html
}

/// What a command outputs, in every format: the document for people and the data for programs. Only the format
/// asked for is made; each is written by its one renderer.
struct CommandOutput {
    /// The page's title, in HTML.
    var title: String
    var document: () -> Document
    var csv: () -> String
    var json: () -> JSONValue

    /// The output in `format`, coloured (``Colour``) where `colour` is and the format is a table for a terminal.
    func render(_ format: OutputFormat, colour: Bool) -> String {
        colour && format == .table ? Colour.paint(render(format)) : render(format)
    }

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: PlainTextRenderer.render(document())
        case .markdown: MarkdownRenderer.render(document())
        case .html: HTMLRenderer.render(document(), title: title)
        case .csv: csv()
        case .json: json().text
        }
    }
}

extension CSV {
    /// The header and one record per row: `columns`' names and values.
    static func text<Row>(_ columns: [DataColumn<Row>], _ rows: [Row]) -> String {
        ([columns.names()] + rows.map(columns.csvFields)).map(line).joined()
    }
}

extension Format {
    /// `a`, `a and b`, `a, b and c`: items as prose lists them.
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }
}
