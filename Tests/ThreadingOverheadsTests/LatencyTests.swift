import CFloors
import Foundation
import Testing

@testable import BenchResults
@testable import JobRunners

extension ThreadingOverheadsTests {
    @Suite("Latency: the histogram, the sampler, and the columns that carry it")
    struct LatencyTests {
        /// The percentiles of `values`, recorded into a fresh histogram.
        static func percentiles(_ values: [UInt64]) -> LatencyPercentiles? {
            let histogram = LatencyHistogram()
            defer { histogram.deallocate() }
            for value in values {
                latency_record(histogram.pointer, value)
            }
            return LatencyPercentiles(histogram.pointer)
        }

        @Test("percentiles by nearest rank: exact below 32 ns, within 1.6% above, never past the exact maximum")
        func histogram() throws {
            #expect(Self.percentiles([]) == nil)
            let small = try #require(Self.percentiles(Array(1...20)))
            #expect(small == LatencyPercentiles(samples: 20, p50: 10, p90: 18, p99: 20, maximum: 20))

            // 1…100,000 ns: the true nearest-rank percentiles are 50,000, 90,000 and 99,000.
            let wide = try #require(Self.percentiles(Array(1...100_000)))
            #expect(wide.samples == 100_000)
            #expect(wide.maximum == 100_000)
            for (value, truth) in [(wide.p50, 50_000.0), (wide.p90, 90_000.0), (wide.p99, 99_000.0)] {
                #expect(abs(Double(value) - truth) / truth < 0.016, "\(value) for \(truth)")
            }
            // One value: every percentile is it, though its bucket's middle lies above it.
            let one = try #require(Self.percentiles([1_000_003]))
            #expect(one == LatencyPercentiles(samples: 1, p50: 1_000_003, p90: 1_000_003, p99: 1_000_003, maximum: 1_000_003))
            // Past the last bucket (2^41 ns): counted in it, the maximum still exact.
            let huge = try #require(Self.percentiles([5, UInt64(1) << 50]))
            #expect(huge.maximum == Int64(1) << 50)
            #expect(huge.p99 <= huge.maximum && huge.p50 == 5)
        }

        @Test("every value lands in a bucket whose middle is within 1.6% of it, buckets in order")
        func buckets() {
            var previous = -1
            var worst = 0.0
            for exponent in 0..<41 {
                for step in 0..<64 {
                    let value = (UInt64(1) << exponent) + UInt64(step) * ((UInt64(1) << exponent) / 64)
                    let bucket = latency_bucket(value)
                    #expect(bucket >= previous)
                    previous = bucket
                    let one = Self.percentiles([value, value])
                    worst = max(worst, abs(Double(one?.p50 ?? 0) - Double(value)) / Double(value))
                }
            }
            #expect(worst < 0.016)
        }

