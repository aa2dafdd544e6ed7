import Foundation
import Testing
@testable import Identity

@Suite("Base58 (Bitcoin alphabet), vectors of section 3")
struct Base58Tests {
    static let vectors: [(hex: String, base58: String)] = [
        ("", ""),
        ("61", "2g"),
        ("626262", "a3gV"),
        ("636363", "aPEr"),
        ("73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"),
        ("00eb15231dfceb60925886b67d065299925915aeb172c06647", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"),
        ("516b6fcd0f", "ABnLTmg"),
        ("bf4f89001e670274dd", "3SEo3LWLoPntC"),
        ("572e4794", "3EFU7m"),
        ("ecac89cad93923c02321", "EJDM8drfXA6uyA"),
        ("10c8511e", "Rt5zm"),
        ("00000000000000000000", "1111111111"),
        (
            "000111d38e5fc9071ffcd20b4a763cc9ae4f252bb4e48fd66a835e252ada93ff480d6dd43dc62a641155a5",
            "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
        ),
        ("271f359e", "zzzzy"),
        ("271f359f", "zzzzz"),
        ("271f35a0", "211111"),
        ("48656c6c6f20576f726c6421", "2NEpo7TZRRrLZSi2U"),
    ]

    @Test("Every bitcoin base58 vector encodes byte for byte", arguments: vectors)
    func encodesVector(_ vector: (hex: String, base58: String)) {
        #expect(IdentityBase58.encode(Data(hex: vector.hex)) == vector.base58)
    }

    @Test("The quick-brown-fox sentence encodes to the published string")
    func encodesLongASCII() {
        let text = Data("The quick brown fox jumps over the lazy dog.".utf8)
        #expect(IdentityBase58.encode(text) == "USm3fpXnKG5EUBx2ndxBDMPVciP5hGey2Jh4NDv6gmeo1LkMeiKrLJUUBk6Z")
    }

    @Test("Output never contains the excluded characters 0, O, I, l")
    func outputAvoidsAmbiguousCharacters() {
        var rng = SplitMix64(seed: 58)
        for length in 0..<64 {
            let encoded = IdentityBase58.encode(rng.bytes(length))
            #expect(!encoded.contains { "0OIl".contains($0) })
        }
    }
}
