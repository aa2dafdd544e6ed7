public import FlipcashCore
public import Foundation

/// Flipcash's payment rules over the ``Ledger``, as a pure state machine: intents settled once
/// under their ids, limits, and cash links that end exactly one way. The stores apply these rules
/// to what they read inside their transaction, as they do the ledger's.
///
/// Invariants after every operation (``checkInvariants()``): the ledger's; an open cash link's
/// account holds exactly what funded it and a settled one holds nothing; no owner's settled sends
/// in any 24 hours pass the daily limit.
public struct Payments: Sendable {
    /// A cash link the server knows: funded once, then claimed, voided or returned, once.
    public struct GiftCard: Hashable, Sendable {
        public enum State: Hashable, Sendable {
            case open
            case claimed(by: OwnerID, intent: IntentID)
            case voided
            case returned
        }

        public let id: GiftCardID
        public let issuer: OwnerID
        public let amount: TokenAmount
        public let fundedAt: Date
        public internal(set) var state: State

        public init(id: GiftCardID, issuer: OwnerID, amount: TokenAmount, fundedAt: Date, state: State) {
            self.id = id
            self.issuer = issuer
            self.amount = amount
            self.fundedAt = fundedAt
            self.state = state
        }

        /// Claims stop one minute before the link's seven days are up, so a claim never races its
        /// return.
        public var claimableUntil: Date { fundedAt.addingTimeInterval(Payments.giftCardLifetime - 60) }
        /// When an unclaimed link goes back to its issuer.
        public var expiresAt: Date { fundedAt.addingTimeInterval(Payments.giftCardLifetime) }
    }

    /// An intent as first answered, and when.
    public struct Record: Hashable, Sendable {
        public let intent: PaymentIntent
        public let submittedAt: Date
        public let outcome: IntentOutcome

        public init(intent: PaymentIntent, submittedAt: Date, outcome: IntentOutcome) {
            self.intent = intent
            self.submittedAt = submittedAt
            self.outcome = outcome
        }
    }

    /// What voiding a cash link did.
    public enum VoidOutcome: Hashable, Sendable {
        /// The money is (now, or already) back with the issuer.
        case returned(now: Bool)
        /// The issuer had claimed it themselves.
        case claimedByIssuer
        /// Someone else claimed it first: nothing to return.
        case claimedByOther
        /// The caller did not issue this link.
        case denied
        /// No such link.
        case notFound
    }

    /// Seven days, as the public servers keep cash links.
    public static let giftCardLifetime: TimeInterval = 7 * 24 * 3600

    public private(set) var ledger = Ledger()
    public private(set) var records: [IntentID: Record] = [:]
    public private(set) var giftCards: [GiftCardID: GiftCard] = [:]
    public let limits: PaymentLimits
    public let faucetEnabled: Bool

    public init(limits: PaymentLimits = .standard, faucetEnabled: Bool = false) {
        self.limits = limits
        self.faucetEnabled = faucetEnabled
    }

    /// What a store counted for the daily limit without loading the records: per owner, the
    /// micro-dollars of settled sends in the window that ends at the operation's time.
    private var sentBefore: [OwnerID: UInt64] = [:]

    /// The rules over records a store read for one operation: the ledger's slice, the intents
    /// that matter (the one retried) and the cash links named. `sentInWindow` is what the owner's
    /// settled sends in the 24 hours before the operation add up to, summed by the store's
    /// database so an owner with many sends costs one indexed sum, not a load of every record;
    /// `records` must then hold none of those sends but the retried intent, whose retry never
    /// checks a limit.
    public init(
        settings: PaymentSettings, ledger: Ledger, records: [Record], giftCards: [GiftCard], sentInWindow: [OwnerID: UInt64] = [:]
    ) {
        self.limits = settings.limits
        self.faucetEnabled = settings.faucetEnabled
        self.sentBefore = sentInWindow
        self.ledger = ledger
        for record in records { self.records[record.intent.id] = record }
        for giftCard in giftCards { self.giftCards[giftCard.id] = giftCard }
    }

    /// The ledger accounts and transfer ids settling `intent` may touch, for a store to read
    /// before it applies these rules (`giftCard` is the link it names, when one exists).
    public static func footprint(of intent: PaymentIntent, giftCard: GiftCard?) -> (accounts: [LedgerAccountID], transfers: [TransferID]) {
        let owner = intent.owner
        switch intent.action {
        case .openAccount(let mint):
            return ([userAccount(owner, mint), issuanceAccount(mint)], [])
        case .faucet(let amount):
            return ([userAccount(owner, amount.mint), issuanceAccount(amount.mint)], [transferID(intent.id, "faucet")])
        case .deposit(let amount):
            return ([userAccount(owner, amount.mint), issuanceAccount(amount.mint)], [transferID(intent.id, "deposit")])
        case .sendPayment(let destination, let amount, _):
            return ([userAccount(owner, amount.mint), userAccount(destination, amount.mint)], [transferID(intent.id, "payment")])
        case .sendGiftCard(let card, let amount, _):
            return ([userAccount(owner, amount.mint), giftCardAccount(card)], [transferID(intent.id, "gift_card")])
        case .claimGiftCard(let card):
            guard let giftCard else { return ([], []) }
            let mint = giftCard.amount.mint
            return ([giftCardAccount(card), userAccount(owner, mint), issuanceAccount(mint)], [transferID(intent.id, "claim")])
        }
    }

