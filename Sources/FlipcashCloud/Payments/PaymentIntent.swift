public import FlipcashCore

/// What an owner asks the server to do, signed, under an id the client chose before sending.
public struct PaymentIntent: Hashable, Sendable {
    public let id: IntentID
    public let owner: OwnerID
    public let action: IntentAction

    public init(id: IntentID, owner: OwnerID, action: IntentAction) {
        self.id = id
        self.owner = owner
        self.action = action
    }

    /// The first field, in a fixed order, in which `other` (a retry under this intent's id)
    /// differs, named as the contract names it; `nil` when it is the same request.
    public func firstDifference(from other: PaymentIntent) -> String? {
        if owner != other.owner { return "auth.owner" }
        switch (action, other.action) {
        case (.openAccount(let mint), .openAccount(let otherMint)):
            return mint == otherMint ? nil : "open_account.mint"
        case (.sendPayment(let destination, let amount, let value), .sendPayment(let otherDestination, let otherAmount, let otherValue)):
            if destination != otherDestination { return "send_payment.destination_owner" }
            return Self.difference(amount, value, otherAmount, otherValue, prefix: "send_payment.exchange_data")
        case (.sendGiftCard(let card, let amount, let value), .sendGiftCard(let otherCard, let otherAmount, let otherValue)):
            if card != otherCard { return "send_gift_card.gift_card" }
            return Self.difference(amount, value, otherAmount, otherValue, prefix: "send_gift_card.exchange_data")
        case (.claimGiftCard(let card), .claimGiftCard(let otherCard)):
            return card == otherCard ? nil : "claim_gift_card.gift_card"
        case (.faucet(let amount), .faucet(let otherAmount)):
            if amount.mint != otherAmount.mint { return "faucet.amount.mint" }
            return amount.quarks == otherAmount.quarks ? nil : "faucet.amount.quarks"
        case (.deposit(let amount), .deposit(let otherAmount)):
            if amount.mint != otherAmount.mint { return "deposit.amount.mint" }
            return amount.quarks == otherAmount.quarks ? nil : "deposit.amount.quarks"
        case (.launchCurrency(let name, let symbol), .launchCurrency(let otherName, let otherSymbol)):
            if name != otherName { return "launch_currency.name" }
            return symbol == otherSymbol ? nil : "launch_currency.symbol"
        case (.buyCurrency(let mint, let usdf, let minimum), .buyCurrency(let otherMint, let otherUSDF, let otherMinimum)):
            if mint != otherMint { return "buy_currency.mint" }
            if usdf != otherUSDF { return "buy_currency.usdf_quarks" }
            return minimum == otherMinimum ? nil : "buy_currency.minimum_token_quarks"
        case (.sellCurrency(let mint, let tokens, let minimum), .sellCurrency(let otherMint, let otherTokens, let otherMinimum)):
            if mint != otherMint { return "sell_currency.mint" }
            if tokens != otherTokens { return "sell_currency.token_quarks" }
            return minimum == otherMinimum ? nil : "sell_currency.minimum_usdf_quarks"
        case (.openAccount, _), (.sendPayment, _), (.sendGiftCard, _), (.claimGiftCard, _), (.faucet, _), (.deposit, _),
            (.launchCurrency, _), (.buyCurrency, _), (.sellCurrency, _):
            return "action"
        }
    }

    private static func difference(_ amount: TokenAmount, _ value: UInt64, _ other: TokenAmount, _ otherValue: UInt64, prefix: String)
        -> String?
    {
        if amount.mint != other.mint { return prefix + ".amount.mint" }
        if amount.quarks != other.quarks { return prefix + ".amount.quarks" }
        return value == otherValue ? nil : prefix + ".native_amount"
    }
}

/// The intents the ledger settles. Amounts that count against the owner's limits carry their
/// value in micro-dollars (10⁻⁶ USD, the scale of USDF quarks), worked out and checked from the
/// signed exchange data before the intent reaches the ledger.
public enum IntentAction: Hashable, Sendable {
    /// Opens the owner's account for a mint.
    case openAccount(Mint)
    /// Pays another owner, who has an account for the mint.
    case sendPayment(destination: OwnerID, amount: TokenAmount, usdMicros: UInt64)
    /// Moves money into a new cash link's account.
    case sendGiftCard(GiftCardID, amount: TokenAmount, usdMicros: UInt64)
    /// Takes a cash link's whole balance into the owner's account (opened if needed).
    case claimGiftCard(GiftCardID)
    /// Development only: credits the owner from the mint's issuance account.
    case faucet(TokenAmount)
    /// Money that arrived from outside (a ``DepositSource``), credited from the mint's issuance
    /// account. Only the server makes these: no request can ask for one.
    case deposit(TokenAmount)
    /// Launches a currency (name and symbol already checked); its mint is
    /// ``LaunchpadCurrency/mint(launchedBy:)`` of the intent's id.
    case launchCurrency(name: String, symbol: String)
    /// Pays `usdfQuarks` into a currency's reserve for the tokens the curve gives at the supply
    /// when it settles; refused when that is fewer than `minimumTokenQuarks`.
    case buyCurrency(Mint, usdfQuarks: UInt64, minimumTokenQuarks: UInt64)
    /// Sells `tokenQuarks` back to the currency's pool for their value less the pool's fee;
    /// refused when the seller would receive less than `minimumUSDFQuarks`.
    case sellCurrency(Mint, tokenQuarks: UInt64, minimumUSDFQuarks: UInt64)
}

extension IntentAction {
    /// The cash link the action names, if any: a store reads it before applying the rules.
    public var giftCard: GiftCardID? {
        switch self {
        case .sendGiftCard(let card, _, _), .claimGiftCard(let card): card
        case .openAccount, .sendPayment, .faucet, .deposit, .launchCurrency, .buyCurrency, .sellCurrency: nil
        }
    }

    /// The launchpad currency the action names or creates (for a launch, give the intent's id),
    /// if any: a store reads it before applying the rules.
    public func launchpadMint(intent id: IntentID) -> Mint? {
        let named = launchSymbol == nil ? mint : LaunchpadCurrency.mint(launchedBy: id.rawValue)
        return named.flatMap { $0.isUSDF ? nil : $0 }
    }

    /// The symbol a launch asks for; nil for the other actions.
    public var launchSymbol: String? {
        if case .launchCurrency(_, let symbol) = self { return symbol }
        return nil
    }
}

/// What became of an intent. The first answer is kept under the intent's id and given again,
/// exactly, to every retry with the same body.
public enum IntentOutcome: Hashable, Sendable {
    case settled
    case refused(PaymentRefusal)
}

/// Why an intent was refused.
public enum PaymentRefusal: Hashable, Sendable {
    /// The id is taken by an intent with another body; `field` is the first that differs. Not
    /// kept: it describes this request, not the intent.
    case conflict(field: String)
    /// A field holds something no intent may (`field`, and why).
    case invalid(field: String, reason: String)
    /// The owner has no account for the mint.
    case accountNotOpen(Mint)
    /// The owner's account holds `available` quarks, fewer than the amount.
    case insufficientFunds(available: UInt64)
    /// The amount passes a limit; `remainingUSDMicros` may still be sent now.
    case limitExceeded(remainingUSDMicros: UInt64)
    /// The cash link was claimed, voided or returned already.
    case giftCardSettled
    /// The cash link is too close to (or past) its expiry to be claimed.
    case giftCardExpired
    /// The server does not run the development faucet.
    case faucetClosed
}
