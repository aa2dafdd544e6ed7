import DAGCBOR
import Foundation
import Testing

@Suite("Hex")
struct HexTests {
    @Test("RFC 4648 §10 base16 vectors, upper and lower case")
    func rfcVectors() {
        let vectors = [("", ""), ("f", "66"), ("fo", "666F"), ("foo", "666F6F"), ("foobar", "666F6F626172")]
        for (plain, encoded) in vectors {
            #expect(Hex.encode(Array(plain.utf8), uppercase: true) == encoded)
            #expect(Hex.encode(Array(plain.utf8)) == encoded.lowercased())
        }
    }

    @Test("every byte value is two digits that read back as the byte")
    func everyByte() {
        for value in 0...255 {
            let text = Hex.encode([UInt8(value)])
            #expect(text.count == 2)
            #expect(UInt8(text, radix: 16) == UInt8(value))
            #expect(text == text.lowercased())
        }
    }

    @Test("any sequence of bytes: arrays, slices, Data")
    func sequences() {
        let bytes: [UInt8] = [0x00, 0x0F, 0xA0, 0xFF]
        #expect(Hex.encode(bytes) == "000fa0ff")
        #expect(Hex.encode(bytes[1...2]) == "0fa0")
        #expect(Hex.encode(Data(bytes), uppercase: true) == "000FA0FF")
    }

    @Test("decoding reads the RFC 4648 vectors back in either case")
    func decodesVectors() {
        let vectors = [("", ""), ("f", "66"), ("fo", "666F"), ("foo", "666F6F"), ("foobar", "666F6F626172")]
        for (plain, encoded) in vectors {
            #expect(Hex.decode(encoded) == Array(plain.utf8))
            #expect(Hex.decode(encoded.lowercased()) == Array(plain.utf8))
        }
    }

    @Test(
        "decoding refuses odd lengths, signs, prefixes, spaces and other letters",
        arguments: ["f", "+f", "-1", "0x00", " 00", "0 0", "gg", "0\u{0660}", "é0"])
    func decodeRefuses(text: String) {
        #expect(Hex.decode(text) == nil)
    }

    @Test("decode inverts encode for random bytes")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<64 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Hex.decode(Hex.encode(bytes)) == bytes)
            #expect(Hex.decode(Hex.encode(bytes, uppercase: true)) == bytes)
        }
    }
}
