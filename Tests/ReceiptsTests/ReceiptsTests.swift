import Crypto
import DAGCBOR
import Foundation
import Identity
import Receipts
import TestSupport
import Testing

/// A payload shaped like an app's: optionals that may be absent, a float, a list.
private struct NotePayload: Codable, Sendable, Equatable {
    var text: String
    var score: Double?
    var tags: [String]
}

private let deviceID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

/// RFC 8032 test 1's key, so bytes and signatures are reproducible.
private func fixedIdentity() throws -> Identity {
    let seed = Data([
        0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c, 0xc4,
        0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60,
    ])
    return Identity(
        signingKey: try Curve25519.Signing.PrivateKey(rawRepresentation: seed),
        agreementKey: Curve25519.KeyAgreement.PrivateKey()
    )
}

@Suite("Receipts: signing, encoding and verification")
struct ReceiptsTests {
    @Test("a receipt's bytes are exactly the canonical DAG-CBOR map of its body, omitting absent optionals")
    func bodyEncodingMatchesHandBuiltMap() throws {
        let identity = try fixedIdentity()
        let signer = ReceiptSigner(identity: identity, deviceId: deviceID)
        let receipt = try signer.sign(
            type: "app.test.note.created/v1", payload: NotePayload(text: "hi", score: nil, tags: ["a"]), createdAtMs: 1_700_000_000_000
        )
        let expected = try DAGCBORValue.map(
            DAGCBORMap([
                ("did", .text(identity.did)),
                ("deviceId", .text("6f9619ff-8b86-d011-b42d-00c04fc964ff")),
                ("signingKey", .bytes(identity.signingPublicKey)),
                ("receiptType", .text("app.test.note.created/v1")),
                ("createdAtMs", .integer(1_700_000_000_000)),
                ("payload", .map(try DAGCBORMap([("text", .text("hi")), ("tags", .array([.text("a")]))]))),
            ])
        ).encoded()
        #expect(receipt.rawCBOR == expected)
        #expect(receipt.cid == CID(codec: .dagCBOR, hashing: expected))
        #expect(receipt.cid.string.hasPrefix("bafyrei"))
        // swift-crypto's Ed25519 is deterministic on Linux: the same body gives the same signature.
        #expect(Identity.verify(signature: receipt.signature, of: expected, signingPublicKey: identity.signingPublicKey))
        #expect(receipt.signature.count == 64)
        #expect(receipt.header.did.hasPrefix("did:buds:"))
        #expect(try receipt.body(as: NotePayload.self).payload == NotePayload(text: "hi", score: nil, tags: ["a"]))
    }

    @Test("edits carry parentCID and rootCID as tag-42 links to the chain")
    func chainLinks() throws {
        let signer = ReceiptSigner(identity: Identity.generate(), deviceId: deviceID)
        let first = try signer.sign(type: "t/v1", payload: NotePayload(text: "1", tags: []), createdAtMs: 1)
        let second = try signer.sign(type: "t/v1", payload: NotePayload(text: "2", tags: []), createdAtMs: 2, parent: first)
        let third = try signer.sign(type: "t/v1", payload: NotePayload(text: "3", tags: []), createdAtMs: 3, parent: second)
        #expect(first.rootCID == first.cid)
        #expect(third.header.parentCID == second.cid && third.header.rootCID == first.cid)
        let map = try #require(DAGCBORValue.decode(third.rawCBOR).mapValue)
        #expect(map["parentCID"]?.linkValue == second.cid)
        #expect(map["rootCID"]?.linkValue == first.cid)
        #expect(third.rawCBOR.range(of: Data([0xd8, 0x2a, 0x58, 0x25, 0x00]) + second.cid.bytes) != nil)
        try ReceiptVerifier.verifyChain(second, parent: first)
        try ReceiptVerifier.verifyChain(third, parent: second)
        #expect(ReceiptVerifier.verifyAll([first, second, third]).isEmpty)
    }

    @Test("altered bytes, a foreign signature and a false DID are each caught")
    func tamperingIsCaught() throws {
        let identity = Identity.generate()
        let signer = ReceiptSigner(identity: identity, deviceId: deviceID)
        let receipt = try signer.sign(type: "t/v1", payload: NotePayload(text: "hello", tags: []), createdAtMs: 5)

        var altered = receipt.rawCBOR
        let index = try #require(altered.range(of: Data("hello".utf8))?.lowerBound)
        altered[index] = UInt8(ascii: "j")
        let forged = try Receipt(rawCBOR: altered, signature: receipt.signature)
        #expect(throws: ReceiptError.cidMismatch(expected: receipt.cid.string, actual: forged.cid.string)) {
            try ReceiptVerifier.verify(forged, claimedCID: receipt.cid)
        }
        #expect(throws: ReceiptError.invalidSignature(cid: forged.cid.string)) { try ReceiptVerifier.verify(forged) }

        let otherSignature = try Identity.generate().sign(receipt.rawCBOR)
        let resigned = try Receipt(rawCBOR: receipt.rawCBOR, signature: otherSignature)
        #expect(throws: ReceiptError.invalidSignature(cid: receipt.cid.string)) { try ReceiptVerifier.verify(resigned) }