        @Test("a version 4 row carries the shape and the percentiles; an earlier file reads as chains without latency")
        func columns() throws {
            let machine = ResultFileTests.machine
            let record = ResultRecord(
                runner: "serial-queue", configuration: RunConfiguration(queues: 2, iterations: 10, shape: .pingPong),
                repetition: 1,
                outcome: RunOutcome(
                    status: .ok, nanoseconds: 80_000, completedIterations: 40, startedAt: nil,
                    latency: LatencyPercentiles(samples: 18, p50: 3_000, p90: 3_500, p99: 9_000, maximum: 12_345)),
                machine: machine)
            let chain = ResultRecord(
                runner: "serial-queue", configuration: RunConfiguration(queues: 2, iterations: 10, measuresLatency: true),
                repetition: 1, outcome: RunOutcome(status: .stalled, nanoseconds: nil, completedIterations: 3, startedAt: nil),
                machine: machine)
            let text = resultFileText([record, chain])
            let table = try rows(ofCSV: text)
            #expect(table[0]["shape"] == "ping-pong")
            #expect(table[0]["latency_every"] == String(Shape.pingPong.latencySampleEvery))
            #expect(table[0]["latency_p99_ns"] == "9000")
            #expect(table[1]["shape"] == "chain")
            #expect(table[1]["latency_every"] == String(Shape.chain.latencySampleEvery))
            #expect(table[1]["latency_samples"] == "")
            #expect(try ResultSet(path: "v4.csv", data: Data(text.utf8)).records == [record, chain])

            // Version 3: no shape and no latency columns.
            let v3 = ResultSchema.columns.filter {
                !ResultSchema.version4Columns.contains($0) && !ResultSchema.version5Columns.contains($0)
            }
            let old = CSV.line(v3) + ResultFileTests.records.map { record in
                CSV.line(ResultFileTests.fields(of: record, in: v3, version: 3))
            }.joined()
            let read = try ResultSet(path: "v3.csv", data: Data(old.utf8)).records
            #expect(read == ResultFileTests.records)
            #expect(read.allSatisfy { $0.configuration.shape == .chain && !$0.configuration.measuresLatency })

            // A version 4 row without the version 4 columns, an unknown shape, percentiles out of order: refused.
            let v4WithoutShape = CSV.line(v3) + CSV.line(v3.map { $0 == "schema_version" ? "4" : "" })
            // Version 4: the shape and the latency, no submit time; a fan-out row of version 5 has it.
            let v4 = ResultSchema.columns.filter { !ResultSchema.version5Columns.contains($0) }
            let four = CSV.line(v4) + CSV.line(ResultFileTests.fields(of: record, in: v4, version: 4))
            #expect(try ResultSet(path: "v4.csv", data: Data(four.utf8)).records == [record])
            let fanOut = ResultRecord(
                runner: "task", configuration: RunConfiguration(queues: 4, iterations: 25, shape: .fanOut),
                repetition: 1,
                outcome: RunOutcome(
                    status: .ok, nanoseconds: 90_000, completedIterations: 100, startedAt: nil, submitNanoseconds: 40_000),
                machine: machine)
            let five = resultFileText([fanOut])
            let fiveRows = try rows(ofCSV: five)
            #expect(fiveRows[0]["shape"] == "fan-out" && fiveRows[0]["submit_seconds"] == "0.000040000")
            #expect(fiveRows[0]["latency_every"] == "")
            #expect(try ResultSet(path: "v5.csv", data: Data(five.utf8)).records == [fanOut])
            for bad in [
                v4WithoutShape,
                text.replacingOccurrences(of: ",ping-pong,", with: ",relay,"),
                text.replacingOccurrences(of: ",9000,", with: ",2000,"),
            ] {
                #expect(throws: ResultFileError.self) { try ResultSet(path: "bad.csv", data: Data(bad.utf8)) }
            }
        }

        @Test("the summary: medians of the runs' percentiles, the longest latency of all, the samples of all")
        func summary() throws {
            let runs = [(1_000, 2_000, 5_000, 9_000), (1_200, 2_400, 6_000, 20_000), (1_100, 2_100, 5_500, 7_000)]
            let machine = ResultFileTests.machine
            let records = runs.enumerated().map { index, run in
                ResultRecord(
                    runner: "actor", configuration: RunConfiguration(queues: 1, iterations: 100, shape: .pingPong),
                    repetition: index + 1,
                    outcome: RunOutcome(
                        status: .ok, nanoseconds: 1_000_000, completedIterations: 200, startedAt: nil,
                        latency: LatencyPercentiles(
                            samples: 99, p50: Int64(run.0), p90: Int64(run.1), p99: Int64(run.2), maximum: Int64(run.3))),
                    machine: machine)
            }
            let cell = try #require(Report(records: records).cells.first)
            #expect(cell.medianLatency(\.p50) == 1_100)
            #expect(cell.medianLatency(\.p90) == 2_100)
            #expect(cell.medianLatency(\.p99) == 5_500)
            #expect(cell.maximumLatency == 20_000)
            #expect(cell.latencySamples == 297)
            let fields = Dictionary(
                uniqueKeysWithValues: zip(SummarySchema.columns, SummarySchema.fields(of: cell, machine: machine)))
            #expect(fields["shape"] == "ping-pong")
            #expect(fields["latency_p50_ns"] == "1100")
            #expect(fields["latency_max_ns"] == "20000")
        }
    }
}
