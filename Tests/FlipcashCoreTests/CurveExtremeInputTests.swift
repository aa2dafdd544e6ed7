import Foundation
import Testing

@testable import FlipcashCore

/// Inputs a caller should never send still give an answer or nil, never a crash.
@Suite("Discrete curve: extreme and malformed inputs")
struct CurveExtremeInputTests {
    let curve = DiscreteBondingCurve.shared
    static let bad: [Decimal] = [
        .nan, -1, Decimal(string: "-0.000000000000000001")!, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, Decimal(string: "1e40")!, Decimal(string: "340282366920938463464")!,
    ]

    @Test("NaN, negative and huge decimals give nil")
    func malformedDecimals() {
        for value in Self.bad {
            #expect(curve.spotPrice(supply: value) == nil, "\(value)")
            #expect(curve.tokensToValue(supply: value, tokens: 1) == nil, "\(value)")
            #expect(curve.tokensToValue(supply: 1, tokens: value) == nil, "\(value)")
            #expect(curve.valueToTokens(supply: value, value: 1) == nil, "\(value)")
            #expect(curve.valueToTokens(supply: 1, value: value) == nil, "\(value)")
            #expect(curve.tokensForValueExchange(fiat: value, fiatRate: 1, supplyQuarks: 10_000_000_000_000) == nil)
            #expect(curve.tokensForValueExchange(fiat: 1, fiatRate: value, supplyQuarks: 10_000_000_000_000) == nil)
        }
    }

    @Test("supplies beyond the table give nil; tiny values and rates do not crash")
    func beyondTheTable() {
        #expect(curve.spotPrice(supply: Decimal(string: "21000000.000000000000000001")!) == nil)
        #expect(curve.tokensToValue(supply: 21_000_000, tokens: 0) == 0)
        #expect(curve.tokensToValue(supply: 21_000_000, tokens: 99) == nil)  // no tokens exist past the end
        #expect(curve.tokensToValue(supply: 21_000_000, tokens: 100) == nil)
        #expect(curve.tokensToValue(supply: Decimal(string: "1e20")!, tokens: 1) == nil)
        #expect(curve.valueToTokens(supply: 20_999_999, value: 1) != nil)
        #expect(curve.valueToTokens(supply: Decimal(string: "1e20")!, value: 1) == nil)
        #expect(curve.valueToTokens(supply: 0, value: 0) == 0)
        // Far more than the whole reserve would buy past the curve's end: no quote.
        let everything = curve.valueToTokens(supply: 0, value: Decimal(string: "340282366920938463463")!)
        #expect(everything == nil)
        #expect(curve.valueToTokens(supply: 0, value: Decimal(string: "1e-30")!) == 0)
        #expect(curve.tokensForValueExchange(fiat: 1, fiatRate: Decimal(string: "1e-30")!, supplyQuarks: 10_000_000_000_000) == nil)
        // 1/10¹² USD is still a value; 1/10²⁰ rounds to zero at 18 places, which is no value.
        #expect(curve.tokensForValueExchange(fiat: 1, fiatRate: Decimal(string: "1e12")!, supplyQuarks: 10_000_000_000_000) != nil)
        #expect(curve.tokensForValueExchange(fiat: 1, fiatRate: Decimal(string: "1e20")!, supplyQuarks: 10_000_000_000_000) == nil)
        #expect(curve.tokensForValueExchange(fiat: 1, fiatRate: 1, supplyQuarks: .max) == nil)
    }

    @Test("quark entry points accept every UInt64")
    func quarkExtremes() {
        for quarks: UInt64 in [0, 1, 999_999, .max / 2, .max] {
            _ = curve.buy(usdfQuarks: quarks, feeBps: 100, supplyQuarks: quarks)
            _ = curve.sell(tokenQuarks: quarks, feeBps: 100, supplyQuarks: quarks)
            _ = curve.marketCap(supplyQuarks: quarks)
            _ = curve.supplyFromTVL(tvlQuarks: quarks)
        }
        #expect(curve.marketCap(supplyQuarks: .max) == nil)
        #expect(curve.supplyFromTVL(tvlQuarks: .max) == 21_000_000)
        #expect(curve.sell(tokenQuarks: .max, feeBps: 0, supplyQuarks: .max) == nil)
        #expect(curve.buy(usdfQuarks: .max, feeBps: 0, supplyQuarks: 0) != nil)
        #expect(curve.buy(usdfQuarks: 1, feeBps: 0, supplyQuarks: 210_000_000_000_000_000) == nil)
        #expect(curve.sell(tokenQuarks: 0, feeBps: 100, supplyQuarks: 0) == CurveSellQuote(gross: 0, fee: 0, net: 0))
    }

    @Test("marketCap is the supply, fraction included, times its spot price")
    func marketCap() throws {
        let million = try #require(curve.marketCap(supplyQuarks: CurveTestSupport.tokenQuarks(1_000_000)))
        let price = try #require(curve.spotPrice(supply: 1_000_000))
        #expect(million == price * 1_000_000)
        // The fraction of a token counts (rounded down at 18 places), within the same step.
        var fractionValue = price * Decimal(string: "0.9999999999")!
        var fractionRounded = Decimal()
        NSDecimalRound(&fractionRounded, &fractionValue, 18, .down)
        #expect(curve.marketCap(supplyQuarks: CurveTestSupport.tokenQuarks(1_000_000) + 9_999_999_999) == million + fractionRounded)
        #expect(curve.marketCap(supplyQuarks: 0) == 0)
        #expect(curve.marketCap(supplyQuarks: CurveTestSupport.tokenQuarks(21_000_000)) == 21_000_000_000_000)
    }
}
