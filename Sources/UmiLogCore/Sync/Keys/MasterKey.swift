public import Crypto
public import Foundation

/// The diver's master key: 256 random bits that everything in an encrypted log hangs from.
///
/// It never leaves the diver's devices in the clear: the server only ever holds it wrapped in key
/// slots (`KeySlot`), so changing the passphrase rewrites one slot and leaves every record as is.
/// Each use gets its own key, derived with HKDF-SHA256 (empty salt: the master key is already
/// uniformly random) under a distinct `info` label, so that a key compromised or misused in one
/// role (say the backup file) says nothing about another (the records), and so that no two
/// purposes ever share an AEAD key and nonce space.
///
/// `description` never shows the key: a master key printed in a log or a crash report would
/// open the whole log. `rawBytes` exists only to keep the key in the device's own 0600 file.
public struct MasterKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The number of bytes of a master key.
    public static let byteCount = 32

    private let key: SymmetricKey

    /// A fresh master key from the system's cryptographically secure generator.
    public static func generate() -> MasterKey {
        MasterKey(key: SymmetricKey(size: .bits256))
    }

    /// The master key kept on a device, or just unwrapped from a key slot.
    ///
    /// - Throws: `UmiLogKeyError.invalidMasterKey` unless `rawBytes` is exactly 32 bytes.
    public init(rawBytes: Data) throws(UmiLogKeyError) {
        guard rawBytes.count == Self.byteCount else { throw .invalidMasterKey }
        self.init(key: SymmetricKey(data: rawBytes))
    }

    private init(key: SymmetricKey) {
        self.key = key
    }

    /// The 32 key bytes, to store on this device only (in a file only its owner can read).
    public var rawBytes: Data {
        key.withUnsafeBytes { Data($0) }
    }

    /// Seals and opens synced records.
    public var recordSealer: RecordSealer {
        RecordSealer(key: derivedKey(.record))
    }

    /// Seals, opens and names profile blobs.
    public var blobSealer: BlobSealer {
        BlobSealer(key: derivedKey(.blob), nameKey: derivedKey(.blobName))
    }

    /// The account's Ed25519 signing key, the same on every device holding this master key: the
    /// server keeps only its public half, and a new device proves it holds the master key (not
    /// merely the account's password) by signing its registration with it.
    public var accountSigningKey: Curve25519.Signing.PrivateKey {
        // 32 bytes are a valid Ed25519 seed whatever their value, so this initialiser cannot
        // fail; the fallback only satisfies the type checker.
        let seed = derivedKey(.account).withUnsafeBytes { Data($0) }
        return (try? Curve25519.Signing.PrivateKey(rawRepresentation: seed)) ?? Curve25519.Signing.PrivateKey()
    }

    /// The record id the server sees for the record `recordID`: an HMAC of it under its own
    /// derived key, so the server cannot link it to anything (an imported dive's own id derives
    /// from its start, depth and duration) while every device of the account names it the same.
    public func wireRecordID(for recordID: UUID) -> UUID {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(recordID.uuidString.lowercased().utf8), using: derivedKey(.recordID))
        return UUID(derivedFrom: Data(mac))
    }

    /// The key the backup file's chunks are sealed with.
    var backupKey: SymmetricKey {
        derivedKey(.backup)
    }

    public var description: String { "MasterKey(redacted)" }
    public var debugDescription: String { description }
    /// No children, so `dump` and debuggers show no key bytes either.
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// Compares in constant time, so comparing keys leaks nothing through timing.
    public static func == (lhs: MasterKey, rhs: MasterKey) -> Bool {
        lhs.key == rhs.key
    }

    /// One label per purpose; changing one changes every key derived for it (hence "v1").
    enum Purpose: String, CaseIterable {
        case record = "umilog record v1"
        case recordID = "umilog record id v1"
        case blob = "umilog blob v1"
        case blobName = "umilog blob name v1"
        case account = "umilog account v1"
        case backup = "umilog backup v1"
    }

    func derivedKey(_ purpose: Purpose) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: key, salt: Data(), info: Data(purpose.rawValue.utf8), outputByteCount: 32)
    }
}
