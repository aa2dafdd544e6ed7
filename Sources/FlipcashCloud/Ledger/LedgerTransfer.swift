public import FlipcashCore

/// One movement of money: `amount` quarks of `mint` from `debit` to `credit`, under an id the
/// client chose (and saved) before sending, so a retry is recognised. Immutable once created;
/// a mistake is undone by another transfer, never by an edit.
public struct LedgerTransfer: Hashable, Sendable {
    /// Why the money moved, kept with the transfer for history and audits.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        case deposit
        case payment
        case fee
        case giftCardFunding = "gift_card_funding"
        case giftCardClaim = "gift_card_claim"
        case giftCardVoid = "gift_card_void"
        case giftCardReturn = "gift_card_return"
        /// A launched currency's whole supply, into its pool.
        case launch
        /// USDF into a pool's reserve, or tokens out of its pool, for a purchase.
        case buy
        /// Tokens back into a pool, or USDF out of its reserve, for a sale.
        case sell
    }

    public let id: TransferID
    public let debit: LedgerAccountID
    public let credit: LedgerAccountID
    public let mint: Mint
    public let amount: UInt64
    public let code: Code

    public init(id: TransferID, debit: LedgerAccountID, credit: LedgerAccountID, mint: Mint, amount: UInt64, code: Code) {
        self.id = id
        self.debit = debit
        self.credit = credit
        self.mint = mint
        self.amount = amount
        self.code = code
    }

    /// The first field, in a fixed order, in which `other` (a retry with this transfer's id)
    /// differs; `nil` when it is the same request.
    public func firstDifference(from other: LedgerTransfer) -> Field? {
        if debit != other.debit { return .debit }
        if credit != other.credit { return .credit }
        if mint != other.mint { return .mint }
        if amount != other.amount { return .amount }
        if code != other.code { return .code }
        return nil
    }

    /// A transfer's fields, as a conflict names them.
    public enum Field: String, Hashable, Sendable {
        case debit, credit, mint, amount, code
    }
}
