import Foundation

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
    /// The largest image accepted, bytes (10 MiB).
    public var maximumImageBytes: Int
    /// Reports from different devices that hide a kilroy.
    public var reportsToHide: Int
    /// The clock: when a kilroy is received and how rate-limit buckets refill. Injected by tests.
    public var now: @Sendable () -> Date

    /// The default limits: 30 drops, 30 uploads and 30 reports in a burst, then one of each
    /// every 2 seconds; 10 MiB images; hidden after 3 reports.
    public init(
        reciprocity: ReciprocityPolicy = .off,
        dropRateLimit: RateLimit? = RateLimit(burst: 30, perMinute: 30),
        uploadRateLimit: RateLimit? = RateLimit(burst: 30, perMinute: 30),
        reportRateLimit: RateLimit? = RateLimit(burst: 30, perMinute: 30),
        maximumImageBytes: Int = 10 * 1024 * 1024,
        reportsToHide: Int = 3,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.reciprocity = reciprocity
        self.dropRateLimit = dropRateLimit
        self.uploadRateLimit = uploadRateLimit
        self.reportRateLimit = reportRateLimit
        self.maximumImageBytes = maximumImageBytes
        self.reportsToHide = max(1, reportsToHide)
        self.now = now
    }
}
