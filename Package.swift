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
        // Reading result files, statistics, and the Report that a Swift Testing test can assert on.
        .library(name: "BenchResults", targets: ["BenchResults"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        // The job runners and the experiment that times one run.
        .target(name: "JobRunners"),
        // Result records and files, sweeps, statistics, comparisons and checks: what `bench` computes.
        .target(name: "BenchResults", dependencies: ["JobRunners"]),
        // The `bench` command: options, subcommands, output formats, progress, charts.
        .target(name: "BenchKit", dependencies: ["JobRunners", "BenchResults"]),
        .executableTarget(name: "bench", dependencies: ["BenchKit"], path: "Benchmarks/bench"),
        .testTarget(name: "ThreadingOverheadsTests", dependencies: ["JobRunners", "BenchResults", "BenchKit"]),
    ],
    swiftLanguageModes: [.v6]
)
