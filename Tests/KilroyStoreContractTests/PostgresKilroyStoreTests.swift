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

    /// The log keeps an hour of changes; a process whose near cache is further behind than what
    /// was pruned loads every position again instead of missing a change.
    @Test("the change log is pruned after an hour, and a near cache behind the pruning reloads")
    func pruning() async throws {
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let logger = PostgresTestDatabase.quietLogger
            let behind = try await PostgresKilroyStore.open(client: client, schema: schema.rawValue, logger: logger)
            let writer = try await PostgresKilroyStore.open(client: client, schema: schema.rawValue, logger: logger)
            _ = try await writer.insertImage(Fixture.image())
            let center = Fixture.coordinate(10, 20)
            let first = Fixture.kilroy(at: center)
            _ = try await writer.createKilroy(first)
            // Bob's own drop, far away, so that he may report.
            _ = try await writer.createKilroy(Fixture.kilroy(owner: Fixture.bob, at: Fixture.coordinate(-40, 20)))
            for _ in 0..<2 { _ = try await behind.nearby(center: center, radius: 100, limit: 10) { _ in .include } }
            #expect(behind.nearCache.recordCount == 1)

            let second = Fixture.kilroy(at: Fixture.coordinate(10, 20.0001))
            _ = try await writer.createKilroy(second)
            #expect(
                try await writer.reportKilroy(
                    id: first.id, reporter: Fixture.bob, reason: nil, at: Fixture.epoch, hideThreshold: 5, policy: .off)
                    == .counted(reportCount: 1, hidden: false))
            // An hour passes for every logged change, and the writer prunes.
            try await client.query(
                PostgresQuery(unsafeSQL: "UPDATE \(writer.tables.kilroyChanges) SET changed_at = now() - interval '2 hours'"), logger: logger)
            try await writer.pruneChanges()
            let left = try await client.query(
                PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(writer.tables.kilroyChanges)"), logger: logger
            ).collect().first?.decode(Int.self)
            #expect(left == 0)

            let answer = try await behind.nearby(center: center, radius: 100, limit: 10) { _ in .include }
            #expect(answer.kilroys.map(\.kilroy.id) == [first.id, second.id])
            #expect(answer.kilroys.first?.kilroy == (try await writer.kilroy(id: first.id)))
        }
    }

    /// A bulk load logs a change per row; its first pruning, an hour later, must not be one
    /// transaction over all of them.
    @Test("maintenance prunes a backlog larger than a batch, batch by batch, and keeps the last hour's changes")
    func pruningInBatches() async throws {
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let logger = PostgresTestDatabase.quietLogger
            let store = try await PostgresKilroyStore.open(client: client, schema: schema.rawValue, logger: logger)
            let changes = store.tables.kilroyChanges
            let backlog = PostgresKilroyStore.pruneBatch * 2 + 500
            try await client.query(
                PostgresQuery(
                    unsafeSQL: """
                        INSERT INTO \(changes) (num, changed_at)
                        SELECT n, now() - interval '2 hours' + n * interval '1 millisecond' FROM generate_series(1, \(backlog)) n
                        """), logger: logger)
            _ = try await store.insertImage(Fixture.image())
            let recent = Fixture.kilroy(at: Fixture.coordinate(10, 20))
            _ = try await store.createKilroy(recent)
            let newest = try await client.query(
                PostgresQuery(unsafeSQL: "SELECT max(xid)::text FROM \(changes) WHERE changed_at < now() - interval '1 hour'"), logger: logger
            ).collect().first?.decode(String.self)

            #expect(try await store.pruneChanges() == backlog)
            let left = try await client.query(
                PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(changes)"), logger: logger
            ).collect().first?.decode(Int.self)
            #expect(left == 1)
            let through = try await client.query(
                PostgresQuery(unsafeSQL: "SELECT through::text FROM \(store.tables.kilroyChangesPruned)"), logger: logger
            ).collect().first?.decode(String.self)
            #expect(through != nil && through == newest)
            // Nothing older than an hour is left: a second round deletes nothing, and the near
            // cache still finds the recent kilroy.
            try await store.performMaintenance()
            #expect(try await store.pruneChanges() == 0)
            let answer = try await store.nearby(center: recent.coordinate, radius: 100, limit: 10) { _ in .include }
            #expect(answer.kilroys.map(\.kilroy.id) == [recent.id])
        }
    }

    @Test("a TRUNCATE of the kilroys reaches every near cache: they load again and find nothing")
    func truncate() async throws {
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let logger = PostgresTestDatabase.quietLogger
            let store = try await PostgresKilroyStore.open(client: client, schema: schema.rawValue, logger: logger)
            _ = try await store.insertImage(Fixture.image())
            let center = Fixture.coordinate(10, 20)
            _ = try await store.createKilroy(Fixture.kilroy(at: center))
            // Twice: the second answer comes from the kept record.
            for _ in 0..<2 {
                #expect(try await store.nearby(center: center, radius: 100, limit: 10) { _ in .include }.kilroys.count == 1)
            }
            #expect(store.nearCache.recordCount == 1)
            try await client.query(PostgresQuery(unsafeSQL: "TRUNCATE \(store.tables.kilroys) CASCADE"), logger: logger)
            #expect(try await store.nearby(center: center, radius: 100, limit: 10) { _ in .include }.kilroys.isEmpty)
        }
    }
}
