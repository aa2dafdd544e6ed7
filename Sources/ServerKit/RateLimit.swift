/// A per-device token bucket: a device may send `burst` requests at once, then one more each
/// time a token comes back, `perMinute` tokens a minute.
public struct RateLimit: Hashable, Sendable {
    /// Requests a device may make in a quick burst (the bucket's size), at least 1.
    public var burst: Int
    /// Tokens returned to the bucket per minute, more than 0.
    public var perMinute: Double

    public init(burst: Int, perMinute: Double) {
        self.burst = max(1, burst)
        self.perMinute = perMinute.isFinite && perMinute > 0 ? perMinute : 1
    }
}
