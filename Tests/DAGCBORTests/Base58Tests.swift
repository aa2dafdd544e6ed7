import DAGCBOR
import Foundation
import TestSupport
import Testing

/// Section 3 (Base58 part) of `Tests/Fixtures/vectors/formats-and-algorithms.json`.
@Suite("Base58")
struct Base58Tests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let hex: String
        let text: String
        var testDescription: String { text.isEmpty ? "(empty)" : text }
    }

    static let vectors: [Vector] = [
        Vector(hex: "", text: ""),
        Vector(hex: "61", text: "2g"),
        Vector(hex: "626262", text: "a3gV"),
        Vector(hex: "636363", text: "aPEr"),
        Vector(hex: "73696d706c792061206c6f6e6720737472696e67", text: "2cFupjhnEsSn59qHXstmK2ffpLv2"),
        Vector(hex: "00eb15231dfceb60925886b67d065299925915aeb172c06647", text: "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"),
        Vector(hex: "516b6fcd0f", text: "ABnLTmg"),
        Vector(hex: "bf4f89001e670274dd", text: "3SEo3LWLoPntC"),
        Vector(hex: "572e4794", text: "3EFU7m"),
        Vector(hex: "ecac89cad93923c02321", text: "EJDM8drfXA6uyA"),
        Vector(hex: "10c8511e", text: "Rt5zm"),
        Vector(hex: "00000000000000000000", text: "1111111111"),
        Vector(
            hex: "000111d38e5fc9071ffcd20b4a763cc9ae4f252bb4e48fd66a835e252ada93ff480d6dd43dc62a641155a5",
            text: "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"),
        Vector(hex: "271f359e", text: "zzzzy"),
        Vector(hex: "271f359f", text: "zzzzz"),
        Vector(hex: "271f35a0", text: "211111"),
        Vector(hex: Data("Hello World!".utf8).hex, text: "2NEpo7TZRRrLZSi2U"),
        Vector(
            hex: Data("The quick brown fox jumps over the lazy dog.".utf8).hex,
            text: "USm3fpXnKG5EUBx2ndxBDMPVciP5hGey2Jh4NDv6gmeo1LkMeiKrLJUUBk6Z"),
    ]

    @Test("bytes encode to the vector text", arguments: vectors)
    func encodes(vector: Vector) {
        #expect(Base58.encode(Data(hex: vector.hex)) == vector.text)
    }

    @Test("the vector text decodes to the bytes", arguments: vectors)
    func decodes(vector: Vector) throws {
        #expect(try Base58.decode(vector.text).hex == vector.hex)
    }

    @Test("the excluded look-alike characters are rejected with their position", arguments: ["0", "O", "I", "l"])
    func lookAlikesRejected(character: String) {
        let text = "2NEpo" + character + "7TZ"
        #expect(throws: Base58Error.invalidCharacter(Character(character), position: 5)) { try Base58.decode(text) }
    }

    @Test("white space, punctuation and non-ASCII characters are rejected", arguments: [" 2g", "2g\n", "2+g", "2gé", "😀"])
    func otherInvalidCharactersRejected(text: String) {
        #expect(throws: Base58Error.self) { try Base58.decode(text) }
    }

    @Test("leading zero bytes map one-to-one to leading 1s")
    func leadingZerosPreserved() throws {
        for zeros in 0..<5 {
            let bytes = Data(repeating: 0, count: zeros) + Data([0x61])
            let text = Base58.encode(bytes)
            #expect(text == String(repeating: "1", count: zeros) + "2g")
            #expect(try Base58.decode(text) == bytes)
        }
    }
}
