import Foundation

/// Accepts an e-mail address and returns it trimmed of surrounding whitespace.
///
/// The rule mirrors the server contract: at most 254 UTF-8 bytes (RFC 5321's path limit) and a
/// whole match of `^[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9.\-]+\.[a-zA-Z]{2,}$`. Case is preserved in both
/// parts: the local part is case-sensitive by the standard, and leaving the domain alone keeps
/// the output exactly what the person typed, minus the spaces.
public struct EmailValidator: Validator {
    /// The longest address accepted, in UTF-8 bytes.
    public static let maximumByteCount = 254

    public init() {}

    public func validate(_ input: String) -> String? {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= Self.maximumByteCount else { return nil }
        let pattern = /[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9.\-]+\.[a-zA-Z]{2,}/
        guard trimmed.wholeMatch(of: pattern) != nil else { return nil }
        return trimmed
    }
}
