/// Options that several commands take, each with help of its own: the name and the value's kind are written here
/// once.
enum SharedOption {
    /// `--format <format>`: what goes to standard output.
    static func format<Options>(_ field: WritableKeyPath<Options, OutputFormat> & Sendable, help: String)
        -> Option<Options>
    {
        Option("format", value: "format", help: help, field, .choice(OutputFormat.self, named: "format"))
    }

    /// `--input <file.csv>`: a result file to read instead of measuring.
    static func input<Options>(_ field: WritableKeyPath<Options, String?> & Sendable, help: String) -> Option<Options> {
        Option("input", value: "file.csv", help: help, field, .text(valueName: "file.csv"))
    }

    /// `--threshold <percent>`: a comparison's noise threshold.
    static func threshold<Options>(_ field: WritableKeyPath<Options, Double> & Sendable) -> Option<Options> {
        Option("threshold", value: "percent", help: "The noise threshold, in percent.", field, .percent)
    }

    /// `--metrics`: what the runs cost the machine, in the tables.
    static func metrics<Options>(_ field: WritableKeyPath<Options, Bool> & Sendable, help: String) -> Option<Options> {
        .flag("metrics", help: help, field)
    }

    /// `--color <when>`: colour in the tables printed as text (``ColorChoice``, ``Colour``).
    static func color<Options>(_ field: WritableKeyPath<Options, ColorChoice> & Sendable) -> Option<Options> {
        Option(
            "color", value: "when",
            help: "Colour the verdicts, checks' outcomes, marks and warnings of a table: auto (where it goes to a "
                + "terminal and NO_COLOR is not set), always or never.",
            field, .choice(ColorChoice.self, named: "choice"))
    }

    /// The formats, for help texts.
    static var formatList: String {
        OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
