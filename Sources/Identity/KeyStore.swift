public import Foundation

/// Where a device keeps its secret keys: a `0600` file store on Linux (``FileKeyStore``), the
/// Keychain on Apple platforms, or memory in tests (``InMemoryKeyStore``).
///
/// Names are short identifiers matching `[a-z0-9_.-]+` (at most 128 characters, not starting
/// with `.`); every implementation rejects other names with ``KeyStoreError/invalidKeyName(_:)``
/// so code that works against one store works against all.
public protocol KeyStore: Sendable {
    /// The bytes stored under `name`, or `nil` if nothing is stored there.
    func load(_ name: String) throws -> Data?
    /// Stores `data` under `name`, replacing what was there in one step (never half-written).
    func save(_ data: Data, as name: String) throws
    /// Removes `name`; removing a name that is not stored is not an error.
    func delete(_ name: String) throws
}

/// The key-name rule shared by every ``KeyStore``.
enum KeyName {
    static let maximumLength = 128

    static func validate(_ name: String) throws {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLength, bytes.first != UInt8(ascii: ".") else {
            throw KeyStoreError.invalidKeyName(name)
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
                continue
            default:
                throw KeyStoreError.invalidKeyName(name)
            }
        }
    }
}
