import CFloors
import Foundation
import Testing

@testable import BenchResults
@testable import JobRunners

extension ThreadingOverheadsTests {
    @Suite("The clock: one for the timed region and the latency samples, its resolution recorded")
    struct ClockTests {
        /// Darwin's `CLOCK_MONOTONIC` has whole microseconds, which once made every latency sample on a Mac 0 or
        /// 1000 ns: the clock the suite times with must step by less than a microsecond. The bound is that failure,
        /// not the machine's speed: the measured step is the cost of a read where the tick is shorter, about 20 ns
        /// here when idle, but 110 and 120 ns in CI on a busy machine (a bound of 100 ns failed there twice).
        @Test("the clock steps by less than a microsecond on this system")
        func resolution() {
            let resolution = MonotonicClock.resolutionNanoseconds
            #expect(0 < resolution && resolution < 1_000, "\(MonotonicClock.name): \(resolution) ns")
        }

        @Test("Swift reads the same clock as the C floors and the latency samples")
        func oneClock() {
            let before = monotonic_clock_now()
            let swift = MonotonicClock.now()
            let after = monotonic_clock_now()
            #expect(before <= swift && swift <= after)
            #expect(MonotonicClock.nanoseconds(from: after, to: before) == 0)
        }

        @Test("a clock that reads 0, 42, 42, 84… resolves 42: the smallest nonzero step, a clock that never moves none")
        func measuredResolution() {
            // On clocks of known readings, not the real one: how fast the real clock reads depends on the machine
            // and the build (a ThreadSanitizer build on a busy machine once read it no faster than 120 ns in 10
            // changes), which `resolution()` bounds with the production measurement of 1,000 changes.
            func clock(_ readings: [UInt64]) -> () -> UInt64 {
                var next = readings.makeIterator()
                return { next.next() ?? readings.last ?? 0 }
            }
            #expect(MonotonicClock.measureResolution(changes: 3, read: clock([0, 42, 42, 84, 84, 84, 168, 210])) == 42)
            #expect(MonotonicClock.measureResolution(changes: 3, maximumReads: 100, read: clock([7])) == .max)
            #expect(MonotonicClock.measureResolution(changes: 10, maximumReads: 0) == .max)
        }

        @Test("every run records the clock's resolution; a version 5 file reads without it, a version 6 row must have it")
        func recorded() throws {
            let machine = MachineInfo.current()
            #expect(machine.clockResolutionNanoseconds == MonotonicClock.resolutionNanoseconds)
            let record = ResultRecord(
                runner: "serial-queue", configuration: RunConfiguration(queues: 1, iterations: 10), repetition: 1,
                outcome: RunOutcome(status: .ok, nanoseconds: 5_000, completedIterations: 10, startedAt: nil),
                machine: machine)
            let text = resultFileText([record])
            let row = try #require(try rows(ofCSV: text).first)
            #expect(row["clock_resolution_ns"] == String(MonotonicClock.resolutionNanoseconds))
            #expect(try ResultSet(path: "v6.csv", data: Data(text.utf8)).records == [record])

            let v5 = ResultSchema.columns.filter { !ResultSchema.version6Columns.contains($0) }
            let five = CSV.line(v5) + CSV.line(ResultFileTests.fields(of: record, in: v5, version: 5))
            let read = try #require(try ResultSet(path: "v5.csv", data: Data(five.utf8)).records.first)
            #expect(read.machine.clockResolutionNanoseconds == nil)
            let sixWithoutColumn = CSV.line(v5) + CSV.line(ResultFileTests.fields(of: record, in: v5, version: 6))
            #expect(throws: ResultFileError.self) { try ResultSet(path: "bad.csv", data: Data(sixWithoutColumn.utf8)) }
        }

        @Test("version 7: each run's process and build read back; a version 6 file reads without them")
        func processesAndBuilds() throws {
            var record = ResultRecord(
                runner: "task", configuration: RunConfiguration(queues: 1, iterations: 10), repetition: 1,
                outcome: RunOutcome(status: .ok, nanoseconds: 5_000, completedIterations: 10, startedAt: nil),
                machine: ResultFileTests.machine)
            record.process = 3
            record.variant = ResultRecord.Variant(label: "B", executable: "/path, with a comma/bench")
            let text = resultFileText([record])
            #expect(try ResultSet(path: "v7.csv", data: Data(text.utf8)).records == [record])
            let v6 = ResultSchema.columns.filter { !ResultSchema.version7Columns.contains($0) }
            let six = CSV.line(v6) + CSV.line(ResultFileTests.fields(of: record, in: v6, version: 6))
            let read = try #require(try ResultSet(path: "v6.csv", data: Data(six.utf8)).records.first)
            #expect(read.process == nil && read.variant == nil)
            let badProcess = text.replacingOccurrences(of: ",3,B,", with: ",0,B,")
            #expect(throws: ResultFileError.self) { try ResultSet(path: "bad.csv", data: Data(badProcess.utf8)) }
        }

        @Test("a latency within a few ticks of the clock's resolution earns the cell a warning; one above it none")
        func coarseLatency() throws {
            func cell(p50: Int64, resolution: Int?) throws -> CellSummary {
                var machine = ResultFileTests.machine
                machine.clockResolutionNanoseconds = resolution
                let records = (1...3).map { repetition in
                    ResultRecord(
                        runner: "thread-pool", configuration: RunConfiguration(queues: 1, iterations: 100, shape: .pingPong),
                        repetition: repetition,
                        outcome: RunOutcome(
                            status: .ok, nanoseconds: 100_000, completedIterations: 200, startedAt: nil,
                            latency: LatencyPercentiles(samples: 12, p50: p50, p90: p50, p99: p50, maximum: p50)),
                        machine: machine)
                }
                return try #require(Report(records: records).cells.first)
            }
            let coarse = try cell(p50: 83, resolution: 42)
            #expect(coarse.clockResolutionNanoseconds == 42)
            #expect(coarse.warnings == [.coarseLatency(p50: 83, resolution: 42)])
            #expect(coarse.warnings[0].description.contains("within 4 ticks of the clock's resolution (42 ns)"))
            #expect(try cell(p50: 200, resolution: 42).warnings.isEmpty)
            #expect(try cell(p50: 83, resolution: nil).warnings.isEmpty)
        }
    }
}
