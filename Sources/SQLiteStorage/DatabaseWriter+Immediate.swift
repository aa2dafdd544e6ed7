public import GRDB

extension DatabaseWriter {
    /// Runs `body` in a transaction that takes the write lock at once (`BEGIN IMMEDIATE`), so a
    /// read-then-write decision (a quota, a balance, a claim) cannot interleave with another
    /// connection's, in this process or another on the same file. Commits when `body` returns,
    /// rolls back when it throws.
    public func immediateWrite<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await writeWithoutTransaction { db in
            var result: T?
            try db.inTransaction(.immediate) {
                result = try body(db)
                return .commit
            }
            guard let result else { preconditionFailure("a committed transaction sets its result") }
            return result
        }
    }
}
