import Foundation
import JobRunners

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine and toolchain that made a result, repeated on every CSV row so that a file stands alone.
public struct MachineInfo: Sendable, Equatable {
    /// The machine's host name (`gethostname`); empty if unknown. A new file in `results/` is named after it
    /// (``fileNameStem``).
    public var host: String
    /// The operating system and its version: on Linux, `/etc/os-release`'s `PRETTY_NAME`
    /// (`Debian GNU/Linux 12 (bookworm)`); on macOS, `macOS Version 15.1 (Build 24B83)`, say.
    public var os: String
    /// The kernel's name and release, from `uname` (`Linux 6.1.0-18-amd64`); empty if unknown.
    public var kernel: String
    /// The hardware architecture, from `uname` (`x86_64`, `aarch64`, `arm64`); empty if unknown.
    public var arch: String
    /// The processor's model name (`AMD EPYC 7B13 64-Core Processor`); empty where the system doesn't say, as
    /// some Arm Linux kernels don't.
    public var cpuModel: String
    /// Logical CPUs this process may use; nil where unknown (a file that doesn't say).
    public var logicalCPUs: Int?
    /// Physical memory; nil where unknown.
    public var memoryBytes: UInt64?
    /// The Swift compiler that built `bench`.
    public var swiftVersion: String
    /// `release` or `debug`.
    public var build: String
    /// The resolution of the clock the runs were timed with (`MonotonicClock/resolutionNanoseconds`), in
    /// nanoseconds; nil where a file doesn't say (schema versions before 6).
    public var clockResolutionNanoseconds: Int?

    /// Details given one by one, as a result file's row holds them; ``current()`` reads this machine's.
    public init(
        host: String, os: String, kernel: String, arch: String, cpuModel: String, logicalCPUs: Int?,
        memoryBytes: UInt64?, swiftVersion: String, build: String, clockResolutionNanoseconds: Int? = nil
    ) {
        self.host = host
        self.os = os
        self.kernel = kernel
        self.arch = arch
        self.cpuModel = cpuModel
        self.logicalCPUs = logicalCPUs
        self.memoryBytes = memoryBytes
        self.swiftVersion = swiftVersion
        self.build = build
        self.clockResolutionNanoseconds = clockResolutionNanoseconds
    }

    /// What tells two builds of `bench` on one machine apart in a result file's rows: the build configuration and
    /// the compiler. A worker of `bench interleave`'s second build reports its own (WorkerProtocol), so that its
    /// rows do not carry the parent's.
    public struct Build: Codable, Equatable, Sendable {
        /// `release` or `debug` (``MachineInfo/build``).
        public var configuration: String
        /// The Swift compiler that built it (``MachineInfo/swiftVersion``).
        public var swiftVersion: String

        /// This executable's build.
        public static let current = Build(configuration: buildConfiguration, swiftVersion: compilerVersion)

        /// A build given by its configuration and compiler.
        public init(configuration: String, swiftVersion: String) {
            self.configuration = configuration
            self.swiftVersion = swiftVersion
        }
    }

    /// The same machine, as `build` records it: its configuration and compiler in place of these.
    public func built(as build: Build) -> MachineInfo {
        var machine = self
        machine.build = build.configuration
        machine.swiftVersion = build.swiftVersion
        return machine
    }

