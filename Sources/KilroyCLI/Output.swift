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
        TerminalOutput.failure(error, program: "kilroy")
    }

    /// A warning that does not fail the command, e.g. a cloud that could not be reached.
    static func warning(_ message: String) {
        standardError("kilroy: warning: " + message.replacingOccurrences(of: "\n", with: " "))
    }

    /// Something worth knowing that went right, on stderr so `--json` output stays clean.
    static func note(_ message: String) {
        standardError("kilroy: note: " + message.replacingOccurrences(of: "\n", with: " "))
    }

    /// Prints rows as columns padded to the widest cell.
    static func table(_ header: [String], _ rows: [[String]]) {
        TerminalOutput.table(header, rows)
    }

    /// `2026-05-01 09:30:00Z`, always UTC so output does not depend on the machine.
    static func dateTime(_ date: Date) -> String {
        TextFormat.dateTime(date, style: .utcSeconds)
    }

    /// `4.2 m`, `120 m`, `1.35 km`.
    static func distance(_ meters: Double) -> String {
        if meters < 10 { return String(format: "%.1f m", meters) }
        if meters < 1_000 { return String(format: "%.0f m", meters) }
        return String(format: "%.2f km", meters / 1_000)
    }

    static func coordinate(_ latitude: Double, _ longitude: Double) -> String {
        String(format: "%.6f, %.6f", latitude, longitude)
    }

    /// At most `limit` characters on one line.
    static func snippet(_ text: String?, limit: Int = 40) -> String {
        guard let text else { return "" }
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
    }
}
