/// A ``Document`` for a terminal: a title on its own line above its content, tables padded to aligned columns, a
/// blank line between one section's content and the next title.
enum PlainTextRenderer {
    static func render(_ document: Document) -> String {
        var text = ""
        for (index, block) in document.blocks.enumerated() {
            let follows = index > 0 ? document.blocks[index - 1] : nil
            if case .heading = block, follows != nil {
                text += "\n"
            }
            switch block {
            case .heading(let title): text += escapingControlCharacters(title) + "\n"
            case .table(let table): text += render(table)
            case .lines(let lines): text += lines.map { escapingControlCharacters($0) + "\n" }.joined()
            case .list(let items): text += items.map { "  \(escapingControlCharacters($0))\n" }.joined()
            }
        }
        return text
    }

    /// Columns padded to a common width, two spaces apart.
    static func render(_ table: TextTable) -> String {
        let all = ([table.columns] + table.rows).map { $0.map(escapingControlCharacters) }
        let widths = table.columns.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, text in
                table.rightAligned.contains(column)
                    ? text.leftPadded(to: widths[column]) : text.rightPadded(to: widths[column])
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
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
