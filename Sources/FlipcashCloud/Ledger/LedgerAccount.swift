public import FlipcashCore

/// An account of the ledger: a user's balance in one mint, a cash link's, or one of the mint's
/// own accounts (where money enters and where fees go). Its only state is two running sums that
/// only transfers move, as in TigerBeetle: the balance is derived, never stored apart.
public struct LedgerAccount: Hashable, Sendable {
    /// Who holds the account, which decides whether it may go below zero.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A person's balance in one mint; never below zero.
        case user
        /// A cash link's (gift card's) balance, held until it is claimed, voided or returned;
        /// never below zero.
        case giftCard = "gift_card"
        /// Where the mint's money enters the ledger (deposits, the development faucet): its debits
        /// exceed its credits by exactly what is in circulation, so it alone may go below zero.
        case issuance
        /// Where fees collect; never below zero.
        case fees
        /// A launchpad currency's pool of unsold tokens (its mint); never below zero.
        case liquidity
        /// The USDF a launchpad currency's buyers paid in, from which sales are paid; never
        /// below zero.
        case reserve

        /// Whether debits may exceed credits.
        public var mayOverdraw: Bool {
            switch self {
            case .issuance: true
            case .user, .giftCard, .fees, .liquidity, .reserve: false
            }
        }
    }

    public let id: LedgerAccountID
    public let mint: Mint
    public let kind: Kind
    /// Quarks that left the account.
    public internal(set) var debits: UInt64 = 0
    /// Quarks that entered the account.
    public internal(set) var credits: UInt64 = 0

    public init(id: LedgerAccountID, mint: Mint, kind: Kind, debits: UInt64 = 0, credits: UInt64 = 0) {
        self.id = id
        self.mint = mint
        self.kind = kind
        self.debits = debits
        self.credits = credits
    }

    /// Quarks the account holds: credits minus debits (negative only for an issuance account).
    public var balance: Int128 { Int128(credits) - Int128(debits) }

    /// Quarks that may leave the account now (`nil`: no limit, for an issuance account).
    public var available: UInt64? {
        kind.mayOverdraw ? nil : credits - debits
    }
}
