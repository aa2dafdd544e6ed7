// swift-tools-version:6.1
import PackageDescription

/// Benchmarks live in their own package so that `swift test` in the main package never builds
/// them. Run with `swift package benchmark` from this folder (see README.md).
let package = Package(
    name: "LocalFirstAppsBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "LocalFirstApps", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "BudsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BudsCore", package: "LocalFirstApps"),
                .product(name: "DAGCBOR", package: "LocalFirstApps"),
            ],
            path: "Benchmarks/BudsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
