import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// Issue 13: the curve rounded its answers half to even, so a trader sometimes got the odd
/// 10⁻¹⁸ that belonged to the pool: a sale's value or a purchase's tokens rounded up, a cost or
/// a fee rounded down. Every expected value here comes from the price table and `Decimal`
/// arithmetic, rounded in the pool's favour by `NSDecimalRound`, not from the curve's integers.
@Suite("Regression: every curve answer rounds in the pool's favour")
struct CurveHouseRoundingTests {
    let curve = DiscreteBondingCurve.shared

    static func round(_ value: Decimal, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, 18, mode)
        return result
    }

    /// PRICE[1] = 0.010000877213746469: its last ten digits make 1 and 2 quarks of a token worth
    /// ….72 and ….44 of a 10⁻¹⁸ unit, where half-to-even rounds up and down respectively.
    var priceOne: Decimal { curve.price(atStep: 1)?.decimal ?? 0 }

    @Test("a sale's value is rounded down (1 quark at supply 100 is worth 1.0000877…·10⁻¹², cut at 18 places)")
    func saleRoundsDown() throws {
        let quote = try #require(curve.sell(tokenQuarks: 1, feeBps: 0, supplyQuarks: 100 * DiscreteBondingCurve.quarksPerToken + 1))
        let exact = priceOne * Decimal(string: "0.0000000001")!
        #expect(quote.gross == Self.round(exact, .down))
        #expect(quote.gross < exact)
    }

    @Test("a cost is rounded up (2 quarks at supply 100 cost 2.0001754…·10⁻¹², raised at 18 places)")
    func costRoundsUp() throws {
        let tokens = Decimal(string: "0.0000000002")!
        let cost = try #require(curve.tokensToValue(supply: 100, tokens: tokens))
        let exact = priceOne * tokens
        #expect(cost == Self.round(exact, .up))
        #expect(cost > exact)
    }

    @Test("tokens bought are rounded down (10⁻¹⁸ USD at supply 100 buys 0.0000000000000000999… tokens)")
    func tokensRoundDown() throws {
        let value = Decimal(string: "0.000000000000000001")!
        let tokens = try #require(curve.valueToTokens(supply: 100, value: value))
        #expect(tokens == Self.round(value / priceOne, .down))
        #expect(tokens * priceOne <= value)
    }

    @Test("a fee is rounded up, so what the trader keeps is rounded down (1 token at 100,000, 1%)")
    func feeRoundsUp() throws {
        let quote = try #require(
            curve.sell(
                tokenQuarks: DiscreteBondingCurve.quarksPerToken, feeBps: 100,
                supplyQuarks: 100_000 * DiscreteBondingCurve.quarksPerToken))
        // PRICE[999]: the last token below 100,000 is in step 999; 1% of it has 20 decimal places.
        let gross = try #require(curve.price(atStep: 999)).decimal
        #expect(quote.gross == gross)
        let exactFee = gross * Decimal(string: "0.01")!
        #expect(quote.fee == Self.round(exactFee, .up))
        #expect(quote.fee > exactFee)
        #expect(quote.net == gross - quote.fee)
    }

    @Test("a buy's fee in tokens is rounded up too")
    func buyFeeRoundsUp() throws {
        var random = SplitMix64(seed: 0xFEE)
        var sawRemainder = false
        for _ in 0..<300 {
            let bps = Int.random(in: 1...9_999, using: &random)
            let quote = try #require(
                curve.buy(
                    usdfQuarks: UInt64.random(in: 1...10_000_000_000, using: &random), feeBps: bps,
                    supplyQuarks: UInt64.random(in: 0...200_000_000_000_000_000, using: &random)))
            let exactFee = quote.gross * Decimal(bps) / 10_000
            #expect(quote.fee == Self.round(exactFee, .up), "gross \(quote.gross) bps \(bps)")
            sawRemainder = sawRemainder || quote.fee != exactFee
        }
        #expect(sawRemainder)
    }
}
