import Foundation
import Testing

@testable import FlipcashCore

/// `Tests/Fixtures/vectors/flipcash.json` section E, "Behaviour" (the iOS repo's
/// DiscreteBondingCurveTests), asserted as stated.
@Suite("Discrete curve behaviour (reference assertions)")
struct CurveBehaviourTests {
    let curve = DiscreteBondingCurve.shared

    @Test("spotPrice is constant within a step, nil above the maximum supply")
    func spotPrice() throws {
        let first = try #require(curve.spotPrice(supply: 0))
        #expect(curve.spotPrice(supply: 50) == first)
        #expect(curve.spotPrice(supply: 99) == first)
        #expect(curve.spotPrice(supply: 100) == curve.price(atStep: 1)?.decimal)
        #expect(curve.spotPrice(supply: 100) != first)
        #expect(curve.spotPrice(supply: 21_000_001) == nil)
        #expect(curve.spotPrice(supply: 21_000_000) != nil)
    }

    @Test("tokensToValue: zero, the first step, past the table, additive")
    func tokensToValue() throws {
        #expect(curve.tokensToValue(supply: 0, tokens: 0) == 0)
        let firstStep = try #require(curve.tokensToValue(supply: 0, tokens: 100))
        #expect(abs(firstStep - 1) <= Decimal(string: "0.001")!)
        #expect(curve.tokensToValue(supply: 20_999_900, tokens: 200) == nil)
        let first = try #require(curve.tokensToValue(supply: 0, tokens: 200))
        let second = try #require(curve.tokensToValue(supply: 200, tokens: 150))
        #expect(first + second == curve.tokensToValue(supply: 0, tokens: 350))
    }

    @Test("valueToTokens: nil at the maximum supply; inverts tokensToValue", arguments: [100, 150, 500])
    func valueToTokensInverts(tokens: Int) throws {
        #expect(curve.valueToTokens(supply: 21_000_000, value: 1_000_000) == nil)
        let cost = try #require(curve.tokensToValue(supply: 0, tokens: Decimal(tokens)))
        let bought = try #require(curve.valueToTokens(supply: 0, value: cost))
        #expect(CurveTestSupport.isClose(bought, Decimal(tokens), relative: Decimal(string: "1e-12")!))
    }

    @Test("valueToTokens from supply 50 buys back 150 tokens")
    func valueToTokensFromPartialStep() throws {
        let cost = try #require(curve.tokensToValue(supply: 50, tokens: 150))
        let bought = try #require(curve.valueToTokens(supply: 50, value: cost))
        #expect(CurveTestSupport.isClose(bought, 150, relative: Decimal(string: "1e-12")!))
    }

    @Test("buy: a 10% fee leaves 90%; a 100% fee leaves nothing")
    func buyFees() throws {
        let tenPercent = try #require(curve.buy(usdfQuarks: 1_000_000, feeBps: 1_000, supplyQuarks: 1_000_000))
        #expect(CurveTestSupport.isClose(tenPercent.net / tenPercent.gross, Decimal(string: "0.9")!, relative: Decimal(string: "1e-15")!))
        #expect(tenPercent.fee + tenPercent.net == tenPercent.gross)
        let all = try #require(curve.buy(usdfQuarks: 1_000_000, feeBps: 10_000, supplyQuarks: 1_000_000))
        #expect(all.net == 0)
        #expect(all.fee == all.gross)
        #expect(all.gross > 0)
    }

    @Test("sell: a 100% fee leaves nothing; overselling sells the whole supply")
    func sell() throws {
        let all = try #require(
            curve.sell(
                tokenQuarks: CurveTestSupport.tokenQuarks(100), feeBps: 10_000,
                supplyQuarks: CurveTestSupport.tokenQuarks(200)))
        #expect(all.net == 0)
        #expect(all.fee == all.gross)
        let oversold = try #require(
            curve.sell(
                tokenQuarks: CurveTestSupport.tokenQuarks(300), feeBps: 0,
                supplyQuarks: CurveTestSupport.tokenQuarks(200)))
        #expect(oversold.net > 0)
        #expect(oversold.gross == curve.tokensToValue(supply: 0, tokens: 200))
    }

    @Test("supplyFromTVL snaps to the step boundary the reserve has reached")
    func supplyFromTVL() {
        #expect(curve.supplyFromTVL(tvlQuarks: 500_000) == 0)
        #expect(curve.supplyFromTVL(tvlQuarks: 1_000_000) == 100)
        #expect(curve.supplyFromTVL(tvlQuarks: 999_999) == 0)
        #expect(curve.supplyFromTVL(tvlQuarks: 1_000_001) == 100)
        let supply = curve.supplyFromTVL(tvlQuarks: 231_804_283)
        #expect(supply >= 20_000 && supply <= 25_000)
        #expect(curve.supplyFromTVL(tvlQuarks: 231_804_283 - 720_000) == supply - 100)
    }

    @Test("tokensForValueExchange: nil for no value or no supply; sensible token counts")
    func tokensForValueExchange() throws {
        let thousand = CurveTestSupport.tokenQuarks(1_000)
        #expect(curve.tokensForValueExchange(fiat: 0, fiatRate: 1, supplyQuarks: thousand) == nil)
        #expect(curve.tokensForValueExchange(fiat: -5, fiatRate: 1, supplyQuarks: thousand) == nil)
        #expect(curve.tokensForValueExchange(fiat: 5, fiatRate: 1, supplyQuarks: 0) == nil)
        let five = try #require(curve.tokensForValueExchange(fiat: 5, fiatRate: 1, supplyQuarks: thousand))
        #expect(five >= 400 && five <= 600)
        let one = try #require(curve.tokensForValueExchange(fiat: 1, fiatRate: 1, supplyQuarks: thousand))
        #expect(one >= 50 && one <= 150)
        let cad = try #require(
            curve.tokensForValueExchange(
                fiat: 1, fiatRate: Decimal(string: "1.38262")!, supplyQuarks: CurveTestSupport.tokenQuarks(23_000)))
        #expect(cad >= 50 && cad <= 100)
    }
}
