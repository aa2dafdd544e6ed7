public import Foundation

/// RFC 4648 base32 with the lower-case alphabet and no padding: the multibase `b` encoding used by CID strings.
public enum Base32 {
    static let alphabet: [UInt8] = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    /// Maps an ASCII byte to its 5-bit value, or 0xff when it is not in the lower-case alphabet.
    static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (value, char) in alphabet.enumerated() { table[Int(char)] = UInt8(value) }
        return table
    }()

    /// Lower-case base32 of `bytes`, without `=` padding.
    public static func encode(_ bytes: some DataProtocol) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[Int((buffer >> UInt32(bits)) & 0x1f)])
            }
            buffer &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 {
            out.append(alphabet[Int((buffer << UInt32(5 - bits)) & 0x1f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes unpadded lower-case base32.
    ///
    /// Rejects characters outside `a–z2–7` (upper case and `=` included), lengths no byte sequence
    /// can produce (1, 3 or 6 characters modulo 8) and non-zero unused trailing bits, so that every
    /// byte sequence has exactly one accepted string.
    public static func decode(_ string: String) throws(Base32Error) -> Data {
        var values: [UInt8] = []
        values.reserveCapacity(string.utf8.count)
        for (position, scalar) in string.unicodeScalars.enumerated() {
            let value = scalar.isASCII ? reverse[Int(scalar.value)] : 0xff
            guard value != 0xff else { throw .invalidCharacter(Character(scalar), position: position) }
            values.append(value)
        }
        switch values.count % 8 {
        case 1, 3, 6: throw .invalidLength(values.count)
        default: break
        }
        var out = Data()
        out.reserveCapacity(values.count * 5 / 8)
        var buffer: UInt32 = 0
        var bits = 0
        for value in values {
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        guard buffer == 0 else { throw .nonZeroTrailingBits }
        return out
    }
}
