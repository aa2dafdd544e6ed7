public import Foundation

/// Everything that can go wrong with the keys of an end-to-end encrypted log, each with a message
/// a diver can act on.
///
/// No case carries secret material (keys, passphrases, codes, wrapped keys): these messages end
/// up on screens, in logs and in bug reports. Failures of authenticated decryption deliberately
/// carry no detail either: whether a record was tampered with or belongs to another account, the
/// only honest answer is that it does not open.
public enum UmiLogKeyError: LocalizedError, Equatable, Sendable {
    /// The passphrase slot did not open with the passphrase given.
    case wrongPassphrase
    /// The recovery-code slot did not open with the code given (the code itself was well formed).
    case wrongRecoveryCode
    /// The recovery code as typed fails its checksum or is not 32 Crockford base32 characters.
    case mistypedRecoveryCode
    /// A new passphrase with fewer than `KeySlot.minimumPassphraseLength` characters.
    case passphraseTooShort
    /// KDF parameters outside what UmiLog accepts (another version's, or a hostile server's).
    case unsupportedKeyParameters(String)
    /// A key slot that is malformed (its id, version or wrapped key), whatever its parameters.
    case invalidKeySlot(String)
    /// Stored master key bytes that are not a 32-byte key.
    case invalidMasterKey
    /// Encryption itself failed (not expected in practice: the system's crypto refused).
    case sealingFailed
    /// A synced record that does not open: tampered with, moved, or another account's.
    case cannotOpenRecord
    /// A profile blob that does not open, or opens to content that does not match its name.
    case cannotOpenBlob
    /// A blob sealed under a name that is not its content's keyed name (a caller's mistake).
    case blobNameMismatch
    /// A backup file that is damaged, cut short, rearranged or not a backup at all.
    case corruptBackup(String)

    public var errorDescription: String? {
        switch self {
        case .wrongPassphrase:
            "That passphrase does not open this log. Check it, or use your recovery code."
        case .wrongRecoveryCode:
            "That recovery code does not open this log. Check that it is the code written down for this log."
        case .mistypedRecoveryCode:
            "That recovery code has a typo: it should be 32 letters and digits in 8 groups of 4. Check each group."
        case .passphraseTooShort:
            "Choose a passphrase of at least \(KeySlot.minimumPassphraseLength) characters; a few words work well."
        case .unsupportedKeyParameters(let reason):
            "This log's key settings are not supported (\(reason)). Update UmiLog, or unlock it on the device that set it up."
        case .invalidKeySlot(let reason):
            "This log's key slot is damaged (\(reason)). Unlock with another slot, such as your recovery code."
        case .invalidMasterKey:
            "The key stored on this device is damaged. Unlock the log again with your passphrase or recovery code."
        case .sealingFailed:
            "Couldn't encrypt the data on this device. Try again; if it keeps failing, restart UmiLog."
        case .cannotOpenRecord:
            "A synced dive record does not open with this log's key; it was skipped. Sync again, or restore from a backup."
        case .cannotOpenBlob:
            "A synced dive profile does not open with this log's key; it was skipped. Sync again, or restore from a backup."
        case .blobNameMismatch:
            "A dive profile was not encrypted because its name does not match its content. Please report this."
        case .corruptBackup(let reason):
            "This backup file cannot be restored: \(reason). Try another copy of the backup."
        }
    }
}
