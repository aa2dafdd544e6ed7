// swift-tools-version:6.1
import PackageDescription

/// One package for the engine of five local-first apps (see ARCHITECTURE.md).
///
/// Kits are app-agnostic building blocks; each app has a Core (models, store,
/// services, view models, cloud client) and a CLI that drives it from a terminal.
/// Dependency direction is one way: CLI → Core → Kits; each app's Cloud module is mounted by
/// `app-server`, and its Core and Cloud share only the generated API module.
///
/// Targets are grouped by app, each test target beside the module it tests; a CLI's test target
/// depends on its executable so that `swift test` builds the binary the tests run.
/// ARCHITECTURE.md's module map lists every module with exactly these dependencies
/// (`swift Scripts/check-architecture.swift` checks it).
/// Boundaries the compiler polices (as Hummingbird does): existentials are spelled `any`, a file
/// uses only members of modules it imports itself, and imports are internal unless a module's
/// public API shows the imported types (`public import`).
let strictBoundaries: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "LocalFirstApps",
    // gRPC (grpc-swift-2, for Flipcash) needs macOS 15 and iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "DAGCBOR", targets: ["DAGCBOR"]),
        .library(name: "Identity", targets: ["Identity"]),
        .library(name: "Receipts", targets: ["Receipts"]),
        .library(name: "Geo", targets: ["Geo"]),
        .library(name: "DecoKit", targets: ["DecoKit"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "SQLiteStorage", targets: ["SQLiteStorage"]),
        .library(name: "ServerKit", targets: ["ServerKit"]),
        .library(name: "PostgresStorage", targets: ["PostgresStorage"]),
        .library(name: "ObjectStorage", targets: ["ObjectStorage"]),
        .library(name: "Observability", targets: ["Observability"]),
        .library(name: "Validation", targets: ["Validation"]),
        .library(name: "CloudWire", targets: ["CloudWire"]),
        .library(name: "XMLKit", targets: ["XMLKit"]),
        .library(name: "BudsCore", targets: ["BudsCore"]),
        .library(name: "BudsAPI", targets: ["BudsAPI"]),
        .library(name: "BudsCloud", targets: ["BudsCloud"]),
        .library(name: "BudsCloudPostgres", targets: ["BudsCloudPostgres"]),
        .executable(name: "buds", targets: ["BudsCLI"]),
        .library(name: "RememberCore", targets: ["RememberCore"]),
        .executable(name: "remember", targets: ["RememberCLI"]),
        .library(name: "KilroyAPI", targets: ["KilroyAPI"]),
        .library(name: "KilroyCore", targets: ["KilroyCore"]),
        .library(name: "KilroyCloud", targets: ["KilroyCloud"]),
        .library(name: "KilroyCloudPostgres", targets: ["KilroyCloudPostgres"]),
        .executable(name: "kilroy", targets: ["KilroyCLI"]),
        .library(name: "UmiLogAPI", targets: ["UmiLogAPI"]),
        .library(name: "UmiLogCloud", targets: ["UmiLogCloud"]),
        .library(name: "UmiLogCloudPostgres", targets: ["UmiLogCloudPostgres"]),
        .library(name: "UmiLogCore", targets: ["UmiLogCore"]),
        .executable(name: "umilog", targets: ["UmiLogCLI"]),
        .library(name: "UmiLogPipeline", targets: ["UmiLogPipeline"]),
        // Generated pipeline input with known answers, for the tests and the Benchmarks package.
        .library(name: "UmiLogSynthetic", targets: ["UmiLogSynthetic"]),
        .library(name: "FlipcashCore", targets: ["FlipcashCore"]),
        .library(name: "FlipcashCloud", targets: ["FlipcashCloud"]),
        .library(name: "FlipcashAPI", targets: ["FlipcashAPI"]),
        .library(name: "FlipcashCloudPostgres", targets: ["FlipcashCloudPostgres"]),
        .executable(name: "flipcash", targets: ["FlipcashCLI"]),
        .executable(name: "app-server", targets: ["AppServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // Already under Hummingbird; named for its types the servers use (TimeAmount, HTTPParserError).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        // Under Hummingbird too; ServerKit's HTTP/1 channel with limits uses its HTTP types codec.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/attaswift/BigInt.git", from: "6.0.1"),
        // The scale-out backends: PostgreSQL (with PostGIS) for data, S3-compatible object stores
        // for blobs; and Prometheus metrics.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Flipcash's wire protocol: gRPC with protobuf messages (generated code committed).
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", from: "2.4.1"),
        // gRPC over HTTP/2 on NIO: app-server's Flipcash port and the flipcash CLI's connection.
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
    ],
    targets: [
        // MARK: Kits: app-agnostic building blocks, each with its tests
        .target(name: "DAGCBOR", dependencies: [.product(name: "Crypto", package: "swift-crypto")], swiftSettings: strictBoundaries),
        .testTarget(name: "DAGCBORTests", dependencies: ["TestSupport", "DAGCBOR"], swiftSettings: strictBoundaries),
        .target(
            name: "Identity", dependencies: ["DAGCBOR", "Storage", .product(name: "Crypto", package: "swift-crypto")], swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "IdentityTests",
            dependencies: ["TestSupport", "Identity", "DAGCBOR", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictBoundaries
        ),
        .target(name: "Receipts", dependencies: ["DAGCBOR", "Identity"], swiftSettings: strictBoundaries),
        .testTarget(
            name: "ReceiptsTests",
            dependencies: ["TestSupport", "Receipts", "DAGCBOR", "Identity", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictBoundaries
        ),
        .target(name: "Geo", swiftSettings: strictBoundaries),
        .testTarget(name: "GeoTests", dependencies: ["TestSupport", "Geo"], swiftSettings: strictBoundaries),
        // Decompression and gas maths for dive planning: pure functions, no I/O.
        .target(name: "DecoKit", swiftSettings: strictBoundaries),
        .testTarget(name: "DecoKitTests", dependencies: ["TestSupport", "DecoKit"], swiftSettings: strictBoundaries),
        // zlib, for the Storage kit's gzip (dataset tiles); Debian's zlib1g-dev, Apple's SDKs.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .target(
            name: "Storage",
            dependencies: ["DAGCBOR", "CZlib"],
            swiftSettings: strictBoundaries
        ),
        .testTarget(name: "StorageTests", dependencies: ["TestSupport", "Storage"], swiftSettings: strictBoundaries),
        // The GRDB half of storage, apart so that a server store on PostgreSQL links no SQLite.
        .target(
            name: "SQLiteStorage", dependencies: ["Storage", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "SQLiteStorageTests",
            dependencies: ["TestSupport", "SQLiteStorage", "Storage", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictBoundaries
        ),
        .target(
            name: "Observability", dependencies: [.product(name: "Logging", package: "swift-log")], swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "ObservabilityTests",
            dependencies: [
                "TestSupport", "Observability", .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .target(name: "Validation", swiftSettings: strictBoundaries),
        // What crosses the wire between an app and its cloud, shared by both sides: the device's
        // bearer credential and the middleware that sends it, lenient dates, network failures.
        .target(
            name: "CloudWire",
            dependencies: [
                "Validation",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(name: "ValidationTests", dependencies: ["Validation"], swiftSettings: strictBoundaries),
        .target(name: "XMLKit", swiftSettings: strictBoundaries),
        .testTarget(name: "XMLKitTests", dependencies: ["XMLKit"], swiftSettings: strictBoundaries),
        .target(
            name: "CommandLineKit",
            dependencies: [
                "Observability", "Validation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "CommandLineKitTests",
            dependencies: ["TestSupport", "CommandLineKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictBoundaries
        ),

        // What every app's cloud shares on the server: JSON refusals, request limits, rate limits,
        // the keyed lock, lenient dates and the AppCloud protocol app-server mounts.
        .target(
            name: "ServerKit",
            dependencies: [
                "CloudWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "ServerKitTests",
            dependencies: [
                "ServerKit", "CloudWire", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictBoundaries
        ),

        // PostgreSQL for server stores: connection URLs, migrations applied once under an advisory
        // lock, retried transactions. Apart from the stores so no client app links postgres-nio.
        .target(
            name: "PostgresStorage",
            dependencies: [
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "PostgresStorageTests",
            dependencies: [
                "PostgresStorage", "PostgresTestSupport", "TestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        // S3-compatible blob storage (AWS S3, MinIO, Ceph RGW, Garage, R2): our own Signature V4
        // over swift-crypto, requests over AsyncHTTPClient.
        .target(
            name: "ObjectStorage",
            dependencies: [
                "Storage", "DAGCBOR", "XMLKit",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "ObjectStorageTests",
            dependencies: [
                "ObjectStorage", "Storage", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),

        // MARK: Test support shared by the test targets (never shipped)
        .target(
            name: "TestSupport",
            dependencies: [
                .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: strictBoundaries
        ),
        // A fresh PostgreSQL schema per test on the server named by TEST_POSTGRES_URL (CI sets it).
        .target(
            name: "PostgresTestSupport",
            dependencies: [
                "PostgresStorage", "TestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/PostgresTestSupport",
            swiftSettings: strictBoundaries
        ),

        // MARK: Buds
        // The Buds relay's contract: `openapi.yaml` and the code generated from it (committed).
        .target(
            name: "BudsAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["openapi.yaml", "openapi-generator-config.yaml"]
        ),
        // UmiLog's sync contract: the OpenAPI document, its generated code and the request-signing rule.
        .target(
            name: "UmiLogAPI",
            dependencies: [
                "DAGCBOR",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["openapi.yaml", "openapi-generator-config.yaml"]
        ),
        // UmiLog's sync server: accounts, key slots, the sealed change log and sealed blobs.
        .target(
            name: "UmiLogCloud",
            dependencies: [
                "UmiLogAPI", "DAGCBOR", "CloudWire", "ServerKit", "Storage", "SQLiteStorage", "Observability",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        // The sync server's store on PostgreSQL, for many app-servers (clients never link it).
        .target(
            name: "UmiLogCloudPostgres",
            dependencies: [
                "UmiLogCloud", "PostgresStorage", "ServerKit",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "UmiLogCloudTests",
            dependencies: [
                "TestSupport", "UmiLogCloud", "UmiLogCloudPostgres", "UmiLogAPI", "DAGCBOR", "ServerKit", "Storage",
                "PostgresStorage", "PostgresTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        // The relay: phone sign-in, devices, circles and per-device queues of sealed envelopes.
        .target(
            name: "BudsCloud",
            dependencies: [
                "BudsAPI", "DAGCBOR", "CloudWire", "Identity", "ServerKit", "Storage", "SQLiteStorage", "Observability",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        // The relay's store on PostgreSQL, for many app-servers (clients never link it).
        .target(
            name: "BudsCloudPostgres",
            dependencies: [
                "BudsCloud", "PostgresStorage", "ServerKit",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "BudsCloudTests",
            dependencies: [
                "TestSupport", "BudsCloud", "BudsCloudPostgres", "BudsAPI", "CloudWire", "Identity", "DAGCBOR", "ServerKit",
                "Storage", "PostgresStorage", "PostgresTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .target(
            name: "BudsCore",
            dependencies: [
                "DAGCBOR", "Identity", "Receipts", "Geo", "Storage", "SQLiteStorage", "Validation", "BudsAPI", "CloudWire",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                // The relay client: generated from BudsAPI's contract, over URLSession.
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "BudsCoreTests",
            dependencies: [
                "BudsCore", "DAGCBOR", "Geo", "Identity", "Receipts", "TestSupport", "Validation",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .executableTarget(
            name: "BudsCLI",
            dependencies: [
                "BudsCore", "BudsAPI", "DAGCBOR", "Identity", "Receipts", "Storage", "Validation", "CommandLineKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "BudsCLITests",
            dependencies: [
                "TestSupport", "BudsCLI", "BudsCore", "DAGCBOR", "Identity", "AppServer",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),

        // MARK: Remember
        .target(
            name: "RememberCore",
            dependencies: [
                "Storage", "SQLiteStorage", "Validation", "XMLKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "RememberCoreTests",
            dependencies: [
                "TestSupport", "RememberCore", "Validation", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .executableTarget(
            name: "RememberCLI",
            dependencies: [
                "RememberCore", "CommandLineKit", "Storage", "Validation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(name: "RememberCLITests", dependencies: ["TestSupport", "RememberCLI"], swiftSettings: strictBoundaries),

        // MARK: Kilroy
        .target(
            name: "KilroyAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["openapi.yaml", "openapi-generator-config.yaml"]
        ),
        .testTarget(name: "KilroyAPITests", dependencies: ["KilroyAPI"], swiftSettings: strictBoundaries),
        .target(
            name: "KilroyCore",
            dependencies: [
                "KilroyAPI", "CloudWire", "Geo", "Storage", "Validation", "XMLKit",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "KilroyCoreTests",
            dependencies: [
                "TestSupport", "KilroyCore", "KilroyAPI", "CloudWire", "Geo", "Validation",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictBoundaries
        ),
        .target(
            name: "KilroyCloud",
            dependencies: [
                "KilroyAPI", "CloudWire", "ServerKit", "Geo", "Storage", "SQLiteStorage", "Observability", "Validation", "DAGCBOR",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // The near query reads its columns straight from SQLite's C API (its hot loop).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "KilroyCloudTests",
            dependencies: [
                "TestSupport", "KilroyCloud", "KilroyAPI", "CloudWire", "ServerKit", "Geo", "Storage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictBoundaries
        ),
        // Kilroy's store on PostgreSQL + PostGIS, for many app-servers; only app-server links it.
        .target(
            name: "KilroyCloudPostgres",
            dependencies: [
                "KilroyCloud", "PostgresStorage", "ServerKit", "Geo", "Storage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        // One contract suite run against both Kilroy stores (SQLite, and PostgreSQL when
        // TEST_POSTGRES_URL is set).
        .testTarget(
            name: "KilroyStoreContractTests",
            dependencies: [
                "KilroyCloud", "KilroyCloudPostgres", "PostgresStorage", "PostgresTestSupport", "TestSupport", "ServerKit",
                "Geo", "Storage",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .executableTarget(
            name: "KilroyCLI",
            dependencies: [
                "KilroyCore", "Geo", "CommandLineKit", "Validation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "KilroyCLITests",
            dependencies: [
                "TestSupport", "KilroyCLI", "AppServer",
            ],
            swiftSettings: strictBoundaries
        ),

        // MARK: UmiLog
        .target(
            name: "UmiLogCore",
            dependencies: [
                "Geo", "Storage", "SQLiteStorage", "Validation", "DAGCBOR", "Identity", "Receipts", "XMLKit", "DecoKit",
                // The sync cloud's client: the generated code of UmiLog's contract.
                "UmiLogAPI", "CloudWire",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                // scrypt, the memory-hard KDF of the sync key slots (Sync/Keys/KeySlot.swift).
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.process("Resources")],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "UmiLogCoreTests",
            dependencies: [
                "TestSupport", "UmiLogCore", "Geo", "XMLKit", "Receipts", "Identity", "Storage", "SQLiteStorage", "Validation",
                "DAGCBOR",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The account signing key's public half, checked in SyncKeys/.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        // The site-dataset pipeline (raw open-data records → clean regional tiles); a build tool,
        // not app runtime, so it stays out of UmiLogCore.
        .target(
            name: "UmiLogPipeline",
            dependencies: ["UmiLogCore", "Geo", "Storage", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictBoundaries
        ),
        // Test support, not shipped: generated pipeline input with planted answers (also used by
        // the Benchmarks package, hence a library product).
        .target(
            name: "UmiLogSynthetic", dependencies: ["Geo", "UmiLogPipeline", "TestSupport"], path: "Tests/UmiLogSynthetic",
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "UmiLogPipelineTests",
            dependencies: [
                "TestSupport", "UmiLogPipeline", "UmiLogSynthetic", "UmiLogCore", "Geo", "Storage",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .executableTarget(
            name: "UmiLogCLI",
            dependencies: [
                "UmiLogCore", "UmiLogPipeline", "Geo", "CommandLineKit", "Validation", "Identity", "Receipts", "DAGCBOR",
                "DecoKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(name: "UmiLogCLITests", dependencies: ["TestSupport", "UmiLogCLI"], swiftSettings: strictBoundaries),

        // MARK: Flipcash
        // Flipcash's gRPC contract: the .proto files (Protos/) and the Swift code generated from
        // them by Scripts/generate-grpc.sh (Generated/, committed).
        .target(
            name: "FlipcashAPI",
            dependencies: [
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
            ],
            exclude: ["Protos"],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "FlipcashAPITests",
            dependencies: [
                "TestSupport", "FlipcashAPI",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            swiftSettings: strictBoundaries
        ),
        // Flipcash's server side: the double-entry ledger (its rules, and its SQLite store).
        .target(
            name: "FlipcashCloud",
            dependencies: [
                "FlipcashCore", "FlipcashAPI", "DAGCBOR", "Storage", "SQLiteStorage", "ServerKit",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            swiftSettings: strictBoundaries
        ),
        // The ledger on PostgreSQL, for many app-servers (clients never link it).
        .target(
            name: "FlipcashCloudPostgres",
            dependencies: [
                "FlipcashCloud", "FlipcashCore", "PostgresStorage", "ServerKit",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "FlipcashCloudTests",
            dependencies: [
                "TestSupport", "FlipcashCloud", "FlipcashCloudPostgres", "FlipcashCore", "FlipcashAPI", "Storage", "PostgresStorage",
                "PostgresTestSupport", "DAGCBOR", "ServerKit",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .target(
            name: "FlipcashCore",
            dependencies: [
                "DAGCBOR", "Storage", "SQLiteStorage", "XMLKit", "FlipcashAPI",
                .product(name: "BigInt", package: "BigInt"),
                // The cloud client: generated gRPC stubs over an injected transport.
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Crypto", package: "swift-crypto"),
                // For BIP-39's PBKDF2-HMAC-SHA512 (Mnemonic.seed).
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The BIP-39 word list is compiled in (CashLinks/BIP39EnglishWordList.swift); the
            // folder keeps the source file and its attribution.
            exclude: ["Resources"],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "FlipcashCoreTests",
            dependencies: [
                "TestSupport", "FlipcashCore", "Observability", "Validation", "DAGCBOR", .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictBoundaries
        ),
        .executableTarget(
            name: "FlipcashCLI",
            dependencies: [
                "FlipcashCore", "CommandLineKit", "DAGCBOR", "Validation", "Storage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        // AppServer: the end-to-end tests run the real app-server next to the flipcash binary.
        // FlipcashCloud: the bill-exchange tests run the wallet against the services in process.
        .testTarget(
            name: "FlipcashCLITests",
            dependencies: [
                "TestSupport", "FlipcashCLI", "AppServer", "FlipcashCloud", "FlipcashCore", "FlipcashAPI", "DAGCBOR",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            swiftSettings: strictBoundaries
        ),

        // MARK: Cloud: one app-server mounts every app's cloud
        .executableTarget(
            name: "AppServer",
            dependencies: [
                "KilroyCloud", "KilroyCloudPostgres", "ServerKit", "Observability", "CommandLineKit", "Storage", "ObjectStorage",
                "PostgresStorage", "FlipcashCloud", "FlipcashCloudPostgres", "BudsCloud", "BudsCloudPostgres", "UmiLogCloud",
                "UmiLogCloudPostgres", "DAGCBOR",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The Buds relay's key.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The PostgreSQL pool runs as a service of the application.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictBoundaries
        ),
        .testTarget(
            name: "AppServerTests",
            dependencies: [
                "TestSupport", "AppServer", "KilroyCloud", "ServerKit", "PostgresStorage", "FlipcashCore", "FlipcashCloud", "FlipcashAPI",
                "DAGCBOR", "UmiLogCloud",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictBoundaries
        ),
    ],
    swiftLanguageModes: [.v6]
)
