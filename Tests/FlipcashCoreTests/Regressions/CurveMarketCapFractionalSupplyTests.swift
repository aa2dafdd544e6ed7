import Foundation
import Testing

@testable import FlipcashCore

/// Issue 13: the market cap at a fractional supply multiplied the supply truncated to whole
/// tokens by the price; it is the supply as it is, fraction included, times the spot price.
@Suite("Regression: the market cap counts the fraction of a token")
struct CurveMarketCapFractionalSupplyTests {
    let curve = DiscreteBondingCurve.shared

    @Test(
        "market cap = supply (with its fraction) × spot price, rounded down",
        arguments: [
            // Few enough digits that `Decimal`'s 38-digit product is exact.
            "1000000.5", "0.0000000001", "99.9999999999", "12345678.1234", "20999999.5",
        ])
    func fractionalSupply(text: String) throws {
        let supply = try #require(Decimal(string: text))
        let quarks = try QuarkScale.quarks(from: supply, decimals: 10)  // exact: at most 10 decimals
        let price = try #require(curve.spotPrice(supply: supply))
        var product = supply * price
        var expected = Decimal()
        NSDecimalRound(&expected, &product, 18, .down)
        #expect(curve.marketCap(supplyQuarks: quarks) == expected)
    }

    @Test("half a token more is worth half a token more (less the 10⁻¹⁹ cut at 18 places)")
    func halfAToken() throws {
        let whole = try #require(curve.marketCap(supplyQuarks: 1_000_000 * DiscreteBondingCurve.quarksPerToken))
        let half = try #require(curve.marketCap(supplyQuarks: 1_000_000 * DiscreteBondingCurve.quarksPerToken + 5_000_000_000))
        let price = try #require(curve.spotPrice(supply: 1_000_000))
        var halfPrice = price / 2
        var expected = Decimal()
        NSDecimalRound(&expected, &halfPrice, 18, .down)
        #expect(half - whole == expected)
    }
}
