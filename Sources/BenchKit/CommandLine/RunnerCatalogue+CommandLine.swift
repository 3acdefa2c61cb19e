import BenchResults
import JobRunners

extension RunnerCatalogue {
    /// The runner `id`, or a usage error that says where it was named, and the runner meant where one is near enough,
    /// or else where the runners are listed.
    func runner(_ id: String, namedIn place: String?) throws(UsageError) -> RunnerKind {
        guard let runner = runner(id: id) else {
            let place = place.map { " in \($0)" } ?? ""
            if let absent = RunnerCatalogue.leftOut.first(where: { $0.id == id }) {
                throw UsageError("The runner '\(id)'\(place) is not in this build of \(Program.name): \(absent.reason)")
            }
            if let near = Slip.nearest(to: id, among: runners.map(\.id)) {
                throw UsageError("Unknown runner '\(id)'\(place); did you mean '\(near)'?")
            }
            // Not the list itself: 31 ids make a line of 500 characters, where the help gives each its line.
            throw UsageError("Unknown runner '\(id)'\(place): RUNNERS in '\(Program.name) \(HelpText.flag)' lists them")
        }
        return runner
    }
}
