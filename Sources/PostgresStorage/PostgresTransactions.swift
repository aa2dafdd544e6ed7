public import Logging
public import PostgresNIO

/// The isolation level of one transaction (PostgreSQL's default is read committed).
public enum PostgresIsolationLevel: String, Hashable, Sendable {
    case readCommitted = "READ COMMITTED"
    case repeatableRead = "REPEATABLE READ"
    case serializable = "SERIALIZABLE"
}

extension PostgresClient {
    /// Runs `body` in one transaction, and runs it again (in a new transaction) when PostgreSQL
    /// aborted it for a serialization failure (SQLSTATE 40001) or a deadlock (40P01): the
    /// documented answer to both is "retry" — PostgreSQL's docs, 13.2 and 13.5 — and they happen
    /// under normal load when several server processes write the same rows.
    ///
    /// At most `maximumAttempts` tries, with a short random pause between them so the colliding
    /// transactions do not meet again. `body` must be safe to repeat: everything it did in the
    /// database was rolled back, but effects outside it (e.g. appending to an array) were not.
    ///
    /// - Throws: the error of the last attempt, unwrapped from postgres-nio's
    ///   `PostgresTransactionError` (so callers see the `PSQLError` or their own error).
    public func withRetryingTransaction<Result: Sendable>(
        isolation level: PostgresIsolationLevel = .readCommitted,
        readOnly: Bool = false,
        maximumAttempts: Int = 5,
        logger: Logger,
        actor: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        // The caller's isolation is forwarded, as postgres-nio's own helpers do, so `body` need
        // not be sendable.
        try await withConnection(isolation: actor) { connection in
            try await connection.withRetryingTransaction(
                isolation: level, readOnly: readOnly, maximumAttempts: maximumAttempts, logger: logger, actor: actor, body)
        }
    }

    /// Whether `error` is a serialization failure or a deadlock, which a new attempt can get past.
    public static func isRetryable(_ error: any Error) -> Bool {
        guard let state = sqlState(of: error) else { return false }
        return state == "40001" || state == "40P01"
    }

    /// The SQLSTATE of a server error (also inside a `PostgresTransactionError`), else `nil`.
    public static func sqlState(of error: any Error) -> String? {
        if let error = error as? PSQLError { return error.serverInfo?[.sqlState] }
        if let error = error as? PostgresTransactionError {
            return (error.closureError ?? error.commitError ?? error.beginError).flatMap { sqlState(of: $0) }
        }
        return nil
    }
}

extension PostgresConnection {
    /// ``PostgresClient/withRetryingTransaction(isolation:readOnly:maximumAttempts:logger:actor:_:)``
    /// on this connection: for work that must hold something of the session's (e.g. an advisory
    /// lock taken before the transaction begins) across its transactions.
    public func withRetryingTransaction<Result: Sendable>(
        isolation level: PostgresIsolationLevel = .readCommitted,
        readOnly: Bool = false,
        maximumAttempts: Int = 5,
        logger: Logger,
        actor: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        var attempt = 1
        while true {
            do {
                return try await withTransaction(logger: logger, isolation: actor) { connection in
                    if level != .readCommitted || readOnly {
                        let mode = "\(level.rawValue)\(readOnly ? " READ ONLY" : "")"
                        try await connection.query(PostgresQuery(unsafeSQL: "SET TRANSACTION ISOLATION LEVEL \(mode)"), logger: logger)
                    }
                    return try await body(connection)
                }
            } catch let error as PostgresTransactionError {
                let cause = error.closureError ?? error.commitError ?? error.beginError ?? error
                guard attempt < maximumAttempts, PostgresClient.isRetryable(cause) else { throw cause }
                logger.debug(
                    "Retrying a PostgreSQL transaction",
                    metadata: ["attempt": "\(attempt)", "sqlstate": "\(PostgresClient.sqlState(of: cause) ?? "")"])
                attempt += 1
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...(10 * attempt))))
            }
        }
    }
}
