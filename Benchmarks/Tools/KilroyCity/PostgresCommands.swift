// Compiled only when Benchmarks/Package.swift defines KILROY_BENCH_POSTGRES, which it does once the
// main package exports the PostgreSQL store as a product (then KilroyCity links it).
#if KILROY_BENCH_POSTGRES
import Foundation
import Geo
import KilroyCityFixture
import KilroyCloud
import KilroyCloudPostgres
import Logging
import PostgresNIO
import PostgresStorage

/// `kilroy-city near-postgres` and `seed-postgres`: the city on `PostgresKilroyStore`, in the
/// database `BENCH_POSTGRES_URL` names. The near benchmark uses the schema `bench_city`; the
/// `seed-postgres` fills any schema (e.g. `kilroy`, the one app-server serves) through the store's
/// batch insert; the load test copies rows with `psql` instead. A seeded schema is kept between runs;
/// one that does not hold the city's drops is dropped and filled again.
enum PostgresCommands {
    static let benchmarkSchema = "bench_city"

    static func near(rounds: Int) async throws {
        try await withStore(schema: benchmarkSchema) { store in
            let centres = try CityDrops.queryCentres()
            let timing = try await NearTiming.measure(centres: centres, rounds: rounds) { centre in
                try await store.nearby(center: centre, radius: CityCommands.radius, limit: CityCommands.limit) { _ in .include }
                    .kilroys.count
            }
            print(timing.json(engine: CityCommands.recentRecords == 0 ? "postgres-cold" : "postgres"))
        }
    }

    static func seed(schema: String) async throws {
        try await withStore(schema: schema) { _ in }
    }

    /// Runs `body` with the store in `schema`, seeded, while a client to `BENCH_POSTGRES_URL` runs.
    private static func withStore(schema: String, _ body: @escaping @Sendable (PostgresKilroyStore) async throws -> Void) async throws {
        guard let text = ProcessInfo.processInfo.environment["BENCH_POSTGRES_URL"] else { throw PostgresBenchError.noURL }
        let url = try PostgresConnectionURL(text)
        let logger = Logger(label: "kilroy-city") { _ in SwiftLogNoOpLogHandler() }
        let client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await body(try await seeded(client: client, schema: schema, logger: logger))
        }
    }

    /// The store in `schema`, holding the city's drops (filled if it does not; drops added later,
    /// by a load test, are left alone).
    private static func seeded(client: PostgresClient, schema: String, logger: Logger) async throws -> PostgresKilroyStore {
        var store = try await PostgresKilroyStore.open(client: client, schema: schema, logger: logger, recentRecords: CityCommands.recentRecords)
        if try await cityCount(client, schema: schema, logger: logger) == CityDrops.dropCount { return store }
        CityCommands.note("seeding \(CityDrops.dropCount) drops into PostgreSQL schema \(schema)")
        // The name passed PostgresSchemaName's check in `open` above, and is quoted here.
        try await client.query("DROP SCHEMA IF EXISTS \(unescaped: try PostgresSchemaName(schema).quoted) CASCADE", logger: logger)
        store = try await PostgresKilroyStore.open(client: client, schema: schema, logger: logger, recentRecords: CityCommands.recentRecords)
        let clock = ContinuousClock()
        let started = clock.now
        let seeded = store
        try await CityDrops.fill(
            insertImage: { try await seeded.insertImage($0) }, createKilroys: { try await seeded.createKilroys($0) },
            progress: { if $0 % 200_000 == 0 { CityCommands.note("seeded \($0) drops") } })
        try await client.query("ANALYZE \(unescaped: try PostgresSchemaName(schema).qualified("kilroys"))", logger: logger)
        CityCommands.note("seeded PostgreSQL in \(clock.now - started)")
        return store
    }

    /// The city's drops in `schema` (their ids end in `-0000-4000-8000-` and the index).
    private static func cityCount(_ client: PostgresClient, schema: String, logger: Logger) async throws -> Int {
        let rows = try await client.query(
            "SELECT count(*) FROM \(unescaped: try PostgresSchemaName(schema).qualified("kilroys")) WHERE id LIKE '%-0000-4000-8000-%'",
            logger: logger)
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }
}

enum PostgresBenchError: LocalizedError {
    case noURL

    var errorDescription: String? {
        "set BENCH_POSTGRES_URL=postgres://user:pass@127.0.0.1:5432/db (with PostGIS) to time the PostgreSQL store"
    }
}
#endif
