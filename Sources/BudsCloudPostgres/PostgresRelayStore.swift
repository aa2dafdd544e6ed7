public import BudsCloud
public import Foundation
public import Logging
import NIOCore
public import PostgresNIO
import PostgresStorage
public import ServerKit

/// The relay's store on PostgreSQL, for several app-servers sharing one database: the same
/// answers as ``SQLiteRelayStore`` (one contract suite runs both), with every decision that must
/// hold across processes made under the database's locks.
///
/// All tables live in one schema (default `buds`, see `PostgresRelaySchema`) and every statement
/// names them qualified, so one `PostgresClient` can serve several clouds' stores. Each method is
/// one READ COMMITTED transaction, retried on a serialization failure or deadlock. A decision
/// locks what it reads before reading it: the row (`FOR UPDATE`, `FOR SHARE` to keep a circle's
/// version still while envelopes are queued at it), a row inserted first so that there is one to
/// lock (sign-in numbers, rate buckets), or, for what has no row of its own (an account being
/// created, a credential, a device id, a phone, a device's queue), a transaction-scoped advisory
/// lock on its name. Several locks are always taken in one order (sorted), so two transactions
/// never wait on each other in a cycle.
public struct PostgresRelayStore: BudsRelayStore {
    let client: PostgresClient
    let schema: PostgresSchemaName
    let logger: Logger
    let tables: Tables
    /// The prefix of this schema's advisory-lock names.
    let lockSpace: String

    /// The qualified table names, spliced into SQL (constants built from a validated schema name).
    struct Tables: Sendable {
        let sessions: String
        let numbers: String
        let accounts: String
        let deviceLists: String
        let devices: String
        let links: String
        let circles: String
        let members: String
        let invites: String
        let joinRequests: String
        let envelopes: String
        let queueEntries: String
        let rateBuckets: String

        init(_ schema: PostgresSchemaName) {
            sessions = schema.qualified("sign_in_sessions")
            numbers = schema.qualified("sign_in_numbers")
            accounts = schema.qualified("accounts")
            deviceLists = schema.qualified("device_lists")
            devices = schema.qualified("devices")
            links = schema.qualified("links")
            circles = schema.qualified("circles")
            members = schema.qualified("circle_members")
            invites = schema.qualified("invites")
            joinRequests = schema.qualified("join_requests")
            envelopes = schema.qualified("envelopes")
            queueEntries = schema.qualified("queue_entries")
            rateBuckets = schema.qualified("rate_buckets")
        }

        /// Every table, for tests that look at everything stored.
        var all: [String] {
            [
                sessions, numbers, accounts, deviceLists, devices, links, circles, members, invites, joinRequests, envelopes, queueEntries,
                rateBuckets,
            ]
        }
    }

    private init(client: PostgresClient, schema: PostgresSchemaName, logger: Logger) {
        self.client = client
        self.schema = schema
        self.logger = logger
        tables = Tables(schema)
        lockSpace = "buds:\(schema.rawValue):"
    }

    /// The store in `schema` of the database `client` connects to, migrated to this release's
    /// schema first (once, however many processes open it together). `client` must be running.
    ///
    /// - Throws: `PostgresSchemaNameError` for an unusable schema name,
    ///   `PostgresMigrationError` when the schema is newer than this code, or the database's error.
    public static func open(client: PostgresClient, schema: String = "buds", logger: Logger) async throws -> PostgresRelayStore {
        let store = try unmigrated(client: client, schema: schema, logger: logger)
        try await store.migrate()
        return store
    }

    /// The store in `schema`, not migrated yet: for a server that builds its routes before its
    /// connection pool runs (the pool is a service of the application), then calls ``migrate()``
    /// before it takes requests.
    ///
    /// - Throws: `PostgresSchemaNameError` for an unusable schema name.
    public static func unmigrated(client: PostgresClient, schema: String = "buds", logger: Logger) throws -> PostgresRelayStore {
        PostgresRelayStore(client: client, schema: try PostgresSchemaName(schema), logger: logger)
    }

