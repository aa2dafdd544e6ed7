import Foundation
import GRDB
import Storage
import TestSupport
import Testing

@testable import SQLiteStorage

/// `PRAGMA mmap_size` is a server store's option: device apps keep SQLite's default.
@Suite("DatabaseOpener memory map")
struct DatabaseOpenerMemoryMapTests {
    static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
        return migrator
    }

    static func mmapSize(memoryMapBytes: Int?) async throws -> Int? {
        let folder = ScratchFolder.url("opener-mmap")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("db.sqlite")
        let writer = try DatabaseOpener.openFile(at: url, migrator: migrator(), memoryMapBytes: memoryMapBytes)
        return try await writer.read { db in try Int.fetchOne(db, sql: "PRAGMA mmap_size") }
    }

    @Test("without the option a file is not memory-mapped")
    func defaultUnmapped() async throws {
        #expect(try await Self.mmapSize(memoryMapBytes: nil) == 0)
    }

    @Test("the option maps the file on every reading connection")
    func mapped() async throws {
        #expect(try await Self.mmapSize(memoryMapBytes: 64 << 20) == 64 << 20)
    }
}
