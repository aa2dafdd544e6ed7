public import Foundation

/// Why ``FieldSealer`` could not seal or open a field.
public enum FieldSealerError: LocalizedError, Equatable, Sendable {
    /// ChaCha20-Poly1305 needs a 256-bit key; the associated value is the size given.
    case invalidKeySize(bits: Int)
    /// The sealed value is shorter than nonce + tag (28 bytes).
    case truncated
    /// Authentication failed: wrong key, wrong associated data, or altered bytes.
    case tampered
    /// The crypto library failed while sealing; the associated value is its description.
    case sealingFailed(String)

    public var errorDescription: String? {
        switch self {
        case .invalidKeySize(let bits):
            "Field sealing needs a 256-bit key, but a \(bits)-bit key was given."
        case .truncated:
            "The sealed field is shorter than 28 bytes, so it is incomplete; the stored value is damaged."
        case .tampered:
            "The sealed field failed authentication: the key is wrong or the stored value was altered."
        case .sealingFailed(let reason):
            "Encrypting the field failed (\(reason))."
        }
    }
}
