import BenchResults
import Foundation
import JobRunners

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How much of the machine other programs used while a sweep made its runs: read between runs, from the CPU time
/// the whole machine's processes spent (user and system) against the CPU time this bench and its worker processes
/// spent, over a window of at least ``window`` that ends as a run ends.
///
/// Interrupt and softirq time are left out of the machine's: they belong to no process, and much of them is the
/// kernel's work on the sweep's behalf (the RCU callbacks that free what a runner's threads left). Counted as
/// others', all of the kernel's time without a process marked 6 to 11% of a quiet sweep's runs here. User time alone
/// marked none, but missed `yes > /dev/null` entirely, which spends most of its time in `write`. Steal time counts
/// whole.
///
/// The window is longer than most runs on purpose. The system counts the machine's CPU time in ticks (10 ms on
/// Linux), so a run of 1 ms alone would read 0 or a whole tick; what marks a run is the load of the quarter second
/// it was made in. A run made just after another program started or stopped may be marked by the load before it.
///
/// Linux: `/proc/stat`'s first line (user, nice and system as the processes' time, steal, and its first eight
/// fields as the total) and `/proc/<pid>/stat`'s utime and stime of this process and of its children that
/// ``Interrupts`` knows (the worker processes, a validate's sweeps). macOS: `host_statistics(HOST_CPU_LOAD_INFO)`'s
/// ticks, and `proc_pid_rusage`'s user and system time of the same processes; macOS has no steal time. Elsewhere
/// nothing is read and the runs' `other_load` stays empty.
final class LoadProbe {
    /// The shortest stretch of time a run's load is read over, in nanoseconds: 250 ms.
    static let window: UInt64 = 250_000_000

    /// CPU time counters at one moment.
    struct Counters: Equatable {
        /// When, by ``MonotonicClock``.
        var time: UInt64
        /// The machine's CPU time, in seconds, over all its CPUs: its processes' (user and system), stolen, and in all.
        var processes: Double
        var steal: Double
        var total: Double
        /// This bench's own CPU time (user and system), by process: its own and its children's, in seconds.
        var own: [Int32: Double]
    }

    private var history: [Counters] = []

    /// Whether this system can be read at all; false and every ``loadEndingNow()`` nil where it cannot.
    let isAvailable: Bool

    init() {
        isAvailable = Self.machineCounters() != nil
        if isAvailable {
            history.append(Self.counters())
        }
    }

    /// Reads the counters now and returns the load over the window that ends now: from the latest reading at least
    /// ``window`` ago (or the first, if none is that old); nil where nothing can be read.
    func loadEndingNow() -> RunLoad? {
        guard isAvailable else {
            return nil
        }
        let now = Self.counters()
        defer {
            history.append(now)
            // Keep the readings a window can start from: the newest one old enough, and those after it.
            if let old = history.lastIndex(where: { now.time &- $0.time >= Self.window }), old > 0 {
                history.removeFirst(old)
            }
        }
        let start = history.last { now.time &- $0.time >= Self.window } ?? history.first
        return start.flatMap { Self.load(from: $0, to: now) }
    }

    /// The load between two readings: the processes' time that was not this bench's, and the stolen time, as
    /// shares of the machine's whole CPU time; nil if no time passed.
    static func load(from start: Counters, to end: Counters) -> RunLoad? {
        let total = end.total - start.total
        guard total > 0 else {
            return nil
        }
        // A process present at both readings counts what it used between them; one that started between them all
        // it used (it used it since); one that ended between them is lost, and its last stretch counts as others'.
        let own = end.own.reduce(0.0) { sum, entry in
            sum + max(0, entry.value - (start.own[entry.key] ?? 0))
        }
        let others = (end.processes - start.processes - own) / total
        let steal = (end.steal - start.steal) / total
        return RunLoad(others: min(1, max(0, others)), steal: min(1, max(0, steal)))
    }

    /// The counters now.
    static func counters() -> Counters {
        let machine = machineCounters() ?? (0, 0, 0)
        var own: [Int32: Double] = [:]
        for process in [getpid()] + Interrupts.childProcesses {
            if let seconds = cpuSeconds(of: process) {
                own[process] = seconds
            }
        }
        return Counters(
            time: MonotonicClock.now(), processes: machine.processes, steal: machine.steal, total: machine.total,
            own: own)
    }

    /// The machine's processes', stolen and total CPU time in seconds, over all its CPUs; nil where it cannot be
    /// read.
    static func machineCounters() -> (processes: Double, steal: Double, total: Double)? {
        #if os(Linux)
        // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user).
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("cpu ")
        else {
            return nil
        }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 8 else {
            return nil
        }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ((fields[0] + fields[1] + fields[2]) / ticks, fields[7] / ticks, fields[0..<8].reduce(0, +) / ticks)
        #elseif canImport(Darwin)
        var load = host_cpu_load_info()
        var count = mach_msg_type_number_t(
            MemoryLayout<host_cpu_load_info>.size / MemoryLayout<integer_t>.size)
        let result = withUnsafeMutablePointer(to: &load) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) { integers in
                host_statistics(mach_host_self(), HOST_CPU_LOAD_INFO, integers, &count)
            }
        }
        guard result == KERN_SUCCESS else {
            return nil
        }
        // cpu_ticks: user, system, idle, nice (CPU_STATE_*), in ticks of the scheduler's clock.
        let ticks = Double(sysconf(_SC_CLK_TCK))
        let (user, system, idle, nice) = load.cpu_ticks
        let total = Double(user) + Double(system) + Double(idle) + Double(nice)
        return ((Double(user) + Double(system) + Double(nice)) / ticks, 0, total / ticks)
        #else
        return nil
        #endif
    }

    /// The user and system CPU time process `id` has used, in seconds; nil if it cannot be read (it ended).
    static func cpuSeconds(of id: Int32) -> Double? {
        #if os(Linux)
        // pid (comm) state ppid … utime stime: the 14th and 15th fields, counted after the command's closing
        // parenthesis, as the command may hold spaces and parentheses.
        guard let text = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else {
            return nil
        }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            return nil
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #elseif canImport(Darwin)
        var info = rusage_info_v2()
        let result = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: rusage_info_t?.self, capacity: 1) { raw in
                proc_pid_rusage(id, RUSAGE_INFO_V2, raw)
            }
        }
        guard result == 0 else {
            return nil
        }
        // ri_user_time and ri_system_time are in mach absolute time units, which the timebase turns into ns.
        var timebase = mach_timebase_info_data_t()
        mach_timebase_info(&timebase)
        let units = Double(info.ri_user_time) + Double(info.ri_system_time)
        return units * Double(timebase.numer) / Double(timebase.denom) / 1e9
        #else
        return nil
        #endif
    }
}
