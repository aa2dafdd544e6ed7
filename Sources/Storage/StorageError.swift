public import Foundation

/// Why a database, file or blob operation failed; each case names the path or CID involved.
public enum StorageError: Error, Equatable, Sendable {
    /// A database or file was expected at a path that is a directory.
    case pathIsDirectory(path: String)
    /// The folder that should hold a file could not be created (or exists as a file).
    case cannotCreateDirectory(path: String, reason: String)
    /// SQLite refused to open or configure the database file.
    case cannotOpenDatabase(path: String, reason: String)
    /// A migration failed; the database is left at the last successful migration.
    case migrationFailed(path: String, reason: String)
    /// Writing a file failed; the previous contents, if any, are intact.
    case writeFailed(path: String, reason: String)
    /// Reading a file failed.
    case readFailed(path: String, reason: String)
    /// Deleting a file failed.
    case deleteFailed(path: String, reason: String)
    /// The string is not a blob CID (CIDv1, raw codec, sha2-256, base32 lower: `bafkrei…`).
    case invalidCID(String)
    /// The stored blob no longer hashes to its CID: the file was damaged or altered.
    case corruptBlob(cid: String)
}

extension StorageError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .pathIsDirectory(let path):
            "\(path) is a directory; give the path of a file inside it instead."
        case .cannotCreateDirectory(let path, let reason):
            "Could not create the folder \(path): \(reason). Check that no file has that name and that it is writable."
        case .cannotOpenDatabase(let path, let reason):
            "Could not open the database \(path): \(reason). Check that the file is a database and its folder is writable."
        case .migrationFailed(let path, let reason):
            "Could not upgrade the database \(path): \(reason)."
        case .writeFailed(let path, let reason):
            "Could not write \(path): \(reason). The previous contents were left untouched."
        case .readFailed(let path, let reason):
            "Could not read \(path): \(reason)."
        case .deleteFailed(let path, let reason):
            "Could not delete \(path): \(reason)."
        case .invalidCID(let cid):
            "\"\(cid)\" is not a blob identifier (expected a CIDv1 string starting with \"bafkrei\")."
        case .corruptBlob(let cid):
            "The stored blob \(cid) is damaged: its contents no longer match its identifier."
        }
    }
}
