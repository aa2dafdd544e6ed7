public import Crypto
public import Foundation

/// Seals a payload for several recipient devices and opens it on one of them, in the original
/// app's scheme (`CryptoManager`), so envelopes interoperate with it:
///
/// 1. a random 256-bit content key seals the payload with AES-256-GCM;
/// 2. for each recipient, X25519(sender private, recipient public) → HKDF-SHA256 (empty salt,
///    info `buds.e2ee.v1`, 32 bytes) gives a wrapping key, which seals the raw content key with
///    AES-256-GCM.
///
/// No associated data is bound (as in the original), so a wrapped key is not tied to its device id.
/// Stateless; safe to call from any thread.
public enum EnvelopeSealer {
    /// HKDF `info` of the wrapping-key derivation.
    static let wrappingKeyInfo = Data("buds.e2ee.v1".utf8)
    /// Nonce (12) + tag (16): the smallest possible AES-GCM combined box.
    static let boxOverhead = 28
    static let contentKeyByteCount = 32
    /// The combined box of a 32-byte content key.
    static let wrappedKeyByteCount = boxOverhead + contentKeyByteCount

    /// Seals `plaintext` so that each device in `recipients` (device id → its X25519 public key)
    /// can open it with its private key.
    ///
    /// - Throws: ``EnvelopeError/noRecipients`` for an empty `recipients`;
    ///   ``EnvelopeError/malformed(_:)`` when a recipient key is a low-order point (which would
    ///   make its wrapping key guessable).
    public static func seal(
        _ plaintext: some DataProtocol,
        from sender: Identity,
        to recipients: [String: Curve25519.KeyAgreement.PublicKey]
    ) throws -> SealedEnvelope {
        guard !recipients.isEmpty else { throw EnvelopeError.noRecipients }
        let contentKey = SymmetricKey(size: .bits256)
        let payload = try sealCombined(plaintext, using: contentKey)
        let rawContentKey = contentKey.withUnsafeBytes { Data($0) }

        var wrappedKeys: [String: Data] = [:]
        wrappedKeys.reserveCapacity(recipients.count)
        for (deviceId, recipientKey) in recipients {
            let key: SymmetricKey
            do {
                key = try wrappingKey(senderPrivate: sender.agreementKey, recipientPublic: recipientKey)
            } catch {
                throw EnvelopeError.malformed("the agreement key of recipient \"\(deviceId)\" is not usable")
            }
            wrappedKeys[deviceId] = try sealCombined(rawContentKey, using: key)
        }
        return SealedEnvelope(
            encryptedPayload: payload,
            wrappedKeys: wrappedKeys,
            senderAgreementKey: sender.agreementPublicKey
        )
    }

    /// Opens `envelope` as device `deviceId` with that device's X25519 private key.
    ///
    /// - Throws: ``EnvelopeError/notARecipient(deviceId:)`` when the envelope has no key for
    ///   `deviceId`; ``EnvelopeError/malformed(_:)`` for an unusable sender key;
    ///   ``EnvelopeError/truncated`` for a payload shorter than 28 bytes or a wrapped key that is
    ///   not 60 bytes; ``EnvelopeError/wrongRecipientKey`` when the wrapped key does not open with
    ///   `recipientKey`; ``EnvelopeError/tampered`` when the payload fails authentication.
    public static func open(
        _ envelope: SealedEnvelope,
        as deviceId: String,
        with recipientKey: Curve25519.KeyAgreement.PrivateKey
    ) throws -> Data {
        guard let wrapped = envelope.wrappedKeys[deviceId] else {
            throw EnvelopeError.notARecipient(deviceId: deviceId)
        }
        let senderKey = try senderPublicKey(envelope.senderAgreementKey)
        guard wrapped.count == wrappedKeyByteCount, envelope.encryptedPayload.count >= boxOverhead else {
            throw EnvelopeError.truncated
        }

        let unwrapKey: SymmetricKey
        do {
            unwrapKey = try wrappingKey(senderPrivate: recipientKey, recipientPublic: senderKey)
        } catch {
            throw EnvelopeError.malformed("the sender's agreement key is a low-order point")
        }
        let contentKeyBytes: Data
        do {
            contentKeyBytes = try AES.GCM.open(AES.GCM.SealedBox(combined: wrapped), using: unwrapKey)
        } catch {
            throw EnvelopeError.wrongRecipientKey
        }
        guard contentKeyBytes.count == contentKeyByteCount else {
            throw EnvelopeError.malformed("the content key is \(contentKeyBytes.count) bytes, expected \(contentKeyByteCount)")
        }
        do {
            let box = try AES.GCM.SealedBox(combined: envelope.encryptedPayload)
            return try AES.GCM.open(box, using: SymmetricKey(data: contentKeyBytes))
        } catch {
            throw EnvelopeError.tampered
        }
    }

    /// The AES-256 key that wraps the content key between two devices:
    /// HKDF-SHA256(X25519(`senderPrivate`, `recipientPublic`), salt: empty, info: `buds.e2ee.v1`,
    /// 32 bytes). X25519 is symmetric, so the recipient gets the same key by passing its own
    /// private key and the sender's public key. Public so tests and other implementations can
    /// check this step on its own.
    ///
    /// - Throws: ``EnvelopeError/malformed(_:)`` when the shared secret is all zeros (the public
    ///   key is a low-order point).
    public static func wrappingKey(
        senderPrivate: Curve25519.KeyAgreement.PrivateKey,
        recipientPublic: Curve25519.KeyAgreement.PublicKey
    ) throws -> SymmetricKey {
        let secret: SharedSecret
        do {
            secret = try senderPrivate.sharedSecretFromKeyAgreement(with: recipientPublic)
        } catch {
            throw EnvelopeError.malformed("X25519 key agreement failed (\(error))")
        }
        let isAllZero = secret.withUnsafeBytes { bytes in bytes.allSatisfy { $0 == 0 } }
        guard !isAllZero else {
            throw EnvelopeError.malformed("the X25519 public key is a low-order point")
        }
        return secret.hkdfDerivedSymmetricKey(
            using: SHA256.self,
            salt: Data(),
            sharedInfo: wrappingKeyInfo,
            outputByteCount: 32
        )
    }

    // MARK: - Private

    private static func senderPublicKey(_ bytes: Data) throws -> Curve25519.KeyAgreement.PublicKey {
        guard bytes.count == 32 else {
            throw EnvelopeError.malformed("the sender's agreement key is \(bytes.count) bytes, expected 32")
        }
        do {
            return try Curve25519.KeyAgreement.PublicKey(rawRepresentation: bytes)
        } catch {
            throw EnvelopeError.malformed("the sender's agreement key is not an X25519 key")
        }
    }

    private static func sealCombined(_ plaintext: some DataProtocol, using key: SymmetricKey) throws -> Data {
        let box: AES.GCM.SealedBox
        do {
            box = try AES.GCM.seal(plaintext, using: key)
        } catch {
            throw EnvelopeError.sealingFailed(String(describing: error))
        }
        // `combined` is nil only for non-12-byte nonces; seal always uses a 12-byte one.
        guard let combined = box.combined else {
            throw EnvelopeError.sealingFailed("AES-GCM produced no combined box")
        }
        return combined
    }
}
