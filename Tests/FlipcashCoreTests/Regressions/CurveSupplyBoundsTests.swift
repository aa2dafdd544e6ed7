import Foundation
import Testing

@testable import FlipcashCore

/// Issue 13: quotes left the curve's 0…21,000,000 range. `curve buy --usdf 2000000000000
/// --supply 0` quoted 21,860,026.99 tokens; `valueToTokens` priced a value beyond the whole
/// reserve at the last step's price; `tokensToValue` priced up to 99 tokens past the end.
@Suite("Regression: no quote leaves the curve's 0…21,000,000 tokens")
struct CurveSupplyBoundsTests {
    let curve = DiscreteBondingCurve.shared
    static let quark = DiscreteBondingCurve.quarksPerToken

    @Test("a buy worth more than every token left is filled to exactly 21,000,000, taking only their cost")
    func buyPastTheEndIsFilledToTheEnd() throws {
        let offered: UInt64 = 2_000_000_000_000 * 1_000_000  // 2·10¹² USDF
        let quote = try #require(curve.buy(usdfQuarks: offered, feeBps: 0, supplyQuarks: 0))
        #expect(quote.gross == 21_000_000)
        #expect(quote.net == 21_000_000)
    }

    @Test("from a fractional supply, a buy past the end stops at the end")
    func fractionalSupplyPastTheEnd() throws {
        let supply = 20_999_950 * Self.quark + 1_234_567_891
        let quote = try #require(curve.buy(usdfQuarks: 1_000_000_000_000_000, feeBps: 100, supplyQuarks: supply))
        let left = Decimal(21_000_000) - QuarkScale.down(supply, decimals: 10)
        #expect(quote.gross == left)
        #expect(quote.net <= quote.gross)
    }

    @Test("valueToTokens and tokensToValue never describe tokens beyond 21,000,000")
    func primitivesStayOnTheCurve() {
        #expect(curve.valueToTokens(supply: 0, value: 2_000_000_000_000) == nil)
        #expect(curve.valueToTokens(supply: 20_999_999, value: 1_000_000_000) == nil)
        #expect(curve.tokensToValue(supply: 21_000_000, tokens: 99) == nil)
        #expect(curve.tokensToValue(supply: 20_999_999, tokens: 2) == nil)
        #expect(curve.tokensToValue(supply: 20_999_999, tokens: 1) != nil)
        // Exactly the cost of every token left buys exactly the tokens left.
        let reserve = curve.cumulativeValue(atStep: 210_000)?.decimal ?? 0
        #expect(curve.valueToTokens(supply: 0, value: reserve) == 21_000_000)
    }
}
