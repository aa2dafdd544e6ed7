// TEMPORARY: replaced by DAGCBOR.CID at merge
import Crypto
import Foundation

/// CIDv1 strings for raw blobs: `0x01 0x55 0x12 0x20 ‖ SHA-256(data)` in multibase base32 lower
/// case without padding, so every string starts `bafkrei` and is 59 characters long.
enum RawCID {
    /// The binary prefix: version 1, codec raw (0x55), sha2-256 (0x12), 32-byte digest (0x20).
    static let prefix: [UInt8] = [0x01, 0x55, 0x12, 0x20]
    /// Length of a raw sha2-256 CID string: "b" + base32 of 36 bytes (58 characters).
    static let stringLength = 59

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    /// The binary CID of `data`.
    static func bytes(for data: Data) -> [UInt8] {
        prefix + Array(SHA256.hash(data: data))
    }

    /// The CID string of `data`.
    static func string(for data: Data) -> String {
        "b" + base32Lower(bytes(for: data))
    }

    /// Whether `string` has the shape of a raw sha2-256 CID string. Because only base32
    /// characters are allowed it can never contain `/` or `.`, so it is safe as a file name.
    static func isWellFormed(_ string: String) -> Bool {
        let utf8 = Array(string.utf8)
        return utf8.count == stringLength
            && string.hasPrefix("bafkrei")
            && utf8.dropFirst().allSatisfy { alphabet.contains($0) }
    }

    /// RFC 4648 base32, lower-case alphabet, no padding.
    static func base32Lower(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bitCount += 8
            while bitCount >= 5 {
                bitCount -= 5
                output.append(alphabet[Int((buffer >> UInt32(bitCount)) & 0x1F)])
            }
            buffer &= (1 << UInt32(bitCount)) - 1
        }
        if bitCount > 0 {
            output.append(alphabet[Int((buffer << UInt32(5 - bitCount)) & 0x1F)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
