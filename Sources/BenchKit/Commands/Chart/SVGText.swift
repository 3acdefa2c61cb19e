/// SVG text built element by element, with attribute values and text escaped for XML.
struct SVGText {
    private(set) var text: String
    private var depth = 0

    /// A standalone file begins with the XML declaration; an SVG inside an HTML page must not.
    init(standalone: Bool = true) {
        text = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
    }

    /// The same escapes serve XML and HTML (`&#39;` is a character reference in both).
    private static func escape(_ value: String) -> String {
        HTMLRenderer.escape(value)
    }

    private static func attributes(_ attributes: [String: String]) -> String {
        attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
    }

    private var indent: String {
        String(repeating: "  ", count: depth)
    }

    mutating func open(_ name: String, _ attributes: [String: String]) {
        text += "\(indent)<\(name)\(Self.attributes(attributes))>\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        text += "\(indent)</\(name)>\n"
    }

    mutating func element(_ name: String, _ attributes: [String: String], title: String? = nil) {
        if let title {
            text += "\(indent)<\(name)\(Self.attributes(attributes))><title>\(Self.escape(title))</title></\(name)>\n"
        } else {
            text += "\(indent)<\(name)\(Self.attributes(attributes))/>\n"
        }
    }

    /// A `<title>` for the element just opened: what a pointer over it shows, and what a screen reader reads.
    mutating func title(_ content: String) {
        text += "\(indent)<title>\(Self.escape(content))</title>\n"
    }

    /// `text` broken at spaces into lines of at most `characters` characters (a longer word stands alone).
    static func wrap(_ text: String, characters: Int) -> [String] {
        let limit = max(10, characters)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > limit {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty {
            lines.append(line)
        }
        return lines
    }

    mutating func text(_ content: String, x: Double, y: Double, _ attributes: [String: String]) {
        var all = attributes
        all["x"] = BarChart.number(x)
        all["y"] = BarChart.number(y)
        text += "\(indent)<text\(Self.attributes(all))>\(Self.escape(content))</text>\n"
    }
}
