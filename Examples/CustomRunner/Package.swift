// swift-tools-version:6.0
import PackageDescription

// A package of a user's own: a mechanism of its own (ConditionWorker), measured beside the built-in runners in a
// Swift Testing test and in a `bench` of its own. It uses ThreadingOverheads' public API only.
let package = Package(
    name: "CustomRunner",
    platforms: [.macOS(.v15)],
    dependencies: [
        // In a package of your own: .package(url: "https://github.com/OWNER/ThreadingOverheads.git", branch: "main")
        .package(name: "ThreadingOverheads", path: "../.."),
    ],
    targets: [
        .target(
            name: "ConditionWorker",
            dependencies: [.product(name: "JobRunners", package: "ThreadingOverheads")]),
        .executableTarget(
            name: "custom-bench",
            dependencies: ["ConditionWorker", .product(name: "BenchKit", package: "ThreadingOverheads")]),
        .testTarget(
            name: "ConditionWorkerTests",
            dependencies: [
                "ConditionWorker",
                .product(name: "JobRunners", package: "ThreadingOverheads"),
                .product(name: "BenchResults", package: "ThreadingOverheads"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
