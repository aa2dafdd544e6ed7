import Benchmark
import Crypto
import DAGCBOR
import Foundation
import Identity

/// Buds circles (issue 18): sealing one entry for a full circle (12 members × 3 devices) and
/// opening one envelope, each beside the raw cost of the same X25519, HKDF, AES-GCM, Ed25519 and
/// SHA-256 operations done by hand with swift-crypto (target: the envelope ≤ 1.5× its reference).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(5), maxIterations: 20_000)

    Benchmark("Circle envelope: seal one entry for 12 members × 3 devices") { benchmark in
        let circle = CircleFixture.shared
        benchmark.startMeasurement()
        blackHole(try circle.sealer.seal(circle.receipt, circleId: circle.circleId, rosterVersion: 1, to: circle.recipients))
    }

    Benchmark("Reference: the raw operations of that seal (1 sign, 36 × X25519 + HKDF + AES-GCM, 1 AES-GCM)") { benchmark in
        let circle = CircleFixture.shared
        benchmark.startMeasurement()
        let header = circle.headerBytes
        blackHole(try circle.sender.sign(header))
        let associatedData = Data(SHA256.hash(data: header))
        let contentKey = SymmetricKey(size: .bits256)
        blackHole(try AES.GCM.seal(circle.receipt, using: contentKey, authenticating: associatedData))
        let raw = contentKey.withUnsafeBytes { Data($0) }
        for recipient in circle.recipientKeys {
            let secret = try circle.senderDeviceKey.sharedSecretFromKeyAgreement(with: recipient)
            let key = secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: Data(), sharedInfo: Data("buds.e2ee.v1".utf8), outputByteCount: 32)
            blackHole(try AES.GCM.seal(raw, using: key, authenticating: associatedData))
        }
    }

    Benchmark("Circle envelope: open one envelope (36 recipients) on one device") { benchmark in
        let circle = CircleFixture.shared
        benchmark.startMeasurement()
        blackHole(try circle.opener.open(circle.envelope, trusts: { _ in true }))
    }

    Benchmark("Reference: the raw operations of that open (2 verifies, X25519 + HKDF, 2 AES-GCM opens, 2 SHA-256)") { benchmark in
        let circle = CircleFixture.shared
        let envelope = circle.envelope
        benchmark.startMeasurement()
        let signingKey = try Curve25519.Signing.PublicKey(rawRepresentation: circle.sender.signingPublicKey)
        blackHole(signingKey.isValidSignature(envelope.signature, for: envelope.headerBytes))
        blackHole(signingKey.isValidSignature(circle.certificateSignature, for: circle.certificateBody))
        let associatedData = Data(SHA256.hash(data: envelope.headerBytes))
        let secret = try circle.readerKey.sharedSecretFromKeyAgreement(with: circle.senderDeviceKey.publicKey)
        let key = secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: Data(), sharedInfo: Data("buds.e2ee.v1".utf8), outputByteCount: 32)
        let wrapped = try AES.GCM.SealedBox(combined: envelope.wrappedKeys[circle.readerId] ?? Data())
        let raw = try AES.GCM.open(wrapped, using: key, authenticating: associatedData + Data(circle.readerId.utf8))
        let plaintext = try AES.GCM.open(
            AES.GCM.SealedBox(combined: envelope.payload), using: SymmetricKey(data: raw), authenticating: associatedData)
        blackHole(SHA256.hash(data: plaintext))
    }
}

/// One circle, made once: a sender and 12 members with 3 certified devices each.
struct CircleFixture: Sendable {
    static let shared = try! CircleFixture()

    let sender = Identity.generate()
    let senderDeviceKey = Curve25519.KeyAgreement.PrivateKey()
    let sealer: CircleEnvelopeSealer
    let recipients: [CertifiedDevice]
    let recipientKeys: [Curve25519.KeyAgreement.PublicKey]
    let readerKey: Curve25519.KeyAgreement.PrivateKey
    let readerId: String
    let opener: CircleEnvelopeOpener
    let envelope: CircleEnvelope
    let headerBytes: Data
    let certificateBody: Data
    let certificateSignature: Data
    let circleId = Data(repeating: 1, count: 16)
    /// A journal entry's size: a session receipt of about 400 bytes.
    let receipt = try! DAGCBOREncoder().encode([
        "strain": "Blue Dream", "notes": String(repeating: "Smooth, citrus notes; good for an evening walk. ", count: 7),
        "effects": "relaxed, creative, happy",
    ])

    init() throws {
        let device = try DeviceCertificate.issue(
            by: sender, deviceId: "sender-0", agreementKey: senderDeviceKey.publicKey.rawRepresentation, sequence: 1)
        sealer = try CircleEnvelopeSealer(identity: sender, device: device, deviceKey: senderDeviceKey)
        var recipients: [CertifiedDevice] = []
        var keys: [Curve25519.KeyAgreement.PrivateKey] = []
        for member in 0..<12 {
            let person = Identity.generate()
            for index in 0..<3 {
                let key = Curve25519.KeyAgreement.PrivateKey()
                recipients.append(
                    try CertifiedDevice(
                        DeviceCertificate.issue(
                            by: person, deviceId: "m\(member)-d\(index)", agreementKey: key.publicKey.rawRepresentation, sequence: 1)))
                keys.append(key)
            }
        }
        self.recipients = recipients
        recipientKeys = keys.map(\.publicKey)
        readerKey = keys[17]
        readerId = recipients[17].deviceId
        opener = CircleEnvelopeOpener(deviceId: readerId, deviceKey: readerKey)
        envelope = try sealer.seal(receipt, circleId: circleId, rosterVersion: 1, to: recipients)
        headerBytes = envelope.headerBytes
        certificateBody = try DAGCBOREncoder().encode(["device": "sender-0"])
        certificateSignature = try sender.sign(certificateBody)
    }
}
