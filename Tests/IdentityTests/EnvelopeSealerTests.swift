import Crypto
import Foundation
import TestSupport
import Testing

@testable import Identity

/// A sender and three recipient devices, each with its own identity.
struct EnvelopeFixture {
    let sender = Identity.generate()
    let devices: [String: Identity] = [
        "phone-ana": Identity.generate(),
        "tablet-ana": Identity.generate(),
        "phone-ben": Identity.generate(),
    ]

    var recipientKeys: [String: Curve25519.KeyAgreement.PublicKey] {
        devices.mapValues { $0.agreementKey.publicKey }
    }

    func seal(_ text: String, for ids: [String]? = nil) throws -> SealedEnvelope {
        let keys = recipientKeys.filter { ids?.contains($0.key) ?? true }
        return try EnvelopeSealer.seal(Data(text.utf8), from: sender, to: keys)
    }
}

@Suite("EnvelopeSealer: seal and open for several devices, with distinct errors")
struct EnvelopeSealerTests {
    @Test("One recipient: the envelope opens to the plaintext and has the expected shape")
    func oneRecipient() throws {
        let fixture = EnvelopeFixture()
        let envelope = try fixture.seal("hello circle", for: ["phone-ben"])
        #expect(envelope.wrappedKeys.count == 1)
        #expect(envelope.wrappedKeys["phone-ben"]?.count == 60)
        #expect(envelope.encryptedPayload.count == 12 + 12 + 16)
        #expect(envelope.senderAgreementKey == fixture.sender.agreementPublicKey)
        let opened = try EnvelopeSealer.open(envelope, as: "phone-ben", with: try #require(fixture.devices["phone-ben"]).agreementKey)
        #expect(String(decoding: opened, as: UTF8.self) == "hello circle")
    }

    @Test("Three recipients: each device opens the same plaintext with its own key")
    func threeRecipients() throws {
        let fixture = EnvelopeFixture()
        let envelope = try fixture.seal("session #12")
        #expect(envelope.recipientDeviceIds == ["phone-ana", "phone-ben", "tablet-ana"])
        for (deviceId, identity) in fixture.devices {
            let opened = try EnvelopeSealer.open(envelope, as: deviceId, with: identity.agreementKey)
            #expect(opened == Data("session #12".utf8))
        }
    }

    @Test("Empty and 1 MiB payloads round-trip")
    func payloadSizes() throws {
        let fixture = EnvelopeFixture()
        let device = try #require(fixture.devices["phone-ana"])
        var rng = SplitMix64(seed: 1)
        for payload in [Data(), Data(rng.bytes(1 << 20))] {
            let envelope = try EnvelopeSealer.seal(payload, from: fixture.sender, to: ["phone-ana": device.agreementKey.publicKey])
            #expect(try EnvelopeSealer.open(envelope, as: "phone-ana", with: device.agreementKey) == payload)
        }
    }

    @Test("The format is the seed's: HKDF wrapping key unwraps a raw 32-byte AES key that opens the payload")
    func matchesSeedScheme() throws {
        let fixture = EnvelopeFixture()
        let device = try #require(fixture.devices["tablet-ana"])
        let envelope = try fixture.seal("interop")
        // Re-derive independently with CryptoKit-style calls, as the original CryptoManager does.
        let secret = try device.agreementKey.sharedSecretFromKeyAgreement(
            with: Curve25519.KeyAgreement.PublicKey(rawRepresentation: envelope.senderAgreementKey)
        )
        let wrappingKey = secret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: Data(), sharedInfo: Data("buds.e2ee.v1".utf8), outputByteCount: 32
        )
        let wrapped = try #require(envelope.wrappedKeys["tablet-ana"])
        let contentKey = try AES.GCM.open(AES.GCM.SealedBox(combined: wrapped), using: wrappingKey)
        #expect(contentKey.count == 32)
        let payload = try AES.GCM.open(AES.GCM.SealedBox(combined: envelope.encryptedPayload), using: SymmetricKey(data: contentKey))
        #expect(payload == Data("interop".utf8))
    }

    @Test("Sealing twice gives different content keys, nonces and ciphertexts")
    func sealingIsRandomized() throws {
        let fixture = EnvelopeFixture()
        let first = try fixture.seal("same")
        let second = try fixture.seal("same")
        #expect(first.encryptedPayload != second.encryptedPayload)
        #expect(first.wrappedKeys["phone-ana"] != second.wrappedKeys["phone-ana"])
    }

