import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// Helpers shared by the curve suites: exact decimals from text, relative comparison, and the
/// rows of the tables in `Tests/Fixtures/vectors/flipcash.json` section E, read in place.
enum CurveTestSupport {
    static let curve = DiscreteBondingCurve.shared

    /// A decimal from plain text such as "1,139,973.5", "$5", "499.91…" (separators, currency
    /// signs and a trailing ellipsis dropped).
    static func decimal(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Decimal {
        let cleaned = text.replacingOccurrences(of: ",", with: "")
            .replacingOccurrences(of: "$", with: "")
            .replacingOccurrences(of: "…", with: "")
            .trimmingCharacters(in: .whitespaces)
        return try #require(Decimal(string: cleaned), "not a number: \(text)", sourceLocation: sourceLocation)
    }

    /// |actual − expected| ≤ tolerance·|expected| (exactly equal when expected is 0).
    static func isClose(_ actual: Decimal?, _ expected: Decimal, relative tolerance: Decimal = Decimal(string: "1e-9")!) -> Bool {
        guard let actual else { return false }
        let difference = actual - expected
        let magnitude = expected < 0 ? -expected : expected
        let error = difference < 0 ? -difference : difference
        return error <= tolerance * magnitude
    }

    /// Body rows (cells trimmed, header dropped) of the first table titled `title` in section E of
    /// `Tests/Fixtures/vectors/flipcash.json`, read in place.
    static func table(after title: String) throws -> [[String]] {
        try VectorFile.flipcash().section(startingWith: "E. Discrete curve").table(titled: title).rows
    }

    /// Quarks of a launchpad token for a whole number of tokens.
    static func tokenQuarks(_ tokens: UInt64) -> UInt64 {
        tokens * DiscreteBondingCurve.quarksPerToken
    }
}
