/// Crockford's base32 (https://www.crockford.com/base32.html): digits and capital letters
/// without I, L, O and U, so a code written by hand and typed back cannot confuse 0 with O or 1
/// with I and L, and reads the same in any case.
///
/// Only whole symbols are handled: callers encode bit strings whose length is a multiple of 40
/// (whole bytes and whole symbols), which is all the recovery code needs.
enum CrockfordBase32 {
    /// The 32 symbols, in value order.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// The symbols spelling `bytes` (5 bits each, most significant first); `bytes.count` must be
    /// a multiple of 5.
    static func encode(_ bytes: [UInt8]) -> String {
        var symbols: [Character] = []
        symbols.reserveCapacity(bytes.count * 8 / 5)
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bitCount += 8
            while bitCount >= 5 {
                bitCount -= 5
                symbols.append(alphabet[Int(buffer >> UInt32(bitCount) & 0x1F)])
            }
            buffer &= (1 << UInt32(bitCount)) - 1
        }
        return String(symbols)
    }

    /// The bytes `symbols` spell (a multiple of 8 symbols), or `nil` if a symbol is not base32.
    /// Symbols are read as Crockford asks: either case, O as 0, I and L as 1; U is refused.
    static func decode(_ symbols: [Character]) -> [UInt8]? {
        guard symbols.count.isMultiple(of: 8) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(symbols.count * 5 / 8)
        var buffer: UInt32 = 0
        var bitCount = 0
        for symbol in symbols {
            guard let value = value(of: symbol) else { return nil }
            buffer = buffer << 5 | UInt32(value)
            bitCount += 5
            if bitCount >= 8 {
                bitCount -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bitCount)))
                buffer &= (1 << UInt32(bitCount)) - 1
            }
        }
        return bytes
    }

    /// The value of one symbol, with Crockford's confusables folded in.
    static func value(of symbol: Character) -> UInt8? {
        guard let ascii = symbol.asciiValue else { return nil }
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return ascii - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            return value(ofUppercase: ascii - 0x20)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return value(ofUppercase: ascii)
        default:
            return nil
        }
    }

    private static func value(ofUppercase letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "O"): return 0
        case UInt8(ascii: "I"), UInt8(ascii: "L"): return 1
        case UInt8(ascii: "U"): return nil
        default:
            guard let index = alphabet.firstIndex(of: Character(Unicode.Scalar(letter))) else { return nil }
            return UInt8(index)
        }
    }
}
