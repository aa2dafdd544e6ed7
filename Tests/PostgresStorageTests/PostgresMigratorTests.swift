import Foundation
import Logging
import PostgresNIO
import PostgresStorage
import PostgresTestSupport
import Testing

@Suite(
    "PostgreSQL migrations and transactions",
    .enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipLine)))
struct PostgresMigratorTests {
    static let logger = PostgresTestDatabase.quietLogger

    /// Two migrations; the first also counts its runs in a table outside the migrated schema's
    /// transaction-visible state (a sequence, whose increments no rollback undoes).
    static func migrator(counter: String) -> PostgresMigrator {
        PostgresMigrator([
            PostgresMigration(id: "v1") { schema in
                [
                    "SELECT nextval('\(counter)')",
                    "CREATE TABLE \(schema.qualified("things")) (id bigint PRIMARY KEY)",
                ]
            },
            PostgresMigration(id: "v2") { connection, schema, logger in
                try await connection.query(
                    PostgresQuery(unsafeSQL: "ALTER TABLE \(schema.qualified("things")) ADD COLUMN name text"), logger: logger)
            },
        ])
    }

    @Test("8 processes migrating together: each migration runs once and every caller succeeds")
    func concurrentMigrations() async throws {
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let counter = "\(schema.quoted).\"migration_runs\""
            try await client.query(PostgresQuery(unsafeSQL: "CREATE SEQUENCE \(counter)"), logger: Self.logger)
            let target = try PostgresSchemaName(schema.rawValue + "_app")
            let applied = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await PostgresTestDatabase.withClient(maximumConnections: 1) { own async throws in
                            try await Self.migrator(counter: counter).migrate(client: own, schema: target, logger: Self.logger)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let runs = try await client.query(PostgresQuery(unsafeSQL: "SELECT last_value FROM \(counter)"), logger: Self.logger).collect()
            let recorded = try await client.query(
                PostgresQuery(unsafeSQL: "SELECT id FROM \(target.qualified("schema_migrations")) ORDER BY id"), logger: Self.logger
            ).collect().map { try $0.decode(String.self) }
            try await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(target.quoted) CASCADE"), logger: Self.logger)
            #expect(try runs.first?.decode(Int.self) == 1)
            #expect(applied.filter { $0 == ["v1", "v2"] }.count == 1)
            #expect(applied.filter { $0.isEmpty }.count == 7)
            #expect(recorded == ["v1", "v2"])
        }
    }

