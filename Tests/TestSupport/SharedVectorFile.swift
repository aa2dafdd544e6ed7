import Foundation

/// Reads `shared/vectors/formats-and-algorithms.md` in place (beside the repository, or under
/// `$SHARED_DIR`), so that the reference file itself, not only its transcription in the suites,
/// must pass.
public enum SharedVectorFile {
    public static let url: URL = {
        if let shared = ProcessInfo.processInfo.environment["SHARED_DIR"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("vectors/formats-and-algorithms.md")
        }
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/vectors/formats-and-algorithms.md")
    }()

    /// Body rows (cells trimmed, outer pipes removed) of every table under the heading that
    /// starts with `heading`, up to the next heading; header rows are left out.
    public static func rows(under heading: String) throws -> [[String]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var inSection = false
        var rows: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                inSection = line.drop { $0 == "#" || $0 == " " }.hasPrefix(heading)
                continue
            }
            guard inSection, line.hasPrefix("|") else { continue }
            if line.hasPrefix("|---") {
                rows.removeLast()  // the header row above the separator
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            rows.append(cells.map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return rows
    }

    /// The text inside the first pair of backticks in a cell.
    public static func code(_ cell: String) -> String? {
        let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }

    /// The numbers of a cell like "(0, -180)" or "[0.5, 179.9999] (antimeridian)".
    public static func pair(_ cell: String) -> (Double, Double)? {
        guard let open = cell.firstIndex(where: { $0 == "(" || $0 == "[" }),
              let close = cell[open...].firstIndex(where: { $0 == ")" || $0 == "]" })
        else { return nil }
        let numbers = cell[cell.index(after: open)..<close].split(separator: ",").compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }
}
