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

    @Test("a commit schedules a copy after 1,000 new pages, and after any new page past three quarters of the limit")
    func schedulingRule() {
        let eager = BackgroundCheckpointer.eagerFrom
        #expect(eager == BackgroundCheckpointer.writerLimit / 4 * 3)
        // Far from the limit: SQLite's threshold.
        #expect(!BackgroundCheckpointer.schedulesCheckpoint(logPages: 999, copied: 0))
        #expect(BackgroundCheckpointer.schedulesCheckpoint(logPages: 1_000, copied: 0))
        #expect(!BackgroundCheckpointer.schedulesCheckpoint(logPages: 5_998, copied: 5_000))
        #expect(!BackgroundCheckpointer.schedulesCheckpoint(logPages: eager - 1, copied: eager - 2))
        // Near it: any page not yet copied.
        #expect(BackgroundCheckpointer.schedulesCheckpoint(logPages: eager, copied: eager - 1))
        #expect(BackgroundCheckpointer.schedulesCheckpoint(logPages: BackgroundCheckpointer.writerLimit - 1, copied: eager))
        // Nothing new: nothing to copy.
        #expect(!BackgroundCheckpointer.schedulesCheckpoint(logPages: eager + 10, copied: eager + 10))
    }

    /// Writes `pages` pages with checkpoints held back, lets the background copy them all, then
    /// commits one more row while a reader keeps the log from restarting, and runs whatever that
    /// commit scheduled. Returns the database file's size before and after that last step.
    static func oneRowAfterCopying(pages: Int) async throws -> (before: Int, after: Int) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (url, work, writer) = try Self.heldBack(in: folder)
        var suspended = true
        defer { if suspended { work.resume() } }
        try await Self.write(writer, commits: pages / 100)

        // A read transaction on the newest state: every page may be copied, but the log cannot
        // restart while it lasts, so the next commit is appended after the copied pages.
        var readerConfiguration = Configuration()
        readerConfiguration.allowsUnsafeTransactions = true
        let reader = try DatabaseQueue(path: url.path, configuration: readerConfiguration)
        try reader.inDatabase { db in
            try db.execute(sql: "BEGIN DEFERRED")
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM page")
        }
        work.resume()
        suspended = false
        let copiedAll = try await Self.eventually { try Self.fileSize(url) >= pages * 4_096 }
        try #require(copiedAll, "the background never copied the first pages")
        work.sync {}
        work.suspend()
        suspended = true
        let before = try Self.fileSize(url)

        try await writer.write { db in try db.execute(sql: "INSERT INTO page (body) VALUES (randomblob(4000))") }
        try reader.inDatabase { db in try db.execute(sql: "COMMIT") }
        work.resume()
        suspended = false
        // Runs after any checkpoint the commit scheduled.
        work.sync {}
        return (before, try Self.fileSize(url))
    }

    @Test("near the writer's limit, the background copies even a one-row commit")
    func eagerNearTheLimit() async throws {
        let sizes = try await Self.oneRowAfterCopying(pages: Int(BackgroundCheckpointer.eagerFrom) + 100)
        #expect(sizes.after > sizes.before, "a commit near the limit was left in the log")
    }

    @Test("far from the writer's limit, a one-row commit waits for 1,000 pages")
    func lazyFarFromTheLimit() async throws {
        let sizes = try await Self.oneRowAfterCopying(pages: 2_100)
        #expect(sizes.after == sizes.before, "a one-row commit far from the limit was copied at once")
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
