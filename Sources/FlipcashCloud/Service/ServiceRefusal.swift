public import FlipcashAPI
public import FlipcashCore
import Foundation

/// A request the services refuse: the contract's `Refusal` (a code, the request field at fault in
/// proto field-path form, and a sentence for people), thrown inside a handler and answered in the
/// response's `refusal`. Nothing secret goes in: no key, signature or amount the caller did not send.
public struct ServiceRefusal: Error, Hashable, Sendable {
    public let code: Flipcash_V1_Refusal.Code
    public let field: String
    public let message: String
    /// For insufficient funds: what the account holds.
    public let available: TokenAmount?

    public init(_ code: Flipcash_V1_Refusal.Code, field: String, _ message: String, available: TokenAmount? = nil) {
        self.code = code
        self.field = field
        self.message = message
        self.available = available
    }

    /// The contract's message.
    public var proto: Flipcash_V1_Refusal {
        var refusal = Flipcash_V1_Refusal()
        refusal.code = code
        refusal.field = field
        refusal.message = message
        if let available { refusal.available = .init(available) }
        return refusal
    }

    static func invalid(_ field: String, _ reason: String) -> ServiceRefusal {
        ServiceRefusal(.invalid, field: field, "\(field) \(reason).")
    }

    static func missing(_ field: String) -> ServiceRefusal {
        ServiceRefusal(.invalid, field: field, "\(field) is missing.")
    }

    init(_ error: AuthenticationError) {
        self.init(.unauthenticated, field: error.field, error.errorDescription ?? "The request is not signed.")
    }

    init(_ error: ExchangeDataError) {
        switch error {
        case .missing, .invalid, .mismatch:
            self.init(.invalid, field: error.field, error.errorDescription ?? "The exchange data is invalid.")
        case .unsignedRate, .staleRate:
            self.init(.staleExchangeData, field: error.field, error.errorDescription ?? "The exchange rate is stale.")
        }
    }

    /// The refusal of `intent` by the payment rules.
    init(_ refusal: PaymentRefusal, of intent: PaymentIntent) {
        let amountField = intent.action.amountField
        switch refusal {
        case .conflict(let field):
            self.init(
                .conflict, field: field,
                "The intent id is taken by an intent with another \(field): a new intent needs a new id.")
        case .invalid(let field, let reason):
            self.init(.invalid, field: field, "\(field) \(reason).")
        case .accountNotOpen(let mint):
            self.init(.invalid, field: amountField + ".mint", "You have no \(mint) account yet: open it first.")
        case .insufficientFunds(let available):
            let debited = intent.action.debited
            self.init(
                .insufficientFunds, field: debited.field, "Your balance is too low for this amount.",
                available: debited.mint.map { TokenAmount(quarks: available, mint: $0) })
        case .limitExceeded(let remaining):
            let dollars = Decimal(remaining) / 1_000_000
            self.init(
                .limitExceeded, field: amountField,
                "This is more than you may send now: at most \(dollars) USD until your daily limit frees up.")
        case .giftCardSettled:
            self.init(.giftCardSettled, field: "claim_gift_card.gift_card", "This cash link was already claimed, cancelled or returned.")
        case .giftCardExpired:
            self.init(.giftCardExpired, field: "claim_gift_card.gift_card", "This cash link has expired; its money went back to the sender.")
        case .faucetClosed:
            self.init(.denied, field: "faucet", "This server does not run the development faucet.")
        }
    }
}

extension IntentAction {
    /// Where the contract puts the amount this action moves.
    var amountField: String {
        switch self {
        case .openAccount: "open_account"
        case .sendPayment: "send_payment.exchange_data.amount"
        case .sendGiftCard: "send_gift_card.exchange_data.amount"
        case .claimGiftCard: "claim_gift_card.gift_card"
        case .faucet: "faucet.amount"
        case .deposit: "deposit.amount"
        case .launchCurrency: "launch_currency"
        case .buyCurrency: "buy_currency"
        case .sellCurrency: "sell_currency"
        }
    }

    /// The field of the quarks the action takes from the owner, and their mint (USDF for a
    /// purchase): where an insufficient balance is reported.
    var debited: (field: String, mint: Mint?) {
        switch self {
        case .buyCurrency: ("buy_currency.usdf_quarks", .usdf)
        case .sellCurrency(let mint, _, _): ("sell_currency.token_quarks", mint)
        case .openAccount, .sendPayment, .sendGiftCard, .claimGiftCard, .faucet, .deposit, .launchCurrency: (amountField + ".quarks", mint)
        }
    }

    /// The mint the action moves, when the action names it.
    var mint: Mint? {
        switch self {
        case .openAccount(let mint), .buyCurrency(let mint, _, _), .sellCurrency(let mint, _, _): mint
        case .sendPayment(_, let amount, _), .sendGiftCard(_, let amount, _), .faucet(let amount), .deposit(let amount): amount.mint
        case .claimGiftCard, .launchCurrency: nil
        }
    }
}

extension Flipcash_V1_TokenAmount {
    /// The contract's form of `amount`.
    public init(_ amount: TokenAmount) {
        self.init()
        mint.address = amount.mint.address
        quarks = amount.quarks
    }
}
