public import Crypto
import DAGCBOR
public import Foundation

/// What an envelope's sender signs: where it goes, who sent it, what it holds and for whom.
///
/// Its DAG-CBOR bytes are kept as sent (the signature covers exactly them), and their SHA-256 is
/// the associated data of the payload and of every wrapped key, so the relay can neither relabel
/// an envelope nor move a wrapped key or a payload from one envelope to another.
public struct CircleEnvelopeHeader: Hashable, Sendable, Codable {
    /// 1: AES-256-GCM payload, content key wrapped per device with X25519 + HKDF-SHA256
    /// (`buds.e2ee.v1`) + AES-256-GCM, both bound to the header. 2 is kept for HPKE.
    public let version: Int
    /// 16 random bytes: reveals nothing about the circle.
    public let circleId: Data
    /// The roster the sender sealed for (the owner's signed member list, +1 on every change).
    public let rosterVersion: UInt64
    /// 16 random bytes: the relay refuses a second envelope under it; readers drop duplicates.
    public let envelopeId: Data
    /// The sending device's certificate: the person's identity key and DID, the device's X25519
    /// key (which wrapped the content key).
    public let sender: DeviceCertificate
    /// The CID of the plaintext (the receipt's DAG-CBOR): checked after decryption, so a sender
    /// cannot show different recipients different contents under one envelope.
    public let receiptCID: Data
    /// The recipient device ids, in ascending order: exactly the envelope's wrapped keys.
    public let recipients: [String]

    public static let currentVersion = 1

    /// The order of ``recipients``: ascending UTF-8 bytes (so one set has one encoding).
    static func inOrder(_ first: String, _ second: String) -> Bool {
        Array(first.utf8).lexicographicallyPrecedes(Array(second.utf8))
    }
    /// At most 12 members × 5 devices, with room to spare.
    public static let maximumRecipients = 256
}

/// An entry sealed for the devices of a circle: the signed header, the encrypted payload and one
/// wrapped content key per recipient device. The relay stores and forwards it without being able
/// to read, relabel or re-address it.
public struct CircleEnvelope: Hashable, Sendable {
    /// The header's DAG-CBOR bytes, as signed.
    public let headerBytes: Data
    /// The sender's Ed25519 signature of `buds.circle-envelope.v1` ‖ `headerBytes`.
    public let signature: Data
    /// AES-256-GCM combined box (nonce ‖ ciphertext ‖ tag) of the plaintext.
    public let payload: Data
    /// Per recipient device id: AES-256-GCM combined box of the 32-byte content key.
    public let wrappedKeys: [String: Data]

    /// The largest envelope accepted (photos travel separately, as their own encrypted blobs).
    public static let maximumBytes = 96 * 1024
    static let signatureDomain = Data("buds.circle-envelope.v1".utf8)

    /// The header, decoded and checked for shape (not for trust: see ``CircleEnvelopeOpener``).
    ///
    /// - Throws: ``CircleEnvelopeError/malformed(_:)``.
    public func header() throws(CircleEnvelopeError) -> CircleEnvelopeHeader {
        let header: CircleEnvelopeHeader
        do {
            header = try DAGCBORDecoder().decode(CircleEnvelopeHeader.self, from: headerBytes)
        } catch {
            throw .malformed("the header is not a header")
        }
        guard header.version == CircleEnvelopeHeader.currentVersion else { throw .malformed("version \(header.version) is not read here") }
        guard header.circleId.count == 16, header.envelopeId.count == 16 else { throw .malformed("an id is not 16 bytes") }
        guard (try? CID(bytes: header.receiptCID)) != nil else { throw .malformed("the receipt CID is not a CID") }
        guard !header.recipients.isEmpty, header.recipients.count <= CircleEnvelopeHeader.maximumRecipients,
            zip(header.recipients, header.recipients.dropFirst()).allSatisfy(CircleEnvelopeHeader.inOrder)
        else { throw .malformed("the recipients are empty, too many, or not in order") }
        guard Set(wrappedKeys.keys) == Set(header.recipients) else { throw .malformed("the wrapped keys are not the header's recipients") }
        return header
    }

