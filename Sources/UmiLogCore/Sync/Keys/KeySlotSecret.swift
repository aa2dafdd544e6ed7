import Foundation

/// What the diver gives to make or open a key slot: a passphrase or a recovery code.
///
/// One type for both, with the slot's kind following from it, so a slot can never be made with a
/// passphrase and labelled a recovery-code slot (its associated data would then name the wrong
/// kind, and the diver would be asked for the wrong secret).
public enum KeySlotSecret: Sendable {
    case passphrase(String)
    case recoveryCode(RecoveryCode)

    /// The kind of slot this secret makes and opens.
    public var kind: KeySlot.Kind {
        switch self {
        case .passphrase: .passphrase
        case .recoveryCode: .recoveryCode
        }
    }

    /// The bytes the KDF takes: a passphrase in Unicode NFC then UTF-8, so that the same
    /// passphrase typed on keyboards that compose accents differently (é as one code point or as
    /// e plus a combining accent) opens the same slot; a recovery code's 16 random bytes.
    var keyMaterial: Data {
        switch self {
        case .passphrase(let text): Data(Self.normalized(text).utf8)
        case .recoveryCode(let code): code.rawBytes
        }
    }

    static func normalized(_ passphrase: String) -> String {
        passphrase.precomposedStringWithCanonicalMapping
    }
}
