import Foundation
import GRDB
import SQLiteStorage
import Storage
import TestSupport
import Testing

@Suite("Group commit")
struct GroupCommitWriterTests {
    static func withDatabase<T>(_ body: (any DatabaseWriter) async throws -> T) async throws -> T {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, value TEXT NOT NULL UNIQUE)")
        }
        let writer = try DatabaseOpener.openFile(at: folder.url.appendingPathComponent("items.sqlite"), migrator: migrator)
        return try await body(writer)
    }

    @Test("200 concurrent writers: each gets its own result, a failing one rolls back only itself")
    func concurrentWritesAndFailures() async throws {
        try await Self.withDatabase { writer in
            let batcher = GroupCommitWriter(writer: writer)
            let results = await withTaskGroup(of: (Int, Result<Int64, any Error>).self) { group in
                for number in 0..<200 {
                    group.addTask {
                        do {
                            let id = try await batcher.write { db -> Int64 in
                                try db.execute(sql: "INSERT INTO items (value) VALUES (?)", arguments: ["item-\(number)"])
                                let id = db.lastInsertedRowID
                                // Every tenth writer fails after its insert: the insert must not stay.
                                if number % 10 == 0 {
                                    try db.execute(sql: "INSERT INTO items (value) VALUES (?)", arguments: ["item-\(number)"])
                                }
                                return id
                            }
                            return (number, .success(id))
                        } catch {
                            return (number, .failure(error))
                        }
                    }
                }
                return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(results.count == 200)
            for (number, result) in results {
                switch result {
                case .success: #expect(number % 10 != 0, "writer \(number) should have failed")
                case .failure(let error):
                    #expect(number % 10 == 0, "writer \(number): \(error)")
                    #expect((error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT)
                }
            }
            let values = try await writer.read { db in try String.fetchSet(db, sql: "SELECT value FROM items") }
            #expect(values == Set((0..<200).filter { $0 % 10 != 0 }.map { "item-\($0)" }))
            let ids = results.values.compactMap { try? $0.get() }
            #expect(Set(ids).count == ids.count)
        }
    }

    @Test("a lone writer commits at once, and what it wrote is readable when it returns")
    func loneWriter() async throws {
        try await Self.withDatabase { writer in
            let batcher = GroupCommitWriter(writer: writer)
            for number in 0..<5 {
                try await batcher.write { db in try db.execute(sql: "INSERT INTO items (value) VALUES (?)", arguments: ["\(number)"]) }
                let count = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM items") }
                #expect(count == number + 1)
            }
        }
    }
}