    /// The header once its shape, the sender's signature and the sender's certificate check out:
    /// what a relay can verify without any key (whether it trusts the sender is its own
    /// question, as it is the reader's).
    ///
    /// - Throws: ``CircleEnvelopeError/malformed(_:)``, ``CircleEnvelopeError/badSignature``,
    ///   ``CircleEnvelopeError/invalidCertificate(_:)``.
    public func signedHeader() throws(CircleEnvelopeError) -> CircleEnvelopeHeader {
        let header = try header()
        guard Identity.verify(signature: signature, of: Self.signatureDomain + headerBytes, signingPublicKey: header.sender.signingKey)
        else { throw .badSignature }
        try header.sender.verify()
        return header
    }

    /// The SHA-256 of the header bytes: the associated data everything else is bound to.
    var associatedData: Data { Data(SHA256.hash(data: headerBytes)) }

    // MARK: Wire form

    /// The envelope as one DAG-CBOR map `{h, s, p, w}`.
    public func serialized() throws -> Data {
        try DAGCBOREncoder().encode(Wire(h: headerBytes, s: signature, p: payload, w: wrappedKeys))
    }

    /// Reads ``serialized()``'s form. Only the shape is checked here; opening checks the rest.
    ///
    /// - Throws: ``CircleEnvelopeError/tooLarge(_:)`` or ``CircleEnvelopeError/malformed(_:)``;
    ///   never traps on any input.
    public init(serialized bytes: some DataProtocol) throws(CircleEnvelopeError) {
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(bytes.count) }
        let wire: Wire
        do {
            wire = try DAGCBORDecoder().decode(Wire.self, from: bytes)
        } catch {
            throw .malformed("the bytes are not an envelope")
        }
        guard wire.s.count == 64 else { throw .malformed("the signature is not 64 bytes") }
        self.init(headerBytes: wire.h, signature: wire.s, payload: wire.p, wrappedKeys: wire.w)
    }

    public init(headerBytes: Data, signature: Data, payload: Data, wrappedKeys: [String: Data]) {
        self.headerBytes = headerBytes
        self.signature = signature
        self.payload = payload
        self.wrappedKeys = wrappedKeys
    }

    private struct Wire: Codable {
        let h: Data
        let s: Data
        let p: Data
        let w: [String: Data]
    }
}

/// Seals a circle entry for the certified devices of its members (design: the Buds circles note,
/// "Envelope v1"): a fresh content key per entry, so removing a member needs no re-keying — the
/// next entry simply has no wrap for their devices.
public struct CircleEnvelopeSealer: Sendable {
    /// The sender: the person's identity (its signing key signs the header).
    public let identity: Identity
    /// The sending device's certificate and X25519 private key.
    public let device: DeviceCertificate
    let deviceKey: Curve25519.KeyAgreement.PrivateKey

    /// - Throws: ``CircleEnvelopeError/invalidCertificate(_:)`` when `device` is not `identity`'s
    ///   valid certificate for `deviceKey`.
    public init(identity: Identity, device: DeviceCertificate, deviceKey: Curve25519.KeyAgreement.PrivateKey) throws(CircleEnvelopeError) {
        try device.verify()
        guard device.signingKey == identity.signingPublicKey, device.agreementKey == deviceKey.publicKey.rawRepresentation else {
            throw .invalidCertificate(device.deviceId)
        }
        self.identity = identity
        self.device = device
        self.deviceKey = deviceKey
    }