    /// Brings the schema up to this release (once, however many processes migrate together).
    /// `client` must be running.
    ///
    /// - Throws: `PostgresMigrationError` when the schema is newer than this code, or the
    ///   database's error.
    public func migrate() async throws {
        try await PostgresRelaySchema.migrator.migrate(client: client, schema: schema, logger: logger)
    }

    public var backendName: String { "postgres" }

    public func checkHealth() async throws {
        try await client.withConnection { connection in
            try await Self.run(connection, "SELECT 1", logger: logger)
        }
    }

    // MARK: Phone sign-in

    public func updateSignIn<T: Sendable>(
        session: String?, number: PhoneDigest?, _ body: @Sendable (inout SignInRows) -> T
    ) async throws -> T {
        try await transaction { connection in
            var loaded = SignInRows()
            var digests: Set<PhoneDigest> = []
            if let session, let stored = try await fetchSession(connection, id: session) {
                loaded.sessions.append(stored)
                digests.insert(stored.number)
            }
            if let number { digests.insert(number) }
            var placeholders: Set<PhoneDigest> = []
            for digest in digests.sorted(by: { $0.hex < $1.hex }) {
                if let record = try await lockNumber(connection, digest) {
                    loaded.numbers[digest] = record
                } else {
                    placeholders.insert(digest)
                }
            }
            var rows = loaded
            let result = body(&rows)
            try await save(rows, loaded: loaded, placeholders: placeholders, connection)
            return result
        }
    }

    /// Locks `digest`'s number row until commit; its record, or `nil` when there was none.
    ///
    /// A missing row is inserted empty first (a placeholder, removed again by ``save`` unless the
    /// body keeps a record), so that two sign-ins of one new number still queue on one row: the
    /// second insert waits for the first transaction and then finds its row.
    private func lockNumber(_ connection: PostgresConnection, _ digest: PhoneDigest) async throws -> PhoneSignIn.NumberRecord? {
        let noSends: [Double] = []
        let inserted = try await Self.rows(
            connection,
            """
            INSERT INTO \(unescaped: tables.numbers) (digest, sends, last_send_at, consecutive_failures)
            VALUES (\(digest.hex), \(noSends), NULL, 0) ON CONFLICT (digest) DO NOTHING RETURNING 1
            """,
            logger: logger)
        let rows = try await Self.rows(
            connection,
            "SELECT sends, consecutive_failures FROM \(unescaped: tables.numbers) WHERE digest = \(digest.hex) FOR UPDATE",
            logger: logger)
        guard inserted.isEmpty, let row = rows.first else { return nil }
        let (sends, failures) = try row.decode(([Double], Int).self)
        return PhoneSignIn.NumberRecord(sends: sends.map { Date(timeIntervalSince1970: $0) }, consecutiveFailures: failures)
    }

    /// The session `id`, locked until commit.
    private func fetchSession(_ connection: PostgresConnection, id: String) async throws -> PhoneSignIn.Session? {
        let rows = try await Self.rows(
            connection,
            """
            SELECT number, last_action_at, sends, checks, code_digest, code_issued_at FROM \(unescaped: tables.sessions)
            WHERE id = \(id) FOR UPDATE
            """,
            logger: logger)
        guard let row = rows.first else { return nil }
        let (number, lastAction, sends, checks, code, issued) = try row.decode((String, Double, [Double], Int, Data, Double).self)
        return PhoneSignIn.Session(
            id: id, number: PhoneDigest(hex: number), lastActionAt: Date(timeIntervalSince1970: lastAction),
            sends: sends.map { Date(timeIntervalSince1970: $0) }, checks: checks, codeDigest: code,
            codeIssuedAt: Date(timeIntervalSince1970: issued))
    }

