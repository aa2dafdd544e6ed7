import FlipcashCore
import Foundation

/// How an intent's record is kept in a store's `payment_intents` columns, the same in every
/// store. The request's amounts are kept bit for bit as signed 64-bit integers (a refused one may
/// exceed 2⁶³ − 1), so a retry is compared with exactly what was asked. A launch keeps its symbol
/// and name in `counterparty` (symbol, a line feed, name: neither can hold a line feed); a trade
/// keeps its minimum in `minimumOut` and what it credited in `receivedQuarks`.
public struct IntentColumns: Hashable, Sendable {
    public var id: String
    public var owner: String
    public var action: String
    public var mint: String?
    public var quarks: Int64?
    public var usdMicros: Int64?
    public var counterparty: String?
    public var submittedAt: Double
    public var outcome: String
    public var refusalField: String?
    public var refusalReason: String?
    public var refusalAmount: Int64?
    public var minimumOut: Int64?
    public var receivedQuarks: Int64?

    public init(
        id: String, owner: String, action: String, mint: String?, quarks: Int64?, usdMicros: Int64?, counterparty: String?,
        submittedAt: Double, outcome: String, refusalField: String?, refusalReason: String?, refusalAmount: Int64?,
        minimumOut: Int64? = nil, receivedQuarks: Int64? = nil
    ) {
        self.id = id
        self.owner = owner
        self.action = action
        self.mint = mint
        self.quarks = quarks
        self.usdMicros = usdMicros
        self.counterparty = counterparty
        self.submittedAt = submittedAt
        self.outcome = outcome
        self.refusalField = refusalField
        self.refusalReason = refusalReason
        self.refusalAmount = refusalAmount
        self.minimumOut = minimumOut
        self.receivedQuarks = receivedQuarks
    }

    /// The columns of `record`.
    public init(_ record: Payments.Record) {
        let intent = record.intent
        var minimum: UInt64?
        let (action, mint, quarks, usd, counterparty): (String, Mint?, UInt64?, UInt64?, String?)
        switch intent.action {
        case .launchCurrency(let name, let symbol):
            (action, mint, quarks, usd, counterparty) =
                ("launch_currency", LaunchpadCurrency.mint(launchedBy: intent.id.rawValue), nil, nil, symbol + "\n" + name)
        case .buyCurrency(let currency, let usdf, let minimumTokens):
            (action, mint, quarks, usd, counterparty) = ("buy_currency", currency, usdf, nil, nil)
            minimum = minimumTokens
        case .sellCurrency(let currency, let tokens, let minimumUSDF):
            (action, mint, quarks, usd, counterparty) = ("sell_currency", currency, tokens, nil, nil)
            minimum = minimumUSDF
        default:
            (action, mint, quarks, usd, counterparty) =
                switch intent.action {
                case .openAccount(let mint): ("open_account", mint, nil, nil, nil)
                case .faucet(let amount): ("faucet", amount.mint, amount.quarks, nil, nil)
                case .deposit(let amount): ("deposit", amount.mint, amount.quarks, nil, nil)
                case .sendPayment(let destination, let amount, let usd): ("send_payment", amount.mint, amount.quarks, usd, destination.rawValue)
                case .sendGiftCard(let card, let amount, let usd): ("send_gift_card", amount.mint, amount.quarks, usd, card.rawValue)
                case .claimGiftCard(let card): ("claim_gift_card", nil, nil, nil, card.rawValue)
                case .launchCurrency, .buyCurrency, .sellCurrency: preconditionFailure("handled above")
                }
        }
        let refusal = Self.refusalColumns(record.outcome)
        self.init(
            id: intent.id.rawValue, owner: intent.owner.rawValue, action: action, mint: mint?.address,
            quarks: quarks.map { Int64(bitPattern: $0) }, usdMicros: usd.map { Int64(bitPattern: $0) }, counterparty: counterparty,
            submittedAt: record.submittedAt.timeIntervalSince1970, outcome: refusal.outcome, refusalField: refusal.field,
            refusalReason: refusal.reason, refusalAmount: refusal.amount.map { Int64(bitPattern: $0) },
            minimumOut: minimum.map { Int64(bitPattern: $0) }, receivedQuarks: record.received.map { Int64(bitPattern: $0.quarks) })
    }

