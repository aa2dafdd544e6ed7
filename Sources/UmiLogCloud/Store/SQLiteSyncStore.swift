public import Foundation
import GRDB
import SQLiteStorage
public import ServerKit
public import Storage

/// The sync server's embedded store: one SQLite file (WAL) through GRDB, for a server that runs as
/// one app-server (or several on one machine sharing the file).
///
/// Each method is one transaction. Every read-then-write decision (an account's next sequence
/// number, a change id's first content, the device and slot caps, the quota, a rate limit) runs in
/// a `BEGIN IMMEDIATE` transaction, which takes the file's write lock before reading, so decisions
/// of any two connections — in this process or another on the same file — never interleave, and a
/// reader never sees a sequence number committed before a smaller one. The tables are in
/// `SyncSchema`; the rules are ``UmiLogSyncStore``'s, shared with `PostgresSyncStore` through one
/// contract suite. Database failures come out as ``SyncStoreError/storeFailed(reason:)``.
public struct SQLiteSyncStore: UmiLogSyncStore {
    let writer: any DatabaseWriter

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Opens (creating and migrating if needed) the database file at `url` (the server's is
    /// `<data>/umilog-sync.sqlite`).
    ///
    /// - Throws: `StorageError` naming the path.
    public static func open(at url: URL) throws(StorageError) -> SQLiteSyncStore {
        SQLiteSyncStore(writer: try DatabaseOpener.openFile(at: url, migrator: SyncSchema.migrator, checkpointing: .background))
    }

    /// A new, empty store in memory, for tests and development.
    public static func inMemory() throws(StorageError) -> SQLiteSyncStore {
        SQLiteSyncStore(writer: try DatabaseOpener.openInMemory(migrator: SyncSchema.migrator))
    }

    public var backendName: String { "sqlite" }

    public func checkHealth() async throws {
        _ = try await read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    // MARK: Rate limits

    public func takeRateToken(key: String, limit: RateLimit, at date: Date) async throws -> RateDecision {
        try await decide { db in
            let row = try Row.fetchOne(db, sql: "SELECT tokens, updated_at FROM rate_buckets WHERE key = ?", arguments: [key])
            let stored = row.map { TokenBucket(tokens: $0[0], updated: Date(timeIntervalSince1970: $0[1])) }
            let (decision, bucket) = (stored ?? .full(limit, at: date)).taking(limit, at: date)
            try db.execute(
                sql: """
                    INSERT INTO rate_buckets (key, tokens, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT(key) DO UPDATE SET tokens = excluded.tokens, updated_at = excluded.updated_at
                    """,
                arguments: [key, bucket.tokens, bucket.updated.timeIntervalSince1970])
            return decision
        }
    }

    // MARK: Transactions

    /// A read-then-write decision in one `BEGIN IMMEDIATE` transaction.
    func decide<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            return try await writer.immediateWrite(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    /// A read in one snapshot.
    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    /// The store's own errors as they are; the database's as `storeFailed` with SQLite's message
    /// (which names no argument of the statement).
    static func mapped(_ error: any Error) -> any Error {
        switch error {
        case let error as SyncStoreError: error
        case is CancellationError: error
        case let error as DatabaseError: SyncStoreError.storeFailed(reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        default: SyncStoreError.storeFailed(reason: error.localizedDescription)
        }
    }

    /// The UUID in a TEXT column of `table`.
    static func uuid(_ row: Row, _ index: Int, table: String) throws -> UUID {
        guard let text = row[index] as String?, let id = UUID(uuidString: text) else { throw SyncStoreError.corruptRow(table: table) }
        return id
    }

    static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: seconds)
    }
}
