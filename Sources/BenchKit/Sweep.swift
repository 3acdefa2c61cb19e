import JobRunners

/// The runs of a `bench` sweep, in the order they are made.
///
/// For each configuration: first the warm-up runs of every runner (not recorded), then the recorded repetitions,
/// round-robin over the runners, so that a slow drift of the machine (heat, a neighbour's load) falls on all
/// runners alike rather than on whichever ran last.
struct Sweep {
    struct Step: Equatable {
        var runner: RunnerKind
        var configuration: RunConfiguration
        /// The recorded repetition (1…), or nil for a warm-up run.
        var repetition: Int?
    }

    let options: BenchOptions

    var steps: [Step] {
        var steps: [Step] = []
        for configuration in options.configurations {
            for runner in options.runners {
                for _ in 0..<options.warmup {
                    steps.append(Step(runner: runner, configuration: configuration, repetition: nil))
                }
            }
            for repetition in 1...options.repetitions {
                for runner in options.runners {
                    steps.append(Step(runner: runner, configuration: configuration, repetition: repetition))
                }
            }
        }
        return steps
    }

    /// Makes every run; hands each recorded one to `record` as soon as it ends, and describes each to `progress`.
    func run(
        machine: MachineInfo,
        record: (ResultRecord) throws -> Void,
        progress: (String) -> Void
    ) rethrows -> [ResultRecord] {
        let steps = self.steps
        var records: [ResultRecord] = []
        let counterWidth = String(steps.count).count
        let runnerWidth = options.runners.map(\.id.count).max() ?? 0
        for (index, step) in steps.enumerated() {
            let outcome = Experiment.run(step.runner, configuration: step.configuration, settings: options.settings)
            let position = String(index + 1).leftPadded(to: counterWidth)
            let which =
                step.repetition.map { "repetition \($0)/\(options.repetitions)" } ?? "warm-up (not recorded)"
            progress(
                "[\(position)/\(steps.count)] \(step.runner.id.rightPadded(to: runnerWidth)) "
                    + "\(step.configuration)  \(which): \(Self.summary(of: outcome, jobs: step.configuration.jobs))")
            guard let repetition = step.repetition else {
                continue
            }
            let result = ResultRecord(
                runner: step.runner, configuration: step.configuration, repetition: repetition, outcome: outcome,
                machine: machine)
            try record(result)
            records.append(result)
        }
        return records
    }

    private static func summary(of outcome: RunOutcome, jobs: Int) -> String {
        guard let nanoseconds = outcome.nanoseconds else {
            return "\(outcome.status.rawValue.uppercased()): \(outcome.detail)"
        }
        return "\(DecimalText.seconds(fromNanoseconds: nanoseconds)) s, "
            + "\(Format.perJob(nanoseconds: Double(nanoseconds) / Double(jobs)))/job"
    }
}
