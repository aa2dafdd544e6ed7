/// A Kilroy device credential: 256 random bits the device creates once and sends as
/// `Authorization: Bearer <token>`, written as 43 characters of base64url without padding.
///
/// Hand-written (not generated) and kept in the API module because the app and the server must
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
    public init?(text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard utf8.count == Self.characterCount else { return nil }
        var values: [UInt8] = []
        values.reserveCapacity(utf8.count)
        for byte in utf8 {
            guard let value = Self.value(of: byte) else { return nil }
            values.append(value)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(Self.byteCount)
        var buffer: UInt32 = 0
        var bits = 0
        for value in values {
            buffer = (buffer << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                decoded.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        // 43 × 6 = 258 bits: 256 of data and 2 left over, which must be zero to be canonical.
        guard decoded.count == Self.byteCount, buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        bytes = decoded
    }

    /// The written form, 43 characters of base64url. Send it; never log it.
    public var text: String {
        var output: [UInt8] = []
        output.reserveCapacity(Self.characterCount)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                output.append(Self.alphabet[Int((buffer >> UInt32(bits)) & 0x3F)])
            }
            buffer &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 {
            output.append(Self.alphabet[Int((buffer << UInt32(6 - bits)) & 0x3F)])
        }
        return String(decoding: output, as: UTF8.self)
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

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
