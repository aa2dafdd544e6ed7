import BudsCore
import CommandLineKit
import Foundation

/// Printing for the commands: JSON (camelCase keys, ISO 8601 dates) or aligned text.
enum Output {
    static func json<T: Encodable>(_ value: T) throws {
        try TerminalOutput.json(value)
    }

    static func standardError(_ text: String) {
        TerminalOutput.standardError(text)
    }

    static func error(_ error: any Error) {
        TerminalOutput.failure(error, program: "buds")
    }

    /// Prints rows as columns padded to the widest cell (by characters, which suits the
    /// terminal for Latin text and is never worse than tabs).
    static func table(_ header: [String], _ rows: [[String]]) {
        TerminalOutput.table(header, rows)
    }

    /// Local wall-clock minutes: the journal is read by the person who wrote it.
    static func dateTime(_ date: Date) -> String {
        TextFormat.dateTime(date, style: .localMinutes)
    }

    static func stars(_ rating: Int) -> String {
        String(repeating: "★", count: max(0, min(rating, 5))) + String(repeating: "☆", count: max(0, 5 - rating))
    }

    /// "1 location", "3 locations".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
