import BenchResults
import JobRunners
import Testing

extension ThreadingOverheadsTests {
    /// The 2010 experiment's ordering of costs, as ratios of medians measured in the same run, through the same
    /// `Report` API that a user's own tests would use.
    ///
    /// These hold in the debug build that `swift test` makes and in the release build of `swift test -c release`, on
    /// a 2-core machine idle or with one core kept busy (`yes >/dev/null &`). The margins were measured there over
    /// repeated runs; docs/reliability.md's "Tests" section gives the ratios seen and the slack each bound leaves.
    @Suite struct RelativeOverheadTests {
        /// Small enough to keep the test short (the detach runs take about 2 to 7 s in all), large enough that a
        /// serial-queue run lasts about a millisecond; 7 repetitions round-robin after a warm-up.
        static let configuration = RunConfiguration(queues: 4, iterations: 2_500)
        static let plan = SweepPlan(
            runners: [.serialQueue, .runLoop, .detachThread, .verifiedDetach], configurations: [configuration],
            repetitions: 7, warmup: 1)

        @Test(
            "detach-thread ≥ 4× run-loop ≥ 2× serial-queue, verified-detach ≥ 0.8× detach-thread",
            .disabled(
                if: Environment.isThreadSanitized,
                "ThreadSanitizer slows the instrumented code many times over: ratios would measure it, not the mechanisms"),
            .timeLimit(.minutes(2)))
        func referenceOrdering() throws {
            let report = Report.measure(Self.plan)
            for cell in report.cells {
                #expect(cell.failedRuns + cell.stalledRuns == 0, "\(cell.key): \(cell.warnings)")
            }
            let detachOverRunLoop = try #require(report.ratio(.detachThread, to: .runLoop, at: Self.configuration))
            let runLoopOverSerial = try #require(report.ratio(.runLoop, to: .serialQueue, at: Self.configuration))
            let verifiedOverDetach = try #require(
                report.ratio(.verifiedDetach, to: .detachThread, at: Self.configuration))
            // Printed so that CI logs keep a record of the margins.
            print(
                "relative overhead: detach-thread / run-loop = \(Format.ratio(detachOverRunLoop)), "
                    + "run-loop / serial-queue = \(Format.ratio(runLoopOverSerial)), "
                    + "verified-detach / detach-thread = \(Format.ratio(verifiedOverDetach))")
            #expect(detachOverRunLoop >= 4)
            #expect(runLoopOverSerial >= 2)
            #expect(verifiedOverDetach >= 0.8)
            // The same bounds, as the checks `bench check` takes: none fails. A check holds only when its whole 95%
            // interval clears the bound, which 7 runs of a contended pair need not give, so it may say inconclusive.
            for check in [
                "detach-thread >= 4x run-loop", "run-loop >= 2x serial-queue", "verified-detach >= 0.8x detach-thread",
            ] {
                let results = try report.check(check)
                let explanations = results.map(\.explanation)
                #expect(results.count == 1)
                #expect(results.allSatisfy { $0.outcome != .fails }, "\(explanations)")
            }
        }
    }
}
