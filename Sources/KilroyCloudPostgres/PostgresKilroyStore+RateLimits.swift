public import Foundation
public import KilroyCloud
import PostgresNIO
public import ServerKit

/// Per-device token buckets, one row each, updated under a row lock.
extension PostgresKilroyStore {

    public func takeRateToken(owner: DeviceDigest, action: RateLimitedAction, limit: RateLimit, at date: Date) async throws
        -> RateDecision
    {
        let ownerBytes = Data(owner.bytes)
        let full = TokenBucket.full(limit, at: date)
        return try await transaction { connection in
            // A bucket seen for the first time starts full; then its row is locked until commit,
            // so concurrent requests of one device, from any process, take tokens one at a time.
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.rateBuckets) (owner, action, tokens, updated_at)
                VALUES (\(ownerBytes), \(action.rawValue), \(full.tokens), \(full.updated.timeIntervalSince1970))
                ON CONFLICT (owner, action) DO NOTHING
                """,
                logger: logger)
            let rows = try await Self.rows(
                connection,
                """
                SELECT tokens, updated_at FROM \(unescaped: tables.rateBuckets)
                WHERE owner = \(ownerBytes) AND action = \(action.rawValue) FOR UPDATE
                """,
                logger: logger)
            guard let (tokens, updated) = try rows.first?.decode((Double, Double).self) else {
                preconditionFailure("the bucket row was inserted or locked in this transaction")
            }
            let (decision, bucket) = TokenBucket(tokens: tokens, updated: Date(timeIntervalSince1970: updated)).taking(limit, at: date)
            try await Self.run(
                connection,
                """
                UPDATE \(unescaped: tables.rateBuckets) SET tokens = \(bucket.tokens), updated_at = \(bucket.updated.timeIntervalSince1970)
                WHERE owner = \(ownerBytes) AND action = \(action.rawValue)
                """,
                logger: logger)
            return decision
        }
    }
}