    /// The ledger accounts and transfer id returning `giftCard` may touch.
    public static func returnFootprint(of giftCard: GiftCard) -> (accounts: [LedgerAccountID], transfers: [TransferID]) {
        ([giftCardAccount(giftCard.id), userAccount(giftCard.issuer, giftCard.amount.mint)], [returnTransferID(giftCard.id)])
    }

    // MARK: Accounts

    /// The owner's account for a mint.
    public static func userAccount(_ owner: OwnerID, _ mint: Mint) -> LedgerAccountID {
        LedgerAccountID("user:\(owner.rawValue):\(mint.address)")
    }

    /// Where a mint's money enters the ledger.
    public static func issuanceAccount(_ mint: Mint) -> LedgerAccountID {
        LedgerAccountID("issuance:\(mint.address)")
    }

    /// A cash link's own account.
    public static func giftCardAccount(_ card: GiftCardID) -> LedgerAccountID {
        LedgerAccountID("gift_card:\(card.rawValue)")
    }

    /// The transfer an intent makes, by what it is for ("payment", "claim", …): derived from the
    /// intent's id, so a retry can never move money twice.
    static func transferID(_ intent: IntentID, _ purpose: String) -> TransferID {
        TransferID("\(intent.rawValue)/\(purpose)")
    }

    /// The one transfer that ever returns a cash link's money, by void or by expiry.
    static func returnTransferID(_ card: GiftCardID) -> TransferID {
        TransferID("return:\(card.rawValue)")
    }

    /// What the owner's account for `mint` holds (0 when it is not open).
    public func balance(of owner: OwnerID, mint: Mint) -> UInt64 {
        ledger.accounts[Self.userAccount(owner, mint)]?.available ?? 0
    }

    // MARK: Intents

    /// Settles or refuses `intent` at `now`; a retry gets the first answer again (see
    /// ``PaymentIntent/firstDifference(from:)`` for one with another body).
    public mutating func submit(_ intent: PaymentIntent, at now: Date) -> IntentOutcome {
        answer(intent, at: now).outcome
    }

    /// ``submit(_:at:)``, with when the intent was first answered (now, or by an earlier attempt).
    public mutating func answer(_ intent: PaymentIntent, at now: Date) -> Answer {
        if let record = records[intent.id] {
            if let field = record.intent.firstDifference(from: intent) { return Answer(outcome: .refused(.conflict(field: field)), submittedAt: now) }
            return Answer(outcome: record.outcome, submittedAt: record.submittedAt)
        }
        let outcome = settle(intent, at: now)
        records[intent.id] = Record(intent: intent, submittedAt: now, outcome: outcome)
        return Answer(outcome: outcome, submittedAt: now)
    }

    /// What an intent was answered, and when it was first answered.
    public struct Answer: Hashable, Sendable {
        public let outcome: IntentOutcome
        public let submittedAt: Date

        public init(outcome: IntentOutcome, submittedAt: Date) {
            self.outcome = outcome
            self.submittedAt = submittedAt
        }
    }

