public import Foundation

/// Why a sync, or an account step, did not happen. Local edits are never affected: they are in
/// the outbox and go with the next sync that works.
public enum SyncError: LocalizedError, Equatable, Sendable {
    /// This store has no sync account yet.
    case noAccount
    /// This store already belongs to an account.
    case alreadySetUp(accountID: String)
    /// The server refused the request (its code, message and the field at fault).
    case refused(status: Int, code: String, message: String, field: String?, retryAfter: Int?)
    /// The server could not be reached.
    case unreachable(url: String, reason: String)
    /// The server answered something the contract does not allow.
    case invalidResponse(String)
    /// The account's key slots have no slot for the secret given.
    case noSlot(String)
    /// Changes from the server that could not be opened (tampered, or not this account's).
    case unreadableChanges(Int)
    /// This device's keys are missing or damaged.
    case keysUnreadable(String)

    public var errorDescription: String? {
        switch self {
        case .noAccount:
            "This log has no sync account yet. Run `umilog account create` (first device) or `umilog account join` (another device)."
        case .alreadySetUp(let account):
            "This log already syncs with account \(account)."
        case .refused(let status, let code, let message, let field, let retryAfter):
            "The sync server refused (\(status) \(code)\(field.map { ", field \($0)" } ?? "")): \(message)"
                + (retryAfter.map { " Try again in \($0) s." } ?? "")
        case .unreachable(let url, let reason):
            "Cannot reach the sync server at \(url): \(reason). Your changes are saved on this device and will sync later."
        case .invalidResponse(let detail):
            "The sync server answered something unexpected: \(detail)."
        case .noSlot(let kind):
            "This account has no \(kind) slot, so it cannot be opened that way."
        case .unreadableChanges(let count):
            "\(count) change(s) or profile(s) from the server could not be opened and were skipped: they were altered, or are not this log's."
        case .keysUnreadable(let reason):
            "This device's sync keys cannot be read: \(reason)."
        }
    }
}
