public import Foundation

/// Exponential back-off for the upload queue: after the n-th failed attempt the item waits
/// `initialDelay · 2^(n−1)` seconds, at most `maximumDelay` (30 s, 1 min, 2 min, … 1 h by
/// default). No jitter: one device's retries do not synchronise with anyone else's, and a
/// deterministic schedule is testable.
public struct RetryPolicy: Hashable, Sendable {
    /// Seconds after the first failure.
    public let initialDelay: TimeInterval
    /// The longest wait, in seconds.
    public let maximumDelay: TimeInterval

    public init(initialDelay: TimeInterval = 30, maximumDelay: TimeInterval = 3600) {
        self.initialDelay = max(0, initialDelay)
        self.maximumDelay = max(self.initialDelay, maximumDelay)
    }

    /// Seconds to wait after `attempts` failed attempts (1 or more).
    public func delay(afterAttempts attempts: Int) -> TimeInterval {
        let exponent = Double(min(max(attempts, 1), 60) - 1)
        return min(maximumDelay, initialDelay * pow(2, exponent))
    }
}
