import Foundation
import Testing

@testable import FlipcashCore

/// `Tests/Fixtures/vectors/flipcash.json` sections D and E: values derived from Flipcash's own
/// tables and the server's estimate tests, each within 1e-9 relative (our tables are exact-curve
/// tables, theirs came from truncated constants, so the last digits differ).
@Suite("Discrete curve values against the reference vectors")
struct CurveVectorTests {
    let curve = DiscreteBondingCurve.shared

    /// "Discrete curve values": the tokensToValue/valueToTokens rows, read in place, e.g.
    /// "`tokensToValue(1,000,000, 500)`" → (1000000, 500).
    @Test("tokensToValue and valueToTokens rows of the 'Discrete curve values' table")
    func discreteCurveValues() throws {
        let rows = try CurveTestSupport.table(after: "**Discrete curve values**")
        var checked = 0
        for row in rows {
            let call = row[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            guard let open = call.firstIndex(of: "("), call.hasSuffix(")"),
                call.hasPrefix("tokensToValue") || call.hasPrefix("valueToTokens")
            else { continue }
            let arguments = call[call.index(after: open)..<call.index(before: call.endIndex)]
                .components(separatedBy: ", ")
            try #require(arguments.count == 2, "\(call)")
            let supply = try CurveTestSupport.decimal(arguments[0])
            let second = try CurveTestSupport.decimal(arguments[1])
            let expected = try CurveTestSupport.decimal(row[1])
            let actual =
                call.hasPrefix("tokensToValue")
                ? curve.tokensToValue(supply: supply, tokens: second)
                : curve.valueToTokens(supply: supply, value: second)
            #expect(CurveTestSupport.isClose(actual, expected), "\(call) = \(String(describing: actual)), want \(expected)")
            checked += 1
        }
        #expect(checked == 12)
    }

    @Test("the sell rows of the 'Discrete curve values' table")
    func sellValues() throws {
        let hundred = try #require(
            curve.sell(
                tokenQuarks: CurveTestSupport.tokenQuarks(100), feeBps: 0,
                supplyQuarks: CurveTestSupport.tokenQuarks(1_000)))
        #expect(CurveTestSupport.isClose(hundred.gross, Decimal(string: "1.0007897694499557")!))
        #expect(hundred.gross == (curve.price(atStep: 9)?.decimal).map { $0 * 100 })
        let one = try #require(
            curve.sell(
                tokenQuarks: CurveTestSupport.tokenQuarks(1), feeBps: 100,
                supplyQuarks: CurveTestSupport.tokenQuarks(100_000)))
        #expect(CurveTestSupport.isClose(one.gross, Decimal(string: "0.010915839535681")!))
        #expect(CurveTestSupport.isClose(one.net, Decimal(string: "0.010806681140325")!))
        #expect(CurveTestSupport.isClose(one.fee, Decimal(string: "0.000109158395357")!))
    }

    /// "`ExchangedFiat.compute(fromEntered:)`": the Tokens column through tokensForValueExchange,
    /// and the Sell-back column by selling the listed quarks back (fee 0).
    @Test("the compute(fromEntered:) table: tokens and sell-back value")
    func computeFromEntered() throws {
        let rows = try CurveTestSupport.table(after: "`ExchangedFiat.compute(fromEntered:)`")
        #expect(rows.count == 4)
        for row in rows {
            let entered = try CurveTestSupport.decimal(row[0].replacingOccurrences(of: " CAD", with: ""))
            let rate = try CurveTestSupport.decimal(row[1])
            let supplyTokens = try #require(UInt64(row[2].replacingOccurrences(of: ",", with: "")))
            let tokens = try CurveTestSupport.decimal(row[3])
            let quarks = try #require(UInt64(row[4].replacingOccurrences(of: ",", with: "")))
            let sellBack = try CurveTestSupport.decimal(row[5].components(separatedBy: " (").first ?? row[5])
            let supply = CurveTestSupport.tokenQuarks(supplyTokens)

            let computed = curve.tokensForValueExchange(fiat: entered, fiatRate: rate, supplyQuarks: supply)
            #expect(CurveTestSupport.isClose(computed, tokens), "\(row[0]) at \(row[2]): \(String(describing: computed))")
            let sold = curve.sell(tokenQuarks: quarks, feeBps: 0, supplyQuarks: supply)
            #expect(CurveTestSupport.isClose(sold?.net, sellBack), "\(row[0]) sell-back \(String(describing: sold?.net))")
            #expect(CurveTestSupport.isClose(sold?.net, entered / rate))
        }
    }

    /// `ocp-server:solana/currencycreator/estimate_test.go`: the server's own rules (lifting the
    /// supply, capping the buy, flooring to quarks) applied to our curve.
    @Test("server estimates that are curve facts")
    func serverEstimates() throws {
        // EstimateSell(2000 tokens, supply 1000): the supply is lifted to 2000, floored to µUSDF.
        let lifted = try #require(
            curve.sell(
                tokenQuarks: CurveTestSupport.tokenQuarks(2_000), feeBps: 0,
                supplyQuarks: CurveTestSupport.tokenQuarks(2_000)))
        #expect(Self.floorQuarks(lifted.net, decimals: 6) == 20_016_675)
        // EstimateCurrentPrice(22,000,000): clamped to the maximum supply.
        #expect(CurveTestSupport.isClose(curve.spotPrice(supply: 21_000_000), Decimal(string: "999999.999988634528021217")!))
        // EstimateBuy(2e18 µUSDF): capped at the tokens left.
        for (supplyTokens, expectedTokens) in [(UInt64(0), UInt64(21_000_000)), (10_000_000, 11_000_000)] {
            let bought = try #require(
                curve.buy(
                    usdfQuarks: 2_000_000_000_000_000_000, feeBps: 0,
                    supplyQuarks: CurveTestSupport.tokenQuarks(supplyTokens)))
            let left = Decimal(21_000_000 - supplyTokens)
            #expect(bought.net >= left)
            #expect(Self.floorQuarks(min(bought.net, left), decimals: 10) == CurveTestSupport.tokenQuarks(expectedTokens))
        }
        // The cross-platform cases (derived values).
        let sell = try #require(curve.sell(tokenQuarks: 9_879_876_543_210, feeBps: 100, supplyQuarks: 123_451_234_567_890))
        #expect(Self.floorQuarks(sell.gross, decimals: 6) == 9_982_681)
        #expect(Self.floorQuarks(sell.fee, decimals: 6) == 99_826)
        let buyValue = curve.valueToTokens(supply: Decimal(string: "9876.9876543210")!, value: Decimal(string: "123.123456")!)
        #expect(CurveTestSupport.isClose(buyValue.map { $0 * 10_000_000_000 }, 121_417_815_190_726))
        #expect(
            CurveTestSupport.isClose(
                curve.spotPrice(supply: Decimal(string: "12345678.123456789")!),
                Decimal(string: "504.760909582406069125")!))
    }

    /// Section D: the continuous curve's chart. At a step boundary the discrete price is the
    /// continuous spot price R′(S), and with the exact constants R(S) = (R′(S) − 0.01)/c.
    @Test("the continuous reference chart (section D) through the discrete prices and c")
    func continuousReference() throws {
        let chart: [(supply: Int, reserve: String, spot: String)] = [
            (0, "0", "0.010000000000000000"),
            (210_000, "2305.861105789981716741", "0.012022644346172763"),
            (1_050_000, "17235.853279805856908122", "0.025118864315081528"),
            (2_100_000, "60530.359268815480093839", "0.063095734447947617"),
            (5_250_000, "1128622.784843532873458537", "0.999999999997158682"),
            (10_500_000, "113990901.268876136948759050", "99.999999999431731393"),
            (15_750_000, "11400218749.640068217423582686", "9999.999999914759458920"),
            (21_000_000, "1140023003583.552443559392295060", "999999.999988634577856058"),
        ]
        for row in chart {
            let spot = try #require(curve.spotPrice(supply: Decimal(row.supply)))
            #expect(CurveTestSupport.isClose(spot, Decimal(string: row.spot)!), "R′(\(row.supply))")
            let reserve = (spot - Decimal(string: "0.01")!) / BondingCurveConstants.c
            #expect(CurveTestSupport.isClose(reserve, Decimal(string: row.reserve)!), "R(\(row.supply))")
        }
        #expect(CurveTestSupport.isClose(BondingCurveConstants.c, Decimal(string: "0.000000877175273521")!, relative: Decimal(string: "1e-12")!))
        #expect(CurveTestSupport.isClose(BondingCurveConstants.a, Decimal(string: "11400.230149967394933471")!, relative: Decimal(string: "1e-12")!))
        #expect(
            CurveTestSupport.isClose(BondingCurveConstants.a * BondingCurveConstants.c, Decimal(string: "0.01")!, relative: Decimal(string: "1e-30")!)
        )
    }

    private static func floorQuarks(_ value: Decimal, decimals: Int) -> UInt64? {
        var scaled = value
        for _ in 0..<decimals { scaled *= 10 }
        var floored = Decimal()
        NSDecimalRound(&floored, &scaled, 0, .down)
        return UInt64(floored.description)
    }
}
