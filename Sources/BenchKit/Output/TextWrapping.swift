/// Words laid out in lines of a given width.
enum TextWrapping {
    /// `words` joined by spaces in lines of at most `width` characters (a longer word gets a line of its own), the
    /// lines after the first indented by `indent` spaces.
    static func wrap(_ words: [String], width: Int, indent: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in words {
            let limit = lines.isEmpty ? width : width - indent
            if !line.isEmpty, line.count + 1 + word.count > limit {
                lines.append(line)
                line = word
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        let padding = String(repeating: " ", count: indent)
        return lines.enumerated().map { $0.offset == 0 ? $0.element : padding + $0.element }.joined(separator: "\n")
    }
}
