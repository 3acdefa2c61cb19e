/// A ``Document`` as GitHub-flavoured Markdown, for pull requests and job summaries: titles as `###` headings,
/// tables as pipe tables, lists as bullets, a blank line between blocks; charts left out (a pull request's
/// Markdown cannot hold inline SVG).
///
/// Every text is escaped (``escape(_:)``): the documents carry fields from result files (host, CPU model, a run's
/// detail), which come from other people's machines and must show as written, never as markup or HTML, and never
/// break a table.
enum MarkdownRenderer {
    static func render(_ document: Document) -> String {
        document.blocks.compactMap { block in
            switch block {
            case .heading(let title): "### \(escape(title))\n"
            case .table(let table): render(table)
            // A backslash before each newline but the last: a hard line break, as lines of a block are read, not one
            // paragraph run together.
            case .lines(let lines): lines.map(escape).joined(separator: "\\\n") + "\n"
            case .list(let items): items.map { "- \(escape($0))\n" }.joined()
            case .paragraph(let text, let indent): (indent > 0 ? "- " : "") + escape(text) + "\n"
            case .phrases(let phrases): escape(phrases.joined(separator: " ")) + "\n"
            case .chart: nil
            }
        }.joined(separator: "\n")
    }

    /// A pipe table of escaped cells.
    static func render(_ table: TextTable) -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map(escape).joined(separator: " | ") + " |"
        }
        let rule = table.columns.indices.map { table.rightAligned.contains($0) ? "---:" : "---" }
        // A group's title as a row of its own, in bold, its other cells empty.
        let rows = table.rows.enumerated().flatMap { index, row in
            let title = table.groupTitles[index].map { title in
                "| **" + escape(title) + "** |" + String(repeating: " |", count: max(0, table.columns.count - 1))
            }
            return (title.map { [$0] } ?? []) + [line(row)]
        }
        return ([line(table.columns), "|" + rule.map { " \($0) " }.joined(separator: "|") + "|"] + rows)
            .joined(separator: "\n") + "\n"
    }

    /// `text` as literal Markdown on one line: control characters (a newline, say) written as escapes (`\n`), as
    /// plain text does; `<`, `>` and `&` as HTML entities; the characters of inline markup and tables (`\`, `` ` ``,
    /// `*`, `_`, `[`, `]`, `~`, `|`) after a backslash; and a line that would start a block (`#`, `-`, `+`, `=`, a
    /// number and a dot) behind a backslash.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in PlainTextRenderer.escapingControlCharacters(text) {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\\", "`", "*", "_", "[", "]", "~", "|": escaped += "\\" + String(character)
            default: escaped.append(character)
            }
        }
        // An ordered list's marker: digits, then `.` or `)`, then a space or the end.
        let afterDigits = escaped.drop(while: \.isNumber)
        let startsBlock =
            escaped.first.map { "#-+=".contains($0) } == true
            || (escaped.first?.isNumber == true && afterDigits.first.map { ".)".contains($0) } == true
                && afterDigits.dropFirst().first.map { $0 == " " } != false)
        return startsBlock ? "\\" + escaped : escaped
    }
}
