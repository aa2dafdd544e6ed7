/// A device credential (Kilroy's, and the Buds relay's): 256 random bits the device creates once and sends as
/// `Authorization: Bearer <token>`, written as 43 characters of base64url without padding.
///
/// Hand-written (not generated) and kept in a kit of its own because each app and its cloud must
/// agree on the token's exact shape: the app creates and stores tokens, the server parses them
/// and keeps only their digest. Only the canonical spelling is accepted (the last character can
/// carry just 4 of its 6 bits, so there is exactly one spelling of each 32 bytes), which keeps a
/// credential from having several spellings with one digest.
///
/// The value never appears in `description` or in a debugger's mirror, so printing a value
/// that holds one cannot leak it into logs or error messages; read ``text`` only to send it.
public struct DeviceToken: Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    /// Random bytes in a token.
    public static let byteCount = 32
    /// Characters of the written form.
    public static let characterCount = 43

    /// The 32 random bytes.
    public let bytes: [UInt8]

    /// A new token from the system's cryptographically secure generator.
    public static func generate() -> DeviceToken {
        var generator = SystemRandomNumberGenerator()
        return DeviceToken(validBytes: (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The token with these 32 bytes, or `nil` for any other count.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    private init(validBytes: [UInt8]) {
        bytes = validBytes
    }

    /// Reads the written form: exactly 43 characters of `A-Z a-z 0-9 - _`, canonical. `nil` for
    /// anything else (never a crash, whatever the input).
    ///
    /// Decoded byte by byte rather than through Foundation's base64 (which needs `+/` and
    /// padding): every authenticated request reads one, and the translation cost more than the
    /// rest of the check.
    public init?(text: some StringProtocol) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.byteCount)
        var accumulator: UInt32 = 0
        var bitCount = 0
        var characters = 0
        for character in text.utf8 {
            characters += 1
            guard characters <= Self.characterCount, let value = Self.sextet(character) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
                accumulator &= (1 << UInt32(bitCount)) - 1
            }
        }
        // 43 characters carry 258 bits: 32 bytes and 2 bits that must be zero, so each 32 bytes
        // have exactly one spelling.
        guard characters == Self.characterCount, bytes.count == Self.byteCount, accumulator == 0 else { return nil }
        self.init(validBytes: bytes)
    }

    /// The written form, 43 characters of base64url. Send it; never log it.
    public var text: String {
        var characters: [UInt8] = []
        characters.reserveCapacity(Self.characterCount)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            accumulator = accumulator << 8 | UInt32(byte)
            bitCount += 8
            while bitCount >= 6 {
                bitCount -= 6
                characters.append(Self.alphabet[Int(accumulator >> UInt32(bitCount) & 0x3F)])
            }
        }
        if bitCount > 0 { characters.append(Self.alphabet[Int(accumulator << UInt32(6 - bitCount) & 0x3F)]) }
        return String(decoding: characters, as: UTF8.self)
    }

    /// base64url's 64 characters, in the order of their values.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The value of one base64url character; `nil` for any other byte.
    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// Says that this is a device token without showing it.
    public var description: String { "DeviceToken(<redacted>)" }

    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// The `Authorization` header value: `Bearer <token>`.
    public var authorizationValue: String { "Bearer " + text }

    /// The token in an `Authorization` header value (`Bearer <token>`, scheme in any case,
    /// single spaces); `nil` when it is anything else.
    public init?(authorization value: some StringProtocol) {
        let parts = value.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].lowercased() == "bearer", let token = DeviceToken(text: parts[1]) else {
            return nil
        }
        self = token
    }
}
