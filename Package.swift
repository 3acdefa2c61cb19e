// swift-tools-version:6.0
import PackageDescription

// Toolchain only, by design: no package dependencies, so that the suite builds offline on any machine that has a
// Swift toolchain and results from many machines stay comparable.
let package = Package(
    name: "ThreadingOverheads",
    // Synchronization's Atomic and Mutex need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "JobRunners", targets: ["JobRunners"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        // The job runners and the experiment that times one run.
        .target(name: "JobRunners"),
        // The `bench` command: options, sweeps, result files, tables.
        .target(name: "BenchKit", dependencies: ["JobRunners"]),
        .executableTarget(name: "bench", dependencies: ["BenchKit"], path: "Benchmarks/bench"),
        .testTarget(name: "ThreadingOverheadsTests", dependencies: ["JobRunners", "BenchKit"]),
    ],
    swiftLanguageModes: [.v6]
)