    private mutating func settle(_ intent: PaymentIntent, at now: Date) -> IntentOutcome {
        let owner = intent.owner
        switch intent.action {
        case .openAccount(let mint):
            open(owner, mint)
            return .settled
        case .deposit(let amount):
            guard amount.quarks > 0 else { return .refused(.invalid(field: "deposit.amount.quarks", reason: "is zero")) }
            open(owner, amount.mint)
            return transfer(
                Self.transferID(intent.id, "deposit"), from: Self.issuanceAccount(amount.mint), to: Self.userAccount(owner, amount.mint),
                amount, .deposit)
        case .faucet(let amount):
            guard faucetEnabled else { return .refused(.faucetClosed) }
            guard amount.quarks > 0 else { return .refused(.invalid(field: "faucet.amount.quarks", reason: "is zero")) }
            open(owner, amount.mint)
            return transfer(
                Self.transferID(intent.id, "faucet"), from: Self.issuanceAccount(amount.mint), to: Self.userAccount(owner, amount.mint),
                amount, .deposit)
        case .sendPayment(let destination, let amount, let usdMicros):
            let prefix = "send_payment.exchange_data.amount"
            guard destination != owner else {
                return .refused(.invalid(field: "send_payment.destination_owner", reason: "is the sender"))
            }
            guard amount.quarks > 0 else { return .refused(.invalid(field: prefix + ".quarks", reason: "is zero")) }
            guard ledger.accounts[Self.userAccount(owner, amount.mint)] != nil else { return .refused(.accountNotOpen(amount.mint)) }
            guard ledger.accounts[Self.userAccount(destination, amount.mint)] != nil else {
                return .refused(.invalid(field: "send_payment.destination_owner", reason: "has no account for this mint"))
            }
            if let refusal = checkLimits(owner, usdMicros, at: now) { return .refused(refusal) }
            return transfer(
                Self.transferID(intent.id, "payment"), from: Self.userAccount(owner, amount.mint), to: Self.userAccount(destination, amount.mint),
                amount, .payment)
        case .sendGiftCard(let card, let amount, let usdMicros):
            guard amount.quarks > 0 else {
                return .refused(.invalid(field: "send_gift_card.exchange_data.amount.quarks", reason: "is zero"))
            }
            guard giftCards[card] == nil, ledger.accounts[Self.giftCardAccount(card)] == nil else {
                return .refused(.invalid(field: "send_gift_card.gift_card", reason: "is already a cash link"))
            }
            guard ledger.accounts[Self.userAccount(owner, amount.mint)] != nil else { return .refused(.accountNotOpen(amount.mint)) }
            if let refusal = checkLimits(owner, usdMicros, at: now) { return .refused(refusal) }
            let account = Self.giftCardAccount(card)
            // A new address (checked above), so opening it cannot conflict.
            try? ledger.open(account, mint: amount.mint, kind: .giftCard)
            let outcome = transfer(
                Self.transferID(intent.id, "gift_card"), from: Self.userAccount(owner, amount.mint), to: account, amount, .giftCardFunding)
            if outcome == .settled {
                giftCards[card] = GiftCard(id: card, issuer: owner, amount: amount, fundedAt: now, state: .open)
            }
            return outcome
        case .claimGiftCard(let card):
            guard var giftCard = giftCards[card] else {
                return .refused(.invalid(field: "claim_gift_card.gift_card", reason: "is not a cash link"))
            }
            guard giftCard.state == .open else { return .refused(.giftCardSettled) }
            guard now < giftCard.claimableUntil else { return .refused(.giftCardExpired) }
            open(owner, giftCard.amount.mint)
            let outcome = transfer(
                Self.transferID(intent.id, "claim"), from: Self.giftCardAccount(card), to: Self.userAccount(owner, giftCard.amount.mint),
                giftCard.amount, .giftCardClaim)
            if outcome == .settled {
                giftCard.state = .claimed(by: owner, intent: intent.id)
                giftCards[card] = giftCard
            }
            return outcome
        }
    }

    /// Opens the owner's account for `mint`, and the mint's issuance account.
    private mutating func open(_ owner: OwnerID, _ mint: Mint) {
        // Both addresses are made only here, for this mint and kind, so opening cannot conflict.
        try? ledger.open(Self.issuanceAccount(mint), mint: mint, kind: .issuance)
        try? ledger.open(Self.userAccount(owner, mint), mint: mint, kind: .user)
    }

    private mutating func transfer(
        _ id: TransferID, from debit: LedgerAccountID, to credit: LedgerAccountID, _ amount: TokenAmount, _ code: LedgerTransfer.Code
    ) -> IntentOutcome {
        let outcome = ledger.apply(
            LedgerTransfer(id: id, debit: debit, credit: credit, mint: amount.mint, amount: amount.quarks, code: code))
        switch outcome {
        case .created, .exists: return .settled
        case .failed(.insufficientFunds(let available)): return .refused(.insufficientFunds(available: available))
        case .failed(.amountTooLarge), .failed(.overflow):
            return .refused(.invalid(field: "amount.quarks", reason: "is more than an account can hold"))
        case .failed(let failure):
            // The intent's own checks rule the other failures out: a bug if one shows.
            preconditionFailure("intent transfer \(id) refused by the ledger: \(failure)")
        }
    }

    // MARK: Limits

    /// Micro-dollars the owner's settled sends add up to in the 24 hours before `now`.
    public func sentToday(by owner: OwnerID, at now: Date) -> UInt64 {
        let since = now.addingTimeInterval(-limits.window)
        return records.values.reduce(sentBefore[owner] ?? 0) { total, record in
            guard record.intent.owner == owner, record.outcome == .settled, record.submittedAt > since, record.submittedAt <= now
            else { return total }
            switch record.intent.action {
            case .sendPayment(_, _, let usd), .sendGiftCard(_, _, let usd): return total + usd
            case .openAccount, .claimGiftCard, .faucet, .deposit: return total
            }
        }
    }

