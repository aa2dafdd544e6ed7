public import Foundation
public import Logging
import NIOCore
public import PostgresNIO
import PostgresStorage
public import ServerKit
public import UmiLogCloud

/// The sync server's store on PostgreSQL, for several app-servers sharing one database: the same
/// answers as `SQLiteSyncStore` (one contract suite runs both), with every decision that must hold
/// across processes made under the database's locks.
///
/// All tables live in one schema (default `umilog`, see `PostgresSyncSchema`) and every statement
/// names them qualified, so one `PostgresClient` can serve several clouds' stores. Each method is
/// one READ COMMITTED transaction, retried on a serialization failure or deadlock. A decision about
/// an account (a push, a device, a key slot, a blob) locks the account's row `FOR UPDATE` before it
/// reads anything else, so an account's decisions take turns and its sequence numbers are committed
/// in order: a reader never sees seq 10 before seq 9. A rate bucket is locked by its row. Database
/// failures come out as `SyncStoreError.storeFailed` with PostgreSQL's SQLSTATE and message.
public struct PostgresSyncStore: UmiLogSyncStore {
    let client: PostgresClient
    let schema: PostgresSchemaName
    let logger: Logger
    let tables: Tables

    /// The qualified table names, spliced into SQL (constants built from a validated schema name).
    struct Tables: Sendable {
        let accounts: String
        let devices: String
        let keySlots: String
        let changes: String
        let blobs: String
        let rateBuckets: String

        init(_ schema: PostgresSchemaName) {
            accounts = schema.qualified("accounts")
            devices = schema.qualified("devices")
            keySlots = schema.qualified("key_slots")
            changes = schema.qualified("changes")
            blobs = schema.qualified("blobs")
            rateBuckets = schema.qualified("rate_buckets")
        }
    }

    private init(client: PostgresClient, schema: PostgresSchemaName, logger: Logger) {
        self.client = client
        self.schema = schema
        self.logger = logger
        tables = Tables(schema)
    }

    /// The store in `schema` of the database `client` connects to, migrated to this release's
    /// schema first (once, however many processes open it together). `client` must be running.
    ///
    /// - Throws: `PostgresSchemaNameError` for an unusable schema name,
    ///   `PostgresMigrationError` when the schema is newer than this code, or the database's error.
    public static func open(client: PostgresClient, schema: String = "umilog", logger: Logger) async throws
        -> PostgresSyncStore
    {
        let store = try unmigrated(client: client, schema: schema, logger: logger)
        try await store.migrate()
        return store
    }

    /// The store in `schema`, not migrated yet: for a server that builds its routes before its
    /// connection pool runs (the pool is a service of the application), then calls ``migrate()``
    /// before it takes requests.
    ///
    /// - Throws: `PostgresSchemaNameError` for an unusable schema name.
    public static func unmigrated(client: PostgresClient, schema: String = "umilog", logger: Logger) throws
        -> PostgresSyncStore
    {
        PostgresSyncStore(client: client, schema: try PostgresSchemaName(schema), logger: logger)
    }

    /// Brings the schema up to this release (once, however many processes migrate together).
    /// `client` must be running.
    ///
    /// - Throws: `PostgresMigrationError` when the schema is newer than this code, or the
    ///   database's error.
    public func migrate() async throws {
        try await PostgresSyncSchema.migrator.migrate(client: client, schema: schema, logger: logger)
    }

    public var backendName: String { "postgres" }

    public func checkHealth() async throws {
        try await transaction(readOnly: true) { connection in
            try await Self.run(connection, "SELECT 1", logger: logger)
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

    /// One transaction, retried on 40001/40P01 (see `withRetryingTransaction`); the database's
    /// errors as ``SyncStoreError/storeFailed(reason:)``.
    func transaction<Result: Sendable>(
        isolation: PostgresIsolationLevel = .readCommitted, readOnly: Bool = false,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            return try await client.withRetryingTransaction(isolation: isolation, readOnly: readOnly, logger: logger, body)
        } catch let error as SyncStoreError {
            throw error
        } catch let error as PSQLError {
            // The SQLSTATE and PostgreSQL's primary message, which quotes no value (values are in
            // the detail, which is left out).
            let state = error.serverInfo?[.sqlState] ?? "\(error.code)"
            let message = error.serverInfo?[.message].map { ": \($0)" } ?? ""
            throw SyncStoreError.storeFailed(reason: "PostgreSQL error \(state)\(message)")
        }
    }

    /// Locks the account's row until commit: its last sequence number and use.
    ///
    /// - Throws: ``SyncStoreError/noSuchAccount`` without a row.
    func lockAccount(_ connection: PostgresConnection, _ id: UUID) async throws -> (lastSeq: Int64, usedBytes: Int64) {
        let rows = try await Self.rows(
            connection, "SELECT last_seq, used_bytes FROM \(unescaped: tables.accounts) WHERE id = \(id) FOR UPDATE", logger: logger)
        guard let row = rows.first else { throw SyncStoreError.noSuchAccount }
        return try row.decode((Int64, Int64).self)
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

    /// Byte strings as a `bytea[]` parameter.
    static func byteArrays(_ values: some Sequence<Data>) -> [ByteBuffer] {
        values.map { ByteBuffer(bytes: $0) }
    }
}
