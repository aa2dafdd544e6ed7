import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// The amount vectors of `Tests/Fixtures/vectors/flipcash.json`, read in place, so the reference
/// data itself, not only its transcription in these suites, must pass.
enum AmountVectorFile {
    /// The tables under the heading that starts with `start`, e.g. "B. Amounts and rounding".
    static func section(_ start: String) throws -> VectorFile.Section {
        try VectorFile.flipcash().section(startingWith: start)
    }

    /// Body rows (cells trimmed, header left out) of the first table of `section` whose title,
    /// the line above it, contains `marker`.
    static func table(in section: VectorFile.Section, after marker: String) throws -> [[String]] {
        try section.table(titled: marker).rows
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
