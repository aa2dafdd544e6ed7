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
        /// What a settled trade credited the owner (tokens bought, USDF after a sale's fee), or
        /// the mint a launch created with no quarks; nil for the other intents.
        public let received: TokenAmount?

        public init(intent: PaymentIntent, submittedAt: Date, outcome: IntentOutcome, received: TokenAmount? = nil) {
            self.intent = intent
            self.submittedAt = submittedAt
            self.outcome = outcome
            self.received = received
        }
    }

    /// A launchpad currency the server settles: what was launched, by whom and when.
    public struct LaunchedCurrency: Hashable, Sendable {
        public let currency: LaunchpadCurrency
        public let creator: OwnerID
        public let launchedAt: Date

        public init(currency: LaunchpadCurrency, creator: OwnerID, launchedAt: Date) {
            self.currency = currency
            self.creator = creator
            self.launchedAt = launchedAt
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
    public private(set) var currencies: [Mint: LaunchedCurrency] = [:]
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
        settings: PaymentSettings, ledger: Ledger, records: [Record], giftCards: [GiftCard], currencies: [LaunchedCurrency] = [],
        sentInWindow: [OwnerID: UInt64] = [:]
    ) {
        self.limits = settings.limits
        self.faucetEnabled = settings.faucetEnabled
        self.sentBefore = sentInWindow
        self.ledger = ledger
        for record in records { self.records[record.intent.id] = record }
        for giftCard in giftCards { self.giftCards[giftCard.id] = giftCard }
        for currency in currencies { self.currencies[currency.currency.mint] = currency }
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
        case .launchCurrency:
            let mint = LaunchpadCurrency.mint(launchedBy: intent.id.rawValue)
            return (
                [issuanceAccount(mint), liquidityAccount(mint), reserveAccount(mint), feesAccount(mint), userAccount(owner, mint)],
                [transferID(intent.id, "launch")]
            )
        case .buyCurrency(let mint, _, _), .sellCurrency(let mint, _, _):
            return (
                [
                    userAccount(owner, .usdf), userAccount(owner, mint), issuanceAccount(.usdf), issuanceAccount(mint), liquidityAccount(mint),
                    reserveAccount(mint), feesAccount(mint),
                ],
                ["tokens", "usdf", "fee"].map { transferID(intent.id, $0) }
            )
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

    /// A launchpad currency's pool: the tokens not yet sold (in the currency's mint).
    public static func liquidityAccount(_ mint: Mint) -> LedgerAccountID {
        LedgerAccountID("liquidity:\(mint.address)")
    }

    /// A launchpad currency's reserve: the USDF its buyers paid in (in USDF).
    public static func reserveAccount(_ mint: Mint) -> LedgerAccountID {
        LedgerAccountID("reserve:\(mint.address)")
    }

    /// Where a launchpad currency's sell fees collect (in USDF).
    public static func feesAccount(_ mint: Mint) -> LedgerAccountID {
        LedgerAccountID("fees:\(mint.address)")
    }

    /// Tokens of a launchpad currency the curve has sold: its whole supply less what its pool
    /// holds (0 when the pool is not in this ledger).
    public func supplyQuarks(of mint: Mint) -> UInt64 {
        guard let pool = ledger.accounts[Self.liquidityAccount(mint)]?.available else { return 0 }
        return Self.supplyQuarks(poolQuarks: pool)
    }

    /// The supply of a currency whose pool holds `poolQuarks`: the curve's whole supply less them.
    public static func supplyQuarks(poolQuarks: UInt64) -> UInt64 {
        DiscreteBondingCurve.maxSupplyQuarks - min(poolQuarks, DiscreteBondingCurve.maxSupplyQuarks)
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
            return Answer(outcome: record.outcome, submittedAt: record.submittedAt, received: record.received)
        }
        let (outcome, received) = settle(intent, at: now)
        records[intent.id] = Record(intent: intent, submittedAt: now, outcome: outcome, received: received)
        return Answer(outcome: outcome, submittedAt: now, received: received)
    }

    /// What an intent was answered, and when it was first answered.
    public struct Answer: Hashable, Sendable {
        public let outcome: IntentOutcome
        public let submittedAt: Date
        /// See ``Record/received``.
        public let received: TokenAmount?

        public init(outcome: IntentOutcome, submittedAt: Date, received: TokenAmount? = nil) {
            self.outcome = outcome
            self.submittedAt = submittedAt
            self.received = received
        }
    }

    private mutating func settle(_ intent: PaymentIntent, at now: Date) -> (IntentOutcome, TokenAmount?) {
        if let mint = intent.action.launchpadMint(intent: intent.id) {
            switch intent.action {
            case .launchCurrency(let name, let symbol):
                return launch(intent, mint: mint, name: name, symbol: symbol, at: now)
            case .faucet, .deposit:
                return (
                    .refused(.invalid(field: intent.action.amountField + ".mint", reason: "is not USDF: launchpad tokens are only bought")),
                    nil
                )
            case .openAccount, .sendPayment, .sendGiftCard, .buyCurrency, .sellCurrency, .claimGiftCard:
                guard currencies[mint] != nil else {
                    return (.refused(.invalid(field: intent.action.amountField + ".mint", reason: "is not a currency this server settles")), nil)
                }
            }
        }
        switch intent.action {
        case .buyCurrency(let mint, let usdf, let minimum):
            return buy(intent, mint: mint, usdfQuarks: usdf, minimumTokenQuarks: minimum)
        case .sellCurrency(let mint, let tokens, let minimum):
            return sell(intent, mint: mint, tokenQuarks: tokens, minimumUSDFQuarks: minimum)
        default:
            return (settleTransfer(intent, at: now), nil)
        }
    }

    private mutating func settleTransfer(_ intent: PaymentIntent, at now: Date) -> IntentOutcome {
        let owner = intent.owner
        switch intent.action {
        case .launchCurrency, .buyCurrency, .sellCurrency:
            preconditionFailure("trades are settled by settle(_:at:)")
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

    // MARK: Launchpad

    /// Launches a currency: its accounts, its whole supply into its pool, the creator's account.
    private mutating func launch(_ intent: PaymentIntent, mint: Mint, name: String, symbol: String, at now: Date)
        -> (IntentOutcome, TokenAmount?)
    {
        guard !currencies.values.contains(where: { $0.currency.symbol == symbol }) else {
            return (.refused(.invalid(field: "launch_currency.symbol", reason: "is taken by another currency")), nil)
        }
        // The mint is derived from this new intent's id: none of its accounts exist yet.
        try? ledger.open(Self.liquidityAccount(mint), mint: mint, kind: .liquidity)
        try? ledger.open(Self.reserveAccount(mint), mint: .usdf, kind: .reserve)
        try? ledger.open(Self.feesAccount(mint), mint: .usdf, kind: .fees)
        open(intent.owner, mint)
        let supply = TokenAmount(quarks: DiscreteBondingCurve.maxSupplyQuarks, mint: mint)
        let outcome = transfer(
            Self.transferID(intent.id, "launch"), from: Self.issuanceAccount(mint), to: Self.liquidityAccount(mint), supply, .launch)
        guard outcome == .settled else { return (outcome, nil) }
        currencies[mint] = LaunchedCurrency(
            currency: LaunchpadCurrency(mint: mint, name: name, symbol: symbol), creator: intent.owner, launchedAt: now)
        return (.settled, TokenAmount(quarks: 0, mint: mint))
    }

    /// USDF into the reserve and tokens out of the pool, in one linked group, at the supply the
    /// pool holds now.
    private mutating func buy(_ intent: PaymentIntent, mint: Mint, usdfQuarks: UInt64, minimumTokenQuarks: UInt64)
        -> (IntentOutcome, TokenAmount?)
    {
        guard usdfQuarks > 0 else { return (.refused(.invalid(field: "buy_currency.usdf_quarks", reason: "is zero")), nil) }
        guard ledger.accounts[Self.userAccount(intent.owner, .usdf)] != nil else { return (.refused(.accountNotOpen(.usdf)), nil) }
        guard let trade = try? DiscreteBondingCurve.shared.buyTrade(usdfQuarks: usdfQuarks, supplyQuarks: supplyQuarks(of: mint)),
            trade.tokenQuarks > 0
        else { return (.refused(.invalid(field: "buy_currency.usdf_quarks", reason: "buys no tokens at the current price")), nil) }
        guard trade.tokenQuarks >= minimumTokenQuarks else {
            return (
                .refused(
                    .invalid(
                        field: "buy_currency.minimum_token_quarks",
                        reason: "is more than the \(trade.tokenQuarks) quarks the amount buys now (the price moved)")), nil
            )
        }
        open(intent.owner, mint)
        let outcome = transferGroup([
            LedgerTransfer(
                id: Self.transferID(intent.id, "usdf"), debit: Self.userAccount(intent.owner, .usdf), credit: Self.reserveAccount(mint),
                mint: .usdf, amount: trade.usdfQuarks, code: .buy),
            LedgerTransfer(
                id: Self.transferID(intent.id, "tokens"), debit: Self.liquidityAccount(mint), credit: Self.userAccount(intent.owner, mint),
                mint: mint, amount: trade.tokenQuarks, code: .buy),
        ])
        return (outcome, outcome == .settled ? TokenAmount(quarks: trade.tokenQuarks, mint: mint) : nil)
    }

    /// Tokens back into the pool, their value less the fee out of the reserve to the seller, the
    /// fee to the currency's fee account: one linked group.
    private mutating func sell(_ intent: PaymentIntent, mint: Mint, tokenQuarks: UInt64, minimumUSDFQuarks: UInt64)
        -> (IntentOutcome, TokenAmount?)
    {
        guard tokenQuarks > 0 else { return (.refused(.invalid(field: "sell_currency.token_quarks", reason: "is zero")), nil) }
        guard let account = ledger.accounts[Self.userAccount(intent.owner, mint)] else { return (.refused(.accountNotOpen(mint)), nil) }
        let held = account.available ?? 0
        guard held >= tokenQuarks else { return (.refused(.insufficientFunds(available: held)), nil) }
        let feeBps = currencies[mint]?.currency.sellFeeBps ?? LaunchpadCurrency.standardSellFeeBps
        guard
            let trade = try? DiscreteBondingCurve.shared.sellTrade(
                tokenQuarks: tokenQuarks, feeBps: feeBps, supplyQuarks: supplyQuarks(of: mint)),
            trade.netUSDFQuarks > 0
        else { return (.refused(.invalid(field: "sell_currency.token_quarks", reason: "is worth less than one USDF quark after the fee")), nil) }
        guard trade.netUSDFQuarks >= minimumUSDFQuarks else {
            return (
                .refused(
                    .invalid(
                        field: "sell_currency.minimum_usdf_quarks",
                        reason: "is more than the \(trade.netUSDFQuarks) quarks the tokens sell for now (the price moved)")), nil
            )
        }
        open(intent.owner, .usdf)
        var group = [
            LedgerTransfer(
                id: Self.transferID(intent.id, "tokens"), debit: Self.userAccount(intent.owner, mint), credit: Self.liquidityAccount(mint),
                mint: mint, amount: tokenQuarks, code: .sell),
            LedgerTransfer(
                id: Self.transferID(intent.id, "usdf"), debit: Self.reserveAccount(mint), credit: Self.userAccount(intent.owner, .usdf),
                mint: .usdf, amount: trade.netUSDFQuarks, code: .sell),
        ]
        if trade.feeUSDFQuarks > 0 {
            group.append(
                LedgerTransfer(
                    id: Self.transferID(intent.id, "fee"), debit: Self.reserveAccount(mint), credit: Self.feesAccount(mint), mint: .usdf,
                    amount: trade.feeUSDFQuarks, code: .fee))
        }
        let outcome = transferGroup(group)
        return (outcome, outcome == .settled ? TokenAmount(quarks: trade.netUSDFQuarks, mint: .usdf) : nil)
    }

    /// Applies a linked group of an intent's transfers: settled when every one was. The intent's
    /// own checks rule out failures other than funds and size: a bug if one shows.
    private mutating func transferGroup(_ group: [LedgerTransfer]) -> IntentOutcome {
        let outcomes = ledger.apply(group)
        for (transfer, outcome) in zip(group, outcomes) {
            switch outcome {
            case .created, .exists: continue
            case .failed(.insufficientFunds(let available)): return .refused(.insufficientFunds(available: available))
            case .failed(.amountTooLarge), .failed(.overflow):
                return .refused(.invalid(field: "amount.quarks", reason: "is more than an account can hold"))
            case .failed(.linkedTransferFailed): continue
            case .failed(let failure):
                preconditionFailure("intent transfer \(transfer.id) refused by the ledger: \(failure)")
            }
        }
        return .settled
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
        transferGroup([LedgerTransfer(id: id, debit: debit, credit: credit, mint: amount.mint, amount: amount.quarks, code: code)])
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
            case .openAccount, .claimGiftCard, .faucet, .deposit, .launchCurrency, .buyCurrency, .sellCurrency: return total
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

    /// Checks that a launchpad currency whose pool holds `poolQuarks` tokens has a reserve of at
    /// least what its whole supply sells for (every holder can sell back), as every store does.
    ///
    /// - Throws: ``LedgerError/invariantBroken(_:)``.
    public static func checkReserve(_ mint: Mint, poolQuarks: UInt64, reserveQuarks: UInt64) throws(LedgerError) {
        guard poolQuarks <= DiscreteBondingCurve.maxSupplyQuarks else {
            throw .invariantBroken("\(mint)'s pool holds more than the curve's whole supply")
        }
        let supply = supplyQuarks(poolQuarks: poolQuarks)
        guard let floor = DiscreteBondingCurve.shared.reserveFloor(supplyQuarks: supply), reserveQuarks >= floor else {
            throw .invariantBroken("\(mint)'s reserve holds \(reserveQuarks) quarks, less than its supply \(supply) sells for")
        }
    }

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
        // Every token sold can be sold back: rounding in the pool's favour keeps the reserve at
        // least what the whole supply sells for.
        for mint in currencies.keys {
            try Self.checkReserve(
                mint, poolQuarks: ledger.accounts[Self.liquidityAccount(mint)]?.available ?? 0,
                reserveQuarks: ledger.accounts[Self.reserveAccount(mint)]?.available ?? 0)
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
