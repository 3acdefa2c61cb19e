/// A ``Document`` as one self-contained HTML page: inline CSS, charts as inline SVG, no script, no font or image
/// from elsewhere, so that it opens offline, from a CI artifact or an e-mail, as it did where it was made.
///
/// Every text is escaped (``escape(_:)``): the documents carry fields from result files (host, CPU model, a run's
/// detail), which come from other people's machines and must show as written, never as markup. Tables, preformatted
/// lines and the 2010 post's bar charts each sit in a box that scrolls sideways on its own, at their own size, so the
/// page itself is never wider than the window: at 1280 px the tables of a default sweep fit, on a phone they scroll.
/// A row chart comes in two layouts, a laptop's and a phone's, and the style shows the one that fits the window, so
/// that its text stays as large as the tables'.
enum HTMLRenderer {
    static func render(_ document: Document, title: String) -> String {
        var body = "<h1>\(escape(title))</h1>\n"
        for block in document.blocks {
            switch block {
            case .heading(let text):
                body += "<h2>\(escape(text))</h2>\n"
            case .table(let table):
                body += render(table)
            case .lines(let lines):
                body += "<div class=\"scroll\"><pre>" + lines.map(escape).joined(separator: "\n") + "</pre></div>\n"
            case .list(let items):
                body += "<ul>\n" + items.map { "<li>\(prose($0))</li>\n" }.joined() + "</ul>\n"
            case .paragraph(let text, let indent):
                body += (indent > 0 ? "<p class=\"note\">" : "<p>") + prose(text) + "</p>\n"
            case .phrases(let phrases):
                body += "<p>" + prose(phrases.joined(separator: " ")) + "</p>\n"
            case .chart(let chart):
                // The SVG writer escapes every text it draws (SVGText), so the chart goes in as it is.
                body += chart.figure()
            }
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="\(escape(Program.name))">
            <title>\(escape(title))</title>
            <style>\(style)</style>
            </head>
            <body>
            <main>
            \(body)</main>
            </body>
            </html>

            """
    }

    /// A table in its own sideways-scrolling box; numbers right-aligned; a group's title as a row across it.
    static func render(_ table: TextTable) -> String {
        func cells(_ row: [String], tag: String, colours: [Int: String] = [:]) -> String {
            row.enumerated().map { index, cell in
                let aligned = table.rightAligned.contains(index) ? " class=\"number\"" : ""
                let colour = colours[index].map { " style=\"color: \(escape($0))\"" } ?? ""
                return "<\(tag)\(aligned)\(colour)>\(escape(cell))</\(tag)>"
            }.joined()
        }
        var html =
            "<div class=\"scroll\"><table>\n<thead><tr>" + cells(table.columns, tag: "th", colours: table.headColours)
            + "</tr></thead>\n<tbody>\n"
        for (index, row) in table.rows.enumerated() {
            if let title = table.groupTitles[index] {
                html += "<tr class=\"group\"><th colspan=\"\(table.columns.count)\">\(escape(title))</th></tr>\n"
            }
            html += "<tr>" + cells(row, tag: "td") + "</tr>\n"
        }
        return html + "</tbody>\n</table></div>\n"
    }

    /// `text` with the five characters that HTML gives a meaning to written as entities, so that it shows as
    /// written in an element's content and in a quoted attribute alike.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `text` escaped, each option's name in it (`--repetitions`) kept on one line: a browser may break a line at a
    /// hyphen, and `--rep-` above `etitions` reads as neither.
    static func prose(_ text: String) -> String {
        let characters = Array(text)
        func isNamePart(_ index: Int) -> Bool {
            index < characters.count && (characters[index].isLetter || characters[index].isNumber || characters[index] == "-")
        }
        var html = ""
        var (plain, index) = (0, 0)
        while index < characters.count {
            let startsFlag =
                characters[index] == "-" && index + 2 < characters.count && characters[index + 1] == "-"
                && characters[index + 2].isLetter && (index == 0 || !isNamePart(index - 1))
            guard startsFlag else {
                index += 1
                continue
            }
            var end = index + 2
            while isNamePart(end) {
                end += 1
            }
            html += escape(String(characters[plain..<index]))
                + "<span class=\"flag\">\(escape(String(characters[index..<end])))</span>"
            (plain, index) = (end, end)
        }
        return html + escape(String(characters[plain...]))
    }

    /// System fonts only (nothing to fetch), a readable measure for text, and boxes that scroll sideways for what
    /// is wider than the window. Colours follow the reader's light or dark preference.
    private static let style = """

        :root { color-scheme: light dark; --rule: #d0d4da; --group: #eef1f5; --muted: #5b6470; }
        @media (prefers-color-scheme: dark) { :root { --rule: #3a3f47; --group: #23272e; --muted: #a0a8b3; } }
        body { margin: 0; font: 15px/1.45 -apple-system, "Segoe UI", system-ui, sans-serif; }
        main { max-width: 1240px; margin: 0 auto; padding: 16px 20px 40px; }
        h1 { font-size: 1.5em; margin: 0.4em 0; }
        h2 { font-size: 1.15em; margin: 1.6em 0 0.5em; border-bottom: 1px solid var(--rule); padding-bottom: 0.2em; }
        p { max-width: 80ch; }
        h1, h2, p, li { overflow-wrap: anywhere; }
        .flag { white-space: nowrap; }
        p.note { color: var(--muted); margin-left: 1.5em; }
        .scroll { overflow-x: auto; max-width: 100%; margin: 0.5em 0; }
        figure.scroll { margin: 1em 0; }
        figure svg { max-width: 100%; height: auto; }
        figure.scroll svg { max-width: none; }
        figure.rows { margin: 1em 0; }
        figure.rows .narrow { display: none; }
        @media (max-width: 640px) { figure.rows .wide { display: none; } figure.rows .narrow { display: block; } }
        pre { font: 13px/1.4 ui-monospace, "SF Mono", Menlo, Consolas, monospace; margin: 0; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 14px; }
        th, td { padding: 3px 10px; border-bottom: 1px solid var(--rule); text-align: left; white-space: nowrap; }
        thead th { position: sticky; top: 0; background: Canvas; }
        td.number, th.number { text-align: right; }
        tr.group th { background: var(--group); font-weight: 600; }
        @media (max-width: 600px) { body { font-size: 14px; } main { padding: 10px; } table { font-size: 12px; } }

        """
}
