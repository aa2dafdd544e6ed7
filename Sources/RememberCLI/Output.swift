import CommandLineKit
import Foundation
import RememberCore

/// Text formatting shared by the commands.
enum Output {
    static func date(_ date: Date) -> String {
        formatted(date, "yyyy-MM-dd")
    }

    /// Local wall-clock minutes, like the other journals.
    static func dateTime(_ date: Date) -> String {
        TextFormat.dateTime(date, style: .localMinutes)
    }

    /// "due now", "due in 3 days (2026-12-01)", "due tomorrow (…)".
    static func due(_ person: Person, now: Date) -> String {
        let due = person.review.dueDate
        guard due > now else { return "due now" }
        let days = Int((due.timeIntervalSince(now) / 86_400).rounded(.up))
        let when = days == 1 ? "tomorrow" : "in \(days) days"
        return "due \(when) (\(date(due)))"
    }

    private static func formatted(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    /// People as a table: short id, name, context, when due, the first descriptors.
    static func peopleTable(_ people: [Person], now: Date) {
        TerminalOutput.table(
            ["ID", "NAME", "CONTEXT", "DUE", "KEYWORDS"],
            people.map { person in
                let descriptors = person.keywords.descriptors
                let shown = descriptors.prefix(3).joined(separator: ", ") + (descriptors.count > 3 ? " +\(descriptors.count - 3)" : "")
                return [TextFormat.shortID(person.id), person.name, person.context ?? "", due(person, now: now), shown]
            }
        )
    }
}
