/// How a pinned refusal is kept in a store's columns (`failure`, `failure_account`,
/// `failure_available`), the same in every store.
public enum StoredFailure {
    /// The columns of a pinned `failure`.
    ///
    /// - Precondition: `failure.isPinned` (only those are stored).
    public static func columns(_ failure: TransferFailure) -> (name: String, account: String?, available: Int64?) {
        switch failure {
        case .accountNotFound(let id): ("account_not_found", id.rawValue, nil)
        case .insufficientFunds(let available): ("insufficient_funds", nil, Int64(available))
        case .overflow: ("overflow", nil, nil)
        case .conflict, .zeroAmount, .amountTooLarge, .sameAccount, .mintMismatch, .linkedTransferFailed:
            preconditionFailure("only pinned failures are stored: \(failure)")
        }
    }

    /// The refusal the columns hold; `nil` for columns no store writes.
    public static func failure(name: String, account: String?, available: Int64?) -> TransferFailure? {
        switch name {
        case "account_not_found": account.map { .accountNotFound(LedgerAccountID($0)) }
        case "insufficient_funds": available.flatMap(UInt64.init(exactly:)).map { .insufficientFunds(available: $0) }
        case "overflow": .overflow
        default: nil
        }
    }
}
