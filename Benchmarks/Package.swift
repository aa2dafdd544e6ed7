// swift-tools-version:6.1
import PackageDescription

/// Benchmarks live in their own package so that `swift test` in the main package never builds
/// them. Run with `swift package benchmark` from this folder (see README.md).
let package = Package(
    name: "LocalFirstAppsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "LocalFirstApps", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(
            name: "BudsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BudsCore", package: "LocalFirstApps"),
                .product(name: "DAGCBOR", package: "LocalFirstApps"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/BudsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CircleEnvelopeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Identity", package: "LocalFirstApps"),
                .product(name: "DAGCBOR", package: "LocalFirstApps"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/CircleEnvelopeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "BudsRelayBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BudsCloud", package: "LocalFirstApps"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/BudsRelayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The 1,000,000-drop city shared by the Kilroy benchmarks and the `kilroy-city` tool.
        .target(
            name: "KilroyCityFixture",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "KilroyCloud", package: "LocalFirstApps"),
                .product(name: "KilroyAPI", package: "LocalFirstApps"),
                .product(name: "CloudWire", package: "LocalFirstApps"),
                .product(name: "Geo", package: "LocalFirstApps"),
                .product(name: "Storage", package: "LocalFirstApps"),
            ],
            path: "Benchmarks/KilroyCityFixture"
        ),
        // Seeds the city into a server's data folder and times near queries outside
        // package-benchmark, for `near-side-by-side.sh` and `Scripts/load-test.sh`. Not under
        // Benchmarks/: package-benchmark runs every executable there as a benchmark.
        .executableTarget(
            name: "KilroyCity",
            dependencies: [
                "KilroyCityFixture",
                .product(name: "KilroyCloud", package: "LocalFirstApps"),
                .product(name: "KilroyAPI", package: "LocalFirstApps"),
                .product(name: "Geo", package: "LocalFirstApps"),
                .product(name: "KilroyCloudPostgres", package: "LocalFirstApps"),
                .product(name: "PostgresStorage", package: "LocalFirstApps"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tools/KilroyCity",
            // Compiles PostgresCommands.swift (the PostgreSQL store's near benchmark and seeding).
            swiftSettings: [.define("KILROY_BENCH_POSTGRES")]
        ),
        .executableTarget(
            name: "KilroyBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "KilroyCityFixture",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "KilroyCloud", package: "LocalFirstApps"),
                .product(name: "KilroyAPI", package: "LocalFirstApps"),
                .product(name: "CloudWire", package: "LocalFirstApps"),
                .product(name: "Geo", package: "LocalFirstApps"),
                .product(name: "Storage", package: "LocalFirstApps"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/KilroyBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RememberBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RememberCore", package: "LocalFirstApps"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/RememberBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "FlipcashBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FlipcashCore", package: "LocalFirstApps"),
                .product(name: "FlipcashCloud", package: "LocalFirstApps"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/FlipcashBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Seeds accounts into a server's store and drives intents at it through gRPC, for
        // `flipcash-load.sh` (throughput and latency on SQLite and PostgreSQL). Not under
        // Benchmarks/: package-benchmark runs every executable there as a benchmark.
        .executableTarget(
            name: "FlipcashLoad",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "FlipcashCore", package: "LocalFirstApps"),
                .product(name: "FlipcashCloud", package: "LocalFirstApps"),
                .product(name: "FlipcashCloudPostgres", package: "LocalFirstApps"),
                .product(name: "FlipcashAPI", package: "LocalFirstApps"),
                .product(name: "PostgresStorage", package: "LocalFirstApps"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tools/FlipcashLoad"
        ),
        .executableTarget(
            name: "UmiLogBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "UmiLogCore", package: "LocalFirstApps"),
                .product(name: "Storage", package: "LocalFirstApps"),
                .product(name: "SQLiteStorage", package: "LocalFirstApps"),
                .product(name: "Geo", package: "LocalFirstApps"),
                .product(name: "UmiLogPipeline", package: "LocalFirstApps"),
                .product(name: "UmiLogSynthetic", package: "LocalFirstApps"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/UmiLogBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // UmiLog's end-to-end encrypted sync through the real sync server on loopback.
        .executableTarget(
            name: "UmiLogSyncBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "UmiLogCore", package: "LocalFirstApps"),
                .product(name: "UmiLogCloud", package: "LocalFirstApps"),
                .product(name: "Identity", package: "LocalFirstApps"),
                .product(name: "Storage", package: "LocalFirstApps"),
                .product(name: "Geo", package: "LocalFirstApps"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/UmiLogSyncBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The dive planner (DecoKit): one 60 m trimix plan against one pass of the model.
        .executableTarget(
            name: "DecoPlannerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DecoKit", package: "LocalFirstApps"),
            ],
            path: "Benchmarks/DecoPlannerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
