// TEMPORARY: replaced by DAGCBOR.Base58 at merge
import Foundation

/// Base58 encoding with the Bitcoin alphabet (`123456789ABC…xyz`, no `0 O I l`), as used by
/// `did:buds` and `did:key` (multibase `z`). Each leading zero byte becomes one leading `1`.
///
/// Encode-only: identities never need to parse Base58. Quadratic in the input length, which is
/// fine for the 20–34 byte values it is used for.
internal enum IdentityBase58 {
    private static let alphabet: [Character] = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")

    static func encode(_ bytes: some DataProtocol) -> String {
        let input = Array(bytes)
        let leadingZeros = input.prefix(while: { $0 == 0 }).count

        // Base-58 digits of the big-endian number, least significant digit first.
        var digits: [UInt8] = []
        digits.reserveCapacity(input.count * 138 / 100 + 1)
        for byte in input.dropFirst(leadingZeros) {
            var carry = Int(byte)
            for index in digits.indices {
                carry += Int(digits[index]) << 8
                digits[index] = UInt8(carry % 58)
                carry /= 58
            }
            while carry > 0 {
                digits.append(UInt8(carry % 58))
                carry /= 58
            }
        }

        var result = String(repeating: "1", count: leadingZeros)
        result.reserveCapacity(leadingZeros + digits.count)
        for digit in digits.reversed() {
            result.append(alphabet[Int(digit)])
        }
        return result
    }
}
