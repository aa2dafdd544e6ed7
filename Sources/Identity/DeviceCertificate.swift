import Crypto
import DAGCBOR
public import Foundation

/// A device's X25519 key, certified by its person's identity key: who may be sent to.
///
/// A person is their DID (the Ed25519 identity key every one of their devices shares once
/// linked); each device has its own X25519 key, and a sender wraps content keys only to keys
/// carried by a certificate whose signature and DID check out. So a relay that slips a key of its
/// own into a device list gets nothing wrapped to it.
///
/// The signature covers the DAG-CBOR map of every other field, after the domain tag
/// `buds.device-certificate.v1`.
public struct DeviceCertificate: Hashable, Sendable, Codable {
    /// `did:buds:…` of ``signingKey``.
    public let did: String
    /// The person's 32-byte Ed25519 identity key.
    public let signingKey: Data
    /// The device's name within the person's devices (unique per DID).
    public let deviceId: String
    /// The device's 32-byte X25519 public key.
    public let agreementKey: Data
    /// Grows with every certificate the person issues, so a newer device list wins.
    public let sequence: UInt64
    /// The identity key's Ed25519 signature.
    public let signature: Data

    /// The longest device id accepted, in bytes.
    public static let maximumDeviceIdBytes = 64
    static let domain = Data("buds.device-certificate.v1".utf8)

    /// Certifies `agreementKey` as the device `deviceId` of `identity`'s person.
    ///
    /// - Throws: ``CircleEnvelopeError/invalidCertificate(_:)`` for an empty or overlong device
    ///   id or a key that is not 32 bytes.
    public static func issue(by identity: Identity, deviceId: String, agreementKey: Data, sequence: UInt64) throws -> DeviceCertificate {
        let unsigned = Unsigned(
            did: identity.did, signingKey: identity.signingPublicKey, deviceId: deviceId, agreementKey: agreementKey, sequence: sequence)
        try unsigned.checkShape()
        let signature = try identity.sign(Self.domain + (try DAGCBOREncoder().encode(unsigned)))
        return DeviceCertificate(unsigned, signature: signature)
    }

    /// Checks the certificate: shapes, the DID derived from the identity key, the signature.
    ///
    /// - Throws: ``CircleEnvelopeError/invalidCertificate(_:)`` naming the device.
    public func verify() throws(CircleEnvelopeError) {
        let unsigned = Unsigned(did: did, signingKey: signingKey, deviceId: deviceId, agreementKey: agreementKey, sequence: sequence)
        try unsigned.checkShape()
        guard (try? Identity.did(forSigningPublicKey: signingKey)) == did else { throw .invalidCertificate(deviceId) }
        guard let body = try? DAGCBOREncoder().encode(unsigned),
            Identity.verify(signature: signature, of: Self.domain + body, signingPublicKey: signingKey)
        else { throw .invalidCertificate(deviceId) }
    }

    /// A certificate as received (from a device list or an envelope): check it with ``verify()``.
    public init(did: String, signingKey: Data, deviceId: String, agreementKey: Data, sequence: UInt64, signature: Data) {
        self.did = did
        self.signingKey = signingKey
        self.deviceId = deviceId
        self.agreementKey = agreementKey
        self.sequence = sequence
        self.signature = signature
    }

    private init(_ unsigned: Unsigned, signature: Data) {
        did = unsigned.did
        signingKey = unsigned.signingKey
        deviceId = unsigned.deviceId
        agreementKey = unsigned.agreementKey
        sequence = unsigned.sequence
        self.signature = signature
    }

    /// What the signature covers.
    private struct Unsigned: Codable {
        let did: String
        let signingKey: Data
        let deviceId: String
        let agreementKey: Data
        let sequence: UInt64

        func checkShape() throws(CircleEnvelopeError) {
            guard !deviceId.isEmpty, deviceId.utf8.count <= DeviceCertificate.maximumDeviceIdBytes, signingKey.count == 32,
                agreementKey.count == 32
            else { throw .invalidCertificate(deviceId) }
        }
    }
}

/// A device certificate that verified, with its X25519 key parsed: the only form a sender wraps
/// to. Verifying once, when a device list arrives, keeps a seal for a whole circle at the cost of
/// its key agreements (an Ed25519 verify per device per entry would triple it).
public struct CertifiedDevice: Hashable, Sendable {
    public let certificate: DeviceCertificate
    let agreementKey: Curve25519.KeyAgreement.PublicKey

    /// - Throws: ``CircleEnvelopeError/invalidCertificate(_:)`` when `certificate` does not verify.
    public init(_ certificate: DeviceCertificate) throws(CircleEnvelopeError) {
        try certificate.verify()
        guard let key = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: certificate.agreementKey) else {
            throw .invalidCertificate(certificate.deviceId)
        }
        self.certificate = certificate
        agreementKey = key
    }

    public var deviceId: String { certificate.deviceId }

    public static func == (lhs: CertifiedDevice, rhs: CertifiedDevice) -> Bool { lhs.certificate == rhs.certificate }
    public func hash(into hasher: inout Hasher) { hasher.combine(certificate) }
}
