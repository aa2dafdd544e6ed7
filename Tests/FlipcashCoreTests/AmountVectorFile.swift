import Foundation
import Testing
import TestSupport
@testable import FlipcashCore

/// Reads the amount vectors of `shared/vectors/flipcash.md` in place, so the reference file itself,
/// not only its transcription in these suites, must pass.
enum AmountVectorFile {
    /// The text between the heading that starts with `start` and the next `## ` heading.
    static func section(_ start: String) throws -> String {
        let text = try String(contentsOf: FlipcashVectorFile.url, encoding: .utf8)
        let after = try #require(text.components(separatedBy: "## " + start).dropFirst().first, "no section \(start)")
        return after.components(separatedBy: "\n## ").first ?? after
    }

    /// Body rows (cells trimmed) of the first markdown table after the line containing `marker`.
    static func table(in section: String, after marker: String) throws -> [[String]] {
        let lines = section.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.contains(marker) }, "no \(marker)")
        var rows: [[String]] = []
        var inTable = false
        for line in lines[(start + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("|") else {
                if inTable { break }
                continue
            }
            inTable = true
            if trimmed.hasPrefix("|---") { continue }
            let cells = trimmed.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            rows.append(cells.map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return Array(rows.dropFirst())  // the header row
    }

    /// The text inside the first pair of backticks of `cell`, or the cell itself.
    static func code(_ cell: String) -> String {
        let parts = cell.components(separatedBy: "`")
        return parts.count >= 3 ? parts[1] : cell
    }

    /// A number as the vectors write it: "1,230,000", "$1.000000000000 (= 10/1.4)", "10^12".
    static func number(_ cell: String) throws -> Decimal {
        var text = cell.components(separatedBy: " (").first ?? cell
        text = text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "$", with: "")
            .trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("10^"), let exponent = Int(text.dropFirst(3)) {
            return Decimal(sign: .plus, exponent: exponent, significand: 1)
        }
        return try #require(Decimal(string: text), "not a number: \(cell)")
    }
}
