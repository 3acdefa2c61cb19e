import Foundation

/// When the tables a command prints are coloured (`--color`), as ripgrep and criterion take it.
public enum ColorChoice: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Where the text goes to a terminal and `NO_COLOR` is not set (no-color.org).
    case auto
    /// Always: for a log viewer that renders the codes.
    case always
    case never

    public var description: String {
        rawValue
    }

    /// Whether text for a destination that `isTerminal` (or not) is coloured, given the process's `environment`:
    /// `NO_COLOR`, set to anything but the empty string, turns `auto` off; `always` and `never` are the user's word.
    func isOn(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }

    /// Whether text for `console`'s output, or its error where `toStandardError`, is coloured.
    func isOn(for console: Console, toStandardError: Bool = false) -> Bool {
        isOn(
            isTerminal: toStandardError ? console.errorIsTerminal : console.outputIsTerminal,
            environment: ProcessInfo.processInfo.environment)
    }
}

/// Colour for what a reader of a table looks for first, laid on text already laid out: the codes take no columns
/// on a terminal, so a coloured table keeps its widths, and without them it is the plain text again (``strip(_:)``).
///
/// - verdicts: `faster` and `cheaper` green, `slower` and `dearer` red, `unsure` dim;
/// - a check's `PASS` green, `FAIL` red, `INCONCLUSIVE` yellow;
/// - the marks after a figure: `~` (modes) cyan, `!` (interference, or a move past the spread) yellow;
/// - the `Warnings` heading, bold yellow.
enum Colour {
    static let green = "32"
    static let red = "31"
    static let yellow = "33"
    static let cyan = "36"
    static let dim = "2"
    static let boldYellow = "1;33"

    /// `text` between the escape that starts `code` and the one that resets.
    static func code(_ code: String, _ text: some StringProtocol) -> String {
        "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// `text`, its verdicts, outcomes, marks and warnings coloured.
    static func paint(_ text: String) -> String {
        var painted = text.replacing(/\b(faster|cheaper|PASS)\b/) { code(green, $0.1) }
        painted = painted.replacing(/\b(slower|dearer|FAIL)\b/) { code(red, $0.1) }
        painted = painted.replacing(/\bINCONCLUSIVE\b/) { code(yellow, $0.0) }
        painted = painted.replacing(/\bunsure\b/) { code(dim, $0.0) }
        // A mark follows a figure (`±8%~!`, `1.08!`) or a verdict (`unsure!`, after its reset code).
        painted = painted.replacing(/([0-9%])~/) { $0.1 + code(cyan, "~") }
        painted = painted.replacing(/([0-9%]|\u{1B}\[0m)!/) { $0.1 + code(yellow, "!") }
        painted = painted.replacing(/(?m)^Warnings$/) { code(boldYellow, $0.0) }
        return painted
    }

    /// `text` without its colour codes.
    static func strip(_ text: String) -> String {
        text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }
}
