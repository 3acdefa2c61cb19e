import Foundation

/// Why a result file cannot be read; its description is the message for the `Error:` line, naming the file and,
/// where it applies, the line.
public struct ResultFileError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, apart from where.
    public enum Reason: Error, Equatable {
        /// The file cannot be read at all; the system's reason.
        case unreadable(String)
        /// The file is not UTF-8 text, or holds a NUL byte.
        case notText
        /// The file holds no record, not even a header.
        case empty
        /// The text is not valid CSV; what is wrong (``CSV/ParseError/message``).
        case notCSV(String)
        /// The file is a summary of a result file (``SummarySchema``: `--summary`, `--format csv` or `json`), which
        /// holds no runs to summarize or compare again.
        case summary
        /// The header lacks these columns, of schema version 1 (``ResultSchema/version1Columns``), which every
        /// result file has.
        case missingColumns([String])
        /// The file has a header but no rows.
        case noRows
        /// A row has `found` fields where the header has `expected`.
        case fieldCount(found: Int, expected: Int)
        /// A row's `schema_version` is this, newer than this `bench` reads (``ResultSchema/version``).
        case newerSchema(Int)
        /// A row's fields do not make a valid record; what is wrong with them.
        case row(String)
    }

    /// The file's path as given, to name it in the message.
    public var path: String
    /// The line the problem is on, where it is on one.
    public var line: Int?
    /// What is wrong with the file, apart from where.
    public var reason: Reason

    /// The message for the `Error:` line: what is wrong, naming the file and, where it applies, the line.
    public var description: String {
        let place = line.map { "'\(path)' line \($0)" } ?? "'\(path)'"
        switch reason {
        case .unreadable(let why): return "cannot read '\(path)': \(why)"
        case .notText: return "\(place) is not a bench result file: it is not UTF-8 text"
        case .empty: return "\(place) is empty: not a bench result file"
        case .notCSV(let why): return "\(place) is not valid CSV: \(why)"
        case .summary:
            return "'\(path)' is a summary of a result file, which holds no runs: give the result file itself (the CSV "
                + "that --output writes, whose path bench prints when it ends)"
        case .missingColumns(let columns):
            let named = columns.prefix(2).map { "'\($0)'" }.joined(separator: ", ")
            let others = columns.count > 2 ? " or \(columns.count - 2) other columns of one" : (columns.count == 1 ? " column" : " columns")
            return "\(place) is not a bench result file: it has no \(named)\(others)"
        case .noRows: return "\(place) has a header but no rows"
        case .fieldCount(let found, let expected):
            return "\(place) has \(found) fields, the header \(expected) (is the file cut short?)"
        case .newerSchema(let version):
            return "\(place) has schema version \(version), newer than this bench reads (\(ResultSchema.version)): "
                + "update bench"
        case .row(let why): return "\(place): \(why)"
        }
    }
}

/// The records of one result file, as read and checked.
public struct ResultSet: Sendable {
    /// The file's path as given, to name it in messages and tables.
    public var path: String
    /// The file's rows as records, in the file's order.
    public var records: [ResultRecord]

    /// `records` already read or measured, named by `path` in messages and tables; nothing is checked.
    public init(path: String, records: [ResultRecord]) {
        self.path = path
        self.records = records
    }

