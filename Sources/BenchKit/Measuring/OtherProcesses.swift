import Foundation
import JobRunners

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time other programs' processes used: summed over every process this one may read that is neither the
/// sweep's own nor the kernel's, one reading at a time, by ``update()`` (``LoadProbe`` reads as each run starts and
/// ends).
///
/// - The sweep's own: this process and its descendants (worker processes, `--isolate`'s children, `validate`'s
///   sweeps and theirs), known by their parent process when first seen, so that a child counts as the sweep's from
///   its first reading, and one that has ended is simply gone: its time never counts as another program's.
/// - The kernel's: Linux's kernel threads (`PF_KTHREAD` in `/proc/<pid>/stat`'s flags: `kworker`, `ksoftirqd`,
///   `rcu_*`), which do work for every process, the sweep's included (freeing what its threads left, for one);
///   macOS's `kernel_task`, which no user may read. Interrupt time belongs to no process and is not counted either.
/// - Everything else: another program's. Linux: every process in `/proc` (`clock_gettime` of its CPU-time clock,
///   `clock_getcpuclockid(3)`: nanoseconds, all its threads, those that ended included). macOS: the processes of
///   this user (`proc_listpids(PROC_UID_ONLY)`, read by `proc_pid_rusage`, which answers for the same user only;
///   `bench` run by root reads all): other users' daemons (the window server's, Spotlight's indexer's) are not
///   seen there.
///
/// A process counts the CPU time it used between two readings; one first seen at a reading counts all it used (it
/// started since the last one); one that ends between two readings loses what it used since the last one it was
/// seen at, and one that starts and ends between two readings is not seen. A process id is taken for the same
/// process while its CPU time does not go down: one that ends and whose id another takes between two readings
/// (ids are reused once the system's whole range has gone round) is taken for the one before.
struct OtherProcesses {
    /// What a process is to the sweep.
    enum Kind: Equatable {
        case own
        case kernel
        case other
        /// One this process may not read (another user's, on macOS): not counted.
        case unreadable
    }

    private struct Entry {
        var kind: Kind
        /// Its CPU time at the latest reading, in nanoseconds.
        var nanoseconds: UInt64
    }

    /// This process: the root of the sweep's own.
    let root: Int32
    private var entries: [Int32: Entry] = [:]
    /// The CPU time others used from the first reading to the latest, in nanoseconds.
    private(set) var total: UInt64 = 0
    private var hasRead = false

    init(root: Int32 = getpid()) {
        self.root = root
    }

    /// Whether this system can be read at all.
    static var isAvailable: Bool {
        !processIDs().isEmpty
    }

    /// What process `id` was taken for at the latest reading; nil if it was not seen.
    func kind(of id: Int32) -> Kind? {
        entries[id]?.kind
    }

    /// Reads every process now, adding what the others used since the last reading to ``total``.
    mutating func update() {
        let listed = Self.processIDs()
        var fresh: [Int32: (parent: Int32, kernel: Bool)] = [:]
        var kept: [Int32: Entry] = [:]
        kept.reserveCapacity(listed.count)
        for id in listed {
            let now = Self.cpuNanoseconds(of: id)
            if let entry = entries[id] {
                // Seen before, unless its CPU time went down: then it is a new process under a reused id.
                if let now, now >= entry.nanoseconds {
                    if entry.kind == .other {
                        total &+= now - entry.nanoseconds
                    }
                    kept[id] = Entry(kind: entry.kind, nanoseconds: now)
                    continue
                }
                if now == nil, entry.kind == .unreadable {
                    kept[id] = entry
                    continue
                }
            }
            // First seen (or ended since it was listed: then nothing of it can be read, and it is left out).
            guard let info = Self.parentAndKind(of: id) else {
                continue
            }
            fresh[id] = info
            kept[id] = Entry(kind: now == nil ? .unreadable : info.kernel ? .kernel : .other, nanoseconds: now ?? 0)
        }
        // The newcomers descended from this process are the sweep's own: a parent is known from an earlier reading
        // or is a newcomer itself, so the chain is followed until nothing changes.
        var changed = true
        while changed {
            changed = false
            for (id, info) in fresh where kept[id]?.kind == .other {
                if id == root || kept[info.parent]?.kind == .own {
                    kept[id]?.kind = .own
                    changed = true
                }
            }
        }
        if hasRead {
            for (id, _) in fresh {
                if let entry = kept[id], entry.kind == .other {
                    total &+= entry.nanoseconds
                }
            }
        }
        entries = kept
        hasRead = true
    }