    /// The machine in a few words, for a reader: its host, processor and CPUs (`vm · AMD EPYC · 2 CPUs`; the 2010
    /// file, which has no host, `4-core Mac Pro with HyperThreading (model not published) · 8 CPUs`), where
    /// ``fileNameStem`` is a name for files.
    public var shortDescription: String {
        [host, cpuModel, logicalCPUs.map { "\($0) CPUs" } ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// What a new file in `results/` is named after: the host, the processor's maker and line, and the CPUs this
    /// process may use (`vm-amd-epyc-2cpu`, `vm-intel-xeon-16cpu`, `studio-apple-m2-12cpu`), so that machines that
    /// share a host name (cloud VMs all called `vm`) get files that can be told apart by name. Lowercase ASCII
    /// letters, digits and hyphens.
    public var fileNameStem: String {
        let model = cpuModel.lowercased().replacingOccurrences(of: "(r)", with: " ")
            .replacingOccurrences(of: "(tm)", with: " ")
        let words = model.split { !($0.isLetter || $0.isNumber) }.filter { $0 != "cpu" && $0 != "processor" }
        var parts = [host.isEmpty ? "host" : host] + words.prefix(2).map(String.init)
        if let logicalCPUs {
            parts.append("\(logicalCPUs)cpu")
        }
        return String(
            parts.joined(separator: "-").lowercased().map {
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-"
            })
    }

    /// The CSV columns of the details, in order.
    public static let columns = [
        "host", "os", "kernel", "arch", "cpu_model", "logical_cpus", "memory_bytes", "swift_version", "build",
        "clock_resolution_ns",
    ]

    /// The details as (CSV column, value) pairs, in the order of ``columns``; unknown values are empty.
    public var fields: [(column: String, value: String)] {
        let values = [
            host, os, kernel, arch, cpuModel, logicalCPUs.map(String.init) ?? "",
            memoryBytes.map(String.init) ?? "", swiftVersion, build, clockResolutionNanoseconds.map(String.init) ?? "",
        ]
        return Array(zip(Self.columns, values))
    }

    /// Reads this machine's details; what cannot be found is left empty.
    public static func current() -> MachineInfo {
        let system = unameFields()
        return MachineInfo(
            host: hostName(),
            os: operatingSystemName(),
            kernel: system.kernel,
            arch: system.machine,
            cpuModel: cpuModelName(),
            logicalCPUs: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            swiftVersion: compilerVersion,
            build: buildConfiguration,
            clockResolutionNanoseconds: MonotonicClock.resolutionNanoseconds)
    }

    /// `debug` in a debug build, whose timings are meaningless.
    public static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    /// The version of the compiler that built this file, as far as the checks below can tell.
    public static var compilerVersion: String {
        #if compiler(>=6.6)
        "6.6 or later"
        #elseif compiler(>=6.5)
        "6.5"
        #elseif compiler(>=6.4.1)
        "6.4.1"
        #elseif compiler(>=6.4)
        "6.4"
        #elseif compiler(>=6.3.3)
        "6.3.3"
        #elseif compiler(>=6.3.2)
        "6.3.2"
        #elseif compiler(>=6.3.1)
        "6.3.1"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2.3)
        "6.2.3"
        #elseif compiler(>=6.2.2)
        "6.2.2"
        #elseif compiler(>=6.2.1)
        "6.2.1"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1.2)
        "6.1.2"
        #elseif compiler(>=6.1.1)
        "6.1.1"
        #elseif compiler(>=6.1)
        "6.1"
        #elseif compiler(>=6.0.3)
        "6.0.3"
        #elseif compiler(>=6.0.2)
        "6.0.2"
        #elseif compiler(>=6.0.1)
        "6.0.1"
        #else
        "6.0"
        #endif
    }

    /// The kernel's name, the first word of `kernel` (`Linux`, `Darwin`); empty if unknown. What some counts mean
    /// depends on it: macOS counts most condition and Dispatch waits as involuntary context switches, Linux as
    /// voluntary ones.
    public var kernelName: String {
        kernel.split(separator: " ").first.map(String.init) ?? ""
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else {
            return ""
        }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func unameFields() -> (kernel: String, machine: String) {
        var names = utsname()
        guard uname(&names) == 0 else {
            return ("", "")
        }
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
        }
        return ("\(field(names.sysname)) \(field(names.release))", field(names.machine))
    }

    private static func operatingSystemName() -> String {
        #if os(Linux)
        // /etc/os-release: PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
        if let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        {
            return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        return "Linux"
        #elseif os(macOS)
        // "Version 15.1 (Build 24B83)", which does not name the system.
        return "macOS " + ProcessInfo.processInfo.operatingSystemVersionString
        #else
        return ProcessInfo.processInfo.operatingSystemVersionString
        #endif
    }

    private static func cpuModelName() -> String {
        #if os(Linux)
        // /proc/cpuinfo: "model name\t: AMD EPYC 7B13 64-Core Processor" (x86); Arm kernels may have no model name.
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
            return ""
        }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") || line.hasPrefix("Model") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return ""
        #elseif canImport(Darwin)
        var size = 0
        guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else {
            return ""
        }
        var buffer = [CChar](repeating: 0, count: size)
        guard sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0) == 0 else {
            return ""
        }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return ""
        #endif
    }
}
