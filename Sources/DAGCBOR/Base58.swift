public import Foundation

/// Base58 with the Bitcoin alphabet (no `0`, `O`, `I`, `l`): the multibase `z` encoding, used by did:key.
///
/// Each leading zero byte maps to one leading `1`. Encoding and decoding are quadratic in the length,
/// which is fine for keys and CIDs (tens of bytes) but not meant for large payloads.
public enum Base58 {
    static let alphabet: [UInt8] = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

    /// Maps an ASCII byte to its digit value, or 0xff when it is not in the alphabet.
    static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (value, char) in alphabet.enumerated() { table[Int(char)] = UInt8(value) }
        return table
    }()

    /// Base58 (Bitcoin alphabet) of `bytes`; empty input gives an empty string.
    public static func encode(_ bytes: some DataProtocol) -> String {
        let input = [UInt8](bytes)
        let zeros = input.prefix(while: { $0 == 0 }).count
        // log(256) / log(58) ≈ 1.366: enough base-58 digits for the remaining bytes.
        var digits = [UInt8](repeating: 0, count: (input.count - zeros) * 138 / 100 + 1)
        var used = 0
        for byte in input[zeros...] {
            var carry = UInt32(byte)
            var index = 0
            while (carry != 0 || index < used) && index < digits.count {
                let position = digits.count - 1 - index
                carry += UInt32(digits[position]) << 8
                digits[position] = UInt8(carry % 58)
                carry /= 58
                index += 1
            }
            used = index
        }
        var out = [UInt8](repeating: alphabet[0], count: zeros)
        out.reserveCapacity(zeros + used)
        for digit in digits[(digits.count - used)...] { out.append(alphabet[Int(digit)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes Base58 (Bitcoin alphabet); an empty string gives empty data.
    ///
    /// Throws `Base58Error.invalidCharacter` for any character outside the alphabet, including
    /// the look-alikes `0`, `O`, `I` and `l`, white space and non-ASCII characters.
    public static func decode(_ string: String) throws(Base58Error) -> Data {
        var values: [UInt8] = []
        values.reserveCapacity(string.utf8.count)
        for (position, scalar) in string.unicodeScalars.enumerated() {
            let value = scalar.isASCII ? reverse[Int(scalar.value)] : 0xff
            guard value != 0xff else { throw .invalidCharacter(Character(scalar), position: position) }
            values.append(value)
        }
        let zeros = values.prefix(while: { $0 == 0 }).count
        // log(58) / log(256) ≈ 0.733: enough bytes for the remaining digits.
        var bytes = [UInt8](repeating: 0, count: (values.count - zeros) * 733 / 1000 + 1)
        var used = 0
        for value in values[zeros...] {
            var carry = UInt32(value)
            var index = 0
            while (carry != 0 || index < used) && index < bytes.count {
                let position = bytes.count - 1 - index
                carry += UInt32(bytes[position]) * 58
                bytes[position] = UInt8(truncatingIfNeeded: carry)
                carry >>= 8
                index += 1
            }
            used = index
        }
        var out = Data(count: zeros)
        out.append(contentsOf: bytes[(bytes.count - used)...])
        return out
    }
}
