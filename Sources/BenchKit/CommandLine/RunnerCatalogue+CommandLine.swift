import BenchResults
import JobRunners

extension RunnerCatalogue {
    /// The runner `id`, or a usage error that says where it was named and lists the runners.
    func runner(_ id: String, namedIn place: String?) throws(UsageError) -> RunnerKind {
        guard let runner = runner(id: id) else {
            let place = place.map { " in \($0)" } ?? ""
            if let absent = RunnerCatalogue.leftOut.first(where: { $0.id == id }) {
                throw UsageError("The runner '\(id)'\(place) is not in this build of \(Program.name): \(absent.reason)")
            }
            throw UsageError("Unknown runner '\(id)'\(place); the runners are: \(idList)")
        }
        return runner
    }

    /// Every id, comma-separated.
    var idList: String {
        runners.map(\.id).joined(separator: ", ")
    }
}
