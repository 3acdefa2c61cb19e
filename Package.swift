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
        // The whole `bench` command line, for a package that builds a `bench` of its own with runners of its own.
        .library(name: "BenchKit", targets: ["BenchKit"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        // The floor runners: minimal C versions of seven runners, to compare the Swift ones with. On Linux the
        // Dispatch, CoreFoundation and Blocks functions they call come from the toolchain's libdispatch,
        // Foundation and BlocksRuntime.
        .target(
            name: "CFloors",
            linkerSettings: [
                .linkedLibrary("dispatch", .when(platforms: [.linux])),
                .linkedLibrary("Foundation", .when(platforms: [.linux])),
                .linkedLibrary("BlocksRuntime", .when(platforms: [.linux])),
                .linkedFramework("CoreFoundation", .when(platforms: [.macOS])),
            ]),
        // Counts the process's allocations in runs made to count them: on Linux with glibc, by defining malloc and
        // its family in the executable (glibc's documented way to replace malloc), each handing on to glibc's own;
        // on macOS, through the first malloc zone's functions (malloc/malloc.h). A self-check decides if it counts.
        .target(name: "CAllocationCounter"),
        // The job runners and the experiment that times one run.
        .target(name: "JobRunners", dependencies: ["CFloors", "CAllocationCounter"]),
        // Result records and files, sweeps, statistics, comparisons and checks: what `bench` computes.
        .target(name: "BenchResults", dependencies: ["JobRunners"]),
        // The `bench` command: options, subcommands, output formats, progress, charts.
        .target(name: "BenchKit", dependencies: ["JobRunners", "BenchResults"]),
        .executableTarget(name: "bench", dependencies: ["BenchKit"], path: "Benchmarks/bench"),
        // How close each runner is to its C floor, what the harness costs, and how cost and memory grow.
        .executableTarget(name: "floors", dependencies: ["BenchResults", "JobRunners"], path: "Benchmarks/floors"),
        // How often the intervals hold what they claim, by resampling the runs of committed files.
        .executableTarget(name: "coverage", dependencies: ["BenchResults", "JobRunners"], path: "Benchmarks/coverage"),
        .testTarget(name: "ThreadingOverheadsTests", dependencies: ["JobRunners", "BenchResults", "BenchKit"]),
    ],
    swiftLanguageModes: [.v6]
)
