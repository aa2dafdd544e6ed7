public import Foundation

/// Reads the dates and times people type on a command line or in a form: ISO 8601 with an
/// offset (`2026-05-01T09:30:00Z`, `…+02:00`, with or without fractional seconds), or a wall-clock
/// time without one (`2026-05-01 09:30`, `2026-05-01T09:30:15`), or a bare date (`2026-05-01`,
/// midnight). Times without an offset are read in `timeZone`, because that is what the person meant.
///
/// Strict: an impossible date (`2026-02-30`) or trailing text is rejected, never rolled over.
public struct DateTimeValidator: Validator {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    public func validate(_ input: String) -> Date? {
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        // Foundation's parsers ignore some trailing text; only the characters of the accepted
        // forms get through to them.
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy(Self.allowed.contains) else { return nil }
        if let date = ISO8601DateTime.parse(trimmed.replacingOccurrences(of: " ", with: "T")) { return date }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.calendar = Calendar(identifier: .gregorian)
        local.timeZone = timeZone
        local.isLenient = false
        for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"] {
            local.dateFormat = format
            if let date = local.date(from: trimmed) { return date }
        }
        return nil
    }

    private static let allowed = CharacterSet(charactersIn: "0123456789-:.+TZ ")
}
