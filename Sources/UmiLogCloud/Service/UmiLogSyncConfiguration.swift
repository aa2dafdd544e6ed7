public import Foundation
public import ServerKit

/// How the UmiLog sync server behaves: its clock, the sizes and counts it accepts, its abuse
/// limits and the proxies it believes. Chosen at start-up by `app-server`; tests shrink limits to
/// reach them.
///
/// The server holds no secret of its own (every secret stays on the diver's devices), so unlike
/// the Buds relay there is no key here.
public struct UmiLogSyncConfiguration: Sendable {
    /// The clock: signature freshness, rate-limit refills, when changes and devices arrived.
    public var now: @Sendable () -> Date
    /// The sizes and counts a request may reach.
    public var limits: Limits
    /// The abuse limits; `nil` members are not limited.
    public var rateLimits: RateLimits
    /// How many reverse proxies, each appending to `X-Forwarded-For`, stand in front of the
    /// server; 0 (the default) believes no header and counts clients by their connection.
    public var trustedProxies: Int

    public init(
        now: @escaping @Sendable () -> Date = Date.init, limits: Limits = Limits(), rateLimits: RateLimits = RateLimits(),
        trustedProxies: Int = 0
    ) {
        self.now = now
        self.limits = limits
        self.rateLimits = rateLimits
        self.trustedProxies = max(0, trustedProxies)
    }

    /// The sizes and counts the contract states (`openapi.yaml`), each at least 1.
    public struct Limits: Sendable, Hashable {
        /// The largest JSON request body read, bytes (4 MiB: a push of 500 changes fits).
        public var maximumJSONBodyBytes: Int
        /// The largest sealed blob stored, bytes (16 MiB).
        public var maximumBlobBytes: Int
        /// The bytes one account may store, sealed changes and blobs together (1 GiB).
        public var quotaBytesPerAccount: Int64
        /// The most devices one account has (10).
        public var maximumDevices: Int
        /// The most key slots one account has (8).
        public var maximumKeySlots: Int
        /// The most changes one push carries (500).
        public var maximumChangesPerPush: Int
        /// The largest sealed change, bytes (256 KiB).
        public var maximumSealedChangeBytes: Int
        /// The most sealed bytes one push carries, all changes together (4 MiB).
        public var maximumPushBytes: Int
        /// A pull page's size when the request names none (500).
        public var defaultPullLimit: Int
        /// The largest pull page a request may ask for (1000).
        public var maximumPullLimit: Int
        /// The sealed bytes after which a pull page stops, past its first change (4 MiB).
        public var maximumPullBytes: Int

        public init(
            maximumJSONBodyBytes: Int = 4 * 1024 * 1024,
            maximumBlobBytes: Int = 16 * 1024 * 1024,
            quotaBytesPerAccount: Int64 = 1024 * 1024 * 1024,
            maximumDevices: Int = 10,
            maximumKeySlots: Int = 8,
            maximumChangesPerPush: Int = 500,
            maximumSealedChangeBytes: Int = 256 * 1024,
            maximumPushBytes: Int = 4 * 1024 * 1024,
            defaultPullLimit: Int = 500,
            maximumPullLimit: Int = 1000,
            maximumPullBytes: Int = 4 * 1024 * 1024
        ) {
            self.maximumJSONBodyBytes = max(1024, maximumJSONBodyBytes)
            self.maximumBlobBytes = max(1, maximumBlobBytes)
            self.quotaBytesPerAccount = max(1, quotaBytesPerAccount)
            self.maximumDevices = max(1, maximumDevices)
            self.maximumKeySlots = max(1, maximumKeySlots)
            self.maximumChangesPerPush = max(1, maximumChangesPerPush)
            self.maximumSealedChangeBytes = max(1, maximumSealedChangeBytes)
            self.maximumPushBytes = max(1, maximumPushBytes)
            self.maximumPullLimit = max(1, maximumPullLimit)
            self.defaultPullLimit = min(max(1, defaultPullLimit), self.maximumPullLimit)
            self.maximumPullBytes = max(1, maximumPullBytes)
        }
    }

    /// The token buckets, kept in the store so they hold across server processes. Anonymous
    /// operations are counted per client address; reading key slots also per account, so an
    /// account's slots cannot be collected quickly from many addresses; signed operations per
    /// device.
    public struct RateLimits: Sendable, Hashable {
        /// Accounts one network address may create: 10 at once, then one a minute.
        public var accountCreationsPerAddress: RateLimit?
        /// Device registrations one network address may attempt: 10 at once, then one a minute.
        public var deviceRegistrationsPerAddress: RateLimit?
        /// Key-slot reads one network address may make: 10 at once, then one a minute.
        public var keySlotReadsPerAddress: RateLimit?
        /// Key-slot reads of one account, from anywhere: 10 at once, then one a minute.
        public var keySlotReadsPerAccount: RateLimit?
        /// Signed requests one device may make: 300 at once, then two a second.
        public var requestsPerDevice: RateLimit?

        public init(
            accountCreationsPerAddress: RateLimit? = RateLimit(burst: 10, perMinute: 1),
            deviceRegistrationsPerAddress: RateLimit? = RateLimit(burst: 10, perMinute: 1),
            keySlotReadsPerAddress: RateLimit? = RateLimit(burst: 10, perMinute: 1),
            keySlotReadsPerAccount: RateLimit? = RateLimit(burst: 10, perMinute: 1),
            requestsPerDevice: RateLimit? = RateLimit(burst: 300, perMinute: 120)
        ) {
            self.accountCreationsPerAddress = accountCreationsPerAddress
            self.deviceRegistrationsPerAddress = deviceRegistrationsPerAddress
            self.keySlotReadsPerAddress = keySlotReadsPerAddress
            self.keySlotReadsPerAccount = keySlotReadsPerAccount
            self.requestsPerDevice = requestsPerDevice
        }

        /// No limits at all, for load tests that measure the server rather than the limiter.
        public static let none = RateLimits(
            accountCreationsPerAddress: nil, deviceRegistrationsPerAddress: nil, keySlotReadsPerAddress: nil,
            keySlotReadsPerAccount: nil, requestsPerDevice: nil)
    }
}

/// What a rate limit of the sync server counts, and the prefix of its buckets' keys.
enum SyncRateLimitedAction: String, Sendable, CaseIterable {
    case accountCreationByAddress = "account-address"
    case deviceRegistrationByAddress = "device-address"
    case keySlotReadByAddress = "slots-address"
    case keySlotReadByAccount = "slots-account"
    case signedRequestByDevice = "device"

    /// What a refusal calls the requests, e.g. "Too many account creations".
    var pluralNoun: String {
        switch self {
        case .accountCreationByAddress: "account creations"
        case .deviceRegistrationByAddress: "device registrations"
        case .keySlotReadByAddress, .keySlotReadByAccount: "key-slot reads"
        case .signedRequestByDevice: "requests"
        }
    }
}

extension UmiLogSyncConfiguration.RateLimits {
    /// The limit on `action`, if any.
    func limit(for action: SyncRateLimitedAction) -> RateLimit? {
        switch action {
        case .accountCreationByAddress: accountCreationsPerAddress
        case .deviceRegistrationByAddress: deviceRegistrationsPerAddress
        case .keySlotReadByAddress: keySlotReadsPerAddress
        case .keySlotReadByAccount: keySlotReadsPerAccount
        case .signedRequestByDevice: requestsPerDevice
        }
    }
}
