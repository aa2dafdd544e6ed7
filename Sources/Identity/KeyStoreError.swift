public import Foundation

/// Why a ``KeyStore`` (or ``IdentityStore``) could not load or save a key.
public enum KeyStoreError: LocalizedError, Equatable, Sendable {
    /// A key file can be read or written by group or others; `mode` is its permission bits
    /// (e.g. `0o644`). The key is not used until the permissions are fixed.
    case insecurePermissions(path: String, mode: UInt32)
    /// A stored key is unusable (wrong length, or one half of an identity missing). Nothing is
    /// overwritten: the bytes stay where they are for recovery.
    case corruptKey(name: String, reason: String)
    /// A key name outside `[a-z0-9_.-]+` (at most 128 characters, not starting with `.`).
    case invalidKeyName(String)
    /// The file system refused an operation; `reason` is the system's explanation.
    case ioFailure(path: String, reason: String)
    /// There is no key file at `path` (``PrivateKeyFile/read(at:maximumByteCount:)``).
    case missingFile(path: String)
    /// The key file belongs to another user (`owner` is its user id): that user can change or
    /// replace it, so it is not used.
    case notOwnedByUser(path: String, owner: UInt32)
    /// The file is `byteCount` bytes, more than `limit`: far larger than any key.
    case tooLarge(path: String, byteCount: Int, limit: Int)
    /// A new key file was to be created where something exists already; it was left alone.
    case fileExists(path: String)

    public var errorDescription: String? {
        switch self {
        case .insecurePermissions(let path, let mode):
            "The key file \(path) has permissions \(String(mode, radix: 8)), which let other users read or change it. Run `chmod 600 \(path)` if you trust its contents, or delete it."
        case .corruptKey(let name, let reason):
            "The stored key \"\(name)\" is corrupt: \(reason). It was left untouched; restore it from a backup or delete it to create a new identity (the old one is then lost)."
        case .invalidKeyName(let name):
            "\"\(name)\" is not a valid key name: use 1–128 characters from a–z, 0–9, '_', '.', '-', not starting with '.'."
        case .ioFailure(let path, let reason):
            "Could not access the key file \(path): \(reason). Check that the folder exists, is writable and belongs to you."
        case .missingFile(let path):
            "The key file \(path) does not exist. Check the path."
        case .notOwnedByUser(let path, let owner):
            "The key file \(path) belongs to another user (uid \(owner)), who could change or replace it. Copy it to a file of your own and run `chmod 600` on the copy."
        case .fileExists(let path):
            "\(path) already exists and was left untouched; choose another file."
        case .tooLarge(let path, let byteCount, let limit):
            "The key file \(path) is \(byteCount) bytes, far larger than any key (at most \(limit)); check that it is the right file."
        }
    }
}
