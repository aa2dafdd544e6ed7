import Crypto
import DAGCBOR
import Foundation
import Identity
import TestSupport
import Testing

/// Circle envelopes (issue 18, "Envelope v1" of the Buds circles note): sealed for certified
/// devices only, bound to their signed header, opened only by their recipients, and refused —
/// with a typed error and nothing else — when any byte is changed, a wrapped key is moved, the
/// content differs from what was signed, or the sender is not trusted.
@Suite("Circle envelopes")
struct CircleEnvelopeTests {
    /// A person with one or more devices: their identity, and per device its certificate and key.
    struct Person {
        let identity = Identity.generate()
        var devices: [(certificate: DeviceCertificate, key: Curve25519.KeyAgreement.PrivateKey)] = []

        init(devices count: Int, name: String) throws {
            for index in 0..<count {
                let key = Curve25519.KeyAgreement.PrivateKey()
                let certificate = try DeviceCertificate.issue(
                    by: identity, deviceId: "\(name)-\(index)", agreementKey: key.publicKey.rawRepresentation, sequence: UInt64(index + 1))
                devices.append((certificate, key))
            }
        }

        func sealer(_ index: Int = 0) throws -> CircleEnvelopeSealer {
            try CircleEnvelopeSealer(identity: identity, device: devices[index].certificate, deviceKey: devices[index].key)
        }

        func opener(_ index: Int = 0) -> CircleEnvelopeOpener {
            CircleEnvelopeOpener(deviceId: devices[index].certificate.deviceId, deviceKey: devices[index].key)
        }

        var certificates: [CertifiedDevice] { devices.map { try! CertifiedDevice($0.certificate) } }
    }

    static let circle = Data(repeating: 7, count: 16)
    static let receipt: Data = try! DAGCBOREncoder().encode(["strain": "Blue Dream canary-7f3a", "notes": "felt calm"])

    static func trustAll(_ header: CircleEnvelopeHeader) -> Bool { true }

    @Test("every recipient device opens the entry; the header says who sent what for whom")
    func roundTrip() throws {
        let alice = try Person(devices: 1, name: "alice")
        let bob = try Person(devices: 2, name: "bob")
        let carol = try Person(devices: 1, name: "carol")
        let envelope = try alice.sealer().seal(Self.receipt, circleId: Self.circle, rosterVersion: 3, to: bob.certificates + carol.certificates)
        let copy = try CircleEnvelope(serialized: try envelope.serialized())
        #expect(copy == envelope)
        for opener in [bob.opener(0), bob.opener(1), carol.opener()] {
            let (header, plaintext) = try opener.open(copy, trusts: Self.trustAll)
            #expect(plaintext == Self.receipt)
            #expect(header.sender.did == alice.identity.did)
            #expect(header.rosterVersion == 3)
            #expect(header.recipients == ["bob-0", "bob-1", "carol-0"])
        }
        // The sender's own other devices get nothing unless addressed; a stranger neither.
        #expect(throws: CircleEnvelopeError.notARecipient) { try alice.opener().open(copy, trusts: Self.trustAll) }
        // The plaintext appears nowhere in the envelope's bytes.
        #expect(try envelope.serialized().range(of: Data("canary-7f3a".utf8)) == nil)
    }

    @Test("a device's key opens only its own wrapped key: another device's key, or a moved wrap, fails to unwrap")
    func wrongDeviceAndTransplant() throws {
        let alice = try Person(devices: 1, name: "alice")
        let bob = try Person(devices: 2, name: "bob")
        let first = try alice.sealer().seal(Self.receipt, circleId: Self.circle, rosterVersion: 1, to: bob.certificates)
        // bob-1's key used as if it were bob-0.
        let impostor = CircleEnvelopeOpener(deviceId: "bob-0", deviceKey: bob.devices[1].key)
        #expect(throws: CircleEnvelopeError.unwrapFailed) { try impostor.open(first, trusts: Self.trustAll) }
        // bob-0's wrap moved into another envelope for bob-0: bound to the other header.
        let second = try alice.sealer().seal(Data("other".utf8).cborBytes, circleId: Self.circle, rosterVersion: 1, to: bob.certificates)
        var moved = second.wrappedKeys
        moved["bob-0"] = first.wrappedKeys["bob-0"]
        let transplanted = CircleEnvelope(headerBytes: second.headerBytes, signature: second.signature, payload: second.payload, wrappedKeys: moved)
        #expect(throws: CircleEnvelopeError.unwrapFailed) { try bob.opener(0).open(transplanted, trusts: Self.trustAll) }
        // The first payload under the second header: the content key does not fit.
        let swapped = CircleEnvelope(
            headerBytes: second.headerBytes, signature: second.signature, payload: first.payload, wrappedKeys: second.wrappedKeys)
        #expect(throws: CircleEnvelopeError.decryptionFailed) { try bob.opener(0).open(swapped, trusts: Self.trustAll) }
    }

