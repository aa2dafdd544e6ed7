public import Foundation

/// The one reader of ISO 8601 internet date-times (RFC 3339) for text from outside: files, the
/// wire, the command line. It accepts `2025-11-19T21:30:00Z`, an offset instead of `Z`
/// (`2025-11-19T21:30:00+01:00`) and fractional seconds (`2025-11-19T21:30:00.250Z`), because
/// every writer we meet picks one of those and people cannot tell which. It rejects a date-time
/// without a zone: what that means depends on the reader, so callers that allow it (such as
/// ``DateTimeValidator``) decide the zone themselves.
///
/// The format styles are `Sendable` values, so one pair serves every thread.
public enum ISO8601DateTime {
    /// The date `text` names, or `nil` when it is not an internet date-time.
    public static func parse(_ text: String) -> Date? {
        if let date = try? fractional.parse(text) { return date }
        return try? whole.parse(text)
    }

    private static let whole = Date.ISO8601FormatStyle()
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
