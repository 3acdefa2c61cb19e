#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ThreadSanitizer's annotations of an ordering it cannot see, when the process runs under it; nothing otherwise.
///
/// Two orderings that the runners rely on are made where ThreadSanitizer cannot see them, so it reports the job's
/// fields, written on one thread and read on the next, as raced:
/// - On Linux `Synchronization.Mutex` locks inside the precompiled standard library, on atomics and futexes that
///   ThreadSanitizer does not instrument. `mutex-thread-pool`, which is about `Mutex`, keeps it and says what the
///   lock orders: it acquires on the lock's address first thing inside the lock and releases on it last thing.
/// - A continuation resumed while its task is still suspending hands the value over through the concurrency
///   runtime's own atomics (as `task-group` found). `continuation`, `discarding-task-group` and `async-stream`
///   release on the job's address before handing it over and acquire on it when the task receives it.
///
/// The annotations are ThreadSanitizer's interface for synchronization it cannot see (`__tsan_acquire`,
/// `__tsan_release`); they add no ordering of their own. Without ThreadSanitizer the functions are not there, and
/// each annotation is a test of a nil pointer.
struct SanitizerAnnotations: @unchecked Sendable {
    // Immutable after init: two C function pointers, or nil.
    private typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void
    private let acquireFunction: Annotation?
    private let releaseFunction: Annotation?

    init() {
        let process = dlopen(nil, RTLD_NOW)
        acquireFunction = dlsym(process, "__tsan_acquire").map { unsafeBitCast($0, to: Annotation.self) }
        releaseFunction = dlsym(process, "__tsan_release").map { unsafeBitCast($0, to: Annotation.self) }
    }

    /// Call first thing inside the lock at `address`, or on receiving what was released on it.
    @inline(__always)
    func acquire(_ address: UnsafeMutableRawPointer) {
        acquireFunction?(address)
    }

    /// Call last thing inside the lock at `address`, or before handing over what it is the address of.
    @inline(__always)
    func release(_ address: UnsafeMutableRawPointer) {
        releaseFunction?(address)
    }

    /// `release(_:)` on the job's address: before handing it to a task.
    @inline(__always)
    func handingOver(_ job: Job) {
        release(Unmanaged.passUnretained(job).toOpaque())
    }

    /// `acquire(_:)` on the job's address: as a task receives it.
    @inline(__always)
    func received(_ job: Job) {
        acquire(Unmanaged.passUnretained(job).toOpaque())
    }
}
