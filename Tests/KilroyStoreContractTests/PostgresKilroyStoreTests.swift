import Foundation
import KilroyCloud
import PostgresNIO
import PostgresStorage
import PostgresTestSupport
import Testing

@testable import KilroyCloudPostgres

/// What only the PostgreSQL store has: its migrations and its use of the GiST index.
@Suite(
    "PostgreSQL Kilroy store",
    .enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipLine)))
struct PostgresKilroyStoreTests {
    @Test("the near query's candidates come from the GiST index on position (EXPLAIN)")
    func nearUsesIndex() async throws {
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let logger = PostgresTestDatabase.quietLogger
            let store = try await PostgresKilroyStore.open(client: client, schema: schema.rawValue, logger: logger)
            _ = try await store.insertImage(Fixture.image())
            var drops: [KilroyRecord] = []
            for index in 0..<5_000 {
                drops.append(Fixture.kilroy(at: Fixture.coordinate(Double(index % 170) - 85, Double(index % 359) - 179)))
            }
            _ = try await store.createKilroys(drops)
            try await client.query(PostgresQuery(unsafeSQL: "ANALYZE \(store.tables.kilroys)"), logger: logger)
            for owner in [nil, Fixture.alice] {
                var query = try PostgresKilroyStore.circleQuery(
                    center: Fixture.coordinate(10, 20), radius: 5_000, owner: owner, tables: store.tables)
                query.sql = "EXPLAIN " + query.sql
                let plan = try await client.query(query, logger: logger).collect().map { try $0.decode(String.self) }
                    .joined(separator: "\n")
                #expect(plan.contains("kilroys_position"), "\(plan)")
                #expect(!plan.contains("Seq Scan"), "\(plan)")
            }
        }
    }

    @Test("opening the store again applies no migration; a schema from a newer release is refused")
    func migrations() async throws {
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let logger = PostgresTestDatabase.quietLogger
            _ = try await PostgresKilroyStore.open(client: client, schema: schema.rawValue, logger: logger)
            #expect(try await PostgresKilroySchema.migrator.migrate(client: client, schema: schema, logger: logger) == [])
            try await client.query(
                PostgresQuery(unsafeSQL: "INSERT INTO \(schema.qualified("schema_migrations")) (id) VALUES ('v99-future')"), logger: logger)
            await #expect(throws: PostgresMigrationError.unknownMigrations(schema: schema.rawValue, ids: ["v99-future"])) {
                _ = try await PostgresKilroyStore.open(client: client, schema: schema.rawValue, logger: logger)
            }
        }
    }

    @Test("a schema name that is not a plain identifier is refused before any SQL")
    func badSchemaName() async throws {
        try await PostgresTestDatabase.withClient { client async throws in
            let logger = PostgresTestDatabase.quietLogger
            await #expect(throws: PostgresSchemaNameError.invalidCharacters) {
                _ = try await PostgresKilroyStore.open(client: client, schema: "kilroy\"; DROP TABLE x; --", logger: logger)
            }
        }
    }
}
