public import Foundation

/// The clear part of a backup file: what is needed to unlock it without any server.
///
/// It holds the key slots (wrapped master keys, useless without the passphrase or recovery
/// code), the account id, and when the backup was made (to the second). It is not secret, but it
/// is authenticated: every chunk of the body binds its SHA-256, so a header swapped for another
/// one (say with slots whose passphrase an attacker knows) makes the body fail to open.
public struct BackupHeader: Sendable, Hashable, Codable {
    /// The backup format this code writes and reads.
    public static let currentFormatVersion = 1

    public let formatVersion: Int
    /// The slots that unwrap the master key the body is sealed under.
    public let slots: [KeySlot]
    /// The sync account the log belonged to, if it was synced.
    public let accountID: UUID?
    public let createdAt: Date

    public init(slots: [KeySlot], accountID: UUID?, createdAt: Date) {
        formatVersion = Self.currentFormatVersion
        self.slots = slots
        self.accountID = accountID
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case formatVersion, slots
        case accountID = "accountId"
        case createdAt
    }

    /// The master key, from the first slot of the secret's kind that `secret` opens.
    ///
    /// - Throws: `UmiLogKeyError.wrongPassphrase` or `.wrongRecoveryCode` when none does (or the
    ///   backup has no slot of that kind); the slots' own error (such as
    ///   `.unsupportedKeyParameters`) when no slot could even be tried on this device.
    public func unlock(with secret: KeySlotSecret) throws(UmiLogKeyError) -> MasterKey {
        let wrongSecret: UmiLogKeyError =
            switch secret.kind {
            case .passphrase: .wrongPassphrase
            case .recoveryCode: .wrongRecoveryCode
            }
        var untried: UmiLogKeyError?
        var triedOne = false
        for slot in slots where slot.kind == secret.kind {
            do {
                return try slot.unwrap(secret: secret)
            } catch  where error == wrongSecret {
                triedOne = true
            } catch {
                untried = error
            }
        }
        throw triedOne ? wrongSecret : untried ?? wrongSecret
    }
}
