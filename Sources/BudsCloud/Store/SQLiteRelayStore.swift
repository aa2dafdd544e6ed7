public import Foundation
import GRDB
import SQLiteStorage
public import ServerKit
public import Storage
import Synchronization

/// The relay's embedded store: one SQLite file (WAL) through GRDB, for a relay that runs as one
/// app-server (or several on one machine sharing the file).
///
/// Each method is one transaction. Every read-then-write decision (a version, a single use, a
/// queue's cap, a rate limit) runs in a `BEGIN IMMEDIATE` transaction, which takes the file's
/// write lock before reading, so decisions of any two connections — in this process or another
/// on the same file — never interleave. The tables are in ``RelaySchema``; the rules are
/// ``BudsRelayStore``'s, shared with `PostgresRelayStore` through one contract suite.
public struct SQLiteRelayStore: BudsRelayStore {
    let writer: any DatabaseWriter

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Opens (creating and migrating if needed) the database file at `url`.
    ///
    /// - Throws: `StorageError` naming the path.
    public static func open(at url: URL) throws(StorageError) -> SQLiteRelayStore {
        SQLiteRelayStore(writer: try DatabaseOpener.openFile(at: url, migrator: RelaySchema.migrator, checkpointing: .background))
    }

    /// A new, empty store in memory, for tests and development.
    public static func inMemory() throws(StorageError) -> SQLiteRelayStore {
        SQLiteRelayStore(writer: try DatabaseOpener.openInMemory(migrator: RelaySchema.migrator))
    }

    public var backendName: String { "sqlite" }

    public func checkHealth() async throws {
        _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    // MARK: Phone sign-in

    public func updateSignIn<T: Sendable>(
        session: String?, number: PhoneDigest?, _ body: @Sendable (inout SignInRows) -> T
    ) async throws -> T {
        // GRDB runs a write in an escaping closure; `body` may not escape. It is lent to that
        // closure through a slot that is emptied before `withoutActuallyEscaping` returns, so
        // nothing holds `body` afterwards even if GRDB releases its closure late.
        try await withoutActuallyEscaping(body) { escapable in
            let slot = SignInBodySlot(escapable)
            defer { slot.empty() }
            return try await writer.immediateWrite { db in
                let loaded = try Self.signInRows(db, session: session, number: number)
                var rows = loaded
                let result = try slot.run(&rows)
                try Self.save(rows, loaded: loaded, db)
                return result
            }
        }
    }

    /// The session `id` (if stored) with its number's record, and `number`'s record (if stored).
    static func signInRows(_ db: Database, session id: String?, number: PhoneDigest?) throws -> SignInRows {
        var rows = SignInRows()
        var digests: [PhoneDigest] = []
        if let id, let session = try fetchSession(db, id: id) {
            rows.sessions.append(session)
            digests.append(session.number)
        }
        if let number { digests.append(number) }
        for digest in digests where rows.numbers[digest] == nil {
            if let record = try fetchNumber(db, digest: digest) { rows.numbers[digest] = record }
        }
        return rows
    }

    /// Writes what a sign-in body left in `rows`: loaded sessions it removed are deleted, every
    /// session and number record it changed or added is upserted.
    static func save(_ rows: SignInRows, loaded: SignInRows, _ db: Database) throws {
        let kept = Set(rows.sessions.map(\.id))
        for session in loaded.sessions where !kept.contains(session.id) {
            try db.execute(sql: "DELETE FROM sign_in_sessions WHERE id = ?", arguments: [session.id])
        }
        for session in rows.sessions where !loaded.sessions.contains(session) {
            try db.execute(
                sql: """
                    INSERT INTO sign_in_sessions (id, number, last_action_at, sends, checks, code_digest, code_issued_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET number = excluded.number, last_action_at = excluded.last_action_at,
                        sends = excluded.sends, checks = excluded.checks, code_digest = excluded.code_digest,
                        code_issued_at = excluded.code_issued_at
                    """,
                arguments: [
                    session.id, session.number.hex, session.lastActionAt.timeIntervalSince1970, TimeList.encode(session.sends),
                    session.checks, session.codeDigest, session.codeIssuedAt.timeIntervalSince1970,
                ])
        }
        for (digest, record) in rows.numbers where loaded.numbers[digest] != record {
            try db.execute(
                sql: """
                    INSERT INTO sign_in_numbers (digest, sends, last_send_at, consecutive_failures) VALUES (?, ?, ?, ?)
                    ON CONFLICT(digest) DO UPDATE SET sends = excluded.sends, last_send_at = excluded.last_send_at,
                        consecutive_failures = excluded.consecutive_failures
                    """,
                arguments: [
                    digest.hex, TimeList.encode(record.sends), record.sends.max()?.timeIntervalSince1970, record.consecutiveFailures,
                ])
        }
    }

    static func fetchSession(_ db: Database, id: String) throws -> PhoneSignIn.Session? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT number, last_action_at, sends, checks, code_digest, code_issued_at FROM sign_in_sessions WHERE id = ?",
                arguments: [id])
        else { return nil }
        guard let sends = TimeList.decode(try row.decode(Data.self, atIndex: 2)) else {
            throw RelayStoreError.corruptRow(table: "sign_in_sessions")
        }
        return PhoneSignIn.Session(
            id: id, number: PhoneDigest(hex: try row.decode(String.self, atIndex: 0)),
            lastActionAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 1)), sends: sends,
            checks: try row.decode(Int.self, atIndex: 3), codeDigest: try row.decode(Data.self, atIndex: 4),
            codeIssuedAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 5)))
    }

    static func fetchNumber(_ db: Database, digest: PhoneDigest) throws -> PhoneSignIn.NumberRecord? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT sends, consecutive_failures FROM sign_in_numbers WHERE digest = ?", arguments: [digest.hex])
        else { return nil }
        guard let sends = TimeList.decode(try row.decode(Data.self, atIndex: 0)) else {
            throw RelayStoreError.corruptRow(table: "sign_in_numbers")
        }
        return PhoneSignIn.NumberRecord(sends: sends, consecutiveFailures: try row.decode(Int.self, atIndex: 1))
    }

    // MARK: Rate limits

    public func takeRateToken(key: String, limit: RateLimit, at date: Date) async throws -> RateDecision {
        try await writer.immediateWrite { db in
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
}

/// The caller's sign-in body, lent to the one write transaction that runs it.
///
/// The body reaches GRDB's escaping write closure only through this slot, which
/// ``SQLiteRelayStore/updateSignIn(session:number:_:)`` empties once the transaction has
/// returned: however late GRDB releases its closure, that closure holds the slot, never the body.
final class SignInBodySlot<Result>: Sendable {
    private let body: Mutex<(@Sendable (inout SignInRows) -> Result)?>

    init(_ body: @escaping @Sendable (inout SignInRows) -> Result) {
        self.body = Mutex(body)
    }

    /// Runs the body over `rows`.
    ///
    /// - Throws: `CancellationError` if the slot was emptied first (the caller stopped waiting).
    func run(_ rows: inout SignInRows) throws -> Result {
        guard let body = body.withLock({ $0 }) else { throw CancellationError() }
        return body(&rows)
    }

    func empty() {
        body.withLock { $0 = nil }
    }
}
