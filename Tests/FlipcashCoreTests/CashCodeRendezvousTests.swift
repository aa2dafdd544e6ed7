import Crypto
import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("Cash code rendezvous key: Ed25519 seeded by SHA-256 of the payload")
struct CashCodeRendezvousTests {
    static let cash = "008e404b4c000000000001020304050607080910"
    static let multi = "018e404b4c000000000001020304050607080910"

    @Test("the $5 cash bill's seed, public key and base58 (transcribed from section F)")
    func cashVector() throws {
        let key = RendezvousKey(payload: try CashCodePayload(decoding: CashCodeHex.bytes(Self.cash)))
        #expect(CashCodeHex.string(key.seed) == "b65e2059625a4017fded546cd0ceef9dd4affb1f706d2fff34b47d594b488be2")
        #expect(CashCodeHex.string(key.publicKeyBytes) == "f1f4c0f5858601696c09a53544d99480bf3682aa06fa07c07136fe1459552f8c")
        #expect(key.publicKeyBase58 == "HHViZh63Z5s87ErBsBuBmF1LXnqhGftyTXYjH6gHCQTM")
    }

    @Test("the $5 multi-currency bill's seed and base58 (transcribed from section F)")
    func multiVector() throws {
        let key = RendezvousKey(payload: try CashCodePayload(decoding: CashCodeHex.bytes(Self.multi)))
        #expect(CashCodeHex.string(key.seed) == "c5756decb7a26f52b2ecee7ff73c2f557474fc1fb95472398da86f5d89fb0903")
        #expect(key.publicKeyBase58 == "4MCktjBfWbuV3PaCwP21NWLdmxjJKUx5hqxBNg3muvw6")
    }

    @Test("every rendezvous vector in the file passes")
    func vectorFile() throws {
        let vectors = try CashCodeVectors.load()
        #expect(vectors.rendezvous.count == 2)
        for vector in vectors.rendezvous {
            let code = try #require(
                vectors.codes.first {
                    let hex = CashCodeHex.string($0.payload)
                    return hex.hasPrefix(vector.payloadPrefix) && hex.hasSuffix(vector.payloadSuffix)
                })
            let key = RendezvousKey(payload: try CashCodePayload(decoding: code.payload))
            #expect(CashCodeHex.string(key.seed) == vector.seedHex)
            if let publicKeyHex = vector.publicKeyHex { #expect(CashCodeHex.string(key.publicKeyBytes) == publicKeyHex) }
            #expect(key.publicKeyBase58 == vector.publicKeyBase58)
        }
    }

    @Test("cash and multi-currency bills with the same amount and nonce have different keys")
    func kindsDiffer() throws {
        let nonce = CashCodePayloadTests.vectorNonce
        let cash = RendezvousKey(payload: try CashCodePayload(kind: .cash, currency: .usd, amount: 5, nonce: nonce))
        let multi = RendezvousKey(payload: try CashCodePayload(kind: .multiCurrency, currency: .usd, amount: 5, nonce: nonce))
        #expect(cash.publicKeyBytes != multi.publicKeyBytes)
        #expect(cash.publicKeyBase58 != multi.publicKeyBase58)
    }

    @Test("giver and receiver derive the same key: from the payload, and from its scanned code and picture")
    func bothSidesAgree() throws {
        var random = SplitMix64(seed: 0x4E2D)
        for _ in 0..<20 {
            let payload = try CashCodeReedSolomonTests.randomPayload(using: &random)
            let giver = RendezvousKey(payload: payload)
            let scanned = RendezvousKey(payload: try CashCode.decode(CashCode.encode(payload)))
            let pictured = RendezvousKey(payload: try CashCodeSVG.scan(try CashCodeSVG().render(payload)))
            #expect(giver.publicKeyBytes == scanned.publicKeyBytes)
            #expect(giver.publicKeyBase58 == pictured.publicKeyBase58)
            #expect(giver.publicKeyBytes.count == 32)
            let message = Data("request to grab".utf8)
            let signature = try giver.privateKey.signature(for: message)
            #expect(scanned.publicKey.isValidSignature(signature, for: message))
        }
    }
}