    /// Reads and checks the result file at `path`: RFC 4180 CSV with LF or CR LF line ends, with or without a UTF-8
    /// byte order mark, written by this or an earlier `bench`.
    public init(contentsOfFile path: String) throws(ResultFileError) {
        let data: Data
        var isDirectory: ObjCBool = false
        // Said plainly, where Foundation's message would be "The operation could not be completed. No such file".
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ResultFileError(path: path, line: nil, reason: .unreadable("no such file"))
        }
        guard !isDirectory.boolValue else {
            throw ResultFileError(path: path, line: nil, reason: .unreadable("it is a directory"))
        }
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = (error as? CocoaError)?.underlying.map { String(describing: $0.localizedDescription) }
            throw ResultFileError(path: path, line: nil, reason: .unreadable(reason ?? error.localizedDescription))
        }
        try self.init(path: path, data: data)
    }

    /// The columns of schema version 1 (``ResultSchema/version1Columns``), which every result file has, that a
    /// header of these `fields` lacks: none for a result file's.
    static func missingColumns(_ fields: [String]) -> [String] {
        ResultSchema.version1Columns.filter { !fields.contains($0) }
    }

    /// Reads and checks a result file's bytes; `path` names it in messages.
    public init(path: String, data: Data) throws(ResultFileError) {
        func failure(_ reason: ResultFileError.Reason, line: Int? = nil) -> ResultFileError {
            ResultFileError(path: path, line: line, reason: reason)
        }
        guard let text = String(validating: data, as: UTF8.self), !text.contains("\0") else {
            throw failure(.notText)
        }
        // A summary (CSV or JSON) is what a user most often takes for a result file: both come from bench.
        let summaryColumn = SummarySchema.versionColumn
        if text.drop(while: \.isWhitespace).first.map({ $0 == "{" || $0 == "[" }) ?? false,
            text.contains("\"\(summaryColumn)\"")
        {
            throw failure(.summary)
        }
        let rows: [CSV.Record]
        do {
            rows = try CSV.parse(text)
        } catch {
            // A file that is no result file at all (a README, a log) is named as such before where its CSV breaks.
            let firstLine = String(text.prefix { $0 != "\n" && $0 != "\r" })
            if let header = try? CSV.parse(firstLine).first {
                let missing = Self.missingColumns(header.fields)
                if !missing.isEmpty {
                    throw failure(.missingColumns(missing), line: header.line)
                }
            }
            throw failure(.notCSV(error.message), line: error.line)
        }
        guard let header = rows.first else {
            throw failure(.empty)
        }
        var columns: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() where columns[name] == nil {
            columns[name] = index
        }
        if header.fields.first == summaryColumn {
            throw failure(.summary)
        }
        let missing = Self.missingColumns(header.fields)
        guard missing.isEmpty else {
            throw failure(.missingColumns(missing), line: header.line)
        }
        guard rows.count > 1 else {
            throw failure(.noRows)
        }
        var records: [ResultRecord] = []
        for row in rows.dropFirst() {
            guard row.fields.count == header.fields.count else {
                throw failure(.fieldCount(found: row.fields.count, expected: header.fields.count), line: row.line)
            }
            do {
                records.append(try ResultSchema.record(row.fields, header: columns))
            } catch {
                throw failure(error, line: row.line)
            }
        }
        self.init(path: path, records: records)
    }

    /// Reads and checks every file in `paths`, in order; the first that cannot be read ends it.
    public static func read(_ paths: [String]) throws(ResultFileError) -> [ResultSet] {
        var files: [ResultSet] = []
        for path in paths {
            files.append(try ResultSet(contentsOfFile: path))
        }
        return files
    }

    /// The builds the file's rows name (``ResultRecord/Variant``), in order of first appearance: none, unless
    /// `bench interleave` made the file.
    public var variants: [ResultRecord.Variant] {
        records.compactMap(\.variant).uniqued()
    }

    /// The file as one set per build: itself, or for a file that `bench interleave` made, a set of each build's
    /// runs, named `PATH (A: EXECUTABLE)`, in the order the builds first appear; what draws or lists the builds
    /// apart, as two files.
    public var builds: [ResultSet] {
        let variants = self.variants
        guard !variants.isEmpty else {
            return [self]
        }
        return variants.map { variant in
            ResultSet(
                path: "\(path) (\(variant.label): \(variant.executable))",
                records: records.filter { $0.variant == variant })
        }
    }

    /// The machines the file's rows name, in order of first appearance (one, unless files were concatenated).
    public var machines: [MachineInfo] {
        records.map(\.machine).uniqued()
    }
}
