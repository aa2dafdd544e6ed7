public import Foundation

/// Why a circle envelope could not be sealed or opened. Each leaves nothing behind: opening is
/// a pure function of the bytes.
public enum CircleEnvelopeError: LocalizedError, Hashable, Sendable {
    /// The bytes are not an envelope of a version this app reads (the reason says where).
    case malformed(String)
    /// The envelope is larger than ``CircleEnvelope/maximumBytes``.
    case tooLarge(Int)
    /// The header's signature is not the sender's identity key's.
    case badSignature
    /// A device certificate's DID, key or signature does not check out (the device id).
    case invalidCertificate(String)
    /// The sender, or the sender's device, is not one the reader trusts at this roster version.
    case untrustedSender
    /// This device is not among the envelope's recipients.
    case notARecipient
    /// This device's wrapped key does not open with its key: meant for another device, moved
    /// from another envelope, or changed.
    case unwrapFailed
    /// The payload does not decrypt under the content key: changed on the way.
    case decryptionFailed
    /// The plaintext is not the content the signed header names (its CID differs).
    case contentMismatch
    /// No recipients were given.
    case noRecipients

    public var errorDescription: String? {
        switch self {
        case .malformed(let reason): "This is not a circle envelope this app can read: \(reason)."
        case .tooLarge(let bytes): "The envelope is \(bytes) bytes, more than \(CircleEnvelope.maximumBytes)."
        case .badSignature: "The envelope's header is not signed by its sender: it was changed or forged."
        case .invalidCertificate(let device): "Device \"\(device.prefix(64))\" has no valid certificate from its owner."
        case .untrustedSender: "The sender is not a member of this circle (or not with that device) at the envelope's roster."
        case .notARecipient: "The envelope was not sealed for this device."
        case .unwrapFailed: "This device's key does not open the envelope: it was meant for another device, or moved or changed."
        case .decryptionFailed: "The envelope's content was changed on the way."
        case .contentMismatch: "The envelope's content is not what its sender signed for."
        case .noRecipients: "An envelope needs at least one recipient device."
        }
    }
}
