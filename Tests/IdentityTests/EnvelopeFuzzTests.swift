import Crypto
import Foundation
import TestSupport
import Testing

@testable import Identity

@Suite("Envelope fuzzing: random and mutated input never crashes")
struct EnvelopeFuzzTests {
    /// Applies 1–4 random edits: bit flips, byte overwrites, cuts, insertions, deletions, splices.
    static func mutate(_ input: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<7, using: &rng) {
            case 0 where !bytes.isEmpty:
                bytes[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
            case 1 where !bytes.isEmpty:
                bytes[position] = [0x00, 0x01, 0x7F, 0x80, 0xFF, UInt8.random(in: .min ... .max, using: &rng)][Int.random(in: 0..<6, using: &rng)]
            case 2:
                bytes = Array(bytes.prefix(position))
            case 3:
                bytes.insert(contentsOf: rng.bytes(Int.random(in: 1...8, using: &rng)), at: position)
            case 4 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...16, using: &rng))
                bytes.removeSubrange(position..<end)
            case 5 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...32, using: &rng))
                let chunk = bytes[position..<end]
                bytes.insert(contentsOf: chunk, at: Int.random(in: 0...bytes.count, using: &rng))
            default:
                bytes.append(contentsOf: rng.bytes(Int.random(in: 1...4, using: &rng)))
            }
        }
        return bytes
    }

    @Test("100,000 random and mutated envelopes: parse or throw EnvelopeError; parsed ones re-serialize identically and open safely")
    func fuzzParseAndOpen() throws {
        var rng = SplitMix64(seed: 0x6275_6473)
        let fixture = EnvelopeFixture()
        let device = try #require(fixture.devices["phone-ana"])
        let seeds: [[UInt8]] = [
            Array(try fixture.seal("fuzz").serialized()),
            Array(try fixture.seal("", for: ["phone-ana"]).serialized()),
            Array(try fixture.seal(String(repeating: "long payload ", count: 20), for: ["phone-ana", "phone-ben"]).serialized()),
            Array(EnvelopeSerializationTests.small.serialized()),
        ]

        var parsed = 0
        var opened = 0
        var openAttempts = 0
        let openBudget = 4_000
        for iteration in 0..<100_000 {
            let input: [UInt8]
            if iteration % 5 == 0 {
                var random = rng.bytes(Int.random(in: 0..<96, using: &rng))
                if !random.isEmpty, Bool.random(using: &rng) { random[0] = 1 }
                input = random
            } else {
                input = Self.mutate(seeds[Int.random(in: 0..<seeds.count, using: &rng)], using: &rng)
            }

            let envelope: SealedEnvelope
            do {
                envelope = try SealedEnvelope(serialized: input)
            } catch is EnvelopeError {
                continue
            }
            parsed += 1
            #expect(Array(envelope.serialized()) == input, "accepted input must be the canonical encoding")

            guard openAttempts < openBudget, iteration % 3 == 0 else { continue }
            for deviceId in envelope.wrappedKeys.keys.prefix(2) + ["phone-ana"] {
                openAttempts += 1
                do {
                    _ = try EnvelopeSealer.open(envelope, as: deviceId, with: device.agreementKey)
                    opened += 1
                } catch is EnvelopeError {
                    continue
                }
            }
        }
        // The mutations must reach deep into the format, not just bounce off the header.
        #expect(parsed > 3_000)
        #expect(openAttempts >= 2_000)
        // Only mutations that left the payload and phone-ana's entry intact can still open.
        #expect(opened > 0)
    }

    @Test("Random bytes in every field of an envelope value never crash open")
    func fuzzEnvelopeFields() throws {
        var rng = SplitMix64(seed: 7)
        let key = Curve25519.KeyAgreement.PrivateKey()
        for _ in 0..<2_000 {
            let envelope = SealedEnvelope(
                encryptedPayload: Data(rng.bytes(Int.random(in: 0..<80, using: &rng))),
                wrappedKeys: ["d": Data(rng.bytes([0, 28, 59, 60, 60, 61][Int.random(in: 0..<6, using: &rng)]))],
                senderAgreementKey: Data(rng.bytes([0, 31, 32, 32, 32, 33][Int.random(in: 0..<6, using: &rng)]))
            )
            #expect(throws: EnvelopeError.self) { try EnvelopeSealer.open(envelope, as: "d", with: key) }
        }
    }
}
