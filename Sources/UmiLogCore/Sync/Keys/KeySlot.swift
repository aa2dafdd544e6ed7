public import Foundation

/// The master key wrapped under a secret only the diver knows: the one form of the key the server
/// (and a backup file) ever holds.
///
/// A log has a slot per way in, one opened by the passphrase and one by the recovery code, each
/// with its own KDF parameters and salt. The slot wraps the master key, not the data, so changing
/// the passphrase rewrites that one slot while the master key and every record stay as they are.
///
/// The JSON form is exactly `openapi.yaml`'s `KeySlot`: `slotId`, `kind` (`passphrase` or
/// `recoveryCode`), `kdf` (`KDFParameters`), `wrappedKey` (standard base64) and `version` (1).
/// Values are checked when built or decoded, since slots come back from an untrusted server.
/// Wrapping and unwrapping are in `KeySlot+Wrap.swift`.
public struct KeySlot: Sendable, Hashable {
    /// What opens a slot.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case passphrase
        case recoveryCode
    }

    /// The slot format this code writes and reads.
    public static let currentVersion = 1
    /// The bytes of a wrapped key: ChaChaPoly's 12-byte nonce, the 32-byte key, the 16-byte tag.
    public static let wrappedKeyByteCount = 12 + MasterKey.byteCount + 16

    /// The slot's name within the account (`^[a-z][a-z0-9-]{0,31}$`), e.g. `passphrase`.
    public let slotID: String
    public let kind: Kind
    public let kdf: KDFParameters
    /// The master key sealed by ChaChaPoly (nonce ‖ ciphertext ‖ tag) under the KDF's key.
    public let wrappedKey: Data
    public let version: Int

    /// A slot read from elsewhere (the server's answer, a backup's header), checked.
    ///
    /// - Throws: `UmiLogKeyError.invalidKeySlot` for a malformed id or wrapped key,
    ///   `.unsupportedKeyParameters` for a version other than 1.
    public init(slotID: String, kind: Kind, kdf: KDFParameters, wrappedKey: Data, version: Int) throws(UmiLogKeyError) {
        guard Self.isValidSlotID(slotID) else { throw .invalidKeySlot("its id is not 1 to 32 lower-case letters, digits or hyphens") }
        guard version == Self.currentVersion else { throw .unsupportedKeyParameters("slot version \(version)") }
        guard wrappedKey.count == Self.wrappedKeyByteCount else { throw .invalidKeySlot("its wrapped key has the wrong length") }
        self.slotID = slotID
        self.kind = kind
        self.kdf = kdf
        self.wrappedKey = wrappedKey
        self.version = version
    }

    /// Whether `id` matches `^[a-z][a-z0-9-]{0,31}$`, the contract's pattern for slot ids.
    public static func isValidSlotID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...32).contains(bytes.count), let first = bytes.first, isLowercaseLetter(first) else { return false }
        return bytes.allSatisfy { isLowercaseLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}

extension KeySlot: CustomStringConvertible {
    /// The slot without its wrapped key (not a secret on its own, but no reason to print it).
    public var description: String {
        "KeySlot(\(slotID), \(kind.rawValue), scrypt logN \(kdf.logN) r \(kdf.r) p \(kdf.p))"
    }
}

extension KeySlot: Codable {
    enum CodingKeys: String, CodingKey {
        case slotID = "slotId"
        case kind, kdf, wrappedKey, version
    }

    /// Reads and checks the JSON form.
    ///
    /// - Throws: `UmiLogKeyError` for values the contract or this version refuses (the decoder
    ///   passes it through unchanged), `DecodingError` for JSON of the wrong shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let wrappedText = try container.decode(String.self, forKey: .wrappedKey)
        guard let wrappedKey = Data(base64Encoded: wrappedText) else {
            throw DecodingError.dataCorruptedError(forKey: .wrappedKey, in: container, debugDescription: "wrappedKey is not base64")
        }
        try self.init(
            slotID: container.decode(String.self, forKey: .slotID),
            kind: container.decode(Kind.self, forKey: .kind),
            kdf: container.decode(KDFParameters.self, forKey: .kdf),
            wrappedKey: wrappedKey,
            version: container.decode(Int.self, forKey: .version)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(slotID, forKey: .slotID)
        try container.encode(kind, forKey: .kind)
        try container.encode(kdf, forKey: .kdf)
        try container.encode(wrappedKey.base64EncodedString(), forKey: .wrappedKey)
        try container.encode(version, forKey: .version)
    }
}
