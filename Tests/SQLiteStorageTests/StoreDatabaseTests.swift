import Foundation
import GRDB
import SQLiteStorage
import Testing

private enum SampleError: StoreFailure, Equatable {
    // The case itself satisfies `StoreFailure.storeFailed(reason:)`.
    case rule(String)
    case storeFailed(reason: String)

}

private struct Unrelated: Error {}

@Suite("StoreDatabase: one error type out of the database")
struct StoreDatabaseTests {
    private func database() throws -> StoreDatabase<SampleError> {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE item (name TEXT NOT NULL UNIQUE)") }
        return StoreDatabase(try DatabaseOpener.openInMemory(migrator: migrator))
    }

    @Test("a write commits and a read sees it")
    func roundTrip() async throws {
        let database = try database()
        try await database.write { db in try db.execute(sql: "INSERT INTO item VALUES ('a')") }
        #expect(try await database.read { db in try String.fetchAll(db, sql: "SELECT name FROM item") } == ["a"])
    }

    @Test("the app's own error passes through unchanged and rolls the write back")
    func ownErrorPassesThrough() async throws {
        let database = try database()
        await #expect(throws: SampleError.rule("no")) {
            try await database.write { db in
                try db.execute(sql: "INSERT INTO item VALUES ('a')")
                throw SampleError.rule("no")
            }
        }
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") } == 0)
    }

    @Test("SQLite's failures and others become storeFailed with a message")
    func databaseErrorIsMapped() async throws {
        let database = try database()
        try await database.write { db in try db.execute(sql: "INSERT INTO item VALUES ('a')") }
        let error = await #expect(throws: SampleError.self) {
            try await database.write { db in try db.execute(sql: "INSERT INTO item VALUES ('a')") }
        }
        guard case .storeFailed(let reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(reason.contains("UNIQUE"))
        let other = await #expect(throws: SampleError.self) {
            try await database.read { _ in throw Unrelated() }
        }
        guard case .storeFailed = other else {
            Issue.record("unexpected \(String(describing: other))")
            return
        }
    }
}
