// swift-tools-version:6.1
import PackageDescription

/// One package for the engine of five local-first apps (see ARCHITECTURE.md).
///
/// Kits are app-agnostic building blocks; each app has a Core (models, store,
/// services, view models, cloud client) and a CLI that drives it from a terminal.
/// Dependency direction is one way: CLI → Core → Kits.
let package = Package(
    name: "LocalFirstApps",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "DAGCBOR", targets: ["DAGCBOR"]),
        .library(name: "Identity", targets: ["Identity"]),
        .library(name: "Receipts", targets: ["Receipts"]),
        .library(name: "Geo", targets: ["Geo"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "Observability", targets: ["Observability"]),
        .library(name: "Validation", targets: ["Validation"]),
        .library(name: "BudsCore", targets: ["BudsCore"]),
        .executable(name: "buds", targets: ["BudsCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // MARK: Kits
        .target(name: "DAGCBOR", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "Identity", dependencies: ["DAGCBOR", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "Receipts", dependencies: ["DAGCBOR", "Identity", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "Geo"),
        .target(name: "Storage", dependencies: ["DAGCBOR", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "Observability", dependencies: [.product(name: "Logging", package: "swift-log")]),
        .target(name: "Validation"),

        // MARK: Buds
        .target(
            name: "BudsCore",
            dependencies: [
                "DAGCBOR", "Identity", "Receipts", "Geo", "Storage", "Observability", "Validation",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "BudsCLI",
            dependencies: [
                "BudsCore", "Receipts", "Storage", "Observability",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // MARK: Tests
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DAGCBORTests", dependencies: ["TestSupport", "DAGCBOR"]),
        .testTarget(name: "IdentityTests", dependencies: ["TestSupport", "Identity", "DAGCBOR", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "ReceiptsTests", dependencies: ["TestSupport", "Receipts", "DAGCBOR", "Identity", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "GeoTests", dependencies: ["TestSupport", "Geo"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "DAGCBOR", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "ObservabilityTests", dependencies: ["Observability", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "ValidationTests", dependencies: ["Validation"]),
        .testTarget(
            name: "BudsCoreTests",
            dependencies: ["BudsCore", "DAGCBOR", "Identity", "Receipts", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "BudsCLITests",
            dependencies: ["BudsCLI", "DAGCBOR", "Identity", .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
