import BenchResults
import Foundation
import JobRunners
import Testing

extension ThreadingOverheadsTests {
    @Suite struct CSVTests {
        @Test("fields are quoted only when they must be", arguments: [
            ("plain", "plain"),
            ("", ""),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("crlf\r\nline", "\"crlf\r\nline\""),
            (" padded", "\" padded\""),
            ("AMD EPYC 7B13 64-Core Processor", "AMD EPYC 7B13 64-Core Processor"),
        ])
        func escaping(field: String, written: String) {
            #expect(CSV.escape(field) == written)
        }

        @Test("a record ends in a line feed")
        func line() {
            #expect(CSV.line(["a", "b,c", ""]) == "a,\"b,c\",\n")
        }

        static let trickyFields = [
            ["plain", "with, comma", "with \"quotes\"", "", "two\nlines", "ünïcödé µs", "trailing space "],
            ["1", "", "", "", "", "", ""],
        ]

        @Test("what is written reads back the same: LF, CR LF, a byte order mark, no final newline")
        func roundTrip() throws {
            let written = Self.trickyFields.map(CSV.line).joined()
            let crlf = Self.trickyFields.map { CSV.line($0).dropLast() + "\r\n" }.joined()
            let variants = [written, crlf, "\u{FEFF}" + written, "\u{FEFF}" + crlf, String(written.dropLast())]
            for text in variants {
                let records = try CSV.parse(text)
                #expect(records.map(\.fields) == Self.trickyFields, "\(text.debugDescription)")
                // The second record starts on line 3: the first holds a quoted line break.
                #expect(records.map(\.line) == [1, 3])
            }
        }

        @Test("CR LF line ends and blank lines")
        func lineEnds() throws {
            let records = try CSV.parse("a,b\r\n\r\n1,2\r\n3,\"4\"\r\n")
            #expect(records.map(\.fields) == [["a", "b"], ["1", "2"], ["3", "4"]])
            #expect(records.map(\.line) == [1, 3, 4])
        }

