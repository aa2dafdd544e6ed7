public import Foundation
public import ServerKit

/// How the Kilroy cloud behaves: its reciprocity policy and its abuse limits. Chosen at start-up.
public struct KilroyCloudConfiguration: Sendable {
    /// Who sees whose kilroys (default ``ReciprocityPolicy/off``).
    public var reciprocity: ReciprocityPolicy
    /// Kilroys one device may create; `nil` for no limit (benchmarks).
    public var dropRateLimit: RateLimit?
    /// Images one device may upload; `nil` for no limit.
    public var uploadRateLimit: RateLimit?
    /// Reports one device may send; `nil` for no limit.
    public var reportRateLimit: RateLimit?
    /// Claims of legacy device ids one device may send (they are guesses of an old id when
    /// they fail); `nil` for no limit.
    public var claimRateLimit: RateLimit?
    /// New images one device may upload per window, counted in the database; `nil` for no quota.
    public var uploadQuota: UploadQuota?
    /// How long an upload no kilroy uses is kept before it is collected, seconds (1 hour).
    public var orphanGracePeriod: TimeInterval
    /// The largest image accepted, bytes (10 MiB).
    public var maximumImageBytes: Int
    /// Reports from different devices that hide a kilroy.
    public var reportsToHide: Int
    /// The clock: when a kilroy is received and how rate-limit buckets refill. Injected by tests.
    public var now: @Sendable () -> Date

    /// The default limits: 30 drops, 30 uploads and 30 reports in a burst, then one of each
    /// every 2 seconds; 5 claims, then one a minute; the ``UploadQuota/default`` quota; orphaned
    /// uploads collected after an hour; 10 MiB images; hidden after 3 reports.
    public init(
        reciprocity: ReciprocityPolicy = .off,
        dropRateLimit: RateLimit? = RateLimit(burst: 30, perMinute: 30),
        uploadRateLimit: RateLimit? = RateLimit(burst: 30, perMinute: 30),
        reportRateLimit: RateLimit? = RateLimit(burst: 30, perMinute: 30),
        claimRateLimit: RateLimit? = RateLimit(burst: 5, perMinute: 1),
        uploadQuota: UploadQuota? = .default,
        orphanGracePeriod: TimeInterval = 3_600,
        maximumImageBytes: Int = 10 * 1024 * 1024,
        reportsToHide: Int = 3,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.reciprocity = reciprocity
        self.dropRateLimit = dropRateLimit
        self.uploadRateLimit = uploadRateLimit
        self.reportRateLimit = reportRateLimit
        self.claimRateLimit = claimRateLimit
        self.uploadQuota = uploadQuota
        self.orphanGracePeriod = orphanGracePeriod.isFinite ? max(0, orphanGracePeriod) : 3_600
        self.maximumImageBytes = maximumImageBytes
        self.reportsToHide = max(1, reportsToHide)
        self.now = now
    }
}

extension KilroyCloudConfiguration {
    /// Removes every per-device request rate limit (drops, uploads, reports, claims), for load
    /// tests that measure the server rather than the limiter. Quotas on stored bytes stay.
    public mutating func liftRateLimits() {
        dropRateLimit = nil
        uploadRateLimit = nil
        reportRateLimit = nil
        claimRateLimit = nil
    }

    /// The limit on `action`, if any.
    func rateLimit(for action: RateLimitedAction) -> RateLimit? {
        switch action {
        case .drop: dropRateLimit
        case .upload: uploadRateLimit
        case .report: reportRateLimit
        case .claim: claimRateLimit
        }
    }
}

extension RateLimitedAction {
    /// What a refusal calls the requests, e.g. "Too many drops".
    var pluralNoun: String {
        switch self {
        case .drop: "drops"
        case .upload: "uploads"
        case .report: "reports"
        case .claim: "claims"
        }
    }
}
