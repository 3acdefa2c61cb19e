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

/// What other programs did with the machine around each run: read just before a run starts and just after it ends,
/// outside its timed region (which the runner's own thread or the worker keeps).
///
/// - Others' share: the CPU time other programs' processes used from the reading before the run to the one after it
///   (``OtherProcesses``: neither the sweep's own processes nor the kernel's threads), over that window's wall time
///   times the machine's CPUs. Both ends are read in nanoseconds, so the window is the run's own (with the request
///   to the worker and its answer), never the runs before it. A window shorter than ``shortestWindow`` is made that
///   long by waiting, with none of the sweep's threads running, before the reading after it: a run of 0.1 ms says
///   little of a scheduler that hands out CPU in slices of milliseconds, so a short run is marked by what other
///   programs did in the few milliseconds around it.
/// - Steal: the time the hypervisor gave to other guests, which Linux counts only machine-wide and in ticks of
///   10 ms (`/proc/stat`): over the quarter second or more that ends as the run ends (``stealWindow``), since a
///   shorter stretch reads 0 or a whole tick. Steal is never the sweep's own work, so a window reaching back over
///   earlier runs says nothing of them. macOS has no steal time.
final class LoadProbe {
    /// The shortest window a run's others' share is read over, in nanoseconds: 5 ms.
    static let shortestWindow: UInt64 = 5_000_000
    /// The shortest stretch of time steal is read over, in nanoseconds: 250 ms.
    static let stealWindow: UInt64 = 250_000_000

    private var processes = OtherProcesses()
    private let processors = Double(max(1, ProcessInfo.processInfo.activeProcessorCount))
    /// When the window now open started, and what others had used by then.
    private var opened: (time: UInt64, others: UInt64)?
    /// Readings of the machine's steal counters a steal window can start from.
    private var stealHistory: [StealCounters] = []

    /// The machine's stolen and total CPU time at one moment, in seconds over all its CPUs.
    struct StealCounters: Equatable {
        var time: UInt64
        var steal: Double
        var total: Double
    }

    /// Whether this system can be read at all; false and every ``runEnded()`` nil where it cannot.
    let isAvailable: Bool

    init() {
        isAvailable = OtherProcesses.isAvailable
        if isAvailable {
            processes.update()
            if let steal = Self.stealCounters() {
                stealHistory.append(steal)
            }
        }
    }

    /// Opens a run's window: reads now.
    func runStarts() {
        guard isAvailable else {
            return
        }
        processes.update()
        opened = (MonotonicClock.now(), processes.total)
    }

    /// Closes the window ``runStarts()`` opened, waiting first if it is shorter than ``shortestWindow``, and
    /// returns what other programs did in it; nil where nothing can be read.
    func runEnded() -> RunLoad? {
        guard isAvailable, let opened else {
            return nil
        }
        self.opened = nil
        let elapsed = MonotonicClock.now() &- opened.time
        if elapsed < Self.shortestWindow {
            Thread.sleep(forTimeInterval: Double(Self.shortestWindow - elapsed) / 1e9)
        }
        processes.update()
        let now = MonotonicClock.now()
        let others = Self.share(of: processes.total &- opened.others, over: now &- opened.time, processors: processors)
        return RunLoad(others: others, steal: stealEndingNow(at: now))
    }

    /// `nanoseconds` of CPU time as a share of a window of `window` ns on `processors` CPUs, from 0 to 1.
    static func share(of nanoseconds: UInt64, over window: UInt64, processors: Double) -> Double {
        guard window > 0 else {
            return 0
        }
        return min(1, Double(nanoseconds) / (Double(window) * processors))
    }

    /// The stolen share over the window from the latest reading at least ``stealWindow`` ago (or the first, if
    /// none is that old) to now; 0 where the system has no such count.
    private func stealEndingNow(at time: UInt64) -> Double {
        guard var now = Self.stealCounters() else {
            return 0
        }
        now.time = time
        defer {
            stealHistory.append(now)
            // Keep the readings a window can start from: the newest one old enough, and those after it.
            if let old = stealHistory.lastIndex(where: { now.time &- $0.time >= Self.stealWindow }), old > 0 {
                stealHistory.removeFirst(old)
            }
        }
        let start = stealHistory.last { now.time &- $0.time >= Self.stealWindow } ?? stealHistory.first
        return start.map { Self.steal(from: $0, to: now) } ?? 0
    }

    /// The stolen share of the machine's CPU time between two readings, 0 to 1; 0 if no time passed.
    static func steal(from start: StealCounters, to end: StealCounters) -> Double {
        let total = end.total - start.total
        guard total > 0 else {
            return 0
        }
        return min(1, max(0, (end.steal - start.steal) / total))
    }

    /// The machine's stolen and total CPU time now; nil where the system has no such count.
    static func stealCounters() -> StealCounters? {
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
        return StealCounters(
            time: MonotonicClock.now(), steal: fields[7] / ticks, total: fields[0..<8].reduce(0, +) / ticks)
        #else
        return nil
        #endif
    }
}
