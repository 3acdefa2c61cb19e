/// A ``Document`` as GitHub-flavoured Markdown, for pull requests and job summaries: titles as `###` headings,
/// tables as pipe tables, lists as bullets, a blank line between blocks.
enum MarkdownRenderer {
    static func render(_ document: Document) -> String {
        document.blocks.map { block in
            switch block {
            case .heading(let title): "### \(title)\n"
            case .table(let table): render(table)
            case .lines(let lines): lines.map { $0 + "\n" }.joined()
            case .list(let items): items.map { "- \($0)\n" }.joined()
            }
        }.joined(separator: "\n")
    }

    /// A pipe table; a `|` in a cell is escaped.
    static func render(_ table: TextTable) -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingAll("|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let rule = table.columns.indices.map { table.rightAligned.contains($0) ? "---:" : "---" }
        return ([line(table.columns), "|" + rule.map { " \($0) " }.joined(separator: "|") + "|"]
            + table.rows.map(line)).joined(separator: "\n") + "\n"
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target {
                result += replacement
            } else {
                result.append(character)
            }
        }
        return result
    }
}
