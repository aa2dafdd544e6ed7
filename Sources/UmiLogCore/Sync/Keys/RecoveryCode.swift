public import Foundation

/// The code a diver writes down once, to open the log when the passphrase is forgotten: 128
/// random bits, so it needs no slow KDF to resist guessing, plus a checksum, so a typo is told
/// apart from a wrong code before any key is tried.
///
/// Layout: the 16 random bytes, then a CRC-32 of them (CRC-32/MPEG-2: polynomial 0x04C11DB7, most
/// significant bit first, initial value 0xFFFFFFFF, stored big-endian), 20 bytes in all, written
/// as 32 Crockford base32 symbols (5 bits each, most significant first) in 8 groups of 4:
/// `XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX`. Because the CRC is computed in the same bit order
/// the symbols are written in, any error confined to 32 consecutive bits is detected: every
/// single mistyped symbol (5 bits) and every swap of two neighbouring symbols (10 bits).
///
/// `description` shows the code: it is meant to be shown to the diver, once, when the slot is
/// made. The secret that the recovery-code slot's KDF takes is the 16 random bytes.
public struct RecoveryCode: Sendable, Equatable, CustomStringConvertible {
    /// The number of random bytes.
    public static let entropyByteCount = 16
    /// The number of base32 symbols in a code.
    public static let symbolCount = 32
    /// The number of symbols between hyphens.
    public static let groupLength = 4

    /// The 16 random bytes: what the slot's KDF takes.
    public let rawBytes: Data

    /// A fresh code whose bytes come from `generator`: pass a seeded generator only in tests.
    public static func generate(using generator: inout some RandomNumberGenerator) -> RecoveryCode {
        RecoveryCode(validBytes: Data((0..<entropyByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    /// A fresh code from the system's cryptographically secure generator.
    public static func generate() -> RecoveryCode {
        var generator = SystemRandomNumberGenerator()
        return generate(using: &generator)
    }

    /// Reads a code as a person types it: either case, any spaces and hyphens, and Crockford's
    /// confusables (O for 0, I or L for 1).
    ///
    /// - Throws: `UmiLogKeyError.mistypedRecoveryCode` unless it is 32 base32 symbols whose
    ///   checksum matches.
    public init(parsing text: String) throws(UmiLogKeyError) {
        let symbols = text.filter { !$0.isWhitespace && !Self.separators.contains($0) }
        guard symbols.count == Self.symbolCount, let bytes = CrockfordBase32.decode(Array(symbols)) else {
            throw .mistypedRecoveryCode
        }
        let entropy = Array(bytes.prefix(Self.entropyByteCount))
        guard Array(bytes.dropFirst(Self.entropyByteCount)) == Self.checksum(of: entropy) else {
            throw .mistypedRecoveryCode
        }
        self.init(validBytes: Data(entropy))
    }

    private init(validBytes: Data) {
        rawBytes = validBytes
    }

    /// The code in groups of four: `XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX`.
    public var description: String {
        let bytes = Array(rawBytes)
        let symbols = Array(CrockfordBase32.encode(bytes + Self.checksum(of: bytes)))
        return stride(from: 0, to: symbols.count, by: Self.groupLength)
            .map { String(symbols[$0..<min($0 + Self.groupLength, symbols.count)]) }
            .joined(separator: "-")
    }

    /// The hyphens and dashes people type or paste between groups.
    private static let separators: Set<Character> = ["-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}"]

    /// CRC-32/MPEG-2 of `bytes`, big-endian.
    static func checksum(of bytes: [UInt8]) -> [UInt8] {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 {
                crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1
            }
        }
        return withUnsafeBytes(of: crc.bigEndian) { Array($0) }
    }
}
