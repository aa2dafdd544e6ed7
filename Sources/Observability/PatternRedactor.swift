public import Logging

/// Masks metadata values that look like secrets or personal data, whatever their key.
///
/// Applied to each string value (and to the description of `.stringConvertible` values), at any
/// depth, the first matching rule wins:
///
/// 1. **Base58 blob** (keys, signatures, addresses): the whole value is more than 32 characters
///    of the Base58 alphabet (`^[1-9A-HJ-NP-Za-km-z]{33,}$`) → first 4 + `...` + last 4.
/// 2. **E-mail address** (the whole value): → first character + `..@` + domain
///    (`alice@example.com` → `a..@example.com`).
/// 3. **Phone-like** (the whole value): only digits, spaces, `-`, `(`, `)`, `[`, `]`, `+`, `.`,
///    at least 7 digits and at least one non-digit → `***-***-` + last 4 digits.
///
/// Anything else is returned unchanged; digit-only values such as amounts (`1500000`) are not
/// phone-like. Known over-matches, accepted for safety: a plain date `2024-01-15` or a number
/// with a decimal point and 7+ digits (`1234567.89`) is phone-like, and a digit-only value of
/// 33+ characters without a `0` counts as Base58.
public struct PatternRedactor: Sendable {
    public init() {}

    /// `metadata` with every string value passed through `redact(_: String)`, at any depth.
    public func redact(_ metadata: Logger.Metadata) -> Logger.Metadata {
        metadata.mapValues(redact)
    }

    /// A metadata value with the rules applied to its strings, at any depth. A
    /// `.stringConvertible` value that needs masking becomes a `.string`; one that does not is
    /// kept as it was.
    public func redact(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        switch value {
        case .string(let string):
            return .string(redact(string))
        case .stringConvertible(let convertible):
            let description = convertible.description
            let redacted = redact(description)
            return redacted == description ? value : .string(redacted)
        case .dictionary(let dictionary):
            return .dictionary(redact(dictionary))
        case .array(let array):
            return .array(array.map(redact))
        }
    }

    /// `value` with the first matching rule applied, or unchanged.
    public func redact(_ value: String) -> String {
        if isBase58Blob(value) {
            return String(value.prefix(4)) + "..." + String(value.suffix(4))
        }
        if let masked = maskedEmail(value) {
            return masked
        }
        if let masked = maskedPhone(value) {
            return masked
        }
        return value
    }

    private func isBase58Blob(_ value: String) -> Bool {
        value.wholeMatch(of: /[1-9A-HJ-NP-Za-km-z]{33,}/) != nil
    }

    private func maskedEmail(_ value: String) -> String? {
        guard let match = value.wholeMatch(of: /([^\s@]+)@([^\s@]+\.[^\s@]+)/),
            let first = match.output.1.first
        else { return nil }
        return "\(first)..@\(match.output.2)"
    }

    private func maskedPhone(_ value: String) -> String? {
        let allowed: Set<Character> = [" ", "-", "(", ")", "[", "]", "+", "."]
        var digits: [Character] = []
        var hasNonDigit = false
        for character in value {
            if character.isASCII, character.isWholeNumber {
                digits.append(character)
            } else if allowed.contains(character) {
                hasNonDigit = true
            } else {
                return nil
            }
        }
        guard digits.count >= 7, hasNonDigit else { return nil }
        return "***-***-" + String(digits.suffix(4))
    }
}