    /// The record these columns hold; `nil` for columns no store writes.
    public var record: Payments.Record? {
        let mint = mint.flatMap { try? Mint(address: $0) }
        guard (self.mint == nil) == (mint == nil) else { return nil }
        let quarks = quarks.map { UInt64(bitPattern: $0) }
        let usd = usdMicros.map { UInt64(bitPattern: $0) }
        let action: IntentAction
        switch self.action {
        case "open_account":
            guard let mint else { return nil }
            action = .openAccount(mint)
        case "faucet":
            guard let mint, let quarks else { return nil }
            action = .faucet(TokenAmount(quarks: quarks, mint: mint))
        case "deposit":
            guard let mint, let quarks else { return nil }
            action = .deposit(TokenAmount(quarks: quarks, mint: mint))
        case "send_payment":
            guard let mint, let quarks, let usd, let counterparty else { return nil }
            action = .sendPayment(destination: OwnerID(counterparty), amount: TokenAmount(quarks: quarks, mint: mint), usdMicros: usd)
        case "send_gift_card":
            guard let mint, let quarks, let usd, let counterparty else { return nil }
            action = .sendGiftCard(GiftCardID(counterparty), amount: TokenAmount(quarks: quarks, mint: mint), usdMicros: usd)
        case "claim_gift_card":
            guard let counterparty else { return nil }
            action = .claimGiftCard(GiftCardID(counterparty))
        case "launch_currency":
            guard let parts = counterparty?.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false), parts.count == 2
            else { return nil }
            action = .launchCurrency(name: String(parts[1]), symbol: String(parts[0]))
        case "buy_currency":
            guard let mint, let quarks, let minimum = minimumOut.map({ UInt64(bitPattern: $0) }) else { return nil }
            action = .buyCurrency(mint, usdfQuarks: quarks, minimumTokenQuarks: minimum)
        case "sell_currency":
            guard let mint, let quarks, let minimum = minimumOut.map({ UInt64(bitPattern: $0) }) else { return nil }
            action = .sellCurrency(mint, tokenQuarks: quarks, minimumUSDFQuarks: minimum)
        default: return nil
        }
        let receivedMint: Mint? =
            switch action {
            case .launchCurrency, .buyCurrency: mint
            case .sellCurrency: .usdf
            default: nil
            }
        var received: TokenAmount?
        if let receivedMint, let receivedQuarks { received = TokenAmount(quarks: UInt64(bitPattern: receivedQuarks), mint: receivedMint) }
        guard let outcome = Self.outcome(outcome, field: refusalField, reason: refusalReason, amount: refusalAmount.map { UInt64(bitPattern: $0) })
        else { return nil }
        return Payments.Record(
            intent: PaymentIntent(id: IntentID(id), owner: OwnerID(owner), action: action),
            submittedAt: Date(timeIntervalSince1970: submittedAt), outcome: outcome, received: received)
    }

    static func refusalColumns(_ outcome: IntentOutcome) -> (outcome: String, field: String?, reason: String?, amount: UInt64?) {
        switch outcome {
        case .settled: ("settled", nil, nil, nil)
        case .refused(let refusal):
            switch refusal {
            case .conflict(let field): ("conflict", field, nil, nil)
            case .invalid(let field, let reason): ("invalid", field, reason, nil)
            case .accountNotOpen(let mint): ("account_not_open", mint.address, nil, nil)
            case .insufficientFunds(let available): ("insufficient_funds", nil, nil, available)
            case .limitExceeded(let remaining): ("limit_exceeded", nil, nil, remaining)
            case .giftCardSettled: ("gift_card_settled", nil, nil, nil)
            case .giftCardExpired: ("gift_card_expired", nil, nil, nil)
            case .faucetClosed: ("faucet_closed", nil, nil, nil)
            }
        }
    }

    static func outcome(_ outcome: String, field: String?, reason: String?, amount: UInt64?) -> IntentOutcome? {
        switch outcome {
        case "settled": return .settled
        case "conflict": return field.map { .refused(.conflict(field: $0)) }
        case "invalid":
            guard let field, let reason else { return nil }
            return .refused(.invalid(field: field, reason: reason))
        case "account_not_open": return field.flatMap { try? Mint(address: $0) }.map { .refused(.accountNotOpen($0)) }
        case "insufficient_funds": return amount.map { .refused(.insufficientFunds(available: $0)) }
        case "limit_exceeded": return amount.map { .refused(.limitExceeded(remainingUSDMicros: $0)) }
        case "gift_card_settled": return .refused(.giftCardSettled)
        case "gift_card_expired": return .refused(.giftCardExpired)
        case "faucet_closed": return .refused(.faucetClosed)
        default: return nil
        }
    }
}

