/// What a command shows people, whatever the format: headings, tables, lines, lists and charts, in order.
/// ``PlainTextRenderer``, ``MarkdownRenderer`` and ``HTMLRenderer`` write it; CSV and JSON come from the data
/// behind it instead.
struct Document {
    enum Block {
        /// A section's title; its content follows.
        case heading(String)
        case table(TextTable)
        /// Lines of text, as they are.
        case lines([String])
        /// Items of a list.
        case list([String])
        /// Running text, which a renderer for a terminal wraps to its width: its first line indented by `indent`,
        /// the others by two more.
        case paragraph(String, indent: Int)
        /// Running text in phrases, joined by spaces, that a renderer for a terminal breaks only between, each kept
        /// whole on a line: `Machine: vm ·`, `Debian GNU/Linux 12 (bookworm) ·`; the lines after the first indented by
        /// two.
        case phrases([String])
        /// A chart, drawn where a page can show one (HTML). The text renderers leave it out: every number it draws
        /// is in the tables beside it.
        case chart(any PageChart)
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

    mutating func paragraph(_ text: String, indent: Int = 0) {
        blocks.append(.paragraph(text, indent: indent))
    }

    mutating func phrases(_ phrases: [String]) {
        blocks.append(.phrases(phrases))
    }

    mutating func chart(_ chart: any PageChart) {
        blocks.append(.chart(chart))
    }

    static func += (document: inout Document, other: Document) {
        document.blocks += other.blocks
    }
}

/// A picture an HTML page shows: its figure, the chart drawn for each width the page lays it out for.
protocol PageChart {
    /// The figure's HTML: SVG elements (never a standalone file's XML declaration), every text in them escaped.
    func figure() -> String
}

extension BarChart: PageChart {
    /// One drawing, in a box that scrolls sideways where the page is narrower than the chart.
    func figure() -> String {
        "<figure class=\"scroll\">\n" + svg(standalone: false) + "</figure>\n"
    }
}

extension RowChart: PageChart {
    /// Two layouts of the chart, a laptop's (``RowChart/defaultWidth``) and a phone's (``RowChart/narrowWidth``):
    /// the page's style shows the one that fits the window, so that its text stays large enough to read.
    func figure() -> String {
        "<figure class=\"rows\">\n<div class=\"wide\">\n" + svg(standalone: false) + "</div>\n<div class=\"narrow\">\n"
            + svg(width: Self.narrowWidth, standalone: false) + "</div>\n</figure>\n"
    }
}

/// Rows and columns of text, to be written as an aligned plain-text table or a Markdown table.
struct TextTable {
    var columns: [String]
    var rows: [[String]]
    /// Columns whose cells are right-aligned (numbers); the others are left-aligned.
    var rightAligned: Set<Int> = []
    /// Titles of groups of rows (runner families): each shows on a line of its own before the row at its index.
    var groupTitles: [Int: String] = [:]
    /// How many leading columns name a row (a runner; a runner and a configuration): a table too wide for a
    /// terminal is written as several, each of these columns and as many of the others as fit.
    var keyColumns = 1
    /// A colour for some columns' heads, where a page can show one (HTML): each machine's in `compare`'s matrix,
    /// the colour its marks have in the page's charts. Text leaves it out: the heads say the same.
    var headColours: [Int: String] = [:]
}
