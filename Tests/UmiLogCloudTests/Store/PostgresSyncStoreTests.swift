import Foundation
import PostgresNIO
import PostgresStorage
import PostgresTestSupport
import Testing

@testable import UmiLogCloudPostgres

/// What only the PostgreSQL sync store has: its migrations and its schema name.
@Suite(
    "PostgreSQL sync store",
    .enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipLine)))
struct PostgresSyncStoreTests {
    @Test("opening the store again applies no migration; a schema from a newer release is refused")
    func migrations() async throws {
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let logger = PostgresTestDatabase.quietLogger
            _ = try await PostgresSyncStore.open(client: client, schema: schema.rawValue, logger: logger)
            #expect(try await PostgresSyncSchema.migrator.migrate(client: client, schema: schema, logger: logger) == [])
            try await client.query(
                PostgresQuery(unsafeSQL: "INSERT INTO \(schema.qualified("schema_migrations")) (id) VALUES ('v99-future')"), logger: logger)
            await #expect(throws: PostgresMigrationError.unknownMigrations(schema: schema.rawValue, ids: ["v99-future"])) {
                _ = try await PostgresSyncStore.open(client: client, schema: schema.rawValue, logger: logger)
            }
        }
    }

    @Test("a schema name that is not a plain identifier is refused before any SQL")
    func badSchemaName() async throws {
        try await PostgresTestDatabase.withClient { client async throws in
            let logger = PostgresTestDatabase.quietLogger
            #expect(throws: PostgresSchemaNameError.invalidCharacters) {
                _ = try PostgresSyncStore.unmigrated(client: client, schema: "umilog\"; DROP TABLE x; --", logger: logger)
            }
        }
    }
}
