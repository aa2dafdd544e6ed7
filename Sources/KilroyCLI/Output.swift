import Foundation

/// Printing for the commands: JSON (camelCase keys, ISO 8601 dates) or aligned text.
enum Output {
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        print(String(decoding: data, as: UTF8.self))
    }

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// `kilroy: <reason>` on one line.
    static func error(_ error: any Error) {
        let message = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
        standardError("kilroy: " + message.replacingOccurrences(of: "\n", with: " "))
    }

    /// A warning that does not fail the command, e.g. a cloud that could not be reached.
    static func warning(_ message: String) {
        standardError("kilroy: warning: " + message.replacingOccurrences(of: "\n", with: " "))
    }

    /// Prints rows as columns padded to the widest cell.
    static func table(_ header: [String], _ rows: [[String]]) {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        print(line(header))
        rows.forEach { print(line($0)) }
    }

    /// `2026-05-01 09:30:00Z`, always UTC so output does not depend on the machine.
    static func dateTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date).replacingOccurrences(of: "T", with: " ")
    }

    static func shortID(_ id: String) -> String {
        String(id.lowercased().prefix(8))
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