    @Test("A device that is not a recipient gets notARecipient with its id")
    func notARecipient() throws {
        let fixture = EnvelopeFixture()
        let envelope = try fixture.seal("secret", for: ["phone-ana"])
        let outsider = Identity.generate()
        #expect(throws: EnvelopeError.notARecipient(deviceId: "laptop-eve")) {
            try EnvelopeSealer.open(envelope, as: "laptop-eve", with: outsider.agreementKey)
        }
        #expect(throws: EnvelopeError.notARecipient(deviceId: "phone-ben")) {
            try EnvelopeSealer.open(envelope, as: "phone-ben", with: try #require(fixture.devices["phone-ben"]).agreementKey)
        }
    }

    @Test("A recipient entry opened with another private key → wrongRecipientKey")
    func wrongRecipientKey() throws {
        let fixture = EnvelopeFixture()
        let envelope = try fixture.seal("secret")
        let otherDevicesKey = try #require(fixture.devices["phone-ben"]).agreementKey
        #expect(throws: EnvelopeError.wrongRecipientKey) {
            try EnvelopeSealer.open(envelope, as: "phone-ana", with: otherDevicesKey)
        }
        #expect(throws: EnvelopeError.wrongRecipientKey) {
            try EnvelopeSealer.open(envelope, as: "phone-ana", with: Curve25519.KeyAgreement.PrivateKey())
        }
        // The sender's own agreement key does not open what it sealed for others.
        #expect(throws: EnvelopeError.wrongRecipientKey) {
            try EnvelopeSealer.open(envelope, as: "phone-ana", with: fixture.sender.agreementKey)
        }
    }

    @Test("Flipping any byte of the payload (nonce, ciphertext or tag) → tampered")
    func everyPayloadByteIsAuthenticated() throws {
        let fixture = EnvelopeFixture()
        let device = try #require(fixture.devices["phone-ana"])
        let envelope = try fixture.seal("authenticated", for: ["phone-ana"])
        for index in envelope.encryptedPayload.indices {
            var altered = envelope
            altered.encryptedPayload[index] ^= 0x80
            #expect(throws: EnvelopeError.tampered) {
                try EnvelopeSealer.open(altered, as: "phone-ana", with: device.agreementKey)
            }
        }
    }

    @Test("Flipping any byte of a wrapped key fails authentication of that key → wrongRecipientKey")
    func everyWrappedKeyByteIsAuthenticated() throws {
        let fixture = EnvelopeFixture()
        let device = try #require(fixture.devices["phone-ana"])
        let envelope = try fixture.seal("x", for: ["phone-ana"])
        for index in 0..<60 {
            var altered = envelope
            altered.wrappedKeys["phone-ana"]?[index] ^= 0x01
            #expect(throws: EnvelopeError.wrongRecipientKey) {
                try EnvelopeSealer.open(altered, as: "phone-ana", with: device.agreementKey)
            }
        }
    }

    @Test("A payload shorter than nonce + tag → truncated; one cut inside the ciphertext → tampered")
    func truncatedPayload() throws {
        let fixture = EnvelopeFixture()
        let device = try #require(fixture.devices["phone-ana"])
        let envelope = try fixture.seal("twelve bytes", for: ["phone-ana"])
        for length in 0..<28 {
            var cut = envelope
            cut.encryptedPayload = envelope.encryptedPayload.prefix(length)
            #expect(throws: EnvelopeError.truncated) { try EnvelopeSealer.open(cut, as: "phone-ana", with: device.agreementKey) }
        }
        var cutInside = envelope
        cutInside.encryptedPayload = envelope.encryptedPayload.prefix(30)
        #expect(throws: EnvelopeError.tampered) { try EnvelopeSealer.open(cutInside, as: "phone-ana", with: device.agreementKey) }
    }

    @Test("A wrapped key that is not exactly 60 bytes → truncated", arguments: [0, 1, 27, 28, 59, 61, 120])
    func wrappedKeyOfWrongLength(_ length: Int) throws {
        let fixture = EnvelopeFixture()
        let device = try #require(fixture.devices["phone-ana"])
        var envelope = try fixture.seal("x", for: ["phone-ana"])
        let wrapped = try #require(envelope.wrappedKeys["phone-ana"])
        envelope.wrappedKeys["phone-ana"] = length <= 60 ? wrapped.prefix(length) : wrapped + Data(count: length - 60)
        #expect(throws: EnvelopeError.truncated) { try EnvelopeSealer.open(envelope, as: "phone-ana", with: device.agreementKey) }
    }

    @Test("A sender key that is not 32 bytes or is a low-order point → malformed")
    func malformedSenderKey() throws {
        let fixture = EnvelopeFixture()
        let device = try #require(fixture.devices["phone-ana"])
        let envelope = try fixture.seal("x", for: ["phone-ana"])
        for length in [0, 31, 33] {
            var altered = envelope
            altered.senderAgreementKey = Data(count: length)
            #expect(throws: EnvelopeError.malformed("the sender's agreement key is \(length) bytes, expected 32")) {
                try EnvelopeSealer.open(altered, as: "phone-ana", with: device.agreementKey)
            }
        }
        var lowOrder = envelope
        lowOrder.senderAgreementKey = Data(count: 32)
        #expect(throws: EnvelopeError.malformed("the sender's agreement key is a low-order point")) {
            try EnvelopeSealer.open(lowOrder, as: "phone-ana", with: device.agreementKey)
        }
    }

    @Test("Sealing for nobody → noRecipients; for a low-order recipient key → malformed")
    func sealErrors() throws {
        let sender = Identity.generate()
        #expect(throws: EnvelopeError.noRecipients) {
            try EnvelopeSealer.seal(Data("x".utf8), from: sender, to: [:])
        }
        let lowOrder = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: Data(count: 32))
        #expect(throws: EnvelopeError.malformed("the agreement key of recipient \"bad\" is not usable")) {
            try EnvelopeSealer.seal(Data("x".utf8), from: sender, to: ["bad": lowOrder])
        }
    }

    @Test("JSON (Codable) round trip keeps the envelope equal and openable")
    func codableRoundTrip() throws {
        let fixture = EnvelopeFixture()
        let envelope = try fixture.seal("json")
        let decoded = try JSONDecoder().decode(SealedEnvelope.self, from: JSONEncoder().encode(envelope))
        #expect(decoded == envelope)
        #expect(try EnvelopeSealer.open(decoded, as: "phone-ben", with: try #require(fixture.devices["phone-ben"]).agreementKey) == Data("json".utf8))
    }

    @Test("Every error explains itself")
    func errorDescriptions() {
        let errors: [EnvelopeError] = [
            .notARecipient(deviceId: "d"), .wrongRecipientKey, .tampered, .truncated, .malformed("m"), .noRecipients, .sealingFailed("s"),
        ]
        for error in errors {
            #expect(error.errorDescription?.isEmpty == false)
        }
        #expect(Set(errors.compactMap(\.errorDescription)).count == errors.count)
    }
}
