/// Words laid out in lines of a given width.
enum TextWrapping {
    /// `words` joined by spaces in lines of at most `width` characters (a longer word gets a line of its own), the
    /// lines after the first indented by `indent` spaces.
    ///
    /// A number and the unit after it stay on one line (``keepingUnits(_:)``): "200 ns/job", "20 s".
    static func wrap(_ words: [String], width: Int, indent: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in keepingUnits(words) {
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

    /// The units a number is read with, which a line must not start with after that number ended the line before:
    /// times, and counts per job.
    static let units: Set<String> = ["ns", "µs", "ms", "s", "ns/job", "µs/job", "ms/job", "s/job", "allocs/job"]

    /// `words`, each unit of ``units`` (followed by punctuation or not) joined to the number before it.
    static func keepingUnits(_ words: [String]) -> [String] {
        var kept: [String] = []
        for word in words {
            if let number = kept.last, number.last?.isNumber == true,
                units.contains(String(word.prefix { !",;.:)".contains($0) }))
            {
                kept[kept.count - 1] = number + " " + word
            } else {
                kept.append(word)
            }
        }
        return kept
    }
}