    @Test("a connection that looked for the schema before another process created it still migrates (app-server on a new database)")
    func connectionThatSawNoSchema() async throws {
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let target = try PostgresSchemaName(schema.rawValue + "_late")
            let other = try PostgresSchemaName(schema.rawValue + "_other")
            // The first migrator holds the lock for a while, in a migration that sleeps.
            let slow = PostgresMigrator([
                PostgresMigration(id: "v1") { schema in ["SELECT pg_sleep(0.5)", "CREATE TABLE \(schema.qualified("things")) (id int)"] }
            ])
            try await PostgresTestDatabase.withClient(maximumConnections: 1) { late async throws in
                async let first = slow.migrate(client: client, schema: target, logger: Self.logger)
                try await Task.sleep(for: .milliseconds(150))
                // A query of the app's that ran before the schema existed, as housekeeping does
                // when app-server starts on an empty database, while the first migrator's schema
                // is not committed yet.
                await #expect(throws: PSQLError.self) {
                    try await late.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(target.qualified("things"))"), logger: Self.logger)
                }
                // Another schema's migration on the same connection meanwhile, as app-server's
                // stores migrate one after the other.
                _ = try await PostgresMigrator([PostgresMigration(id: "v1") { schema in ["CREATE TABLE \(schema.qualified("t")) (id int)"] }])
                    .migrate(client: late, schema: other, logger: Self.logger)
                // Waits for the first, then must see the schema and the table it made.
                let second = try await slow.migrate(client: late, schema: target, logger: Self.logger)
                #expect(try await first == ["v1"])
                #expect(second == [])
            }
            try await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(target.quoted) CASCADE"), logger: Self.logger)
            try await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(other.quoted) CASCADE"), logger: Self.logger)
        }
    }

    @Test("a failing migration keeps nothing of its run; a database newer than the code is refused")
    func failureAndUnknown() async throws {
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let broken = PostgresMigrator([
                PostgresMigration(id: "v1") { schema in ["CREATE TABLE \(schema.qualified("a")) (id int)"] },
                PostgresMigration(id: "v2") { _ in ["SELECT no_such_function()"] },
            ])
            await #expect(throws: PSQLError.self) { try await broken.migrate(client: client, schema: schema, logger: Self.logger) }
            let tables = try await client.query(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = \(schema.rawValue)", logger: Self.logger
            ).collect()
            #expect(try tables.first?.decode(Int.self) == 0)

            let good = PostgresMigrator([PostgresMigration(id: "v1") { schema in ["CREATE TABLE \(schema.qualified("a")) (id int)"] }])
            #expect(try await good.migrate(client: client, schema: schema, logger: Self.logger) == ["v1"])
            #expect(try await good.migrate(client: client, schema: schema, logger: Self.logger) == [])
            let older = PostgresMigrator([])
            await #expect(throws: PostgresMigrationError.unknownMigrations(schema: schema.rawValue, ids: ["v1"])) {
                try await older.migrate(client: client, schema: schema, logger: Self.logger)
            }
        }
    }

    @Test("a serialization failure is retried until the transaction commits")
    func retriesSerializationFailures() async throws {
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let table = schema.qualified("counter")
            try await client.query(PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (id int PRIMARY KEY, value int NOT NULL)"), logger: Self.logger)
            try await client.query(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1, 0)"), logger: Self.logger)
            // 16 read-modify-write increments at SERIALIZABLE, all at once: without retries most
            // would fail with 40001; with them every increment lands exactly once.
            let attempts = Counter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        try await client.withRetryingTransaction(isolation: .serializable, maximumAttempts: 50, logger: Self.logger) {
                            connection in
                            attempts.increment()
                            let rows = try await connection.query(
                                PostgresQuery(unsafeSQL: "SELECT value FROM \(table) WHERE id = 1"), logger: Self.logger
                            ).collect()
                            let value = try rows[0].decode(Int.self)
                            try await Task.sleep(for: .milliseconds(5))
                            var update = PostgresQuery(unsafeSQL: "UPDATE \(table) SET value = $1 WHERE id = 1")
                            update.binds.append(value + 1)
                            try await connection.query(update, logger: Self.logger)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let rows = try await client.query(PostgresQuery(unsafeSQL: "SELECT value FROM \(table)"), logger: Self.logger).collect()
            #expect(try rows.first?.decode(Int.self) == 16)
            // Some attempts really collided and were run again.
            #expect(attempts.value > 16)
        }
    }

    @Test("other errors are not retried and reach the caller unwrapped")
    func otherErrorsPassThrough() async throws {
        try await PostgresTestDatabase.withClient { client async throws in
            let attempts = Counter()
            await #expect(throws: PSQLError.self) {
                try await client.withRetryingTransaction(logger: Self.logger) { connection in
                    attempts.increment()
                    try await connection.query("SELECT 1/0", logger: Self.logger)
                }
            }
            #expect(attempts.value == 1)
            let divisionError = await #expect(throws: PSQLError.self) {
                try await client.withRetryingTransaction(logger: Self.logger) { connection in
                    try await connection.query("SELECT 1/0", logger: Self.logger)
                }
            }
            #expect(divisionError.flatMap { PostgresClient.sqlState(of: $0) } == "22012")
        }
    }
}

/// A counter a non-escaping closure bumps. `@unchecked Sendable` is safe: `count` is only read
/// and written under `lock`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
