import Foundation
import Testing

@testable import FlipcashCore

/// Issue 13: trade quotes that should have been refused. `curve sell --tokens 10 --supply 5`
/// quoted selling tokens that were never sold; `curve buy --usdf 1 --supply 21000000` said
/// "beyond the curve" when the curve was simply exhausted; a buy past the end did not say what
/// it took. (Uses the throwing quote API the fix added; the CLI's tests show the old behaviour.)
@Suite("Regression: trade quotes refuse what cannot be traded, and say why")
struct CurveQuoteRefusalTests {
    let curve = DiscreteBondingCurve.shared
    static let quark = DiscreteBondingCurve.quarksPerToken

    @Test("selling more tokens than the supply is refused, naming both")
    func sellMoreThanTheSupply() {
        #expect(throws: CurveQuoteError.sellExceedsSupply(tokens: 10, supply: 5)) {
            try curve.quoteSell(tokenQuarks: 10 * Self.quark, feeBps: 0, supplyQuarks: 5 * Self.quark)
        }
        #expect(throws: CurveQuoteError.self) {
            try curve.quoteSell(tokenQuarks: 5 * Self.quark + 1, feeBps: 0, supplyQuarks: 5 * Self.quark)
        }
        #expect((try? curve.quoteSell(tokenQuarks: 5 * Self.quark, feeBps: 0, supplyQuarks: 5 * Self.quark)) != nil)
    }

    @Test("a buy at the curve's end says no tokens are left; past the end, that the supply is beyond it")
    func buyAtAndPastTheEnd() {
        let end = 21_000_000 * Self.quark
        #expect(throws: CurveQuoteError.curveExhausted) { try curve.quoteBuy(usdfQuarks: 1_000_000, feeBps: 0, supplyQuarks: end) }
        #expect(CurveQuoteError.curveExhausted.localizedDescription.contains("No tokens left to buy"))
        #expect(throws: CurveQuoteError.supplyBeyondCurve(supply: Decimal(string: "21000000.0000000001")!)) {
            try curve.quoteBuy(usdfQuarks: 1_000_000, feeBps: 0, supplyQuarks: end + 1)
        }
        #expect(throws: CurveQuoteError.self) { try curve.quoteSell(tokenQuarks: 1, feeBps: 0, supplyQuarks: end + 1) }
    }

    @Test("a fee outside 0…10,000 bps is refused, naming the fee")
    func feeOutOfRange() {
        #expect(throws: CurveQuoteError.feeOutOfRange(feeBps: 10_001)) {
            try curve.quoteBuy(usdfQuarks: 1_000_000, feeBps: 10_001, supplyQuarks: 0)
        }
        #expect(CurveQuoteError.feeOutOfRange(feeBps: -1).localizedDescription.contains("fee"))
    }

    @Test("a buy filled to the end takes the tokens' cost rounded up to a USDF quark, and no more")
    func filledBuySpendsOnlyTheCost() throws {
        let offered: UInt64 = 2_000_000_000_000 * 1_000_000
        let quote = try curve.quoteBuy(usdfQuarks: offered, feeBps: 0, supplyQuarks: 0)
        #expect(quote.gross == 21_000_000)
        let reserve = try #require(curve.cumulativeValue(atStep: 210_000)).decimal
        #expect(quote.spent >= reserve)
        #expect(quote.spent - reserve < Decimal(string: "0.000001")!)
        #expect(QuarkScale.down(try QuarkScale.exactQuarks(from: quote.spent, decimals: 6), decimals: 6) == quote.spent)
        // A buy that fits spends everything offered.
        #expect(try curve.quoteBuy(usdfQuarks: 5_000_000, feeBps: 100, supplyQuarks: 0).spent == 5)
    }
}
