import Crypto
import Foundation
import TestSupport
import Testing

@testable import Identity

@Suite("X25519 (RFC 7748) and HKDF-SHA256 (RFC 5869) vectors, and the wrapping-key derivation")
struct KeyAgreementVectorTests {
    static let alicePrivate = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
    static let alicePublic = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
    static let bobPrivate = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
    static let bobPublic = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
    static let sharedSecret = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"

    static func privateKey(_ hex: String) throws -> Curve25519.KeyAgreement.PrivateKey {
        try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: Data(hex: hex))
    }

    static func publicKey(_ hex: String) throws -> Curve25519.KeyAgreement.PublicKey {
        try Curve25519.KeyAgreement.PublicKey(rawRepresentation: Data(hex: hex))
    }

    static func bytes(_ key: SymmetricKey) -> Data {
        key.withUnsafeBytes { Data($0) }
    }

    @Test("Alice's and Bob's public keys derive from their private keys (via Identity)")
    func publicKeys() throws {
        let signing = Curve25519.Signing.PrivateKey()
        let alice = Identity(signingKey: signing, agreementKey: try Self.privateKey(Self.alicePrivate))
        let bob = Identity(signingKey: signing, agreementKey: try Self.privateKey(Self.bobPrivate))
        #expect(alice.agreementPublicKey.hex == Self.alicePublic)
        #expect(bob.agreementPublicKey.hex == Self.bobPublic)
    }

    @Test("The shared secret K is the same in both directions")
    func sharedSecretBothDirections() throws {
        let aliceSide = try Self.privateKey(Self.alicePrivate).sharedSecretFromKeyAgreement(with: Self.publicKey(Self.bobPublic))
        let bobSide = try Self.privateKey(Self.bobPrivate).sharedSecretFromKeyAgreement(with: Self.publicKey(Self.alicePublic))
        #expect(aliceSide.withUnsafeBytes { Data($0) }.hex == Self.sharedSecret)
        #expect(bobSide.withUnsafeBytes { Data($0) }.hex == Self.sharedSecret)
    }

    @Test("§5.2 scalar multiplication: scalar a546… with u e6db… gives c3da…")
    func scalarMultiplication() throws {
        let scalar = try Self.privateKey("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4")
        let u = try Self.publicKey("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")
        let result = try scalar.sharedSecretFromKeyAgreement(with: u)
        #expect(result.withUnsafeBytes { Data($0) }.hex == "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")
    }

    @Test("HKDF-SHA256 RFC 5869 A.1: PRK and 42-byte OKM")
    func hkdfCase1() {
        let ikm = SymmetricKey(data: Data(repeating: 0x0B, count: 22))
        let salt = Data(hex: "000102030405060708090a0b0c")
        let info = Data(hex: "f0f1f2f3f4f5f6f7f8f9")
        let prk = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: salt)
        #expect(Data(prk).hex == "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5")
        let okm = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: info, outputByteCount: 42)
        #expect(Self.bytes(okm).hex == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
    }

    @Test("HKDF-SHA256 RFC 5869 A.3: empty salt and info")
    func hkdfCase3() {
        let ikm = SymmetricKey(data: Data(repeating: 0x0B, count: 22))
        let prk = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: Data())
        #expect(Data(prk).hex == "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04")
        let okm = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: Data(), info: Data(), outputByteCount: 42)
        #expect(Self.bytes(okm).hex == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8")
    }

    @Test("wrappingKey = HKDF-SHA256(K, empty salt, \"buds.e2ee.v1\", 32) of the RFC 7748 shared secret, both directions")
    func wrappingKeyMatchesHKDFOfSharedSecret() throws {
        let expected = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Data(hex: Self.sharedSecret)),
            salt: Data(),
            info: Data("buds.e2ee.v1".utf8),
            outputByteCount: 32
        )
        let aliceToBob = try EnvelopeSealer.wrappingKey(
            senderPrivate: Self.privateKey(Self.alicePrivate),
            recipientPublic: Self.publicKey(Self.bobPublic)
        )
        let bobFromAlice = try EnvelopeSealer.wrappingKey(
            senderPrivate: Self.privateKey(Self.bobPrivate),
            recipientPublic: Self.publicKey(Self.alicePublic)
        )
        #expect(Self.bytes(aliceToBob) == Self.bytes(expected))
        #expect(Self.bytes(bobFromAlice) == Self.bytes(expected))
        #expect(aliceToBob.bitCount == 256)
    }

    @Test("A low-order (all-zero) public key is refused instead of yielding a guessable wrapping key")
    func lowOrderPublicKeyRejected() throws {
        let zeroPoint = try Self.publicKey(String(repeating: "00", count: 32))
        #expect(throws: EnvelopeError.malformed("the X25519 public key is a low-order point")) {
            try EnvelopeSealer.wrappingKey(senderPrivate: Self.privateKey(Self.alicePrivate), recipientPublic: zeroPoint)
        }
    }
}
