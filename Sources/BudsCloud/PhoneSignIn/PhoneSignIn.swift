public import Crypto
import DAGCBOR
public import Foundation

/// The relay's phone sign-in rules, as a pure state machine over an injected clock and random
/// source (design: the Buds circles note, "OTP"): 6-digit codes from a CSPRNG, kept only as a
/// keyed HMAC and compared in constant time; a code lives 10 minutes and opens one session once;
/// at most 5 checks and 5 sends per session, sends spaced 0, 1, 2, 5 and 10 minutes; at most 10
/// codes per number in any 24 hours and 100 failed checks in a row per number; a country
/// allow-list. Numbers are kept only as keyed digests. A store keeps this state; the SMS goes
/// out through an ``SMSSender``.
public struct PhoneSignIn: Sendable {
    /// One sign-in attempt, as a store keeps it.
    public struct Session: Hashable, Sendable {
        public var id: String
        public var number: PhoneDigest
        public var lastActionAt: Date
        public var sends: [Date]
        public var checks: Int
        /// HMAC of the session id and the current code (never the code itself).
        public var codeDigest: Data
        public var codeIssuedAt: Date

        public init(id: String, number: PhoneDigest, lastActionAt: Date, sends: [Date], checks: Int, codeDigest: Data, codeIssuedAt: Date) {
            self.id = id
            self.number = number
            self.lastActionAt = lastActionAt
            self.sends = sends
            self.checks = checks
            self.codeDigest = codeDigest
            self.codeIssuedAt = codeIssuedAt
        }
    }

    /// What the relay remembers of a number: its recent sends and failed checks in a row.
    public struct NumberRecord: Hashable, Sendable {
        public var sends: [Date] = []
        public var consecutiveFailures = 0

        public init(sends: [Date] = [], consecutiveFailures: Int = 0) {
            self.sends = sends
            self.consecutiveFailures = consecutiveFailures
        }
    }

    public struct Settings: Hashable, Sendable {
        public var codeLifetime: TimeInterval = 600
        public var sessionIdleLifetime: TimeInterval = 600
        /// The wait before each send of a session: the first at once, then 1, 2, 5, 10 minutes.
        public var sendDelays: [TimeInterval] = [0, 60, 120, 300, 600]
        public var maximumChecks = 5
        public var maximumSendsPerNumberPerDay = 10
        public var maximumConsecutiveFailures = 100
        /// Country calling codes codes are sent to.
        public var allowedCallingCodes: Set<String> = ["1", "44", "61", "64", "353", "49", "33", "31", "34", "39", "46", "47", "45", "358"]

        public init() {}
    }

    public let settings: Settings
    let key: SymmetricKey
    public private(set) var sessions: [String: Session] = [:]
    public private(set) var numbers: [PhoneDigest: NumberRecord] = [:]

    /// Rules keyed by the relay's secret `key` (shared by every relay process through the store).
    public init(key: SymmetricKey, settings: Settings = Settings(), sessions: [Session] = [], numbers: [PhoneDigest: NumberRecord] = [:]) {
        self.key = key
        self.settings = settings
        for session in sessions { self.sessions[session.id] = session }
        self.numbers = numbers
    }

    /// The keyed digest the relay keeps for `number`.
    public func digest(of number: PhoneNumber) -> PhoneDigest {
        PhoneDigest(hex: Hex.encode(HMAC<SHA256>.authenticationCode(for: Data("phone\u{0}\(number.e164)".utf8), using: key)))
    }

