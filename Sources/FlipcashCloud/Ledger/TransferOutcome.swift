/// What became of one transfer submitted to the ledger. The order in which they are decided is
/// TigerBeetle's: a retry is recognised before anything else is checked, so a replay answers what
/// the first attempt answered even after balances changed.
public enum TransferOutcome: Hashable, Sendable {
    /// Applied now.
    case created
    /// Applied before, with exactly this body: the same success as `created` for the caller.
    case exists
    /// Refused and nothing changed.
    case failed(TransferFailure)

    /// Whether the caller may treat the transfer as done.
    public var isSuccess: Bool {
        switch self {
        case .created, .exists: true
        case .failed: false
        }
    }
}

/// Why a transfer was refused.
public enum TransferFailure: Hashable, Sendable {
    /// The id is taken by a transfer (made or refused) whose `field` differs from this one's.
    case conflict(LedgerTransfer.Field)
    /// The amount is zero.
    case zeroAmount
    /// The amount is above ``Ledger/maximumSum``, more than any account could ever hold.
    case amountTooLarge
    /// Debit and credit are the same account.
    case sameAccount
    /// No account has this address (the debit or the credit of the transfer).
    case accountNotFound(LedgerAccountID)
    /// The accounts' mints differ from each other or from the transfer's.
    case mintMismatch
    /// The debit account holds `available` quarks, fewer than the amount.
    case insufficientFunds(available: UInt64)
    /// A running sum would pass ``Ledger/maximumSum``.
    case overflow
    /// Another transfer of the same linked group failed, so none of the group was applied.
    case linkedTransferFailed

    /// Failures that depend on the ledger's state when the transfer came: the ledger remembers
    /// them under the transfer's id, so a retry never turns a refusal into a payment (TigerBeetle's
    /// `id_already_failed`). A retry that should succeed needs a new id.
    public var isPinned: Bool {
        switch self {
        case .accountNotFound, .insufficientFunds, .overflow: true
        case .conflict, .zeroAmount, .amountTooLarge, .sameAccount, .mintMismatch, .linkedTransferFailed: false
        }
    }
}