    /// The ids of the processes now, in no order; empty where they cannot be listed.
    static func processIDs() -> [Int32] {
        #if os(Linux)
        guard let directory = opendir("/proc") else {
            return []
        }
        defer { closedir(directory) }
        var ids: [Int32] = []
        while let entry = readdir(directory) {
            let id = withUnsafePointer(to: entry.pointee.d_name) { name in
                name.withMemoryRebound(to: CChar.self, capacity: 256) { Int32(String(cString: $0)) }
            }
            if let id, id > 0 {
                ids.append(id)
            }
        }
        return ids
        #elseif canImport(Darwin)
        // This user's processes, the only ones proc_pid_rusage answers for (all of them for root): fewer to read.
        let user = geteuid()
        let type = UInt32(user == 0 ? PROC_ALL_PIDS : PROC_UID_ONLY)
        // The bytes the list takes now, and room for processes started meanwhile.
        let bytes = Int(proc_listpids(type, user, nil, 0))
        guard bytes > 0 else {
            return []
        }
        var ids = [Int32](repeating: 0, count: bytes / MemoryLayout<Int32>.size + 64)
        let filled = ids.withUnsafeMutableBytes { buffer in
            Int(proc_listpids(type, user, buffer.baseAddress, Int32(buffer.count)))
        }
        return filled > 0 ? ids.prefix(filled / MemoryLayout<Int32>.size).filter { $0 > 0 } : []
        #else
        return []
        #endif
    }

    /// Process `id`'s parent, and whether it is the kernel's; nil if it cannot be read (it ended).
    static func parentAndKind(of id: Int32) -> (parent: Int32, kernel: Bool)? {
        #if os(Linux)
        // pid (comm) state ppid pgrp session tty_nr tpgid flags …: counted after the command's closing parenthesis,
        // as the command may hold spaces and parentheses.
        guard let fields = statFields(of: id), fields.count > 6, let parent = Int32(fields[1]),
            let flags = UInt64(fields[6])
        else {
            return nil
        }
        // PF_KTHREAD, include/linux/sched.h.
        return (parent, flags & 0x0020_0000 != 0)
        #elseif canImport(Darwin)
        var info = proc_bsdshortinfo()
        let size = Int32(MemoryLayout<proc_bsdshortinfo>.size)
        guard proc_pidinfo(id, PROC_PIDT_SHORTBSDINFO, 0, &info, size) == size else {
            return nil
        }
        // kernel_task, process 0, is never listed (``processIDs()``).
        return (Int32(bitPattern: info.pbsi_ppid), false)
        #else
        return nil
        #endif
    }

    /// The user and system CPU time process `id` has used, in nanoseconds, all its threads together (those that
    /// ended included); nil if it cannot be read (it ended, or this user may not read it).
    static func cpuNanoseconds(of id: Int32) -> UInt64? {
        // 0 and negative ids would name the calling process's own clock.
        guard id > 0 else {
            return nil
        }
        #if os(Linux)
        var clock = clockid_t()
        var time = timespec()
        guard clock_getcpuclockid(id, &clock) == 0, clock_gettime(clock, &time) == 0 else {
            return nil
        }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
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
        let units = info.ri_user_time &+ info.ri_system_time
        return units * UInt64(timebase.numer) / UInt64(max(timebase.denom, 1))
        #else
        return nil
        #endif
    }

    #if canImport(Darwin)
    private static let timebase: mach_timebase_info_data_t = {
        var timebase = mach_timebase_info_data_t()
        mach_timebase_info(&timebase)
        return timebase
    }()
    #endif

    #if os(Linux)
    /// The fields of `/proc/<id>/stat` after the command's closing parenthesis: state, ppid, …; nil if it cannot be
    /// read.
    static func statFields(of id: Int32) -> [Substring]? {
        let descriptor = open("/proc/\(id)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return nil
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else {
            return nil
        }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else {
            return nil
        }
        return text[text.index(after: close)...].split(separator: " ")
    }
    #endif
}
