import Foundation

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
    public init?(text: some StringProtocol) {
        let text = String(text)
        guard text.utf8.count == Self.characterCount else { return nil }
        // base64url is base64 with `-_` for `+/`; Foundation decodes it once translated and padded.
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "="
        guard let data = Data(base64Encoded: standard), data.count == Self.byteCount else { return nil }
        let token = DeviceToken(validBytes: Array(data))
        // Writing it back must give the same text: that refuses `+`, `/` and `=` in the input and
        // a last character whose 2 unused bits are set, so each 32 bytes have one spelling.
        guard token.text == text else { return nil }
        self = token
    }

    /// The written form, 43 characters of base64url. Send it; never log it.
    public var text: String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
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
