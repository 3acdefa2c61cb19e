import Foundation
import JobRunners
import Testing

@testable import BenchResults

extension ThreadingOverheadsTests {
    /// Nothing lost, nothing duplicated, on shapes nobody chose.
    @Suite struct RandomShapeTests {
        /// The seed: THREADING_OVERHEADS_SEED if set (to replay a failure), else a fresh one. Printed either way.
        static let seed: UInt64 = {
            if let text = ProcessInfo.processInfo.environment["THREADING_OVERHEADS_SEED"], let seed = UInt64(text) {
                return seed
            }
            return UInt64.random(in: 0...UInt64(UInt32.max))
        }()

        @Test(
            "random configurations of every runner, in every shape it runs, execute exactly their hand-offs",
            .timeLimit(.minutes(2)), arguments: RunnerCatalogue.builtIn.runners)
        func randomShapes(kind: RunnerKind) {
            print("random shapes for \(kind.id): seed \(Self.seed) (set THREADING_OVERHEADS_SEED=\(Self.seed) to replay)")
            var generator = SplitMix64(seed: Self.seed &+ UInt64(RunnerCatalogue.builtIn.runners.firstIndex(of: kind) ?? 0))
            let shapes = Shape.allCases.filter(kind.traits.shapes.contains)
            for _ in 0..<12 {
                let shape = RunConfiguration(
                    queues: Int.random(in: 1...48, using: &generator),
                    iterations: Int.random(in: 1...400, using: &generator),
                    shape: shapes[Int.random(in: 0..<shapes.count, using: &generator)])
                let outcome = Experiment.run(kind, configuration: shape)
                #expect(outcome.status == .ok, "\(kind.id) at \(shape), seed \(Self.seed): \(outcome.detail)")
                #expect(
                    outcome.completedIterations == shape.handOffs,
                    "\(kind.id) at \(shape), seed \(Self.seed): \(outcome.completedIterations) iterations ran")
            }
        }
    }
}
