import JobRunners

/// The 2010 experiment's table for a sweep: configurations as rows, runners as columns, the median of each cell's
/// repetitions, once in seconds per run and once per job.
struct ResultTable {
    let records: [ResultRecord]
    let runners: [RunnerKind]
    let configurations: [RunConfiguration]

    /// A cell: the median of the `ok` repetitions, and what else happened.
    struct Cell {
        var medianNanoseconds: Double?
        var okCount: Int
        var count: Int
        /// The status of the runs that were not `ok`, when there are any (`failed` wins over `stalled`).
        var problem: RunOutcome.Status?
    }

    func cell(runner: RunnerKind, configuration: RunConfiguration) -> Cell {
        let runs = records.filter { $0.runner == runner && $0.configuration == configuration }
        let timings = runs.compactMap(\.outcome.nanoseconds)
        let problems = Set(runs.map(\.outcome.status)).subtracting([.ok])
        return Cell(
            medianNanoseconds: Self.median(timings),
            okCount: timings.count,
            count: runs.count,
            problem: problems.contains(.failed) ? .failed : problems.first)
    }

    /// The middle value, or the mean of the two middle values; nil for no values.
    static func median(_ values: [Int64]) -> Double? {
        guard !values.isEmpty else {
            return nil
        }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count.isMultiple(of: 2) {
            return (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
        }
        return Double(sorted[middle])
    }

    func render() -> String {
        let repetitions = Set(records.map(\.repetition)).count
        var text = "Median seconds per run (\(repetitions) repetition\(repetitions == 1 ? "" : "s") each)\n"
        text += grid { cell, _ in cell.medianNanoseconds.map { Format.seconds(nanoseconds: $0) } }
        text += "\nMedian cost per job\n"
        text += grid { cell, configuration in
            cell.medianNanoseconds.map { Format.perJob(nanoseconds: $0 / Double(configuration.jobs)) }
        }
        let partial = runners.contains { runner in
            configurations.contains { configuration in
                let cell = self.cell(runner: runner, configuration: configuration)
                return cell.okCount > 0 && cell.okCount < cell.count
            }
        }
        if partial {
            text += "* some repetitions failed or stalled: the median is of the ok ones (see the CSV's detail column)\n"
        }
        return text
    }

    private func grid(_ value: (Cell, RunConfiguration) -> String?) -> String {
        var rows = [["configuration"] + runners.map(\.id)]
        for configuration in configurations {
            var row = [Self.label(configuration)]
            for runner in runners {
                let cell = self.cell(runner: runner, configuration: configuration)
                if let text = value(cell, configuration) {
                    row.append(cell.okCount < cell.count ? text + "*" : text)
                } else {
                    row.append(cell.problem?.rawValue ?? "-")
                }
            }
            rows.append(row)
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, text in
                column == 0 ? text.rightPadded(to: widths[column]) : text.leftPadded(to: widths[column])
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `1 queue, 100000 iterations`, as the 2010 table labels its rows.
    static func label(_ configuration: RunConfiguration) -> String {
        let queues = configuration.queues == 1 ? "1 queue" : "\(configuration.queues) queues"
        return "\(queues), \(configuration.iterations) iterations"
    }
}
