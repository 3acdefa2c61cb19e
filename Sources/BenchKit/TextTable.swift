import BenchResults

/// Rows and columns of text, written as an aligned plain-text table, a Markdown table or CSV.
struct TextTable {
    var columns: [String]
    var rows: [[String]]
    /// Columns whose cells are right-aligned (numbers); the others are left-aligned.
    var rightAligned: Set<Int> = []

    /// Columns padded to a common width, two spaces apart.
    func plain() -> String {
        let all = [columns] + rows
        let widths = columns.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, text in
                rightAligned.contains(column) ? text.leftPadded(to: widths[column]) : text.rightPadded(to: widths[column])
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }

    /// A GitHub-flavoured Markdown table.
    func markdown() -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingAll("|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let rule = columns.indices.map { rightAligned.contains($0) ? "---:" : "---" }
        return ([line(columns), "|" + rule.map { " \($0) " }.joined(separator: "|") + "|"] + rows.map(line))
            .joined(separator: "\n") + "\n"
    }

    func csv() -> String {
        ([columns] + rows).map(CSV.line).joined()
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
