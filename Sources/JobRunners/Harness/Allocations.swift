import CAllocationCounter

/// What a run allocated, per job: from a run made to count them
/// (``Experiment/run(_:configuration:settings:countingAllocations:)``), never from a timed one. Counts are of calls, whatever their size, in every thread of the process while the run's
/// jobs ran: the Swift runtime's, Dispatch's and Foundation's among them.
public struct Allocations: Sendable, Equatable, Codable {
    /// Calls of malloc, calloc, realloc and the aligned variants, per job.
    public var perJob: Double
    /// The bytes they asked for, per job.
    public var bytesPerJob: Double
    /// Calls of free, per job.
    public var freesPerJob: Double

    /// Whether this process counts allocations: on Linux with glibc or on macOS, not under a sanitizer, and only if
    /// its self-check finds each allocation counted once (the C library's and the Swift runtime's). Where it does
    /// not, runs carry no counts and a check on them is inconclusive.
    public static var areCounted: Bool {
        AllocationCounter.isAvailable
    }

    /// The counts of a run, each divided by its jobs.
    public init(perJob: Double, bytesPerJob: Double, freesPerJob: Double) {
        self.perJob = perJob
        self.bytesPerJob = bytesPerJob
        self.freesPerJob = freesPerJob
    }
}

/// The process's allocation counter (the CAllocationCounter target): on where a run counts, off for every timed
/// run.
enum AllocationCounter {
    /// Whether this process counts: the C target's self-check passed (Linux with glibc, or macOS's malloc zone,
    /// not under a sanitizer) and so does the Swift runtime's. Elsewhere runs carry no counts.
    static let isAvailable = alloc_counter_is_available() == 1 && countsSwiftAllocations()

    /// Whether this build has a way to count (Linux with glibc, macOS, not under a sanitizer), whether or not the
    /// self-checks pass: a test holds that they pass wherever it has.
    static let isBuiltIn = alloc_counter_is_built_in() == 1

    /// The Swift runtime's own allocations (`swift_slowAlloc`, through which objects, closures' contexts and tasks
    /// are allocated, and `swift_slowDealloc`) reach the counter, each once: 64 made here count at least 64, and
    /// fewer than half as many again (another thread's meanwhile), allocations and frees alike. A bare loop: in a
    /// debug build, appending the blocks to an array counted once more a block (133 for 64).
    private static func countsSwiftAllocations() -> Bool {
        let made = 64
        alloc_counter_start()
        var index = 0
        while index < made {
            UnsafeMutableRawPointer.allocate(byteCount: 48, alignment: 16).deallocate()
            index += 1
        }
        let counts = alloc_counter_stop()
        let once = UInt64(made)..<UInt64(made + made / 2)
        return once.contains(counts.allocations) && once.contains(counts.frees)
    }

    /// Zeroes the counts and starts counting, in every thread.
    static func start() {
        alloc_counter_start()
    }

    /// Stops counting; the counts since ``start()``, per job of `jobs`.
    static func stop(jobs: Int) -> Allocations {
        let counts = alloc_counter_stop()
        let jobs = Double(max(jobs, 1))
        return Allocations(
            perJob: Double(counts.allocations) / jobs, bytesPerJob: Double(counts.bytes) / jobs,
            freesPerJob: Double(counts.frees) / jobs)
    }
}
