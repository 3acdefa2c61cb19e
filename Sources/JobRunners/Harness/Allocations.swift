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

    /// Whether this build counts allocations: Linux with glibc, not under a sanitizer. Where it does not, runs carry
    /// no counts and a check on them is inconclusive.
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
    /// Whether this build counts: Linux with glibc, not under a sanitizer. Elsewhere runs carry no counts.
    static let isAvailable = alloc_counter_is_available() == 1

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
