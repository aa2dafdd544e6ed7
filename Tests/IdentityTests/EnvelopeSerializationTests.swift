import Crypto
import Foundation
import TestSupport
import Testing

@testable import Identity

@Suite("SealedEnvelope binary serialization (version 1)")
struct EnvelopeSerializationTests {
    static let small = SealedEnvelope(
        encryptedPayload: Data([1, 2, 3]),
        wrappedKeys: ["b": Data([9]), "a": Data()],
        senderAgreementKey: Data([0xAA, 0xBB])
    )

    @Test("The layout is version, sender key, payload, count, then recipients sorted by id")
    func goldenBytes() {
        #expect(Self.small.serialized().hex == "01" + "02aabb" + "03010203" + "02" + "016100" + "01620109")
    }

    @Test("Lengths of 128 and more use multi-byte LEB128 varints")
    func multiByteLength() throws {
        let envelope = SealedEnvelope(encryptedPayload: Data(count: 300), wrappedKeys: ["d": Data(count: 60)], senderAgreementKey: Data(count: 32))
        let bytes = envelope.serialized()
        #expect(bytes[33..<36].hex == "00ac02")  // last sender-key byte, then 300 = 0xAC 0x02
        #expect(try SealedEnvelope(serialized: bytes) == envelope)
    }

    @Test("A real envelope round-trips and still opens")
    func realRoundTrip() throws {
        let fixture = EnvelopeFixture()
        let envelope = try fixture.seal("over the wire")
        let parsed = try SealedEnvelope(serialized: envelope.serialized())
        #expect(parsed == envelope)
        for (deviceId, identity) in fixture.devices {
            #expect(try EnvelopeSealer.open(parsed, as: deviceId, with: identity.agreementKey) == Data("over the wire".utf8))
        }
    }

    @Test("Serialization is canonical: insertion order does not matter, and parsing a slice works")
    func canonical() throws {
        var forward: [String: Data] = [:]
        var backward: [String: Data] = [:]
        let ids = (0..<20).map { "device-\($0)" }
        for id in ids { forward[id] = Data(id.utf8) }
        for id in ids.reversed() { backward[id] = Data(id.utf8) }
        let a = SealedEnvelope(encryptedPayload: Data([1]), wrappedKeys: forward, senderAgreementKey: Data([2]))
        let b = SealedEnvelope(encryptedPayload: Data([1]), wrappedKeys: backward, senderAgreementKey: Data([2]))
        #expect(a.serialized() == b.serialized())
        let framed = Data([0xFF, 0xFF]) + a.serialized()
        #expect(try SealedEnvelope(serialized: framed.dropFirst(2)) == a)
    }

    @Test("Device ids are ordered by UTF-8 bytes, including non-ASCII ids")
    func unicodeIds() throws {
        let envelope = SealedEnvelope(
            encryptedPayload: Data(),
            wrappedKeys: ["Z": Data([1]), "a": Data([2]), "é": Data([3]), "日本": Data([4])],
            senderAgreementKey: Data()
        )
        #expect(envelope.recipientDeviceIds == ["Z", "a", "é", "日本"])
        #expect(try SealedEnvelope(serialized: envelope.serialized()) == envelope)
    }

    @Test("Empty input and every proper prefix of a valid encoding → truncated")
    func prefixesAreTruncated() throws {
        let bytes = try EnvelopeFixture().seal("prefix").serialized()
        for length in 0..<bytes.count {
            #expect(throws: EnvelopeError.truncated) { try SealedEnvelope(serialized: bytes.prefix(length)) }
        }
    }

    @Test(
        "Structural problems → malformed with a specific reason",
        arguments: [
            ("02" + "00" + "00" + "00", "unsupported envelope version 2 (expected 1)"),
            ("00", "unsupported envelope version 0 (expected 1)"),
            ("01" + "00" + "00" + "00" + "00", "1 unexpected bytes after the last recipient"),
            ("01" + "8000" + "00" + "00", "a length is not minimally encoded"),
            ("01" + "00" + "00" + "8100", "a length is not minimally encoded"),
            ("01" + "ffffffffffffffffff02", "a length does not fit in 64 bits"),
            ("01" + "ffffffffffffffffff8100", "a length does not fit in 64 bits"),
            ("01" + "00" + "00" + "02" + "016200" + "016100", "recipient device ids are repeated or not in ascending order"),
            ("01" + "00" + "00" + "02" + "016100" + "016100", "recipient device ids are repeated or not in ascending order"),
            ("01" + "00" + "00" + "01" + "01ff00", "a recipient device id is not valid UTF-8"),
            ("01" + "00" + "00" + "01" + "02c328" + "00", "a recipient device id is not valid UTF-8"),
            // "e" + U+0301 and "é" (U+00E9) are different bytes but equal Swift strings.
            ("01" + "00" + "00" + "02" + "0365cc81" + "00" + "02c3a9" + "00", "recipient device id \"é\" appears twice"),
        ])
    func malformedInputs(_ input: (hex: String, reason: String)) {
        #expect(throws: EnvelopeError.malformed(input.reason)) { try SealedEnvelope(serialized: Data(hex: input.hex)) }
    }

    @Test(
        "Lengths or counts beyond the input → truncated, without allocating them",
        arguments: [
            "01" + "ffffffffffffffff7f",  // sender key of 2^63 - 1 bytes
            "01" + "00" + "ffffffff0f",  // payload of 4 GiB
            "01" + "00" + "00" + "ffffffffffffffffff01",  // 2^64 - 1 recipients
            "01" + "00" + "00" + "02" + "016100",  // second recipient missing
            "01" + "00" + "00" + "01" + "0561",  // id longer than the input
        ])
    func oversizedLengths(_ hex: String) {
        #expect(throws: EnvelopeError.truncated) { try SealedEnvelope(serialized: Data(hex: hex)) }
    }
}
