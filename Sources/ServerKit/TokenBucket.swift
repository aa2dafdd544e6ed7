public import Foundation

/// Whether a rate-limited request may go ahead.
public enum RateDecision: Hashable, Sendable {
    case allowed
    /// Denied; a token is back after this many whole seconds (at least 1).
    case limited(retryAfterSeconds: Int)
}

/// One key's token bucket as a plain value: the arithmetic every rate limit shares. A cloud keeps
/// the buckets in its database, one row per key updated under a lock, so a limit holds across
/// every server process (a bucket in one process's memory would let a client that spreads its
/// requests over N instances send N times as much).
public struct TokenBucket: Hashable, Sendable {
    /// Tokens left, from 0 to the limit's burst (fractions refill continuously).
    public var tokens: Double
    /// When `tokens` was last computed.
    public var updated: Date

    public init(tokens: Double, updated: Date) {
        self.tokens = tokens
        self.updated = updated
    }

    /// A bucket seen for the first time: full.
    public static func full(_ limit: RateLimit, at date: Date) -> TokenBucket {
        TokenBucket(tokens: Double(limit.burst), updated: date)
    }

    /// The bucket at `date`: refilled at the limit's rate, never above its burst. A clock that went
    /// backwards refills nothing, and a stored value that is not a finite number counts as empty.
    public func refilled(_ limit: RateLimit, at date: Date) -> TokenBucket {
        let elapsed = max(0, date.timeIntervalSince(updated))
        let stored = tokens.isFinite ? min(max(0, tokens), Double(limit.burst)) : 0
        let refill = elapsed.isFinite ? elapsed * limit.perMinute / 60 : Double(limit.burst)
        return TokenBucket(tokens: min(Double(limit.burst), stored + refill), updated: max(date, updated))
    }

    /// Takes one token at `date` if there is one: the decision and the bucket to store (also when
    /// denied, so the refill is not computed twice).
    public func taking(_ limit: RateLimit, at date: Date) -> (decision: RateDecision, bucket: TokenBucket) {
        var bucket = refilled(limit, at: date)
        guard bucket.tokens >= 1 else {
            let wait = (1 - bucket.tokens) * 60 / limit.perMinute
            return (.limited(retryAfterSeconds: max(1, Int(min(wait.rounded(.up), 86_400)))), bucket)
        }
        bucket.tokens -= 1
        return (.allowed, bucket)
    }

    /// Whether the bucket is full at `date`, so forgetting it changes nothing.
    public func isFull(_ limit: RateLimit, at date: Date) -> Bool {
        refilled(limit, at: date).tokens >= Double(limit.burst)
    }
}
