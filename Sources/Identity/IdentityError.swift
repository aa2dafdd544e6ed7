public import Foundation

/// Why an identity operation failed.
public enum IdentityError: LocalizedError, Equatable, Sendable {
    /// An Ed25519 public key must be exactly 32 bytes; the associated value is the length given.
    case invalidPublicKeyLength(Int)
    /// The crypto library refused to sign; the associated value is its description.
    case signingFailed(String)

    public var errorDescription: String? {
        switch self {
        case .invalidPublicKeyLength(let length):
            "An Ed25519 public key must be 32 bytes, but \(length) bytes were given. Pass the raw key, not a DID or a base58/base64 string."
        case .signingFailed(let reason):
            "Signing with the device key failed (\(reason)). The stored signing key may be damaged; restore it from backup."
        }
    }
}