    /// What the owner may still send in one intent now, in micro-dollars.
    public func nextTransactionLimit(for owner: OwnerID, at now: Date) -> UInt64 {
        let spent = sentToday(by: owner, at: now)
        return min(limits.perTransactionUSDMicros, limits.dailyUSDMicros - min(spent, limits.dailyUSDMicros))
    }

    private func checkLimits(_ owner: OwnerID, _ usdMicros: UInt64, at now: Date) -> PaymentRefusal? {
        let next = nextTransactionLimit(for: owner, at: now)
        return usdMicros > next ? .limitExceeded(remainingUSDMicros: next) : nil
    }

    // MARK: Cash links

    /// The issuer takes back an unclaimed cash link (again: a success that changes nothing).
    public mutating func voidGiftCard(_ card: GiftCardID, by caller: OwnerID, at now: Date) -> VoidOutcome {
        guard let giftCard = giftCards[card] else { return .notFound }
        guard giftCard.issuer == caller else { return .denied }
        switch giftCard.state {
        case .open:
            returnToIssuer(giftCard, as: .voided)
            return .returned(now: true)
        case .voided, .returned: return .returned(now: false)
        case .claimed(let claimer, _): return claimer == caller ? .claimedByIssuer : .claimedByOther
        }
    }

    /// Returns every open cash link whose seven days are up at `now`; the ids of those returned.
    public mutating func returnExpiredGiftCards(at now: Date) -> [GiftCardID] {
        let expired = giftCards.values.filter { $0.state == .open && $0.expiresAt <= now }.sorted { $0.id < $1.id }
        for giftCard in expired { returnToIssuer(giftCard, as: .returned) }
        return expired.map(\.id)
    }

    /// One return per link, ever: its transfer id is derived from the link, so a void and the
    /// expiry worker (or two workers) can never both move the money.
    private mutating func returnToIssuer(_ giftCard: GiftCard, as state: GiftCard.State) {
        let transfer = LedgerTransfer(
            id: Self.returnTransferID(giftCard.id), debit: Self.giftCardAccount(giftCard.id),
            credit: Self.userAccount(giftCard.issuer, giftCard.amount.mint), mint: giftCard.amount.mint, amount: giftCard.amount.quarks,
            code: state == .voided ? .giftCardVoid : .giftCardReturn)
        guard ledger.apply(transfer).isSuccess else {
            preconditionFailure("the return of open cash link \(giftCard.id) was refused")
        }
        giftCards[giftCard.id]?.state = state
    }

    // MARK: Invariants

    /// Checks the invariants in this type's documentation.
    ///
    /// - Throws: ``LedgerError/invariantBroken(_:)`` naming the first that does not hold.
    public func checkInvariants() throws(LedgerError) {
        try ledger.checkInvariants()
        for giftCard in giftCards.values {
            let held = ledger.accounts[Self.giftCardAccount(giftCard.id)]?.available ?? 0
            let expected = giftCard.state == .open ? giftCard.amount.quarks : 0
            guard held == expected else { throw .invariantBroken("cash link \(giftCard.id) holds \(held), not \(expected)") }
        }
        for record in records.values where record.outcome == .settled {
            guard sentToday(by: record.intent.owner, at: record.submittedAt) <= limits.dailyUSDMicros else {
                throw .invariantBroken("\(record.intent.owner) sent more than the daily limit by \(record.submittedAt)")
            }
        }
    }
}

/// How a server runs the payment rules: its limits, and whether the development faucet is on.
public struct PaymentSettings: Hashable, Sendable {
    public var limits: PaymentLimits
    public var faucetEnabled: Bool

    public init(limits: PaymentLimits = .standard, faucetEnabled: Bool = false) {
        self.limits = limits
        self.faucetEnabled = faucetEnabled
    }
}

/// How much an owner may send: per intent, and over any 24 hours (receives are not counted).
public struct PaymentLimits: Hashable, Sendable {
    public let perTransactionUSDMicros: UInt64
    public let dailyUSDMicros: UInt64
    public let window: TimeInterval

    public init(perTransactionUSDMicros: UInt64, dailyUSDMicros: UInt64, window: TimeInterval = 24 * 3600) {
        self.perTransactionUSDMicros = perTransactionUSDMicros
        self.dailyUSDMicros = dailyUSDMicros
        self.window = window
    }

    /// $250 per send and $1,000 over any 24 hours, as the public servers show their users.
    public static let standard = PaymentLimits(perTransactionUSDMicros: 250_000_000, dailyUSDMicros: 1_000_000_000)
}
