public import FlipcashCore
public import Foundation
public import ServerKit

/// Where Flipcash's payments live: ``Payments``' rules applied inside one database transaction
/// per operation, so they hold across processes. Every implementation answers what the rules
/// answer (a contract suite compares them).
public protocol PaymentStore: Sendable {
    /// Settles or refuses `intent` (a retry gets the first answer again, with the time it was
    /// first answered).
    func answer(_ intent: PaymentIntent, at date: Date) async throws -> Payments.Answer
    /// The issuer takes back an unclaimed cash link.
    func voidGiftCard(_ card: GiftCardID, by caller: OwnerID, at date: Date) async throws -> Payments.VoidOutcome
    /// Returns the open cash links whose seven days are up at `date` (at most `limit`); their ids.
    func returnExpiredGiftCards(at date: Date, limit: Int) async throws -> [GiftCardID]
    /// What the owner's account for `mint` holds (0 when it is not open).
    func balance(of owner: OwnerID, mint: Mint) async throws -> UInt64
    /// What each of the owner's open accounts holds: USDF first, then by mint address.
    func balances(of owner: OwnerID) async throws -> [TokenAmount]
    /// The intent under `id` as first answered, if there is one.
    func record(_ id: IntentID) async throws -> Payments.Record?
    /// What the owner's history shows, newest first (equal times by id, descending), at most
    /// `limit`, after `before` (the last of the previous page) when given: the owner's own
    /// intents and the payments others sent them.
    func history(of owner: OwnerID, before: Payments.HistoryPosition?, limit: Int) async throws -> [Payments.Record]
    /// What the owner may send in one intent at `date`, in micro-dollars: the smaller of the
    /// per-transaction limit and what the daily limit leaves.
    func nextTransactionLimit(for owner: OwnerID, at date: Date) async throws -> UInt64
    /// The rules' settings this store applies.
    var paymentSettings: PaymentSettings { get }
    /// The cash link under `id`, if it was ever funded.
    func giftCard(_ id: GiftCardID) async throws -> Payments.GiftCard?

    /// The launchpad currencies, oldest first, at most `limit`.
    func launchedCurrencies(limit: Int) async throws -> [Payments.LaunchedCurrency]
    /// The launchpad currency at `mint` and its pool, read together, if it was launched.
    func launchpadPool(_ mint: Mint) async throws -> LaunchpadPool?

    /// Registers `owner` (again: a success that changes nothing).
    func register(_ owner: OwnerID, at date: Date) async throws -> OwnerRegistration
    /// When `owner` registered, if it has.
    func registration(of owner: OwnerID) async throws -> Date?
    /// The secret the servers share under `name` (their rate-signing key): the first caller's
    /// `candidate` is kept, and every caller, in any process, gets that one back.
    func sharedSecret(named name: String, candidate: Data) async throws -> Data
    /// Takes one token from the bucket under `key` (a ``TokenBucket`` under `limit`), updated in
    /// one transaction so the limit holds across every server process.
    func takeRateToken(key: String, limit: RateLimit, at date: Date) async throws -> RateDecision
}

extension PaymentStore {
    /// Settles or refuses `intent` (a retry gets the first answer again).
    public func submit(_ intent: PaymentIntent, at date: Date) async throws -> IntentOutcome {
        try await answer(intent, at: date).outcome
    }
}

/// An owner's registration.
public struct OwnerRegistration: Hashable, Sendable {
    public let registeredAt: Date
    /// False when the owner had registered before.
    public let isNew: Bool

    public init(registeredAt: Date, isNew: Bool) {
        self.registeredAt = registeredAt
        self.isNew = isNew
    }
}

extension Payments {
    /// Where a history page ends: the last record's time and id.
    public struct HistoryPosition: Hashable, Sendable {
        public let submittedAt: Date
        public let id: IntentID

        public init(submittedAt: Date, id: IntentID) {
            self.submittedAt = submittedAt
            self.id = id
        }

        public init(_ record: Record) {
            self.init(submittedAt: record.submittedAt, id: record.intent.id)
        }
    }
}

/// A launchpad currency and its pool at one moment: the tokens the curve has sold, and the USDF
/// the reserve holds to buy them back.
public struct LaunchpadPool: Hashable, Sendable {
    public let launched: Payments.LaunchedCurrency
    public let supplyQuarks: UInt64
    public let reserveUSDFQuarks: UInt64

    public init(launched: Payments.LaunchedCurrency, supplyQuarks: UInt64, reserveUSDFQuarks: UInt64) {
        self.launched = launched
        self.supplyQuarks = supplyQuarks
        self.reserveUSDFQuarks = reserveUSDFQuarks
    }

    /// The pool as `ledger` (holding its liquidity and reserve accounts) has it.
    public init(launched: Payments.LaunchedCurrency, ledger: Ledger) {
        let mint = launched.currency.mint
        self.init(
            launched: launched,
            supplyQuarks: ledger.accounts[Payments.liquidityAccount(mint)]?.available.map(Payments.supplyQuarks(poolQuarks:)) ?? 0,
            reserveUSDFQuarks: ledger.accounts[Payments.reserveAccount(mint)]?.available ?? 0)
    }
}

extension Payments {
    /// The bounds of the owner's account ids ("user:OWNER:" + mint), for a range scan: every one
    /// sorts after `lower` and before `upper` (base58 owners hold no colon).
    public static func userAccountRange(_ owner: OwnerID) -> (lower: String, upper: String) {
        ("user:\(owner.rawValue):", "user:\(owner.rawValue);")
    }

    /// `balances` in the order ``PaymentStore/balances(of:)`` answers: USDF first, then by mint.
    public static func ordered(_ balances: [TokenAmount]) -> [TokenAmount] {
        balances.sorted { ($0.mint.isUSDF ? 0 : 1, $0.mint.address) < ($1.mint.isUSDF ? 0 : 1, $1.mint.address) }
    }
}