    @Test("flipping any bit of any byte of a one-recipient envelope makes opening fail, with a typed error")
    func everyByteIsProtected() throws {
        let alice = try Person(devices: 1, name: "alice")
        let bob = try Person(devices: 1, name: "bob")
        let bytes = try alice.sealer().seal(Self.receipt, circleId: Self.circle, rosterVersion: 1, to: bob.certificates).serialized()
        var random = SplitMix64(seed: 0xB0D5)
        for position in bytes.indices {
            var tampered = bytes
            tampered[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            do {
                let envelope = try CircleEnvelope(serialized: tampered)
                _ = try bob.opener().open(envelope, trusts: Self.trustAll)
                Issue.record("a flip at byte \(position) of \(bytes.count) still opened")
            } catch {
                // Every refusal is one of the typed errors.
            }
        }
    }

    @Test("content that is not what the header names is refused after decryption (no two plaintexts under one envelope)")
    func contentMustMatchTheSignedCID() throws {
        let alice = try Person(devices: 1, name: "alice")
        let bob = try Person(devices: 1, name: "bob")
        let honest = try alice.sealer().seal(Self.receipt, circleId: Self.circle, rosterVersion: 1, to: bob.certificates)
        // A sender who re-encrypts other content under the signed header, with a content key of
        // their own wrapped for bob: everything authenticates except the CID.
        let header = try honest.header()
        let associatedData = Data(SHA256.hash(data: honest.headerBytes))
        let otherKey = SymmetricKey(size: .bits256)
        let otherPayload = try #require(
            try AES.GCM.seal(Data("something else".utf8).cborBytes, using: otherKey, authenticating: associatedData).combined)
        let wrappingKey = try EnvelopeSealer.wrappingKey(
            senderPrivate: alice.devices[0].key, recipientPublic: try .init(rawRepresentation: bob.devices[0].certificate.agreementKey))
        let rawKey = otherKey.withUnsafeBytes { Data($0) }
        let wrap = try #require(try AES.GCM.seal(rawKey, using: wrappingKey, authenticating: associatedData + Data("bob-0".utf8)).combined)
        let forged = CircleEnvelope(headerBytes: honest.headerBytes, signature: honest.signature, payload: otherPayload, wrappedKeys: ["bob-0": wrap])
        #expect(header.recipients == ["bob-0"])
        #expect(throws: CircleEnvelopeError.contentMismatch) { try bob.opener().open(forged, trusts: Self.trustAll) }
    }

    @Test("an untrusted sender, a forged certificate and an uncertified recipient key are refused")
    func trustAndCertificates() throws {
        let alice = try Person(devices: 1, name: "alice")
        let bob = try Person(devices: 1, name: "bob")
        let mallory = try Person(devices: 1, name: "mallory")
        let envelope = try alice.sealer().seal(Self.receipt, circleId: Self.circle, rosterVersion: 5, to: bob.certificates)
        // The reader's roster says alice left at version 4.
        #expect(throws: CircleEnvelopeError.untrustedSender) {
            try bob.opener().open(envelope, trusts: { $0.sender.did == alice.identity.did && $0.rosterVersion < 4 })
        }
        // A relay that slips its own key in as "bob-9", certified by nobody (mallory signs as herself
        // but claims bob's DID).
        let rogueKey = Curve25519.KeyAgreement.PrivateKey()
        let rogue = try DeviceCertificate.issue(
            by: mallory.identity, deviceId: "bob-9", agreementKey: rogueKey.publicKey.rawRepresentation, sequence: 9)
        let forged = DeviceCertificate(
            did: bob.identity.did, signingKey: rogue.signingKey, deviceId: rogue.deviceId, agreementKey: rogue.agreementKey, sequence: 9,
            signature: rogue.signature)
        #expect(throws: CircleEnvelopeError.invalidCertificate("bob-9")) { try forged.verify() }
        // A sender wraps only to certified devices, and the forged one cannot be certified.
        #expect(throws: CircleEnvelopeError.invalidCertificate("bob-9")) { try CertifiedDevice(forged) }
        // A certificate whose key was swapped after signing.
        let original = bob.devices[0].certificate
        let swapped = DeviceCertificate(
            did: bob.identity.did, signingKey: original.signingKey, deviceId: "bob-0", agreementKey: rogue.agreementKey,
            sequence: original.sequence, signature: original.signature)
        #expect(throws: CircleEnvelopeError.invalidCertificate("bob-0")) { try swapped.verify() }
        // A sealer whose certificate is not its own.
        #expect(throws: CircleEnvelopeError.invalidCertificate("bob-0")) {
            try CircleEnvelopeSealer(identity: alice.identity, device: bob.devices[0].certificate, deviceKey: bob.devices[0].key)
        }
        #expect(throws: CircleEnvelopeError.noRecipients) { try alice.sealer().seal(Self.receipt, circleId: Self.circle, rosterVersion: 5, to: []) }
    }

    @Test("random and truncated bytes are refused with typed errors, never a crash")
    func fuzz() throws {
        let alice = try Person(devices: 1, name: "alice")
        let bob = try Person(devices: 3, name: "bob")
        let valid = try alice.sealer().seal(Self.receipt, circleId: Self.circle, rosterVersion: 1, to: bob.certificates).serialized()
        var random = SplitMix64(seed: 0xF022)
        for round in 0..<3_000 {
            var bytes: Data
            switch round % 3 {
            case 0: bytes = Data((0..<Int.random(in: 0..<300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            case 1: bytes = valid.prefix(Int.random(in: 0..<valid.count, using: &random))
            default:
                bytes = valid
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            }
            if let envelope = try? CircleEnvelope(serialized: bytes) {
                _ = try? envelope.header()
                _ = try? bob.opener(1).open(envelope, trusts: Self.trustAll)
            }
        }
        #expect(throws: CircleEnvelopeError.tooLarge(CircleEnvelope.maximumBytes + 1)) {
            try CircleEnvelope(serialized: Data(count: CircleEnvelope.maximumBytes + 1))
        }
    }
}

extension Data {
    /// These bytes as a DAG-CBOR byte string: a stand-in receipt.
    fileprivate var cborBytes: Data { (try? DAGCBORValue.bytes(self).encoded()) ?? self }
}
