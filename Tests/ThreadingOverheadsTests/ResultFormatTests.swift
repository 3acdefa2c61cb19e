import Foundation
import JobRunners
import Testing

@testable import BenchKit

extension ThreadingOverheadsTests {
    @Suite struct ResultFormatTests {
        @Test("CSV fields are quoted only when they must be", arguments: [
            ("plain", "plain"),
            ("", ""),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("crlf\r\nline", "\"crlf\r\nline\""),
            (" padded", "\" padded\""),
            ("AMD EPYC 7B13 64-Core Processor", "AMD EPYC 7B13 64-Core Processor"),
        ])
        func csvEscaping(field: String, written: String) {
            #expect(CSV.escape(field) == written)
        }

        @Test("a CSV record ends in a line feed")
        func csvLine() {
            #expect(CSV.line(["a", "b,c", ""]) == "a,\"b,c\",\n")
        }

        @Test("decimals are exact and locale-free")
        func decimals() {
            #expect(DecimalText.seconds(fromNanoseconds: 6_940_695) == "0.006940695")
            #expect(DecimalText.seconds(fromNanoseconds: 12_000_000_001) == "12.000000001")
            #expect(DecimalText.seconds(fromNanoseconds: 0) == "0.000000000")
            #expect(DecimalText.quotient(5_080_904, 100_000, decimals: 3) == "50.809")
            #expect(DecimalText.quotient(1, 3, decimals: 3) == "0.333")
            #expect(DecimalText.quotient(2, 3, decimals: 3) == "0.667")
            #expect(DecimalText.quotient(7, 2, decimals: 0) == "4")
        }

        @Test("timestamps are UTC")
        func timestamps() {
            let date = Date(timeIntervalSince1970: 1_795_327_384.9)
            #expect(UTCTimestamp(date).iso8601 == "2026-11-22T06:03:04Z")
            #expect(UTCTimestamp(date).compact == "2026-11-22-060304")
        }

        @Test("a row has a field per column; a run without a timing has no seconds")
        func rowFields() {
            let machine = MachineInfo(
                host: "h", os: "o", kernel: "k", arch: "a", cpuModel: "CPU, fast", logicalCPUs: 8,
                memoryBytes: 1024, swiftVersion: "6.3.1", build: "release")
            let stalled = ResultRecord(
                runner: .detachThread, configuration: RunConfiguration(queues: 2, iterations: 10), repetition: 3,
                outcome: RunOutcome(
                    status: .stalled, nanoseconds: nil, detail: "no iteration completed for 30 s; 5 of 20 iterations ran",
                    completedIterations: 5, startedAt: Date(timeIntervalSince1970: 0)),
                machine: machine)
            let fields = ResultSchema.fields(of: stalled)
            #expect(fields.count == ResultSchema.columns.count)
            let row = Dictionary(uniqueKeysWithValues: zip(ResultSchema.columns, fields))
            #expect(row["runner"] == "detach-thread")
            #expect(row["jobs"] == "20")
            #expect(row["repetition"] == "3")
            #expect(row["seconds"] == "")
            #expect(row["ns_per_job"] == "")
            #expect(row["status"] == "stalled")
            #expect(row["completed_iterations"] == "5")
            #expect(row["cpu_model"] == "CPU, fast")
            #expect(row["started_at"] == "1970-01-01T00:00:00Z")
            #expect(CSV.line(fields).contains(",\"CPU, fast\","))
        }

        @Test("the table shows medians, marks partly failed cells and names wholly failed ones")
        func table() {
            let machine = MachineInfo.current()
            let configuration = RunConfiguration(queues: 1, iterations: 1000)
            func record(_ runner: RunnerKind, _ repetition: Int, _ nanoseconds: Int64?) -> ResultRecord {
                ResultRecord(
                    runner: runner, configuration: configuration, repetition: repetition,
                    outcome: RunOutcome(
                        status: nanoseconds == nil ? .failed : .ok, nanoseconds: nanoseconds,
                        detail: nanoseconds == nil ? "killed" : "", completedIterations: 0, startedAt: Date()),
                    machine: machine)
            }
            let records = [
                record(.serialQueue, 1, 90_000), record(.serialQueue, 2, 30_000), record(.serialQueue, 3, 60_000),
                record(.runLoop, 1, 2_000_000), record(.runLoop, 2, nil),
                record(.detachThread, 1, nil),
            ]
            let table = ResultTable(records: records, runners: [.serialQueue, .runLoop, .detachThread], configurations: [configuration])
            #expect(table.cell(runner: .serialQueue, configuration: configuration).medianNanoseconds == 60_000)
            let text = table.render()
            #expect(text.contains("1 queue, 1000 iterations"))
            #expect(text.contains("0.000060"))
            #expect(text.contains("60.0 ns"))
            #expect(text.contains("2.00 µs*"))
            #expect(text.contains("failed"))
            #expect(text.contains("* some repetitions failed or stalled"))
        }

        @Test("medians of odd and even counts")
        func medians() {
            #expect(ResultTable.median([]) == nil)
            #expect(ResultTable.median([5]) == 5)
            #expect(ResultTable.median([9, 1, 5]) == 5)
            #expect(ResultTable.median([4, 1, 3, 2]) == 2.5)
        }
    }
}
