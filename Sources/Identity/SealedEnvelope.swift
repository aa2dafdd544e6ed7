public import Foundation

/// A payload encrypted once for several recipient devices, in the original app's scheme
/// (`CryptoManager.encryptReceipt`): the payload is sealed with a random AES-256-GCM content key,
/// and that key is wrapped separately for each recipient device with a key derived from
/// X25519(sender, recipient). Build and open envelopes with ``EnvelopeSealer``.
///
/// It is `Codable` (JSON carries the `Data` fields as base64) and has a compact binary form,
/// ``serialized()`` / ``init(serialized:)``, for transport and storage.
public struct SealedEnvelope: Sendable, Equatable, Codable {
    /// AES-256-GCM "combined" box of the payload: 12-byte nonce ‖ ciphertext ‖ 16-byte tag.
    public var encryptedPayload: Data
    /// Recipient device id → AES-256-GCM combined box of the 32-byte content key (60 bytes).
    public var wrappedKeys: [String: Data]
    /// The sender's 32-byte X25519 public key, from which each recipient derives its wrapping key.
    public var senderAgreementKey: Data

    public init(encryptedPayload: Data, wrappedKeys: [String: Data], senderAgreementKey: Data) {
        self.encryptedPayload = encryptedPayload
        self.wrappedKeys = wrappedKeys
        self.senderAgreementKey = senderAgreementKey
    }

    /// The recipient device ids, sorted by their UTF-8 bytes.
    public var recipientDeviceIds: [String] {
        wrappedKeys.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
