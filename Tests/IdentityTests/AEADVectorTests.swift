import Crypto
import Foundation
import TestSupport
import Testing

@testable import Identity

@Suite("AES-256-GCM and ChaCha20-Poly1305 vectors of section 4")
struct AEADVectorTests {
    struct GCMVector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: String
        let iv: String
        let aad: String
        let plaintext: String
        let ciphertext: String
        let tag: String
        var testDescription: String { name }
    }

    static let validGCM = [
        GCMVector(
            name: "GCM TC13", key: String(repeating: "00", count: 32), iv: String(repeating: "00", count: 12),
            aad: "", plaintext: "", ciphertext: "", tag: "530f8afbc74536b9a963b4f1c4cb738b"),
        GCMVector(
            name: "GCM TC14", key: String(repeating: "00", count: 32), iv: String(repeating: "00", count: 12),
            aad: "", plaintext: String(repeating: "00", count: 16),
            ciphertext: "cea7403d4d606b6e074ec5d3baf39d18", tag: "d0d1c8a799996bf0265b98b5d48ab919"),
        GCMVector(
            name: "GCM TC16",
            key: "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
            iv: "cafebabefacedbaddecaf888",
            aad: "feedfacedeadbeeffeedfacedeadbeefabaddad2",
            plaintext: "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
            ciphertext: "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
            tag: "76fc6ece0f4e1768cddf8853bb2d551b"
        ),
        GCMVector(
            name: "Wycheproof tcId 91",
            key: "92ace3e348cd821092cd921aa3546374299ab46209691bc28b8752d17f123c20",
            iv: "00112233445566778899aabb", aad: "00000000ffffffff", plaintext: "00010203040506070809",
            ciphertext: "e27abdd2d2a53d2f136b", tag: "9a4a2579529301bcfb71c78d4060f52c"),
        GCMVector(
            name: "Wycheproof tcId 129",
            key: "00112233445566778899aabbccddeeff102132435465768798a9bacbdcedfe0f",
            iv: "ffffffffffffffffffffffff", aad: "", plaintext: "c6152244cea1978d3e0bc274cf8c0b3b",
            ciphertext: "7cb6fc7c6abc009efe9551a99f36a421", tag: "00000000000000000000000000000000"),
    ]

    @Test("Sealing with the fixed nonce gives the expected ciphertext and tag", arguments: validGCM)
    func gcmSeal(_ vector: GCMVector) throws {
        let box = try AES.GCM.seal(
            Data(hex: vector.plaintext),
            using: SymmetricKey(data: Data(hex: vector.key)),
            nonce: AES.GCM.Nonce(data: Data(hex: vector.iv)),
            authenticating: Data(hex: vector.aad)
        )
        #expect(box.ciphertext.hex == vector.ciphertext)
        #expect(box.tag.hex == vector.tag)
        #expect(box.combined?.hex == vector.iv + vector.ciphertext + vector.tag)
    }

    @Test("Opening the expected ciphertext and tag gives the plaintext", arguments: validGCM)
    func gcmOpen(_ vector: GCMVector) throws {
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: Data(hex: vector.iv)),
            ciphertext: Data(hex: vector.ciphertext),
            tag: Data(hex: vector.tag)
        )
        let plaintext = try AES.GCM.open(box, using: SymmetricKey(data: Data(hex: vector.key)), authenticating: Data(hex: vector.aad))
        #expect(plaintext.hex == vector.plaintext)
    }

    @Test("Wycheproof tcId 130 (tag bit 0 flipped) fails to decrypt")
    func gcmInvalidTag() throws {
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: Data(hex: "505152535455565758595a5b")),
            ciphertext: Data(hex: "b2061457c0759fc1749f174ee1ccadfa"),
            tag: Data(hex: "9de8fef6d8ab1bf1bf887232eab590dd")
        )
        let key = SymmetricKey(data: Data(hex: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"))
        #expect(throws: (any Error).self) {
            try AES.GCM.open(box, using: key)
        }
    }

    static let chachaKey = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
    static let chachaNonce = "070000004041424344454647"
    static let chachaAAD = "50515253c0c1c2c3c4c5c6c7"
    static let chachaPlaintext = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
    static let chachaCiphertext =
        "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116"
    static let chachaTag = "1ae10b594f09e26a7e902ecbd0600691"

    @Test("ChaCha20-Poly1305 RFC 8439 §2.8.2 seals to the published ciphertext and tag")
    func chachaSeal() throws {
        let plaintext = Data(Self.chachaPlaintext.utf8)
        #expect(plaintext.count == 114)
        #expect(
            plaintext.hex
                == "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a204966204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73637265656e20776f756c642062652069742e"
        )
        let box = try ChaChaPoly.seal(
            plaintext,
            using: SymmetricKey(data: Data(hex: Self.chachaKey)),
            nonce: ChaChaPoly.Nonce(data: Data(hex: Self.chachaNonce)),
            authenticating: Data(hex: Self.chachaAAD)
        )
        #expect(box.ciphertext.hex == Self.chachaCiphertext)
        #expect(box.tag.hex == Self.chachaTag)
    }

    @Test("FieldSealer opens the RFC 8439 combined box (nonce ‖ ciphertext ‖ tag) with its AAD")
    func fieldSealerOpensRFCVector() throws {
        let combined = Data(hex: Self.chachaNonce + Self.chachaCiphertext + Self.chachaTag)
        let key = SymmetricKey(data: Data(hex: Self.chachaKey))
        let plaintext = try FieldSealer.open(combined, using: key, authenticating: Data(hex: Self.chachaAAD))
        #expect(String(decoding: plaintext, as: UTF8.self) == Self.chachaPlaintext)
        #expect(throws: FieldSealerError.tampered) {
            try FieldSealer.open(combined, using: key)
        }
    }

    @Test("ChaCha20-Poly1305 Wycheproof tcId 2: empty message and AAD give the published tag")
    func chachaEmpty() throws {
        let key = SymmetricKey(data: Data(hex: "80ba3192c803ce965ea371d5ff073cf0f43b6a2ab576b208426e11409c09b9b0"))
        let nonce = "4da5bf8dfd5852c1ea12379d"
        let box = try ChaChaPoly.seal(Data(), using: key, nonce: ChaChaPoly.Nonce(data: Data(hex: nonce)))
        #expect(box.ciphertext.isEmpty)
        #expect(box.tag.hex == "76acb342cf3166a5b63c0c0ea1383c8d")
        #expect(try FieldSealer.open(Data(hex: nonce + "76acb342cf3166a5b63c0c0ea1383c8d"), using: key).isEmpty)
    }
}
