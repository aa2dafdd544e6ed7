public import Crypto
public import Foundation
public import ServerKit

/// How the Buds relay behaves: its secret key, the sign-in rules, its clock, its abuse limits and
/// how long it keeps what it routes. Chosen at start-up by `app-server`.
///
/// The key is the one thing every relay process must share and no one else may see: it keys the
/// digests phone numbers are kept as and the MACs of sign-in codes, so a copy of the database
/// alone gives neither back. It is never printed: the configuration's description leaves it out.
public struct BudsRelayConfiguration: Sendable, CustomStringConvertible, CustomReflectable {
    /// The relay's secret (256 bits), for phone digests, code MACs and the digests of client
    /// addresses that rate limits are kept under.
    public var key: SymmetricKey
    /// The phone sign-in rules: code lifetime, checks, send delays, daily caps, countries.
    public var signIn: PhoneSignIn.Settings
    /// The clock: expiry of codes, links and invitations, rate-limit refills, queue times.
    public var now: @Sendable () -> Date
    /// Sign-ins one network address may start; `nil` for no limit.
    public var signInStartsPerAddress: RateLimit?
    /// Sign-ins one phone number may start (on top of the rules' daily cap); `nil` for no limit.
    public var signInStartsPerNumber: RateLimit?
    /// Link channels one network address may open; `nil` for no limit.
    public var linkOpensPerAddress: RateLimit?
    /// Envelopes one device may send; `nil` for no limit.
    public var envelopeSendsPerDevice: RateLimit?
    /// Requests to join a circle one device may send; `nil` for no limit.
    public var joinsPerDevice: RateLimit?
    /// The most envelopes one device's queue holds; a send that would pass it is refused (409).
    public var maximumQueue: Int
    /// How long queued envelopes, and the ids of envelopes sent, are kept, seconds.
    public var retention: TimeInterval
    /// How long an invitation stays open, seconds.
    public var inviteLifetime: TimeInterval
    /// How long a link channel stays open, seconds.
    public var linkLifetime: TimeInterval
    /// The largest JSON request body read, bytes: room for the largest envelope in base64.
    public var maximumJSONBodyBytes: Int
    /// The largest encrypted photo stored, bytes.
    public var maximumBlobBytes: Int
    /// How many reverse proxies, each appending to `X-Forwarded-For`, stand in front of the
    /// relay; 0 (the default) believes no header and counts clients by their connection.
    public var trustedProxies: Int

    /// The defaults: a sign-in start 10 at once then one every 2 minutes per address, and 3
    /// then one every 10 minutes per number; 10 link channels then one a minute per address;
    /// 120 envelopes then one a second per device; 10 joins then one a minute per device; queues
    /// of 5,000; 30 days' retention; invitations for 7 days, links for 10 minutes; 160 KiB of
    /// JSON and 12 MiB photos.
    public init(
        key: SymmetricKey,
        signIn: PhoneSignIn.Settings = PhoneSignIn.Settings(),
        now: @escaping @Sendable () -> Date = Date.init,
        signInStartsPerAddress: RateLimit? = RateLimit(burst: 10, perMinute: 0.5),
        signInStartsPerNumber: RateLimit? = RateLimit(burst: 3, perMinute: 0.1),
        linkOpensPerAddress: RateLimit? = RateLimit(burst: 10, perMinute: 1),
        envelopeSendsPerDevice: RateLimit? = RateLimit(burst: 120, perMinute: 60),
        joinsPerDevice: RateLimit? = RateLimit(burst: 10, perMinute: 1),
        maximumQueue: Int = 5_000,
        retention: TimeInterval = 30 * 86_400,
        inviteLifetime: TimeInterval = 7 * 86_400,
        linkLifetime: TimeInterval = 600,
        maximumJSONBodyBytes: Int = 160 * 1024,
        maximumBlobBytes: Int = 12 * 1024 * 1024,
        trustedProxies: Int = 0
    ) {
        self.key = key
        self.signIn = signIn
        self.now = now
        self.signInStartsPerAddress = signInStartsPerAddress
        self.signInStartsPerNumber = signInStartsPerNumber
        self.linkOpensPerAddress = linkOpensPerAddress
        self.envelopeSendsPerDevice = envelopeSendsPerDevice
        self.joinsPerDevice = joinsPerDevice
        self.maximumQueue = max(1, maximumQueue)
        self.retention = retention.isFinite ? max(0, retention) : 30 * 86_400
        self.inviteLifetime = inviteLifetime.isFinite ? max(0, inviteLifetime) : 7 * 86_400
        self.linkLifetime = linkLifetime.isFinite ? max(0, linkLifetime) : 600
        self.maximumJSONBodyBytes = max(1024, maximumJSONBodyBytes)
        self.maximumBlobBytes = max(1, maximumBlobBytes)
        self.trustedProxies = max(0, trustedProxies)
    }

    /// Removes every rate limit, for load tests that measure the relay rather than the limiter.
    /// The sign-in rules' own caps (sends per session and per number a day) stay.
    public mutating func liftRateLimits() {
        signInStartsPerAddress = nil
        signInStartsPerNumber = nil
        linkOpensPerAddress = nil
        envelopeSendsPerDevice = nil
        joinsPerDevice = nil
    }

    /// The settings without the key.
    public var description: String {
        "BudsRelayConfiguration(key: <redacted>, maximumQueue: \(maximumQueue), retention: \(Int(retention)) s, "
            + "inviteLifetime: \(Int(inviteLifetime)) s, linkLifetime: \(Int(linkLifetime)) s, trustedProxies: \(trustedProxies))"
    }

    /// A mirror without children, so a debugger or `dump` shows no key either.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// What a rate limit of the relay counts.
enum RelayRateLimitedAction: String, Sendable {
    case signInByAddress = "sign-in-address"
    case signInByNumber = "sign-in-number"
    case linkByAddress = "link-address"
    case envelope
    case join

    /// What a refusal calls the requests, e.g. "Too many sign-ins".
    var pluralNoun: String {
        switch self {
        case .signInByAddress, .signInByNumber: "sign-ins"
        case .linkByAddress: "link requests"
        case .envelope: "envelopes"
        case .join: "requests to join"
        }
    }
}

extension BudsRelayConfiguration {
    /// The limit on `action`, if any.
    func rateLimit(for action: RelayRateLimitedAction) -> RateLimit? {
        switch action {
        case .signInByAddress: signInStartsPerAddress
        case .signInByNumber: signInStartsPerNumber
        case .linkByAddress: linkOpensPerAddress
        case .envelope: envelopeSendsPerDevice
        case .join: joinsPerDevice
        }
    }
}