    /// Seals `plaintext` (a receipt's DAG-CBOR) for `recipients`: certified devices only, so a
    /// key no certificate vouches for gets nothing.
    ///
    /// - Throws: ``CircleEnvelopeError/noRecipients``; ``CircleEnvelopeError/malformed(_:)`` for
    ///   ids of the wrong size, too many recipients or a device named twice.
    public func seal(
        _ plaintext: Data, circleId: Data, rosterVersion: UInt64, envelopeId: Data = Self.randomId(), to recipients: [CertifiedDevice]
    ) throws -> CircleEnvelope {
        guard !recipients.isEmpty else { throw CircleEnvelopeError.noRecipients }
        guard recipients.count <= CircleEnvelopeHeader.maximumRecipients else { throw CircleEnvelopeError.malformed("too many recipients") }
        guard circleId.count == 16, envelopeId.count == 16 else { throw CircleEnvelopeError.malformed("an id is not 16 bytes") }
        let ids = recipients.map(\.deviceId).sorted(by: CircleEnvelopeHeader.inOrder)
        guard Set(ids).count == ids.count else { throw CircleEnvelopeError.malformed("a recipient device is named twice") }
        let header = CircleEnvelopeHeader(
            version: CircleEnvelopeHeader.currentVersion, circleId: circleId, rosterVersion: rosterVersion, envelopeId: envelopeId,
            sender: device, receiptCID: CID(codec: .dagCBOR, hashing: plaintext).bytes, recipients: ids)
        let headerBytes = try DAGCBOREncoder().encode(header)
        let signature = try identity.sign(CircleEnvelope.signatureDomain + headerBytes)
        let associatedData = Data(SHA256.hash(data: headerBytes))
        let contentKey = SymmetricKey(size: .bits256)
        let payload = try Self.seal(plaintext, key: contentKey, associatedData: associatedData)
        let rawContentKey = contentKey.withUnsafeBytes { Data($0) }
        var wrappedKeys: [String: Data] = [:]
        for recipient in recipients {
            let wrappingKey: SymmetricKey
            do {
                wrappingKey = try EnvelopeSealer.wrappingKey(senderPrivate: deviceKey, recipientPublic: recipient.agreementKey)
            } catch {
                throw CircleEnvelopeError.invalidCertificate(recipient.deviceId)
            }
            wrappedKeys[recipient.deviceId] = try Self.seal(
                rawContentKey, key: wrappingKey, associatedData: associatedData + Data(recipient.deviceId.utf8))
        }
        return CircleEnvelope(headerBytes: headerBytes, signature: signature, payload: payload, wrappedKeys: wrappedKeys)
    }

    /// 16 random bytes, for envelope and circle ids.
    public static func randomId() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    static func seal(_ plaintext: Data, key: SymmetricKey, associatedData: Data) throws -> Data {
        // `combined` is nil only for nonces that are not 12 bytes; `seal` always makes 12.
        guard let combined = try AES.GCM.seal(plaintext, using: key, authenticating: associatedData).combined else {
            throw CircleEnvelopeError.malformed("AES-GCM gave no combined box")
        }
        return combined
    }
}

/// Opens circle envelopes on one device, checking in the order the design fixes: the header's
/// shape and signature, the sender's certificate, the caller's trust in that sender at the
/// envelope's roster, then unwrap, decrypt, and the plaintext's CID against the header's.
public struct CircleEnvelopeOpener: Sendable {
    /// This device's id and X25519 private key.
    public let deviceId: String
    let deviceKey: Curve25519.KeyAgreement.PrivateKey

    public init(deviceId: String, deviceKey: Curve25519.KeyAgreement.PrivateKey) {
        self.deviceId = deviceId
        self.deviceKey = deviceKey
    }

    /// The header and plaintext of `envelope`, or the first check that fails.
    ///
    /// - Parameter trusts: whether the reader accepts this certified sender device for this
    ///   header (the sender a member, and that device theirs, at `rosterVersion`; the circle
    ///   known) — the roster is the caller's.
    /// - Throws: ``CircleEnvelopeError``; never traps on any input.
    public func open(_ envelope: CircleEnvelope, trusts: (CircleEnvelopeHeader) -> Bool) throws(CircleEnvelopeError) -> (
        header: CircleEnvelopeHeader, plaintext: Data
    ) {
        let header = try envelope.signedHeader()
        guard trusts(header) else { throw .untrustedSender }
        guard let wrapped = envelope.wrappedKeys[deviceId] else { throw .notARecipient }
        let associatedData = envelope.associatedData
        guard let senderKey = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: header.sender.agreementKey),
            let wrappingKey = try? EnvelopeSealer.wrappingKey(senderPrivate: deviceKey, recipientPublic: senderKey),
            let rawContentKey = try? Self.open(wrapped, key: wrappingKey, associatedData: associatedData + Data(deviceId.utf8)),
            rawContentKey.count == 32
        else { throw .unwrapFailed }
        guard let plaintext = try? Self.open(envelope.payload, key: SymmetricKey(data: rawContentKey), associatedData: associatedData) else {
            throw .decryptionFailed
        }
        guard CID(codec: .dagCBOR, hashing: plaintext).bytes == header.receiptCID else { throw .contentMismatch }
        return (header, plaintext)
    }

    static func open(_ combined: Data, key: SymmetricKey, associatedData: Data) throws -> Data {
        try AES.GCM.open(AES.GCM.SealedBox(combined: combined), using: key, authenticating: associatedData)
    }
}
