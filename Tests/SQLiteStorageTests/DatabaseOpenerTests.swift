import Foundation
import GRDB
import Storage
import TestSupport
import Testing

@testable import SQLiteStorage

/// A migrator that counts how often its migration body actually runs.
private func makeMigrator(counter: URL) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
        try db.create(table: "author") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
        }
        try db.create(table: "book") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("author", onDelete: .cascade).notNull()
        }
        let runs = (try? Data(contentsOf: counter)).map { $0.count } ?? 0
        try Data(repeating: 1, count: runs + 1).write(to: counter)
    }
    return migrator
}

@Suite("DatabaseOpener")
struct DatabaseOpenerTests {
    @Test("opening a file creates its folder, uses WAL, foreign keys, a busy timeout, a 16 MiB page cache and temporary files in memory")
    func openFileConfiguration() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("nested/deeper/app.sqlite")
        let writer = try DatabaseOpener.openFile(at: url, migrator: makeMigrator(counter: temp.url.appendingPathComponent("count")))
        #expect(writer is DatabasePool)
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(writer.configuration.foreignKeysEnabled)
        let journalMode = try writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(journalMode == "wal")
        let foreignKeys = try writer.read { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") }
        #expect(foreignKeys == 1)
        let writerForeignKeys = try writer.write { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") }
        #expect(writerForeignKeys == 1)
        let busyTimeout = try writer.write { try Int.fetchOne($0, sql: "PRAGMA busy_timeout") }
        #expect(busyTimeout == 5_000)
        let readerCache = try writer.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        let writerCache = try writer.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        #expect(readerCache == -16_384 && writerCache == -16_384)
        // 2 = MEMORY: statement journals never spill to temporary files.
        let readerTempStore = try writer.read { try Int.fetchOne($0, sql: "PRAGMA temp_store") }
        let writerTempStore = try writer.write { try Int.fetchOne($0, sql: "PRAGMA temp_store") }
        #expect(readerTempStore == 2 && writerTempStore == 2)
    }

    @Test("foreign keys are enforced")
    func foreignKeysEnforced() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let writer = try DatabaseOpener.openFile(
            at: temp.url.appendingPathComponent("app.sqlite"),
            migrator: makeMigrator(counter: temp.url.appendingPathComponent("count"))
        )
        #expect(throws: DatabaseError.self) {
            try writer.write { try $0.execute(sql: "INSERT INTO book (authorId) VALUES (42)") }
        }
    }

    @Test("migrations run once: a second open of the same file does not re-run them")
    func migrationsRunOnce() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("app.sqlite")
        let counter = temp.url.appendingPathComponent("count")
        do {
            let writer = try DatabaseOpener.openFile(at: url, migrator: makeMigrator(counter: counter))
            try writer.write { try $0.execute(sql: "INSERT INTO author (name) VALUES ('Ann')") }
        }
        let reopened = try DatabaseOpener.openFile(at: url, migrator: makeMigrator(counter: counter))
        #expect(try Data(contentsOf: counter).count == 1)
        let names = try reopened.read { try String.fetchAll($0, sql: "SELECT name FROM author") }
        #expect(names == ["Ann"])
        let applied = try reopened.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied == ["v1"])
    }

    @Test("FTS5 is available")
    func fts5Available() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let writer = try DatabaseOpener.openFile(at: temp.url.appendingPathComponent("app.sqlite"), migrator: DatabaseMigrator())
        let hits = try writer.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE t USING fts5(x)")
            try db.execute(sql: "INSERT INTO t (x) VALUES ('manta ray cleaning station'), ('wreck dive')")
            return try String.fetchAll(db, sql: "SELECT x FROM t WHERE t MATCH 'manta'")
        }
        #expect(hits == ["manta ray cleaning station"])
    }

    @Test("a path that is a directory fails with pathIsDirectory naming the path")
    func directoryPath() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        #expect(throws: StorageError.pathIsDirectory(path: temp.url.path)) {
            _ = try DatabaseOpener.openFile(at: temp.url, migrator: DatabaseMigrator())
        }
    }

    @Test("a parent that is a regular file fails with cannotCreateDirectory")
    func parentIsFile() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let blocker = temp.url.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        #expect {
            _ = try DatabaseOpener.openFile(at: blocker.appendingPathComponent("app.sqlite"), migrator: DatabaseMigrator())
        } throws: { error in
            guard case StorageError.cannotCreateDirectory(let path, _) = error else { return false }
            return path == blocker.path
        }
    }

    @Test("a file that is not a database fails with cannotOpenDatabase or migrationFailed naming the path")
    func notADatabase() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("app.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: url)
        #expect {
            _ = try DatabaseOpener.openFile(at: url, migrator: makeMigrator(counter: temp.url.appendingPathComponent("count")))
        } throws: { error in
            switch error as? StorageError {
            case .cannotOpenDatabase(let path, _), .migrationFailed(let path, _):
                return path == url.path && (error as? StorageError)?.errorDescription?.contains(url.path) == true
            default:
                return false
            }
        }
    }

    @Test("a failing migration is reported as migrationFailed")
    func failingMigration() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("broken") { db in
            try db.execute(sql: "CREATE TABLE nope (")
        }
        let url = temp.url.appendingPathComponent("app.sqlite")
        #expect {
            _ = try DatabaseOpener.openFile(at: url, migrator: migrator)
        } throws: { error in
            guard case StorageError.migrationFailed(let path, let reason) = error else { return false }
            return path == url.path && !reason.isEmpty
        }
    }

    @Test("in-memory databases are migrated, independent and enforce foreign keys")
    func inMemory() throws {
        let counter = ScratchFolder.fileURL("count")
        defer { try? FileManager.default.removeItem(at: counter) }
        let first = try DatabaseOpener.openInMemory(migrator: makeMigrator(counter: counter))
        let second = try DatabaseOpener.openInMemory(migrator: makeMigrator(counter: counter))
        #expect(first is DatabaseQueue)
        try first.write { try $0.execute(sql: "INSERT INTO author (name) VALUES ('Ann')") }
        #expect(try second.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM author") } == 0)
        #expect(try first.read { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1)
        #expect(throws: DatabaseError.self) {
            try first.write { try $0.execute(sql: "INSERT INTO book (authorId) VALUES (42)") }
        }
    }

    @Test("the database opener creates a missing folder 0700")
    func databaseFolderIsPrivate() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let folder = temp.url.appendingPathComponent("db/inner", isDirectory: true)
        _ = try DatabaseOpener.openFile(at: folder.appendingPathComponent("app.sqlite"), migrator: DatabaseMigrator())
        #expect(Self.mode(folder) == 0o700)
        #expect(Self.mode(temp.url.appendingPathComponent("db")) == 0o700)
    }

    private static func mode(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
    }

    /// An older release must not run on a file a newer one migrated: its first query would
    /// fail on whatever the newer migrations renamed (Kilroy's v8 renames a table), or worse.
    @Test("a database with migrations this code does not know is refused, unchanged, naming them")
    func newerDatabaseRefused() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("app.sqlite")
        let counter = temp.url.appendingPathComponent("count")
        var newer = makeMigrator(counter: counter)
        newer.registerMigration("v2-newer") { db in try db.execute(sql: "ALTER TABLE book RENAME TO volume") }
        do { _ = try DatabaseOpener.openFile(at: url, migrator: newer) }
        var older = makeMigrator(counter: counter)
        older.registerMigration("v1b-older-only") { db in try db.execute(sql: "CREATE TABLE older_only (id INTEGER)") }
        #expect {
            _ = try DatabaseOpener.openFile(at: url, migrator: older)
        } throws: { error in
            guard case .migrationFailed(let path, let reason) = error as? StorageError else { return false }
            return path == url.path && reason.contains("v2-newer") && reason.contains("newer release")
        }
        // Nothing was migrated: the older code's own migration did not run.
        let reopened = try DatabaseOpener.openFile(at: url, migrator: newer)
        #expect(try reopened.read { db in try db.tableExists("older_only") } == false)
    }
}
