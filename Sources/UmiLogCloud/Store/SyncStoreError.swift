public import Foundation

/// What a sync store throws. Messages name what went wrong and what to do, never a key, a sealed
/// byte or a statement's arguments.
public enum SyncStoreError: Error, Hashable, Sendable {
    /// The account does not exist: the caller authenticated a device of it first, so this means
    /// the account went away in between or the caller skipped that step.
    case noSuchAccount
    /// A stored row holds a value no write of the store could have made (a damaged or hand-edited
    /// database); the store refuses it rather than guess.
    case corruptRow(table: String)
    /// The database itself failed (disk full, locked too long, connection lost), with its message.
    case storeFailed(reason: String)
}

extension SyncStoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .noSuchAccount:
            "The sync account does not exist; authenticate one of its devices before using it."
        case .corruptRow(let table):
            "The sync store's table \(table) holds a row it cannot read; restore the database from a backup."
        case .storeFailed(let reason):
            "The sync store failed: \(reason). Check the database's disk and connection, then retry."
        }
    }
}
