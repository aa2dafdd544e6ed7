import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// Issue 13: a buy priced its tokens from the supply truncated to whole tokens, so from a
/// fractional supply it skipped the partial first step and handed out more tokens than the USDF
/// paid for. `curve buy --usdf 1000 --supply 11608099.9` gave the answer for `11608099`, and
/// selling those tokens straight back returned 1000.0209 USDF.
@Suite("Regression: a buy from a fractional supply pays for the partial first step")
struct CurveBuyFractionalSupplyTests {
    let curve = DiscreteBondingCurve.shared
    static let quark = DiscreteBondingCurve.quarksPerToken
    static let tokenQuarkUnits = UInt128(100_000_000)
    static let usdfQuarkUnits = UInt128(1_000_000_000_000)

    /// `paid` USDF quarks in the exact 10⁻³⁶ units of `exactCost`.
    static func exact(usdfQuarks paid: UInt64) -> CurveWideInteger {
        CurveWideInteger.product(UInt128(paid) * usdfQuarkUnits, Fixed18.unitsPerWhole)
    }

    @Test("the issue's case: 1000 USDF at 11,608,099.9 buys less than at 11,608,099, and sells back for at most 1000")
    func issueExample() throws {
        let paid: UInt64 = 1_000_000_000
        let whole = 11_608_099 * Self.quark
        let fractional = whole + 9 * Self.quark / 10
        let fromWhole = try #require(curve.buy(usdfQuarks: paid, feeBps: 0, supplyQuarks: whole))
        let fromFraction = try #require(curve.buy(usdfQuarks: paid, feeBps: 0, supplyQuarks: fractional))
        // Starting 0.9 token higher on a rising curve buys fewer tokens for the same money.
        #expect(fromFraction.net < fromWhole.net)

        let tokens = try #require(Fixed18(fromFraction.net))
        let supply = UInt128(fractional) * Self.tokenQuarkUnits
        let cost = try #require(curve.exactCost(supply: supply, tokens: tokens.units))
        #expect(cost <= Self.exact(usdfQuarks: paid), "the tokens cost more than was paid")

        let received = UInt64(tokens.units / Self.tokenQuarkUnits)  // whole quarks, as the chain pays out
        let back = try #require(curve.sell(tokenQuarks: received, feeBps: 0, supplyQuarks: fractional + received))
        #expect(back.net <= 1_000, "selling back returned \(back.net) USDF for 1000 paid")
    }

    @Test("from any fractional supply, the tokens bought cost at most what was paid, and one 10⁻¹⁸ more would cost more")
    func tokensAreTheFloorOfWhatWasPaid() throws {
        var random = SplitMix64(seed: 0x13_F4AC)
        for _ in 0..<1_000 {
            let supplyQuarks = UInt64.random(in: 0..<20_000_000 * Self.quark, using: &random)
            // From a cent to ~$100k: small buys stay in the first step, large ones cross many.
            let paid = UInt64.random(in: 10_000...100_000_000_000, using: &random)
            let quote = try #require(curve.buy(usdfQuarks: paid, feeBps: 0, supplyQuarks: supplyQuarks))
            let tokens = try #require(Fixed18(quote.gross)).units
            let supply = UInt128(supplyQuarks) * Self.tokenQuarkUnits
            let cost = try #require(curve.exactCost(supply: supply, tokens: tokens))
            let more = try #require(curve.exactCost(supply: supply, tokens: tokens + 1))
            #expect(cost <= Self.exact(usdfQuarks: paid), "supply \(supplyQuarks) paid \(paid): \(tokens) tokens cost too much")
            #expect(more > Self.exact(usdfQuarks: paid), "supply \(supplyQuarks) paid \(paid): tokens withheld")
        }
    }
}