        @Test("malformed CSV is refused with the line", arguments: [
            ("a,b\n1,\"2\n", 2, "a quoted field is never closed (is the file cut short?)"),
            ("a,b\n1,2\"3\n", 2, "a quote inside a field that does not start with one"),
            ("a,b\n1,\"2\"3\n", 2, "text after the closing quote of a field"),
        ])
        func malformed(text: String, line: Int, message: String) {
            #expect(throws: CSV.ParseError(line: line, message: message)) {
                try CSV.parse(text)
            }
        }
    }

    @Suite struct ResultFileTests {
        static let machine = MachineInfo(
            host: "h", os: "Some OS", kernel: "k 1", arch: "x86_64", cpuModel: "CPU, \"fast\"", logicalCPUs: 8,
            memoryBytes: 1024, swiftVersion: "6.3.1", build: "release")

        static let records = [
            ResultRecord(
                runner: "serial-queue", configuration: RunConfiguration(queues: 2, iterations: 10), repetition: 1,
                outcome: RunOutcome(status: .ok, nanoseconds: 123_456, detail: "", completedIterations: 20, startedAt: Date(timeIntervalSince1970: 1_795_327_384), metrics: RunMetrics(
                    cpuUserSeconds: 0.25, cpuSystemSeconds: 0.125, voluntaryContextSwitches: 7,
                    involuntaryContextSwitches: 2, peakThreads: 9, maxRSSBytes: 22_020_096), workSpins: 0, spinsPerMicrosecond: nil,
                    allocations: Allocations(perJob: 0.0125, bytesPerJob: 1.5, freesPerJob: 0.0125)),
                machine: machine),
            ResultRecord(
                runner: "task", configuration: RunConfiguration(queues: 2, iterations: 10, workNanoseconds: 2_000), repetition: 1,
                outcome: RunOutcome(status: .ok, nanoseconds: 50_000, detail: "", completedIterations: 20, startedAt: Date(timeIntervalSince1970: 1_795_327_384), metrics: nil, workSpins: 1_231, spinsPerMicrosecond: 615.75),
                machine: machine),
            ResultRecord(
                runner: "detach-thread", configuration: RunConfiguration(queues: 2, iterations: 10), repetition: 1,
                outcome: RunOutcome(status: .stalled, nanoseconds: nil, detail: "no iteration completed for 30 s; 5 of 20 iterations ran", completedIterations: 5, startedAt: Date(timeIntervalSince1970: 1_795_327_385)),
                machine: machine),
        ]

        static var written: String {
            resultFileText(records)
        }

        @Test("a result file reads back as the records written, also saved with CR LF or a byte order mark")
        func roundTrip() throws {
            let crlf = Self.written.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
            for text in [Self.written, crlf, "\u{FEFF}" + Self.written, "\u{FEFF}" + crlf] {
                let set = try ResultSet(path: "r.csv", data: Data(text.utf8))
                #expect(set.records == Self.records)
            }
        }

        /// The fields of `record` in `columns` only, in their order, as a file of schema `version` would have them.
        static func fields(of record: ResultRecord, in columns: [String], version: Int) -> [String] {
            let all = Dictionary(uniqueKeysWithValues: zip(ResultSchema.columns, ResultSchema.fields(of: record)))
            return columns.map { $0 == "schema_version" ? String(version) : all[$0] ?? "" }
        }

        @Test("a version 8 file (without the allocation columns) reads, with no allocations")
        func versionEight() throws {
            let v8Columns = ResultSchema.columns.filter { !ResultSchema.version9Columns.contains($0) }
            let text = CSV.line(v8Columns) + Self.records.map { record in
                CSV.line(Self.fields(of: record, in: v8Columns, version: 8))
            }.joined()
            let records = try ResultSet(path: "v8.csv", data: Data(text.utf8)).records
            #expect(records.map(\.allocations) == [nil, nil, nil])
            #expect(records.map(\.nanoseconds) == Self.records.map(\.nanoseconds))
            #expect(Self.records[0].allocations != nil)
        }

        @Test("a version 1 file (without the work and resource columns) reads, with no work and no metrics")
        func versionOne() throws {
            let v1Columns = ResultSchema.version1Columns
            let text = CSV.line(v1Columns) + Self.records.map { record in
                CSV.line(Self.fields(of: record, in: v1Columns, version: 1))
            }.joined()
            let records = try ResultSet(path: "v1.csv", data: Data(text.utf8)).records
            #expect(records.count == 3)
            #expect(records.allSatisfy { $0.metrics == nil && $0.workSpins == nil })
            #expect(records.map(\.configuration.workNanoseconds) == [0, 0, 0])
            #expect(records.map(\.nanoseconds) == Self.records.map(\.nanoseconds))
            // A version 2 row needs the version 2 columns.
            let mixed = CSV.line(v1Columns) + CSV.line(Self.fields(of: Self.records[0], in: v1Columns, version: 2))
            #expect(throws: ResultFileError.self) {
                try ResultSet(path: "mixed.csv", data: Data(mixed.utf8))
            }
        }

        @Test("a row's fields: exact decimals, empty timing for a run that is not ok")
        func fields() {
            let row = Dictionary(uniqueKeysWithValues: zip(ResultSchema.columns, ResultSchema.fields(of: Self.records[2])))
            #expect(row["seconds"] == "")
            #expect(row["ns_per_job"] == "")
            #expect(row["status"] == "stalled")
            #expect(row["started_at"] == "2026-11-22T06:03:05Z")
            let ok = Dictionary(uniqueKeysWithValues: zip(ResultSchema.columns, ResultSchema.fields(of: Self.records[0])))
            #expect(ok["seconds"] == "0.000123456")
            #expect(ok["ns_per_job"] == "6172.800")
            #expect(ok["cpu_model"] == "CPU, \"fast\"")
            #expect(ok["cpu_user_seconds"] == "0.250000")
            #expect(ok["peak_threads"] == "9")
            #expect(ok["max_rss_bytes"] == "22020096")
            let work = Dictionary(uniqueKeysWithValues: zip(ResultSchema.columns, ResultSchema.fields(of: Self.records[1])))
            #expect(work["work_ns"] == "2000")
            #expect(work["work_spins"] == "1231")
            #expect(work["spins_per_us"] == "615.750")
            #expect(work["cpu_user_seconds"] == "")
        }

        @Test("decimals are exact and locale-free, both ways")
        func decimals() {
            #expect(DecimalText.seconds(fromNanoseconds: 6_940_695) == "0.006940695")
            #expect(DecimalText.seconds(fromNanoseconds: 12_000_000_001) == "12.000000001")
            #expect(DecimalText.quotient(5_080_904, 100_000, decimals: 3) == "50.809")
            #expect(DecimalText.quotient(2, 3, decimals: 3) == "0.667")
            #expect(DecimalText.quotient(7, 2, decimals: 0) == "4")
            #expect(DecimalText.nanoseconds(fromSeconds: "0.006940695") == 6_940_695)
            #expect(DecimalText.nanoseconds(fromSeconds: "0.035990") == 35_990_000)
            #expect(DecimalText.nanoseconds(fromSeconds: "12") == 12_000_000_000)
            #expect(DecimalText.nanoseconds(fromSeconds: "0.0000000015") == 2)
            #expect(DecimalText.nanoseconds(fromSeconds: "6.9e-3") == 6_900_000)
            #expect(DecimalText.nanoseconds(fromSeconds: "-1") == nil)
            #expect(DecimalText.nanoseconds(fromSeconds: "fast") == nil)
            #expect(Date(resultTimestamp: "2026-11-22T06:03:04Z") == Date(timeIntervalSince1970: 1_795_327_384))
            #expect(Date(resultTimestamp: "2026-11-22T06:03:04.5Z") == Date(timeIntervalSince1970: 1_795_327_384.5))
            #expect(Date(resultTimestamp: "2026-13-22T06:03:04Z") == nil)
            #expect(Date(resultTimestamp: "yesterday") == nil)
            #expect(Date(timeIntervalSince1970: 1_795_327_384.9).resultTimestamp == "2026-11-22T06:03:04Z")
            #expect(Date(timeIntervalSince1970: 1_795_327_384.9).fileNameTimestamp == "2026-11-22-060304")
        }

        @Test("a new result file is named after the host, the processor and its CPUs: two VMs called vm told apart")
        func fileNameStem() {
            func stem(_ host: String, _ model: String, _ cpus: Int?) -> String {
                MachineInfo(
                    host: host, os: "", kernel: "", arch: "", cpuModel: model, logicalCPUs: cpus, memoryBytes: nil,
                    swiftVersion: "", build: ""
                ).fileNameStem
            }
            #expect(stem("vm", "AMD EPYC", 2) == "vm-amd-epyc-2cpu")
            #expect(stem("vm", "Intel(R) Xeon(R) Processor", 16) == "vm-intel-xeon-16cpu")
            #expect(stem("Studio.local", "Apple M2 Pro", 12) == "studio-local-apple-m2-12cpu")
            #expect(stem("vm", "Intel(R) Core(TM) i7-9750H CPU @ 2.60GHz", 12) == "vm-intel-core-12cpu")
            #expect(stem("", "", nil) == "host")
            let vm = MachineInfo(
                host: "vm", os: "", kernel: "", arch: "", cpuModel: "AMD EPYC", logicalCPUs: 2, memoryBytes: nil,
                swiftVersion: "", build: "")
            #expect(vm.shortDescription == "vm · AMD EPYC · 2 CPUs")
        }

        @Test("the 2010 table reads: six runners, four configurations, one run each")
        func referenceFile() throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("results/2010-mac-pro-cocoawithlove.csv")
            let report = try Report(contentsOfFile: url.path)
            #expect(report.records.count == 24)
            #expect(report.runners == RunnerCatalogue.builtIn.reference.map(\.id))
            #expect(report.records.allSatisfy { $0.metrics == nil && $0.configuration.workNanoseconds == 0 })
            #expect(report.configurations == RunConfiguration.reference)
            #expect(report.cells.allSatisfy { $0.okRuns == 1 })
            #expect(report.cell("detach-thread", at: RunConfiguration(queues: 16, iterations: 6_250))?.median == 40.493681)
            #expect(report.records[0].machine.logicalCPUs == 8)
            #expect(report.records[0].machine.memoryBytes == nil)
            // A chart names its machine in words, not by the file-name stem `host-4-core-8cpu`.
            #expect(
                report.records[0].machine.shortDescription
                    == "4-core Mac Pro with HyperThreading (model not published) · 8 CPUs")
        }

        static let header = ResultSchema.columns.joined(separator: ",")
        static var goodRow: String {
            CSV.line(ResultSchema.fields(of: records[0])).trimmingCharacters(in: .newlines)
        }

        static func row(replacing column: String, with value: String) -> String {
            var fields = ResultSchema.fields(of: records[0])
            if let index = ResultSchema.columns.firstIndex(of: column) {
                fields[index] = value
            }
            return CSV.line(fields)
        }

        static let summaryMessage =
            "'bad.csv' is a summary of a result file, which holds no runs: give the result file itself (the CSV that "
            + "--output writes, whose path bench prints when it ends)"

        static let badFiles: [(Data, String)] = [
            (Data(), "'bad.csv' is empty: not a bench result file"),
            (Data("\n\n".utf8), "'bad.csv' is empty: not a bench result file"),
            (Data((header + "\n").utf8), "'bad.csv' has a header but no rows"),
            (
                Data("name,age\nada,36\n".utf8),
                "'bad.csv' line 1 is not a bench result file: it has no 'schema_version', 'runner' or 19 other "
                    + "columns of one"
            ),
            (
                // Text that is no CSV past its first line (a README): named as no result file, not as bad CSV.
                Data("# Notes\n\nSee \"the results\n".utf8),
                "'bad.csv' line 1 is not a bench result file: it has no 'schema_version', 'runner' or 19 other "
                    + "columns of one"
            ),
            (
                Data((header.replacingOccurrences(of: ",status,", with: ",state,") + "\n" + goodRow + "\n").utf8),
                "'bad.csv' line 1 is not a bench result file: it has no 'status' column"
            ),
            (
                Data((header + "\n" + row(replacing: "schema_version", with: "99")).utf8),
                "'bad.csv' line 2 has schema version 99, newer than this bench reads (\(ResultSchema.version)): update bench"
            ),
            (
                Data((header + "\n" + row(replacing: "seconds", with: "fast")).utf8),
                "'bad.csv' line 2: 'seconds' is 'fast', not a number of seconds"
            ),
            (
                Data((header + "\n" + row(replacing: "queues", with: "two")).utf8),
                "'bad.csv' line 2: 'queues' is 'two', not a whole number of at least 1"
            ),
            (
                Data((header + "\n" + row(replacing: "jobs", with: "21")).utf8),
                "'bad.csv' line 2: 'jobs' is 21, not queues × iterations"
            ),
            (
                Data((header + "\n" + row(replacing: "status", with: "fine")).utf8),
                "'bad.csv' line 2: 'status' is 'fine', not ok, failed or stalled"
            ),
            (
                Data((header + "\n" + goodRow + "\n" + goodRow.split(separator: ",").prefix(5).joined(separator: ",")).utf8),
                "'bad.csv' line 3 has 5 fields, the header \(ResultSchema.columns.count) (is the file cut short?)"
            ),
            (
                Data((header + "\n" + goodRow + "\n1,serial-queue,2,10,20,2,\"0.1").utf8),
                "'bad.csv' line 3 is not valid CSV: a quoted field is never closed (is the file cut short?)"
            ),
            (
                // A field 350,000 characters long is quoted by its start and length; one with a line break on one line.
                Data((header + "\n" + row(replacing: "status", with: String(repeating: "x", count: 350_000))).utf8),
                "'bad.csv' line 2: 'status' is '\(String(repeating: "x", count: 40))…' (350000 characters), not ok, "
                    + "failed or stalled"
            ),
            (
                Data((header + "\n" + row(replacing: "seconds", with: "1\n2")).utf8),
                "'bad.csv' line 2: 'seconds' is '1\\n2', not a number of seconds"
            ),
            (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFE]), "'bad.csv' is not a bench result file: it is not UTF-8 text"),
            // A summary, CSV or JSON, taken for the result file it summarizes.
            (Data("summary_version,runner,shape\n9,serial-queue,chain\n".utf8), summaryMessage),
            (Data("{\n  \"cells\" : [\n    {\n      \"summary_version\" : 9\n    }\n  ]\n}\n".utf8), summaryMessage),
            (Data("schema_version\0runner".utf8), "'bad.csv' is not a bench result file: it is not UTF-8 text"),
        ]

        @Test("bad result files are refused with an error naming the file and line", arguments: badFiles)
        func refuses(data: Data, message: String) {
            #expect(throws: ResultFileError.self) {
                try ResultSet(path: "bad.csv", data: data)
            }
            do {
                _ = try ResultSet(path: "bad.csv", data: data)
            } catch {
                #expect(error.description == message)
            }
        }

        @Test("a file that does not exist is refused naming it")
        func missingFile() {
            do {
                _ = try ResultSet(contentsOfFile: "/nonexistent/results.csv")
                Issue.record("read a file that does not exist")
            } catch {
                #expect(error.description == "cannot read '/nonexistent/results.csv': no such file")
            }
        }
    }
}
