import Crypto
import Foundation
import Testing

@testable import Identity

@Suite("FieldSealer (ChaCha20-Poly1305 combined boxes)")
struct FieldSealerTests {
    @Test("Seal then open returns the field, with and without associated data")
    func roundTrip() throws {
        let key = SymmetricKey(size: .bits256)
        let field = Data("a private note".utf8)
        let sealed = try FieldSealer.seal(field, using: key, authenticating: Data("memory/42/notes".utf8))
        #expect(sealed.count == field.count + 28)
        #expect(try FieldSealer.open(sealed, using: key, authenticating: Data("memory/42/notes".utf8)) == field)
        let plain = try FieldSealer.seal(Data(), using: key)
        #expect(try FieldSealer.open(plain, using: key).isEmpty)
    }

    @Test("Sealing the same field twice gives different boxes (fresh nonce)")
    func freshNonce() throws {
        let key = SymmetricKey(size: .bits256)
        #expect(try FieldSealer.seal(Data("x".utf8), using: key) != FieldSealer.seal(Data("x".utf8), using: key))
    }

    @Test("Wrong key, wrong associated data or any flipped byte → tampered")
    func tamperedCases() throws {
        let key = SymmetricKey(size: .bits256)
        let sealed = try FieldSealer.seal(Data("field".utf8), using: key, authenticating: Data("a".utf8))
        #expect(throws: FieldSealerError.tampered) {
            try FieldSealer.open(sealed, using: SymmetricKey(size: .bits256), authenticating: Data("a".utf8))
        }
        #expect(throws: FieldSealerError.tampered) { try FieldSealer.open(sealed, using: key, authenticating: Data("b".utf8)) }
        for index in sealed.indices {
            var altered = sealed
            altered[index] ^= 0x01
            #expect(throws: FieldSealerError.tampered) { try FieldSealer.open(altered, using: key, authenticating: Data("a".utf8)) }
        }
    }

    @Test("Boxes shorter than 28 bytes → truncated; non-256-bit keys → invalidKeySize")
    func truncatedAndKeySize() throws {
        let key = SymmetricKey(size: .bits256)
        for length in 0..<28 {
            #expect(throws: FieldSealerError.truncated) { try FieldSealer.open(Data(count: length), using: key) }
        }
        let shortKey = SymmetricKey(size: .bits128)
        #expect(throws: FieldSealerError.invalidKeySize(bits: 128)) { try FieldSealer.seal(Data(), using: shortKey) }
        #expect(throws: FieldSealerError.invalidKeySize(bits: 128)) { try FieldSealer.open(Data(count: 40), using: shortKey) }
    }
}
