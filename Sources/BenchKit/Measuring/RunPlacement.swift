/// Where a command's recorded runs are made: settled when its command line is read (``RunOptions/placement(_:)``),
/// and carried out by ``PlacedRuns``.
enum RunPlacement: Equatable, Sendable {
    /// Every run in this process: where bench runs inside another program (a test), which has no `bench` of its
    /// own to start.
    case thisProcess
    /// Each cell's recorded runs spread over this many worker processes of this `bench`; with one, every run is
    /// made in this process but those that could abort it (on macOS, ``PlacedRuns/isolatesOnThisSystem(_:)``).
    case workers(Int)
    /// Each recorded run in a fresh worker process (`--isolate`).
    case isolated

    /// Worker processes a cell's runs are spread over, as a sweep says it: 1 for every run in one process.
    var processes: Int {
        if case .workers(let count) = self {
            return count
        }
        return 1
    }
}
