public import Foundation

/// Why the cloud's store (``KilroyServerStore``) could not answer, beyond SQLite's own errors.
public enum KilroyServerStoreError: Error, Equatable, Sendable {
    /// A stored row holds a value no valid request could have written (e.g. a latitude of 200):
    /// the database was edited by hand or damaged.
    case corruptRow(table: String, id: String)
}

extension KilroyServerStoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .corruptRow(let table, let id):
            "The stored row \(id) of table \(table) holds an impossible value; restore the database from a backup or delete the row."
        }
    }
}
