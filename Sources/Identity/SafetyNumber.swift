import Crypto
public import Foundation

/// The 60-digit number two people compare (or scan) to know that the identity keys their apps
/// hold for each other are the real ones — libsignal's numeric fingerprint, with a version tag of
/// our own so that a Buds number never equals a Signal one for the same keys.
///
/// For each person: start from version (2 bytes, big-endian) ‖ identity key ‖ stable id, then
/// `iterations` times replace it by SHA-512(it ‖ identity key); the first 30 bytes give six
/// 5-digit groups (each 5 bytes big-endian, mod 100000). The two 30-digit halves are joined in
/// ascending order, so both people see the same number.
public struct SafetyNumber: Hashable, Sendable, CustomStringConvertible {
    /// The 60 digits.
    public let digits: String

    /// Buds' version tag: "BU".
    public static let budsVersion: UInt16 = 0x4255
    /// libsignal's iteration count.
    public static let iterations = 5_200

    /// The safety number of two people, each named by a stable id (their DID) and identity key.
    public init(
        _ first: (id: String, key: Data), _ second: (id: String, key: Data), version: UInt16 = Self.budsVersion,
        iterations: Int = Self.iterations
    ) {
        let halves = [first, second].map { Self.half(id: $0.id, key: $0.key, version: version, iterations: iterations) }.sorted()
        digits = halves.joined()
    }

    /// The 60 digits in groups of five, as people read them aloud.
    public var description: String {
        stride(from: 0, to: digits.count, by: 5).map { offset in
            let start = digits.index(digits.startIndex, offsetBy: offset)
            return String(digits[start..<digits.index(start, offsetBy: 5)])
        }.joined(separator: " ")
    }

    /// Whether `other` (typed or scanned) is this number, compared in constant time.
    public func matches(_ other: String) -> Bool {
        let typed = Array(other.filter(\.isNumber).utf8)
        let mine = Array(digits.utf8)
        guard typed.count == mine.count else { return false }
        return zip(typed, mine).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    static func half(id: String, key: Data, version: UInt16, iterations: Int) -> String {
        var hash = Data([UInt8(version >> 8), UInt8(version & 0xFF)]) + key + Data(id.utf8)
        for _ in 0..<max(1, iterations) {
            var digest = SHA512()
            digest.update(data: hash)
            digest.update(data: key)
            hash = Data(digest.finalize())
        }
        return (0..<6).map { group in
            let chunk = hash[(group * 5)..<(group * 5 + 5)]
            let value = chunk.reduce(UInt64(0)) { ($0 << 8) | UInt64($1) } % 100_000
            let text = String(value)
            return String(repeating: "0", count: 5 - text.count) + text
        }.joined()
    }
}
