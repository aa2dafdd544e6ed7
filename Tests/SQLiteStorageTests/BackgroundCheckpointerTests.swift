import Dispatch
import Foundation
import GRDB
import TestSupport
import Testing

@testable import SQLiteStorage

/// A server store's write-ahead log is copied back by a connection of its own, so no commit
/// waits for a checkpoint until the log reaches the writer's limit.
///
/// The checkpoints run on a queue the tests hold suspended, so "the commit did not checkpoint"
/// shows as a database file that has not grown, and "the background did" as one that grows once
/// the queue runs.
@Suite("Background WAL checkpoints")
struct BackgroundCheckpointerTests {
    /// Rows of one page each (4,000 random bytes).
    static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE page (id INTEGER PRIMARY KEY, body BLOB NOT NULL)") }
        return migrator
    }

    /// Commits `commits` transactions of 100 one-page rows each.
    static func write(_ writer: any DatabaseWriter, commits: Int) async throws {
        for _ in 0..<commits {
            try await writer.write { db in
                try db.execute(
                    sql:
                        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO page (body) SELECT randomblob(4000) FROM n"
                )
            }
        }
    }

    static func fileSize(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    }

    /// Waits up to 10 s for `condition`.
    static func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try condition()
    }

    /// A database in `folder` whose background checkpoints wait on `work`, suspended. The caller
    /// resumes `work` exactly once (a suspended queue must not be released).
    static func heldBack(in folder: TemporaryDirectory) throws -> (url: URL, work: DispatchQueue, writer: any DatabaseWriter) {
        let url = folder.url.appendingPathComponent("db.sqlite")
        let work = DispatchQueue(label: "checkpoints held back")
        work.suspend()
        let checkpointer = BackgroundCheckpointer(path: url.path, busyTimeout: 5, work: work)
        do {
            let writer = try DatabaseOpener.openFile(
                at: url, migrator: migrator(), busyTimeout: 5, memoryMapBytes: nil, checkpointer: checkpointer)
            return (url, work, writer)
        } catch {
            work.resume()
            throw error
        }
    }

    @Test("commits past the threshold return without checkpointing; the background copies them back")
    func commitsDoNotCheckpoint() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (url, work, writer) = try Self.heldBack(in: folder)
        var resumed = false
        defer { if !resumed { work.resume() } }
        let before = try Self.fileSize(url)

        // 3,000 pages: three times SQLite's automatic threshold, far below the writer's limit.
        try await Self.write(writer, commits: 30)
        #expect(try Self.fileSize(url) == before, "a commit checkpointed")
        #expect(try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM page") } == 3_000)

        work.resume()
        resumed = true
        #expect(try await Self.eventually { try Self.fileSize(url) >= 2_000 * 4_096 }, "the background never checkpointed")
    }

    @Test("past the writer's limit the writer checkpoints itself, so the log stays bounded")
    func writerLimitBoundsTheLog() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (url, work, writer) = try Self.heldBack(in: folder)
        defer { work.resume() }

        let pages = Int(BackgroundCheckpointer.writerLimit) + 2_000
        try await Self.write(writer, commits: pages / 100)
        // The background never ran, yet the file holds what the log had reached at the limit.
        #expect(try Self.fileSize(url) >= (Int(BackgroundCheckpointer.writerLimit) - 1_000) * 4_096)
        // And the log restarted instead of growing by the 2,000 pages written after the limit.
        let log = url.deletingLastPathComponent().appendingPathComponent("db.sqlite-wal")
        #expect(try Self.fileSize(log) <= (Int(BackgroundCheckpointer.writerLimit) + 500) * 4_120)
        try await Self.write(writer, commits: 1)
        #expect(try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM page") } == pages / 100 * 100 + 100)
    }

    @Test("a store opened with background checkpoints keeps every commit across a reopen")
    func durableAcrossReopen() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("db.sqlite")
        do {
            let writer = try DatabaseOpener.openFile(at: url, migrator: Self.migrator(), checkpointing: .background)
            try await Self.write(writer, commits: 25)
            // A reader sees every commit at once, checkpointed or not.
            #expect(try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM page") } == 2_500)
        }
        let reopened = try DatabaseOpener.openFile(at: url, migrator: Self.migrator())
        #expect(try await reopened.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM page") } == 2_500)
    }
}
