import Crypto
import DAGCBOR
import Foundation
import TestSupport
import Testing

@testable import Identity

@Suite("DIDs: did:key vectors of section 3 and the did:buds form")
struct DIDTests {
    struct DIDKeyVector: Sendable, CustomTestStringConvertible {
        let seed: String
        let publicKey: String
        let publicKeyBase58: String
        let didKey: String
        var testDescription: String { "seed \(seed.prefix(8))…" }
    }

    static let didKeyVectors = [
        DIDKeyVector(
            seed: String(repeating: "00", count: 32),
            publicKey: "3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29",
            publicKeyBase58: "4zvwRjXUKGfvwnParsHAS3HuSVzV5cA4McphgmoCtajS",
            didKey: "did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp"
        ),
        DIDKeyVector(
            seed: String(repeating: "00", count: 31) + "01",
            publicKey: "4cb5abf6ad79fbf5abbccafcc269d85cd2651ed4b885b5869f241aedf0a5ba29",
            publicKeyBase58: "6ASf5EcmmEHTgDJ4X4ZT5vT6iHVJBXPg5AN5YoTCpGWt",
            didKey: "did:key:z6MkjchhfUsD6mmvni8mCdXHw216Xrm9bQe2mBH1P5RDjVJG"
        ),
        DIDKeyVector(
            seed: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            publicKeyBase58: "FVen3X669xLzsi6N2V91DoiyzHzg1uAgqiT8jZ9nS96Z",
            didKey: "did:key:z6MktwupdmLXVVqTzCw4i46r4uGyosGXRnR3XjN4Zq7oMMsw"
        ),
    ]

    static func identity(seedHex: String) throws -> Identity {
        Identity(
            signingKey: try Curve25519.Signing.PrivateKey(rawRepresentation: Data(hex: seedHex)),
            agreementKey: Curve25519.KeyAgreement.PrivateKey()
        )
    }

    @Test("Seed → public key → publicKeyBase58 → did:key matches every vector", arguments: didKeyVectors)
    func didKeyVector(_ vector: DIDKeyVector) throws {
        let identity = try Self.identity(seedHex: vector.seed)
        #expect(identity.signingPublicKey.hex == vector.publicKey)
        #expect(Base58.encode(identity.signingPublicKey) == vector.publicKeyBase58)
        #expect(identity.didKey == vector.didKey)
        #expect(try Identity.didKey(forSigningPublicKey: Data(hex: vector.publicKey)) == vector.didKey)
    }

    @Test("Every Ed25519 did:key starts with did:key:z6Mk")
    func didKeyPrefix() {
        for _ in 0..<20 {
            #expect(Identity.generate().didKey.hasPrefix("did:key:z6Mk"))
        }
    }

    @Test("did:buds of RFC 8032 test 1 is base58 of the first 20 public-key bytes, not of the whole key")
    func budsDIDOfKnownSeed() throws {
        let identity = try Self.identity(seedHex: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
        // Expected value computed outside Swift (Python big-integer base58, itself checked
        // against the section 3 vectors) from d75a980182b10ab7d54bfed3c964073a0ee172f3, the
        // first 20 bytes of the public key.
        #expect(identity.did == "did:buds:411p8MZgJn6MRhGbhM4ywsqGuwSa")
        // The whole 32-byte key would give the publicKeyBase58 vector instead.
        #expect(identity.did != "did:buds:FVen3X669xLzsi6N2V91DoiyzHzg1uAgqiT8jZ9nS96Z")
        #expect(try Identity.did(forSigningPublicKey: identity.signingPublicKey) == identity.did)
    }

    @Test("did:buds of the all-zero seed matches the independently computed value")
    func budsDIDOfZeroSeed() throws {
        let identity = try Self.identity(seedHex: String(repeating: "00", count: 32))
        #expect(identity.did == "did:buds:q1YDZUHxZzhJcRJEy7bFpa4yYSa")
    }

    @Test("did:buds depends only on the first 20 bytes of the key")
    func budsDIDIgnoresTail() throws {
        var key = Data(hex: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        let original = try Identity.did(forSigningPublicKey: key)
        key[25] ^= 0xFF
        #expect(try Identity.did(forSigningPublicKey: key) == original)
        key[19] ^= 0x01
        #expect(try Identity.did(forSigningPublicKey: key) != original)
    }

    @Test("A public key that is not 32 bytes is rejected with its length", arguments: [0, 20, 31, 33, 64])
    func didRejectsWrongLength(_ length: Int) {
        let key = Data(repeating: 7, count: length)
        #expect(throws: IdentityError.invalidPublicKeyLength(length)) {
            try Identity.did(forSigningPublicKey: key)
        }
        #expect(throws: IdentityError.invalidPublicKeyLength(length)) {
            try Identity.didKey(forSigningPublicKey: key)
        }
    }
}
