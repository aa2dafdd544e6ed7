import Crypto
import Foundation

extension KeySlot {
    /// The fewest characters (after NFC normalisation) a new passphrase may have. Checked only
    /// when a slot is made, never when one is opened, so raising it locks no one out.
    public static let minimumPassphraseLength = 8

    /// A new slot wrapping `master` under `secret`: the key scrypt derives from the secret with
    /// `parameters` seals the 32 key bytes with ChaChaPoly (fresh random nonce) and the slot's
    /// associated data (see `associatedData`).
    ///
    /// - Throws: `UmiLogKeyError.passphraseTooShort` for a passphrase under 8 characters,
    ///   `.invalidKeySlot` for a malformed `slotID`, `.unsupportedKeyParameters` for parameters
    ///   beyond this device's memory, `.sealingFailed` if encryption fails.
    public static func wrap(
        _ master: MasterKey, slotID: String, secret: KeySlotSecret, parameters: KDFParameters
    ) throws(UmiLogKeyError) -> KeySlot {
        if case .passphrase(let text) = secret, KeySlotSecret.normalized(text).count < minimumPassphraseLength {
            throw .passphraseTooShort
        }
        guard isValidSlotID(slotID) else { throw .invalidKeySlot("its id is not 1 to 32 lower-case letters, digits or hyphens") }
        let wrappingKey = try parameters.deriveKey(from: secret.keyMaterial)
        let aad = associatedData(slotID: slotID, kind: secret.kind, kdf: parameters)
        let sealed: Data
        do {
            sealed = try ChaChaPoly.seal(master.rawBytes, using: wrappingKey, authenticating: aad).combined
        } catch {
            throw .sealingFailed
        }
        return try KeySlot(slotID: slotID, kind: secret.kind, kdf: parameters, wrappedKey: sealed, version: currentVersion)
    }

    /// The master key this slot wraps.
    ///
    /// - Throws: `UmiLogKeyError.wrongPassphrase` (passphrase slots) or `.wrongRecoveryCode`
    ///   (recovery-code slots) when the secret does not open it, which includes a secret of the
    ///   other kind and a slot whose id, kind or parameters were edited; `.unsupportedKeyParameters`
    ///   when its parameters need more memory than this device allows.
    public func unwrap(secret: KeySlotSecret) throws(UmiLogKeyError) -> MasterKey {
        let wrongSecret: UmiLogKeyError =
            switch kind {
            case .passphrase: .wrongPassphrase
            case .recoveryCode: .wrongRecoveryCode
            }
        guard secret.kind == kind, !secret.keyMaterial.isEmpty else { throw wrongSecret }
        let wrappingKey = try kdf.deriveKey(from: secret.keyMaterial)
        let keyBytes: Data
        do {
            let box = try ChaChaPoly.SealedBox(combined: wrappedKey)
            keyBytes = try ChaChaPoly.open(box, using: wrappingKey, authenticating: Self.associatedData(slotID: slotID, kind: kind, kdf: kdf))
        } catch {
            throw wrongSecret
        }
        return try MasterKey(rawBytes: keyBytes)
    }

    /// This slot's master key wrapped afresh under `newSecret` (with a new salt if `parameters`
    /// came from a preset), keeping the slot's id: what changing the passphrase writes. The master
    /// key, and so every record, stays the same.
    ///
    /// - Throws: as `unwrap(secret:)` for `oldSecret`, then as `wrap` for `newSecret`.
    public func rewrapped(opening oldSecret: KeySlotSecret, with newSecret: KeySlotSecret, parameters: KDFParameters) throws(UmiLogKeyError)
        -> KeySlot
    {
        try Self.wrap(unwrap(secret: oldSecret), slotID: slotID, secret: newSecret, parameters: parameters)
    }

    /// `"umilog-key-slot-v1"` ‖ 0x00 ‖ slot id ‖ 0x00 ‖ kind ‖ 0x00 ‖ the parameters' canonical
    /// encoding. Binding these makes the slot's metadata as tamper-evident as its key: a server
    /// that lowers the stored scrypt cost, swaps the salt, relabels the kind or renames the slot
    /// gets a slot that no longer opens, rather than one that opens under weaker terms. The id
    /// and kind contain no 0x00 (the id's pattern and the kind's names), so the fields cannot run
    /// into each other.
    static func associatedData(slotID: String, kind: Kind, kdf: KDFParameters) -> Data {
        var bytes = Data("umilog-key-slot-v1".utf8)
        for field in [Data(slotID.utf8), Data(kind.rawValue.utf8), kdf.canonicalEncoding] {
            bytes.append(0)
            bytes.append(field)
        }
        return bytes
    }
}
