import Crypto
import Foundation
import TestSupport
import Testing

@testable import Identity

@Suite("Ed25519: RFC 8032 §7.1 tests 1–3 through Identity")
struct Ed25519VectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let seed: String
        let publicKey: String
        let message: String
        let signature: String
        var testDescription: String { name }
    }

    static let vectors = [
        Vector(
            name: "TEST 1",
            seed: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            message: "",
            signature:
                "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        ),
        Vector(
            name: "TEST 2",
            seed: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
            publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
            message: "72",
            signature:
                "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"
        ),
        Vector(
            name: "TEST 3",
            seed: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
            publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
            message: "af82",
            signature:
                "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"
        ),
    ]

    static func identity(_ vector: Vector) throws -> Identity {
        Identity(
            signingKey: try Curve25519.Signing.PrivateKey(rawRepresentation: Data(hex: vector.seed)),
            agreementKey: Curve25519.KeyAgreement.PrivateKey()
        )
    }

    @Test("The public key derived from the seed matches", arguments: vectors)
    func publicKeyFromSeed(_ vector: Vector) throws {
        #expect(try Self.identity(vector).signingPublicKey.hex == vector.publicKey)
    }

    @Test("Signing gives the RFC signature byte for byte (deterministic on Linux)", arguments: vectors)
    func signatureBytes(_ vector: Vector) throws {
        let signature = try Self.identity(vector).sign(Data(hex: vector.message))
        #if os(Linux)
        #expect(signature.hex == vector.signature)
        #else
        #expect(signature.count == 64)
        #endif
    }

    @Test("The RFC signature verifies against the RFC public key", arguments: vectors)
    func rfcSignatureVerifies(_ vector: Vector) {
        #expect(
            Identity.verify(
                signature: Data(hex: vector.signature),
                of: Data(hex: vector.message),
                signingPublicKey: Data(hex: vector.publicKey)
            ))
    }

    @Test("TEST 2's signature does not verify for message 73")
    func negativeCase() {
        let vector = Self.vectors[1]
        #expect(
            !Identity.verify(
                signature: Data(hex: vector.signature),
                of: Data(hex: "73"),
                signingPublicKey: Data(hex: vector.publicKey)
            ))
    }

    @Test("A signature from one RFC key does not verify under another RFC key")
    func wrongKeyFails() {
        #expect(
            !Identity.verify(
                signature: Data(hex: Self.vectors[0].signature),
                of: Data(),
                signingPublicKey: Data(hex: Self.vectors[1].publicKey)
            ))
    }
}
