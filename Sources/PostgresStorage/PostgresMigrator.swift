public import Foundation
public import Logging
public import PostgresNIO

/// One step of a store's schema, applied once per schema and never edited afterwards (a change
/// is a new migration, so existing databases upgrade).
public struct PostgresMigration: Sendable {
    /// Recorded in `schema_migrations` once applied; unique within a migrator.
    public let id: String
    let apply: @Sendable (PostgresConnection, PostgresSchemaName, Logger) async throws -> Void

    /// A migration that runs code on the migrating connection, inside the migration transaction.
    public init(id: String, apply: @escaping @Sendable (PostgresConnection, PostgresSchemaName, Logger) async throws -> Void) {
        self.id = id
        self.apply = apply
    }

    /// A migration made of SQL statements, run in order (one statement per string, since
    /// postgres-nio's extended protocol runs one at a time). Build table names with
    /// ``PostgresSchemaName/qualified(_:)``.
    public init(id: String, statements: @escaping @Sendable (PostgresSchemaName) -> [String]) {
        self.init(id: id) { connection, schema, logger in
            for statement in statements(schema) {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }
}

/// Applies a store's migrations to its schema at start-up.
///
/// Everything happens in ONE transaction, begun once the connection holds `pg_advisory_lock` on
/// a key derived from the schema name: when N server processes start together, one migrates and
/// the others wait, then find every migration recorded and apply none. A failure rolls back every
/// migration of the run. The schema and its `schema_migrations(id, applied_at)` table are created
/// when missing.
public struct PostgresMigrator: Sendable {
    public let migrations: [PostgresMigration]

    /// - Precondition: the ids are unique (a programming error otherwise).
    public init(_ migrations: [PostgresMigration]) {
        precondition(Set(migrations.map(\.id)).count == migrations.count, "migration ids must be unique")
        self.migrations = migrations
    }

    /// Applies the migrations not yet recorded in `schema`, in order; returns the ids applied.
    ///
    /// - Throws: ``PostgresMigrationError/unknownMigrations(schema:ids:)`` when the schema records
    ///   migrations this code does not know (the database was migrated by a newer release);
    ///   otherwise the database's error (nothing of the run is kept).
    @discardableResult
    public func migrate(client: PostgresClient, schema: PostgresSchemaName, logger: Logger) async throws -> [String] {
        let known = migrations.map(\.id)
        let key = schema.advisoryLockKey("migrations")
        let applied: [String] = try await client.withConnection { connection in
            // The session's lock, taken BEFORE the transaction begins: a transaction brings its
            // connection's catalog caches up to date when it begins, not when a statement in it
            // waits for an advisory lock. Taken inside, a pooled connection that had looked for
            // the schema before another process created it (an app query that failed for want of
            // it) kept "no such schema", and its CREATE SCHEMA IF NOT EXISTS hit the duplicate.
            try await connection.query("SELECT pg_advisory_lock(\(key))", logger: logger)
            do {
                let applied = try await apply(on: connection, schema: schema, known: known, logger: logger)
                try await connection.query("SELECT pg_advisory_unlock(\(key))", logger: logger)
                return applied
            } catch {
                // A connection that broke has lost the lock with its session.
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(key))", logger: logger)
                throw error
            }
        }
        if !applied.isEmpty {
            logger.info("Applied PostgreSQL migrations", metadata: ["schema": "\(schema)", "migrations": "\(applied)"])
        }
        return applied
    }

    /// Creates the schema and its `schema_migrations` when missing and applies what is not
    /// recorded, in one transaction on `connection` (which holds the migration lock).
    private func apply(on connection: PostgresConnection, schema: PostgresSchemaName, known: [String], logger: Logger) async throws
        -> [String]
    {
        try await connection.withRetryingTransaction(logger: logger) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema.quoted)"), logger: logger)
            let table = schema.qualified("schema_migrations")
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: "CREATE TABLE IF NOT EXISTS \(table) (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"),
                logger: logger)
            var recorded: Set<String> = []
            for try await id in try await connection.query(PostgresQuery(unsafeSQL: "SELECT id FROM \(table)"), logger: logger)
                .decode(String.self)
            {
                recorded.insert(id)
            }
            let unknown = recorded.subtracting(known)
            guard unknown.isEmpty else {
                throw PostgresMigrationError.unknownMigrations(schema: schema.rawValue, ids: unknown.sorted())
            }
            var applied: [String] = []
            for migration in migrations where !recorded.contains(migration.id) {
                try await migration.apply(connection, schema, logger)
                var insert = PostgresQuery(unsafeSQL: "INSERT INTO \(table) (id) VALUES ($1)")
                insert.binds.append(migration.id)
                try await connection.query(insert, logger: logger)
                applied.append(migration.id)
            }
            return applied
        }
    }
}

/// Why migrating a schema failed, beyond the database's own errors.
public enum PostgresMigrationError: Error, Hashable, Sendable {
    /// The schema records migrations this code does not have: a newer release migrated it.
    case unknownMigrations(schema: String, ids: [String])
}

extension PostgresMigrationError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unknownMigrations(let schema, let ids):
            "The PostgreSQL schema \(schema) was migrated by a newer release (unknown migrations: \(ids.joined(separator: ", "))); run that release or newer."
        }
    }
}