/// How a cash link is kept in a store's `gift_cards` columns, the same in every store.
public struct GiftCardColumns: Hashable, Sendable {
    public var id: String
    public var issuer: String
    public var mint: String
    public var quarks: Int64
    public var fundedAt: Double
    public var state: String
    public var claimedBy: String?
    public var claimIntent: String?

    public init(
        id: String, issuer: String, mint: String, quarks: Int64, fundedAt: Double, state: String, claimedBy: String?, claimIntent: String?
    ) {
        self.id = id
        self.issuer = issuer
        self.mint = mint
        self.quarks = quarks
        self.fundedAt = fundedAt
        self.state = state
        self.claimedBy = claimedBy
        self.claimIntent = claimIntent
    }

    /// The columns of `giftCard`.
    public init(_ giftCard: Payments.GiftCard) {
        let (state, claimedBy, claimIntent): (String, String?, String?) =
            switch giftCard.state {
            case .open: ("open", nil, nil)
            case .claimed(let owner, let intent): ("claimed", owner.rawValue, intent.rawValue)
            case .voided: ("voided", nil, nil)
            case .returned: ("returned", nil, nil)
            }
        self.init(
            id: giftCard.id.rawValue, issuer: giftCard.issuer.rawValue, mint: giftCard.amount.mint.address,
            quarks: Int64(giftCard.amount.quarks), fundedAt: giftCard.fundedAt.timeIntervalSince1970, state: state, claimedBy: claimedBy,
            claimIntent: claimIntent)
    }

    /// The cash link these columns hold; `nil` for columns no store writes.
    public var giftCard: Payments.GiftCard? {
        guard let mint = try? Mint(address: mint), let quarks = UInt64(exactly: quarks) else { return nil }
        let state: Payments.GiftCard.State
        switch self.state {
        case "open": state = .open
        case "voided": state = .voided
        case "returned": state = .returned
        case "claimed":
            guard let claimedBy, let claimIntent else { return nil }
            state = .claimed(by: OwnerID(claimedBy), intent: IntentID(claimIntent))
        default: return nil
        }
        return Payments.GiftCard(
            id: GiftCardID(id), issuer: OwnerID(issuer), amount: TokenAmount(quarks: quarks, mint: mint),
            fundedAt: Date(timeIntervalSince1970: fundedAt), state: state)
    }
}

/// How a launchpad currency is kept in a store's `launchpad_currencies` columns.
public struct CurrencyColumns: Hashable, Sendable {
    public var mint: String
    public var symbol: String
    public var name: String
    public var sellFeeBps: Int
    public var creator: String
    public var launchedAt: Double

    public init(mint: String, symbol: String, name: String, sellFeeBps: Int, creator: String, launchedAt: Double) {
        self.mint = mint
        self.symbol = symbol
        self.name = name
        self.sellFeeBps = sellFeeBps
        self.creator = creator
        self.launchedAt = launchedAt
    }

    /// The columns of `launched`.
    public init(_ launched: Payments.LaunchedCurrency) {
        self.init(
            mint: launched.currency.mint.address, symbol: launched.currency.symbol, name: launched.currency.name,
            sellFeeBps: launched.currency.sellFeeBps, creator: launched.creator.rawValue,
            launchedAt: launched.launchedAt.timeIntervalSince1970)
    }

    /// The currency these columns hold; nil for columns no store writes.
    public var currency: Payments.LaunchedCurrency? {
        guard let mint = try? Mint(address: mint), !mint.isUSDF, (0...DiscreteBondingCurve.maxFeeBps).contains(sellFeeBps) else { return nil }
        return Payments.LaunchedCurrency(
            currency: LaunchpadCurrency(mint: mint, name: name, symbol: symbol, sellFeeBps: sellFeeBps), creator: OwnerID(creator),
            launchedAt: Date(timeIntervalSince1970: launchedAt))
    }
}