    /// Writes what a sign-in body left in `rows`: loaded sessions it removed are deleted, every
    /// session and number record it changed or added is upserted, and placeholders it kept no
    /// record for are removed.
    private func save(_ rows: SignInRows, loaded: SignInRows, placeholders: Set<PhoneDigest>, _ connection: PostgresConnection) async throws {
        let kept = Set(rows.sessions.map(\.id))
        for session in loaded.sessions where !kept.contains(session.id) {
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.sessions) WHERE id = \(session.id)", logger: logger)
        }
        for session in rows.sessions where !loaded.sessions.contains(session) {
            let sends = session.sends.map(\.timeIntervalSince1970)
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.sessions) (id, number, last_action_at, sends, checks, code_digest, code_issued_at)
                VALUES (\(session.id), \(session.number.hex), \(session.lastActionAt.timeIntervalSince1970), \(sends), \(session.checks),
                        \(session.codeDigest), \(session.codeIssuedAt.timeIntervalSince1970))
                ON CONFLICT (id) DO UPDATE SET number = excluded.number, last_action_at = excluded.last_action_at,
                    sends = excluded.sends, checks = excluded.checks, code_digest = excluded.code_digest,
                    code_issued_at = excluded.code_issued_at
                """,
                logger: logger)
        }
        for (digest, record) in rows.numbers where loaded.numbers[digest] != record {
            let sends = record.sends.map(\.timeIntervalSince1970)
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.numbers) (digest, sends, last_send_at, consecutive_failures)
                VALUES (\(digest.hex), \(sends), \(sends.max()), \(record.consecutiveFailures))
                ON CONFLICT (digest) DO UPDATE SET sends = excluded.sends, last_send_at = excluded.last_send_at,
                    consecutive_failures = excluded.consecutive_failures
                """,
                logger: logger)
        }
        for digest in placeholders where rows.numbers[digest] == nil {
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.numbers) WHERE digest = \(digest.hex)", logger: logger)
        }
    }

    // MARK: Rate limits

    public func takeRateToken(key: String, limit: RateLimit, at date: Date) async throws -> RateDecision {
        let full = TokenBucket.full(limit, at: date)
        return try await transaction { connection in
            // A bucket seen for the first time starts full; then its row is locked until commit,
            // so concurrent requests under one key, from any process, take tokens one at a time.
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.rateBuckets) (key, tokens, updated_at)
                VALUES (\(key), \(full.tokens), \(full.updated.timeIntervalSince1970))
                ON CONFLICT (key) DO NOTHING
                """,
                logger: logger)
            let rows = try await Self.rows(
                connection, "SELECT tokens, updated_at FROM \(unescaped: tables.rateBuckets) WHERE key = \(key) FOR UPDATE", logger: logger)
            guard let (tokens, updated) = try rows.first?.decode((Double, Double).self) else {
                preconditionFailure("the bucket row was inserted or locked in this transaction")
            }
            let (decision, bucket) = TokenBucket(tokens: tokens, updated: Date(timeIntervalSince1970: updated)).taking(limit, at: date)
            try await Self.run(
                connection,
                """
                UPDATE \(unescaped: tables.rateBuckets) SET tokens = \(bucket.tokens), updated_at = \(bucket.updated.timeIntervalSince1970)
                WHERE key = \(key)
                """,
                logger: logger)
            return decision
        }
    }

    // MARK: Transactions and rows

    /// One transaction, retried on 40001/40P01 (see `withRetryingTransaction`).
    func transaction<Result: Sendable>(
        isolation: PostgresIsolationLevel = .readCommitted, readOnly: Bool = false,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await client.withRetryingTransaction(isolation: isolation, readOnly: readOnly, logger: logger, body)
    }

    /// Takes this schema's advisory locks on `names` (each once, sorted, so every operation takes
    /// them in one order), held until the transaction ends.
    func lock(_ connection: PostgresConnection, _ names: [String]) async throws {
        for name in Set(names).sorted() {
            try await Self.run(connection, "SELECT pg_advisory_xact_lock(hashtextextended(\(lockSpace + name), 0))", logger: logger)
        }
    }

    /// Runs a statement and reads all its rows (a statement's rows must be read before the
    /// connection's next statement).
    static func rows(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await connection.query(query, logger: logger).collect()
    }

    /// Runs a statement whose rows (if any) are not needed.
    static func run(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger) async throws {
        _ = try await rows(connection, query, logger: logger)
    }

    /// `ids` as a `bytea[]` parameter.
    static func byteArrays(_ ids: some Sequence<Data>) -> [ByteBuffer] {
        ids.map { ByteBuffer(bytes: $0) }
    }
}
