public import Foundation

/// What every command line prints the same way: `--json` output (camelCase keys as the types
/// declare them, ISO 8601 dates, sorted keys), one-line messages on stderr, aligned tables.
public enum TerminalOutput {
    /// The encoder behind ``json(_:)``: pretty, sorted keys, ISO 8601 dates, slashes unescaped.
    public static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Prints `value` as JSON on stdout.
    public static func json<T: Encodable>(_ value: T) throws {
        print(String(decoding: try jsonEncoder().encode(value), as: UTF8.self))
    }

    /// Writes one line to stdout at once (`print`'s buffer would hold it while the command
    /// waits, when stdout is a file or a pipe): for what a person must act on before the command
    /// ends, such as a code to type elsewhere.
    public static func printNow(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes one line to stderr.
    public static func standardError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// `program: <reason>` on one line of stderr, the reason being the error's
    /// `errorDescription` when it has one.
    public static func failure(_ error: any Error, program: String) {
        standardError("\(program): " + oneLine(reason(for: error)))
    }

    /// The message a person should read for `error`: its `errorDescription`, except for
    /// Foundation's own errors, whose descriptions on Linux are often "The operation could not be
    /// completed. (NSCocoaErrorDomain error 256.)" or "The data is missing."; those are told in
    /// words that name the file and what went wrong (see ``FoundationErrorText``). Code that knows
    /// better says so where it throws; this is the fallback.
    public static func reason(for error: any Error) -> String {
        if let text = FoundationErrorText.describe(error) { return text }
        return (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }

    /// `text` with its line breaks turned into spaces.
    public static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }

    /// The lines of a table: columns padded to the widest cell (counted in characters, which
    /// suits a terminal for Latin text and is never worse than tabs), two spaces apart, no
    /// trailing blanks.
    public static func tableLines(_ header: [String], _ rows: [[String]]) -> [String] {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 || index >= widths.count
                    ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return [line(header)] + rows.map(line)
    }

    /// Prints ``tableLines(_:_:)`` on stdout.
    public static func table(_ header: [String], _ rows: [[String]]) {
        tableLines(header, rows).forEach { print($0) }
    }
}
