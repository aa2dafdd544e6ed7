import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("CurrencyCode: the wire index, parsing and fraction digits")
struct CurrencyCodeTests {
    /// `Tests/Fixtures/vectors/flipcash.json` section A, read in place: every index, in order.
    @Test("every wire index matches the reference list")
    func wireIndexMatchesVectors() throws {
        let block = try VectorFile.flipcash().section(startingWith: "A. CurrencyCode wire index").codeBlock()
        let tokens = block.lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(tokens.count == 2 * 161)
        for pair in stride(from: 0, to: tokens.count - 1, by: 2) {
            let index = try #require(UInt8(tokens[pair]))
            let code = try CurrencyCode(parsing: tokens[pair + 1])
            #expect(code.index == index, "\(code)")
            #expect(CurrencyCode(index: index) == code)
        }
        #expect(CurrencyCode.allCases.count == 161)
        #expect(CurrencyCode(index: 161) == nil)
    }

    @Test("parsing ignores case and spaces; unknown codes are an error")
    func parsing() throws {
        #expect(try CurrencyCode(parsing: "USD") == .usd)
        #expect(try CurrencyCode(parsing: " cAd ") == .cad)
        #expect(try CurrencyCode(parsing: "TRY") == .try)
        #expect(throws: CurrencyCodeError.notFound("XYZ")) { try CurrencyCode(parsing: "XYZ") }
    }

    @Test("fraction digits: 0 for JPY, KRW, CLP, VND; 3 for BHD, JOD, KWD, OMR, TND; else 2")
    func fractionDigits() {
        for code in [CurrencyCode.jpy, .krw, .clp, .vnd] { #expect(code.fractionDigits == 0) }
        for code in [CurrencyCode.bhd, .jod, .kwd, .omr, .tnd] { #expect(code.fractionDigits == 3) }
        for code in [CurrencyCode.usd, .cad, .eur, .gbp] { #expect(code.fractionDigits == 2) }
        #expect(CurrencyCode.usd.smallestUnit == Decimal(string: "0.01"))
        #expect(CurrencyCode.bhd.smallestUnit == Decimal(string: "0.001"))
    }
}