        // A correctly signed body that claims someone else's DID.
        let body = ReceiptBody(
            did: Identity.generate().did, deviceId: deviceID.uuidString.lowercased(), signingKey: identity.signingPublicKey,
            receiptType: "t/v1", createdAtMs: 1, payload: NotePayload(text: "x", tags: [])
        )
        let raw = try DAGCBOREncoder().encode(body)
        let impostor = try Receipt(rawCBOR: raw, signature: try identity.sign(raw))
        #expect(throws: ReceiptError.didMismatch(cid: impostor.cid.string, did: body.did)) { try ReceiptVerifier.verify(impostor) }
    }

    @Test("chain checks catch a missing parent, a different root and a different signer")
    func chainViolations() throws {
        let alice = ReceiptSigner(identity: Identity.generate(), deviceId: deviceID)
        let mallory = ReceiptSigner(identity: Identity.generate(), deviceId: deviceID)
        let root = try alice.sign(type: "t/v1", payload: NotePayload(text: "1", tags: []), createdAtMs: 1)
        let otherRoot = try alice.sign(type: "t/v1", payload: NotePayload(text: "other", tags: []), createdAtMs: 1)
        let edit = try alice.sign(type: "t/v1", payload: NotePayload(text: "2", tags: []), createdAtMs: 2, parent: root)

        #expect(throws: ReceiptError.missingParent(cid: edit.cid.string, parent: root.cid.string)) {
            try ReceiptVerifier.verifyChain(edit, parent: nil)
        }
        #expect(throws: ReceiptError.missingParent(cid: edit.cid.string, parent: root.cid.string)) {
            try ReceiptVerifier.verifyChain(edit, parent: otherRoot)
        }
        let hijack = try mallory.sign(type: "t/v1", payload: NotePayload(text: "mine", tags: []), createdAtMs: 3, parent: edit)
        try ReceiptVerifier.verify(hijack)
        #expect(throws: ReceiptError.signerMismatch(cid: hijack.cid.string)) { try ReceiptVerifier.verifyChain(hijack, parent: edit) }

        let wrongRoot = ReceiptBody(
            did: alice.identity.did, deviceId: alice.deviceId, signingKey: alice.identity.signingPublicKey, receiptType: "t/v1",
            createdAtMs: 4, payload: NotePayload(text: "x", tags: []), parentCID: edit.cid, rootCID: otherRoot.cid
        )
        let raw = try DAGCBOREncoder().encode(wrongRoot)
        let receipt = try Receipt(rawCBOR: raw, signature: try alice.identity.sign(raw))
        #expect(throws: ReceiptError.rootMismatch(cid: receipt.cid.string)) { try ReceiptVerifier.verifyChain(receipt, parent: edit) }

        let failures = ReceiptVerifier.verifyAll([edit, hijack])
        #expect(failures[edit.cid] == .missingParent(cid: edit.cid.string, parent: root.cid.string))
        #expect(failures[hijack.cid] == .signerMismatch(cid: hijack.cid.string))
    }

    @Test(
        "bodies that are not receipts are rejected with the offending field",
        arguments: [
            ("extra key", #"{"x": 1}"#),
            ("no payload", "payload"),
            ("upper-case device id", "deviceId"),
            ("short key", "signingKey"),
            ("parent without root", "parentCID"),
            ("float time", "createdAtMs"),
        ])
    func malformedBodies(label: String, field: String) throws {
        let identity = Identity.generate()
        var entries: [(String, DAGCBORValue)] = [
            ("did", .text(identity.did)), ("deviceId", .text(deviceID.uuidString.lowercased())),
            ("signingKey", .bytes(identity.signingPublicKey)), ("receiptType", .text("t/v1")),
            ("createdAtMs", .integer(1)), ("payload", .map(DAGCBORMap())),
        ]
        func replace(_ key: String, with value: DAGCBORValue?) {
            entries.removeAll { $0.0 == key }
            if let value { entries.append((key, value)) }
        }
        switch label {
        case "extra key": entries.append(("x", .integer(1)))
        case "no payload": replace("payload", with: nil)
        case "upper-case device id": replace("deviceId", with: .text(deviceID.uuidString))
        case "short key": replace("signingKey", with: .bytes(Data(count: 31)))
        case "parent without root": entries.append(("parentCID", .link(CID(codec: .dagCBOR, hashing: Data()))))
        default: replace("createdAtMs", with: .float(1.5))
        }
        let raw = try DAGCBORValue.map(DAGCBORMap(entries)).encoded()
        #expect(throws: ReceiptError.self) { try Receipt(rawCBOR: raw, signature: Data(count: 64)) }
        do {
            _ = try ReceiptHeader(rawCBOR: raw)
        } catch let error as ReceiptError {
            guard case .malformedBody(let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason.contains(field == #"{"x": 1}"# ? "\"x\"" : field), "\(reason)")
        }
    }

    @Test("random mutations of a receipt never crash the reader; no changed receipt verifies")
    func mutationsNeverCrash() throws {
        let signer = ReceiptSigner(identity: Identity.generate(), deviceId: deviceID)
        let receipt = try signer.sign(type: "t/v1", payload: NotePayload(text: "fuzz", score: 0.5, tags: ["x", "y"]), createdAtMs: 9)
        var rng = SplitMix64(seed: 0x5EED)
        func next() -> UInt64 { rng.next() }
        var parsed = 0
        for _ in 0..<20_000 {
            var bytes = [UInt8](receipt.rawCBOR)
            switch next() % 3 {
            case 0: bytes[Int(next() % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: next() | 1)
            case 1: bytes.removeLast(1 + Int(next() % UInt64(bytes.count - 1)))
            default: bytes.insert(UInt8(truncatingIfNeeded: next()), at: Int(next() % UInt64(bytes.count)))
            }
            guard let mutated = try? Receipt(rawCBOR: Data(bytes), signature: receipt.signature) else { continue }
            parsed += 1
            #expect(Data(bytes) != receipt.rawCBOR)
            #expect(throws: ReceiptError.self) { try ReceiptVerifier.verify(mutated) }
        }
        #expect(parsed < 20_000)
    }
}
