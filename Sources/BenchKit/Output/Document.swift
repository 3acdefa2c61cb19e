/// What a command shows people, whatever the format: headings, tables, lines and lists, in order.
/// ``PlainTextRenderer`` and ``MarkdownRenderer`` write it; CSV and JSON come from the data behind it instead.
struct Document {
    enum Block {
        /// A section's title; its content follows.
        case heading(String)
        case table(TextTable)
        /// Lines of text, as they are.
        case lines([String])
        /// Items of a list.
        case list([String])
    }

    var blocks: [Block] = []

    mutating func heading(_ title: String) {
        blocks.append(.heading(title))
    }

    mutating func table(_ table: TextTable) {
        blocks.append(.table(table))
    }

    mutating func lines(_ lines: String...) {
        self.lines(lines)
    }

    /// Nothing when `lines` is empty.
    mutating func lines(_ lines: [String]) {
        if !lines.isEmpty {
            blocks.append(.lines(lines))
        }
    }

    mutating func list(_ items: [String]) {
        blocks.append(.list(items))
    }

    static func += (document: inout Document, other: Document) {
        document.blocks += other.blocks
    }
}

/// Rows and columns of text, to be written as an aligned plain-text table or a Markdown table.
struct TextTable {
    var columns: [String]
    var rows: [[String]]
    /// Columns whose cells are right-aligned (numbers); the others are left-aligned.
    var rightAligned: Set<Int> = []
}
