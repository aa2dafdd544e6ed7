public import Foundation

/// Why an envelope could not be sealed, parsed or opened. Each case names a different cause so
/// callers can tell "not for me" from "damaged in transit".
public enum EnvelopeError: LocalizedError, Equatable, Sendable {
    /// The envelope has no wrapped key for this device id.
    case notARecipient(deviceId: String)
    /// The envelope has a wrapped key for this device, but it does not authenticate with the key
    /// derived from the given private key: the private key is not the one it was sealed for (or
    /// that wrapped key was altered; AES-GCM cannot tell the two apart).
    case wrongRecipientKey
    /// The content key was unwrapped but the payload failed authentication: it was altered.
    case tampered
    /// A sealed box is shorter than nonce + tag, a wrapped key is not exactly 60 bytes, or
    /// serialized input ends early.
    case truncated
    /// Structurally invalid input (e.g. a sender key that is not a usable X25519 key, an unknown
    /// serialization version); the associated value says what.
    case malformed(String)
    /// Sealing needs at least one recipient.
    case noRecipients
    /// The crypto library failed while sealing; the associated value is its description.
    case sealingFailed(String)

    public var errorDescription: String? {
        switch self {
        case .notARecipient(let deviceId):
            "This envelope was not shared with device \"\(deviceId)\". Ask the sender to share it with this device."
        case .wrongRecipientKey:
            "This device's key does not open the envelope; it was sealed for another key of this device id. Re-register this device's key with the sender."
        case .tampered:
            "The envelope's contents failed authentication: they were altered or damaged in transit. Fetch it again."
        case .truncated:
            "The envelope is incomplete (cut short). Fetch it again."
        case .malformed(let detail):
            "The envelope is malformed: \(detail)."
        case .noRecipients:
            "An envelope needs at least one recipient device; add a device before sharing."
        case .sealingFailed(let reason):
            "Encrypting the envelope failed (\(reason))."
        }
    }
}
