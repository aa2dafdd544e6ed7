import DAGCBOR
import Foundation
import Testing

@Suite("Base32 (multibase b)")
struct Base32Tests {
    /// RFC 4648 §10 test vectors, lower case and without padding.
    static let vectors: [(String, String)] = [
        ("", ""), ("f", "my"), ("fo", "mzxq"), ("foo", "mzxw6"), ("foob", "mzxw6yq"), ("fooba", "mzxw6ytb"),
        ("foobar", "mzxw6ytboi"),
    ]

    @Test("RFC 4648 vectors encode and decode", arguments: vectors)
    func rfcVectors(plain: String, encoded: String) throws {
        #expect(Base32.encode(Data(plain.utf8)) == encoded)
        #expect(try Base32.decode(encoded) == Data(plain.utf8))
    }

    @Test("every byte value round-trips")
    func allBytesRoundTrip() throws {
        let bytes = Data((0...255).map { UInt8($0) })
        for length in [1, 2, 3, 4, 5, 36, 256] {
            let slice = bytes.prefix(length)
            #expect(try Base32.decode(Base32.encode(slice)) == slice)
        }
    }

    @Test("upper case, padding and other characters are rejected with their position")
    func invalidCharacters() {
        #expect(throws: Base32Error.invalidCharacter("M", position: 0)) { try Base32.decode("MZXQ") }
        #expect(throws: Base32Error.invalidCharacter("=", position: 2)) { try Base32.decode("my======") }
        #expect(throws: Base32Error.invalidCharacter("1", position: 1)) { try Base32.decode("m1") }
        #expect(throws: Base32Error.invalidCharacter("é", position: 1)) { try Base32.decode("mé") }
    }

    @Test("lengths no byte sequence produces are rejected", arguments: [1, 3, 6, 9])
    func impossibleLengths(length: Int) {
        #expect(throws: Base32Error.invalidLength(length)) { try Base32.decode(String(repeating: "a", count: length)) }
    }

    @Test("non-zero unused trailing bits are rejected, so each byte string has one encoding")
    func trailingBitsRejected() {
        #expect(throws: Base32Error.nonZeroTrailingBits) { try Base32.decode("mz") }
        #expect(throws: Base32Error.nonZeroTrailingBits) { try Base32.decode("mzxr") }
    }
}
