#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads what the process uses: CPU time and context switches, threads, resident memory.
enum ProcessResources {
    /// How often the waiting thread counts the process's threads during a run. Each count reads /proc/self/status
    /// on Linux (about 20 µs), so sampling costs about 0.4% of one core.
    static let threadSampleInterval: Duration = .milliseconds(5)

    struct Usage {
        var userSeconds: Double
        var systemSeconds: Double
        var voluntaryContextSwitches: Int
        var involuntaryContextSwitches: Int

        static func - (after: Usage, before: Usage) -> Usage {
            Usage(
                userSeconds: after.userSeconds - before.userSeconds,
                systemSeconds: after.systemSeconds - before.systemSeconds,
                voluntaryContextSwitches: after.voluntaryContextSwitches - before.voluntaryContextSwitches,
                involuntaryContextSwitches: after.involuntaryContextSwitches - before.involuntaryContextSwitches)
        }
    }

    /// CPU time and context switches of the whole process so far.
    static func usage() -> Usage {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double {
            Double(time.tv_sec) + Double(time.tv_usec) / 1e6
        }
        return Usage(
            userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
            voluntaryContextSwitches: Int(usage.ru_nvcsw), involuntaryContextSwitches: Int(usage.ru_nivcsw))
    }

    /// The process's threads now: /proc/self/status on Linux; on macOS proc_pidinfo's task information (libproc),
    /// which needs no Mach task port (`mach_task_self_` is a global variable that Swift 6 refuses with SDKs before
    /// macOS 15.4).
    static func threadCount() -> Int? {
        #if os(Linux)
        return statusField("Threads:")
        #elseif canImport(Darwin)
        var info = proc_taskinfo()
        let size = Int32(MemoryLayout<proc_taskinfo>.size)
        guard proc_pidinfo(getpid(), PROC_PIDTASKINFO, 0, &info, size) == size else {
            return nil
        }
        return Int(info.pti_threadnum)
        #else
        return nil
        #endif
    }

    /// Resets the process's peak resident memory to what it is now, where the system allows it (Linux: writing 5
    /// to /proc/self/clear_refs); returns whether it did. macOS has no documented way to reset a peak.
    @discardableResult
    static func resetPeakMemory() -> Bool {
        #if os(Linux)
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return false
        }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
        #else
        return false
        #endif
    }

    /// The process's peak resident memory since the last reset (Linux: VmHWM); nil where it cannot be reset
    /// (macOS), since a peak since the process started would only grow from run to run and say nothing of the run
    /// it is recorded with.
    static func peakMemoryBytes() -> Int? {
        #if os(Linux)
        return statusField("VmHWM:").map { $0 * 1024 }
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// The number after `name` in /proc/self/status, read into a buffer on the stack without Foundation.
    private static func statusField(_ name: String) -> Int? {
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return nil
        }
        defer { close(descriptor) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer -> Int? in
            guard let base = buffer.baseAddress else {
                return nil
            }
            var length = 0
            while length < buffer.count {
                let count = read(descriptor, base + length, buffer.count - length)
                if count <= 0 {
                    break
                }
                length += count
            }
            let text = String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF8.self)
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else {
                return nil
            }
            // "Threads:\t4", "VmHWM:\t   18396 kB": the first run of digits after the name.
            let digits = line.dropFirst(name.count).drop { !$0.isNumber }.prefix { $0.isNumber }
            return Int(digits)
        }
    }
    #endif
}
