public import Foundation

/// Per-key token buckets for one kind of write (a cloud keys them by device: Kilroy limits drops,
/// uploads and reports this way).
///
/// Buckets are kept in memory: a restart forgets them, which only ever lets a device send a
/// little more. Full buckets are forgotten once there are many, so the table stays bounded by
/// the devices active within the last refill period.
public actor TokenBucketLimiter {
    /// Whether a request may go ahead.
    public enum Decision: Equatable, Sendable {
        case allowed
        /// Denied; a token is back after this many whole seconds (at least 1).
        case limited(retryAfterSeconds: Int)
    }

    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let limit: RateLimit
    private var buckets: [String: Bucket] = [:]
    /// Above this many buckets, full ones are dropped before adding another.
    private let pruneThreshold: Int

    public init(limit: RateLimit, pruneThreshold: Int = 10_000) {
        self.limit = limit
        self.pruneThreshold = pruneThreshold
    }

    private var tokensPerSecond: Double { limit.perMinute / 60 }

    /// Takes a token from `key`'s bucket if there is one.
    public func acquire(_ key: String, now: Date) -> Decision {
        var bucket = refilled(buckets[key], now: now)
        guard bucket.tokens >= 1 else {
            let wait = (1 - bucket.tokens) / tokensPerSecond
            buckets[key] = bucket
            return .limited(retryAfterSeconds: max(1, Int(min(wait.rounded(.up), 86_400))))
        }
        bucket.tokens -= 1
        if buckets[key] == nil, buckets.count >= pruneThreshold {
            prune(now: now)
        }
        buckets[key] = bucket
        return .allowed
    }

    /// How many devices have a bucket (for tests of the pruning).
    public var bucketCount: Int { buckets.count }

    private func refilled(_ bucket: Bucket?, now: Date) -> Bucket {
        guard let bucket else { return Bucket(tokens: Double(limit.burst), updated: now) }
        // A clock that went backwards refills nothing.
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        let tokens = min(Double(limit.burst), bucket.tokens + elapsed * tokensPerSecond)
        return Bucket(tokens: tokens, updated: max(now, bucket.updated))
    }

    private func prune(now: Date) {
        buckets = buckets.filter { refilled($0.value, now: now).tokens < Double(limit.burst) }
    }
}
