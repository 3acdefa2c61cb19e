/// A ``Document`` for a terminal: a title on its own line above its content (wrapped at ``width``, as all text is),
/// tables padded to aligned columns, a blank line between one section's content and the next title.
enum PlainTextRenderer {
    static func render(_ document: Document) -> String {
        var text = ""
        for (index, block) in document.blocks.enumerated() {
            let follows = index > 0 ? document.blocks[index - 1] : nil
            if case .heading = block, follows != nil {
                text += "\n"
            }
            switch block {
            case .heading(let title): text += wrapped(title, indent: 0)
            case .table(let table): text += render(table)
            case .lines(let lines): text += lines.map { escapingControlCharacters($0) + "\n" }.joined()
            case .list(let items): text += items.map { wrapped($0, indent: 2) }.joined()
            case .paragraph(let paragraph, let indent): text += wrapped(paragraph, indent: indent)
            case .phrases(let phrases):
                text += TextWrapping.wrap(phrases.map(escapingControlCharacters), width: width, indent: 2) + "\n"
            case .chart: continue
            }
        }
        return text
    }

    /// The widest a line gets: longer text is wrapped, wider tables are split (``TextTable/keyColumns``).
    static let width = 120

    /// `text` wrapped to ``width``, its first line indented by `indent`, the others by two more, ending in a newline.
    static func wrapped(_ text: String, indent: Int) -> String {
        let text = escapingControlCharacters(text)
        let padding = String(repeating: " ", count: indent)
        guard indent + text.count > width else {
            return padding + text + "\n"
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        return padding + TextWrapping.wrap(words, width: width - indent, indent: indent + 2) + "\n"
    }

    /// Columns padded to a common width, two spaces apart, each group's title on a line of its own before its
    /// rows; a table wider than ``width`` as several, one under the other, each repeating the key columns.
    static func render(_ table: TextTable) -> String {
        let all = texts(table)
        let widths = columnWidths(all)
        return columnChunks(widths: widths, keyColumns: table.keyColumns).map { chunk in
            all.enumerated().map { index, row in
                let title = index > 0 ? table.groupTitles[index - 1].map { escapingControlCharacters($0) + "\n" } : nil
                let line = chunk.map { column in
                    table.rightAligned.contains(column)
                        ? row[column].leftPadded(to: widths[column]) : row[column].rightPadded(to: widths[column])
                }.joined(separator: "  ").trimmingTrailingSpaces()
                return (title ?? "") + line
            }.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// Whether `table` is written as one table, its columns within ``width``.
    static func fitsWidth(_ table: TextTable) -> Bool {
        columnChunks(widths: columnWidths(texts(table)), keyColumns: table.keyColumns).count == 1
    }

    /// The heads and then the rows of `table`, as written.
    private static func texts(_ table: TextTable) -> [[String]] {
        ([table.columns] + table.rows).map { $0.map(escapingControlCharacters) }
    }

    /// The width of each column of `rows` (the heads among them): its longest text's.
    private static func columnWidths(_ rows: [[String]]) -> [Int] {
        (rows.first ?? []).indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    }

    /// The columns of each table a table of columns `widths` wide is written as: all of them if they fit in
    /// ``width``; else the first `keyColumns`, then as many of the others as fit, in order (at least one each).
    static func columnChunks(widths: [Int], keyColumns: Int) -> [[Int]] {
        let keys = Array(widths.indices.prefix(keyColumns))
        let keyWidth = keys.map { widths[$0] + 2 }.reduce(0, +)
        guard widths.map({ $0 + 2 }).reduce(0, +) - 2 > width, widths.count > keys.count else {
            return [Array(widths.indices)]
        }
        var chunks: [[Int]] = []
        var chunk: [Int] = []
        var used = keyWidth
        for column in widths.indices.dropFirst(keys.count) {
            if !chunk.isEmpty, used + widths[column] > width {
                chunks.append(keys + chunk)
                chunk = []
                used = keyWidth
            }
            chunk.append(column)
            used += widths[column] + 2
        }
        chunks.append(keys + chunk)
        return chunks
    }
}

extension PlainTextRenderer {
    /// `text` with its control characters (a newline, a tab, an escape sequence's ESC) written as Swift escapes
    /// (`\n`, `\t`, `\u{1B}`): a field read from a result file then stays on its line and in its column, and
    /// cannot move the cursor or recolour a terminal.
    static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return text
        }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                escaped += scalar.escaped(asASCII: true)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " {
            text.removeLast()
        }
        return text
    }
}