    /// Starts a sign-in for `number`: a new session and the first code to text it.
    ///
    /// - Throws: ``PhoneSignInError/countryNotAllowed``, ``PhoneSignInError/retryLater(seconds:)``.
    public mutating func start(
        _ number: PhoneNumber, at now: Date, using random: inout some RandomNumberGenerator
    ) throws(PhoneSignInError) -> (session: String, code: String) {
        guard number.callingCode(in: settings.allowedCallingCodes) != nil else { throw .countryNotAllowed }
        let digest = digest(of: number)
        try checkNumber(digest, at: now)
        let id = Hex.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })
        let code = Self.code(using: &random)
        sessions[id] = Session(
            id: id, number: digest, lastActionAt: now, sends: [now], checks: 0, codeDigest: codeDigest(session: id, code: code), codeIssuedAt: now)
        numbers[digest, default: NumberRecord()].sends.append(now)
        return (id, code)
    }

    /// A new code for `session` (the previous one stops working), once the next send's delay
    /// has passed.
    ///
    /// - Throws: ``PhoneSignInError/sessionExpired``, ``PhoneSignInError/retryLater(seconds:)``,
    ///   ``PhoneSignInError/sessionExhausted``.
    public mutating func resend(_ id: String, at now: Date, using random: inout some RandomNumberGenerator) throws(PhoneSignInError) -> String {
        var session = try liveSession(id, at: now)
        guard session.sends.count < settings.sendDelays.count else { throw .sessionExhausted }
        let allowedAt = (session.sends.last ?? now).addingTimeInterval(settings.sendDelays[session.sends.count])
        guard now >= allowedAt else { throw .retryLater(seconds: Int(allowedAt.timeIntervalSince(now).rounded(.up))) }
        try checkNumber(session.number, at: now)
        let code = Self.code(using: &random)
        session.sends.append(now)
        session.lastActionAt = now
        session.codeDigest = codeDigest(session: id, code: code)
        session.codeIssuedAt = now
        sessions[id] = session
        numbers[session.number, default: NumberRecord()].sends.append(now)
        return code
    }

    /// Checks `code` for `session`: the number's digest when right (the session ends: a code
    /// opens once).
    ///
    /// - Throws: ``PhoneSignInError/wrongCode(remaining:)``, ``PhoneSignInError/codeExpired``,
    ///   ``PhoneSignInError/sessionExhausted``, ``PhoneSignInError/sessionExpired``,
    ///   ``PhoneSignInError/retryLater(seconds:)``.
    public mutating func check(_ id: String, code: String, at now: Date) throws(PhoneSignInError) -> PhoneDigest {
        var session = try liveSession(id, at: now)
        guard session.checks < settings.maximumChecks else { throw .sessionExhausted }
        if let record = numbers[session.number], record.consecutiveFailures >= settings.maximumConsecutiveFailures {
            throw .retryLater(seconds: Int(settings.sessionIdleLifetime))
        }
        session.checks += 1
        session.lastActionAt = now
        guard now.timeIntervalSince(session.codeIssuedAt) < settings.codeLifetime else {
            sessions[id] = session
            throw .codeExpired
        }
        // swift-crypto compares the codes' MACs in constant time.
        guard
            HMAC<SHA256>.isValidAuthenticationCode(
                session.codeDigest, authenticating: codeInput(session: id, code: code.filter { !$0.isWhitespace }), using: key)
        else {
            sessions[id] = session
            numbers[session.number, default: NumberRecord()].consecutiveFailures += 1
            let remaining = settings.maximumChecks - session.checks
            throw remaining > 0 ? .wrongCode(remaining: remaining) : .sessionExhausted
        }
        sessions[id] = nil
        numbers[session.number, default: NumberRecord()].consecutiveFailures = 0
        return session.number
    }

    /// Forgets sessions idle past their lifetime and sends older than a day.
    public mutating func purge(at now: Date) {
        sessions = sessions.filter { now.timeIntervalSince($0.value.lastActionAt) < settings.sessionIdleLifetime }
        for (digest, var record) in numbers {
            record.sends.removeAll { now.timeIntervalSince($0) >= 86_400 }
            numbers[digest] = record
        }
    }

    // MARK: Rules

    private func liveSession(_ id: String, at now: Date) throws(PhoneSignInError) -> Session {
        guard let session = sessions[id], now.timeIntervalSince(session.lastActionAt) < settings.sessionIdleLifetime else {
            throw .sessionExpired
        }
        return session
    }

    private func checkNumber(_ digest: PhoneDigest, at now: Date) throws(PhoneSignInError) {
        guard let record = numbers[digest] else { return }
        if record.consecutiveFailures >= settings.maximumConsecutiveFailures { throw .retryLater(seconds: 86_400) }
        let recent = record.sends.filter { now.timeIntervalSince($0) < 86_400 }.sorted()
        if recent.count >= settings.maximumSendsPerNumberPerDay, let oldest = recent.first {
            throw .retryLater(seconds: Int(oldest.addingTimeInterval(86_400).timeIntervalSince(now).rounded(.up)))
        }
    }

    private func codeDigest(session: String, code: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: codeInput(session: session, code: code), using: key))
    }

    private func codeInput(session: String, code: String) -> Data {
        Data("code\u{0}\(session)\u{0}\(code)".utf8)
    }

    /// Six digits, uniform (rejection sampling: no modulo bias).
    static func code(using random: inout some RandomNumberGenerator) -> String {
        let value = UInt32.random(in: 0..<1_000_000, using: &random)
        let text = String(value)
        return String(repeating: "0", count: 6 - text.count) + text
    }

}

/// A phone number as the relay keeps it: HMAC-SHA256 under the relay's secret, in hex. Without
/// the secret a stolen database does not give the numbers back (a bare hash of a number would).
public struct PhoneDigest: Hashable, Sendable, CustomStringConvertible {
    public let hex: String

    /// A digest as a store read it back.
    public init(hex: String) {
        self.hex = hex
    }

    public var description: String { "phone:" + hex.prefix(8) }
}
