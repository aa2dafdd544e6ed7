import Foundation
import UmiLogCore

/// Shared by the SyncKeys suites: cheap slots (scrypt N = 2^10, so each derivation takes
/// milliseconds) and a generator that makes a recovery code of chosen bytes.
enum SyncKeysFixtures {
    static let passphrase = "correct horse battery staple"

    static func passphraseSlot(_ master: MasterKey, passphrase: String = passphrase, slotID: String = "passphrase") throws -> KeySlot {
        try KeySlot.wrap(master, slotID: slotID, secret: .passphrase(passphrase), parameters: .cheapestForTesting)
    }

    static func recoverySlot(_ master: MasterKey, code: RecoveryCode, slotID: String = "recovery") throws -> KeySlot {
        try KeySlot.wrap(master, slotID: slotID, secret: .recoveryCode(code), parameters: .cheapestForTesting)
    }

    /// `slot` with some of its fields replaced, as a server could store it.
    static func edited(
        _ slot: KeySlot, slotID: String? = nil, kind: KeySlot.Kind? = nil, kdf: KDFParameters? = nil
    ) throws -> KeySlot {
        try KeySlot(
            slotID: slotID ?? slot.slotID, kind: kind ?? slot.kind, kdf: kdf ?? slot.kdf, wrappedKey: slot.wrappedKey, version: slot.version
        )
    }
}

/// A generator that yields the same byte forever, to make recovery codes of known bytes.
struct RepeatingByteGenerator: RandomNumberGenerator {
    let byte: UInt8

    mutating func next() -> UInt64 {
        UInt64(byte) * 0x0101_0101_0101_0101
    }
}

extension UmiLogKeyError {
    /// Whether this is `.unsupportedKeyParameters`, whatever the reason.
    var isUnsupportedKeyParameters: Bool {
        if case .unsupportedKeyParameters = self { return true }
        return false
    }

    /// The reason of a `.corruptBackup`, else `nil`.
    var corruptBackupReason: String? {
        if case .corruptBackup(let reason) = self { return reason }
        return nil
    }
}
