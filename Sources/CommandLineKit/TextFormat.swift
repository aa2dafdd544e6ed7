public import Foundation

/// Formatting of values in the human-readable output, shared so every command line shows an id,
/// or a date-time the same way (numbers and counts: `Validation.Wording`) (issue 14: these were copied into each CLI).
public enum TextFormat {
    /// How a date-time is shown. The CLIs differ on purpose and their tests pin each form, so the
    /// caller names the one it has always printed.
    public enum DateTimeStyle: Sendable {
        /// `2026-05-01 09:30` in the machine's time zone: a journal read by the person who wrote it.
        case localMinutes
        /// `2026-05-01 09:30:00Z`, always UTC, so output does not depend on the machine.
        case utcSeconds
    }

    /// The first 8 characters of an id, lowercased: enough to tell records apart in a table and
    /// to type back as a prefix.
    public static func shortID(_ id: UUID) -> String {
        shortID(id.uuidString)
    }

    /// The first 8 characters of a textual id, lowercased.
    public static func shortID(_ id: String) -> String {
        String(id.lowercased().prefix(8))
    }

    public static func dateTime(_ date: Date, style: DateTimeStyle) -> String {
        switch style {
        case .localMinutes:
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return formatter.string(from: date)
        case .utcSeconds:
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            return formatter.string(from: date).replacingOccurrences(of: "T", with: " ")
        }
    }
}
