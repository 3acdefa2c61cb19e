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

    /// Why this process does not count, for a reader: the kind of call its self-check missed or counted twice, or
    /// that this build has no way to count; nil where it counts.
    public static var whyNotCounted: String? {
        guard !areCounted else {
            return nil
        }
        guard AllocationCounter.isBuiltIn else {
            return "this build has no way to count (a sanitizer's build, or a C library other than glibc)"
        }
        guard
            let wrong = AllocationCounter.selfCheck.first(where: {
                !AllocationCounter.countedOnce(made: [$0.made], counted: [$0.counted])
            })
        else {
            return "the counter could not be put in place (the malloc zone could not be made writable)"
        }
        return "the self-check made \(wrong.made.allocations) allocations and \(wrong.made.frees) frees by "
            + "\(wrong.name), and counted \(wrong.counted.allocations) and \(wrong.counted.frees)"
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
    /// not under a sanitizer), and so did the Swift runtime's (``selfCheck``). Elsewhere runs carry no counts.
    static let isAvailable = alloc_counter_is_available() == 1
        && selfCheck.allSatisfy { countedOnce(made: [$0.made], counted: [$0.counted]) }

    /// Whether this build has a way to count (Linux with glibc, macOS, not under a sanitizer), whether or not the
    /// self-checks pass: a test holds that they pass wherever it has.
    static let isBuiltIn = alloc_counter_is_built_in() == 1

    /// One kind of call a self-check made (`malloc`, `calloc`, …), and what the counter counted meanwhile.
    struct SelfCheckKind {
        let name: String
        let made: (allocations: UInt64, frees: UInt64)
        let counted: (allocations: UInt64, frees: UInt64)
    }

    /// What this process's self-checks made and counted, kind by kind: the C target's (malloc and its family, each
    /// kind on its own), then the Swift runtime's; empty where there is no way to count, or the counter could not be
    /// put in place.
    static let selfCheck: [SelfCheckKind] = {
        var made = [alloc_calls_t](repeating: alloc_calls_t(), count: 8)
        var counted = made
        let kinds = Int(alloc_counter_self_check(&made, &counted, Int32(made.count)))
        let c = (0..<kinds).map { kind in
            SelfCheckKind(
                name: String(cString: alloc_counter_check_name(Int32(kind))),
                made: (made[kind].allocations, made[kind].frees),
                counted: (counted[kind].allocations, counted[kind].frees))
        }
        return c.isEmpty ? [] : c + [swiftAllocations()]
    }()

    /// The Swift runtime's own allocations (`swift_slowAlloc`, through which objects, closures' contexts and tasks
    /// are allocated, and `swift_slowDealloc`), made and counted: 64 of each. A bare loop: in a debug build,
    /// appending the blocks to an array counted once more a block (133 for 64).
    private static func swiftAllocations() -> SelfCheckKind {
        let made: UInt64 = 64
        alloc_counter_start()
        var index: UInt64 = 0
        while index < made {
            UnsafeMutableRawPointer.allocate(byteCount: 48, alignment: 16).deallocate()
            index += 1
        }
        let counts = alloc_counter_stop()
        return SelfCheckKind(name: "swift_slowAlloc", made: (made, made), counted: (counts.allocations, counts.frees))
    }

    /// The self-checks' rule (the C target's `alloc_counter_counted_once`), for kinds of call each made and counted
    /// on its own: whether every kind's calls were each counted once, at least as many as made and at most half as
    /// many again (another thread's calls meanwhile); false if any kind was missed or counted twice.
    static func countedOnce(
        made: [(allocations: UInt64, frees: UInt64)], counted: [(allocations: UInt64, frees: UInt64)]
    ) -> Bool {
        precondition(made.count == counted.count, "a count for each kind made")
        let made = made.map { alloc_calls_t(allocations: $0.allocations, frees: $0.frees) }
        let counted = counted.map { alloc_calls_t(allocations: $0.allocations, frees: $0.frees) }
        return alloc_counter_counted_once(made, counted, Int32(made.count)) == 1
    }

    /// Has the counter ready before a process's first timed run: where it replaces the allocator's functions when
    /// first asked (macOS's malloc zone), every timed run of the process then goes through the same functions, the
    /// first one included. On Linux the functions are the executable's own from the start.
    static func prepare() {
        _ = isAvailable
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
