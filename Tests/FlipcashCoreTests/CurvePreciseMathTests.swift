import Foundation
import Testing

@testable import FlipcashCore

/// The series the tables are built from (ln 10, e^y), checked through what they produce.
@Suite("Curve precise math: the constants and the growth ratio")
struct CurvePreciseMathTests {
    /// c = 8·ln 10/21,000,000 and a = 26,250/ln 10 to 38 significant digits, from the published
    /// digits of ln 10 = 2.302585092994045684017991454684364207601101488628772976033327900967573…
    @Test("c and a equal their values from the published digits of ln 10, to all 38 digits")
    func constants() {
        #expect(BondingCurveConstants.c == Decimal(string: "0.00000087717527352154121295923483987975779337"))
        #expect(BondingCurveConstants.a == Decimal(string: "11400.2301499603604758421341215608834102"))
    }

    @Test("26,250 steps of the growth ratio multiply the price by 10, within the build's error bound", arguments: 0..<8)
    func decadeDrift(decade: Int) {
        let drift = CurveTableBuilder.driftOverDecade(decade)
        #expect(drift <= CurveTableBuilder.errorBoundUlps)
        // In practice the drift is far smaller than the bound: a few hundred ulps of 2⁻¹⁰⁴.
        #expect(drift < 1_000_000)
    }

    @Test("the growth ratio is 10^(1/26,250) = e^(100c)")
    func growthRatio() throws {
        // ρ − 1 = 8.772137464694741570716…·10⁻⁵ (from the published ln 10); ρ is stored ×2¹²⁷.
        let ratio = CurveTableBuilder.growthRatio()
        let fraction = ratio - (UInt128(1) << 127)
        let scaled = CurveWideInteger.product(fraction, 100_000_000_000_000_000_000_000_000)  // ·10²⁶
        let digits = try #require(scaled.dividedRoundingDown(by: UInt128(1) << 127))
        #expect(digits == 8_772_137_464_694_741_570_716)
    }
}
