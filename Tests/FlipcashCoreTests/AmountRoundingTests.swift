import Foundation
import Testing

@testable import FlipcashCore

@Suite("Amounts: rounding rules and quark scaling")
struct AmountRoundingTests {
    private let d = AmountFixtures.decimal

    @Test("half-up rounds halves away from zero, down truncates toward zero, half-even rounds to even")
    func roundingModes() {
        #expect(DecimalRounding.halfUp.round(d("2.5"), scale: 0) == 3)
        #expect(DecimalRounding.halfUp.round(d("-2.5"), scale: 0) == -3)
        #expect(DecimalRounding.halfUp.round(d("1.005"), scale: 2) == d("1.01"))
        #expect(DecimalRounding.halfUp.round(d("1.00499999"), scale: 2) == d("1"))
        #expect(DecimalRounding.down.round(d("2.59"), scale: 1) == d("2.5"))
        #expect(DecimalRounding.down.round(d("-2.59"), scale: 1) == d("-2.5"))
        #expect(DecimalRounding.halfEven.round(d("2.5"), scale: 0) == 2)
        #expect(DecimalRounding.halfEven.round(d("3.5"), scale: 0) == 4)
        #expect(DecimalRounding.halfEven.round(d("-2.5"), scale: 0) == -2)
        #expect(DecimalRounding.halfUp.round(d("1234"), scale: -2) == 1200)
        #expect(DecimalRounding.halfUp.round(.nan, scale: 2).isNaN)
    }

    /// Section B, `UInt64.scaleDown` / `scaleUp`, read from the vectors file. `QuarkScale.down` and
    /// `QuarkScale.up` are the two legacy methods; `up` throws where the legacy one trapped.
    @Test("scaleDown and scaleUp vectors from the reference file")
    func scaleVectorsFromFile() throws {
        let rows = try AmountVectorFile.table(
            in: try AmountVectorFile.section("B. Amounts and rounding"), after: "UInt64.scaleDown")
        #expect(rows.count == 6)
        for row in rows {
            let expression = AmountVectorFile.code(row[0])
            let expected = try AmountVectorFile.number(row[1])
            let parts = expression.components(separatedBy: ".scale")
            let operand = try AmountVectorFile.number(parts[0].replacingOccurrences(of: "_", with: ""))
            let quarks = try #require(UInt64(operand.description))
            let direction = try #require(parts.last)
            let decimals = try #require(Int(direction.drop { $0 != "(" }.dropFirst().dropLast()))
            if direction.hasPrefix("Down") {
                #expect(QuarkScale.down(quarks, decimals: decimals) == expected, "\(expression)")
            } else {
                #expect(try Decimal(QuarkScale.up(quarks, decimals: decimals)) == expected, "\(expression)")
            }
        }
    }

    @Test("scaleDown and scaleUp vectors, transcribed")
    func scaleVectorsTranscribed() throws {
        #expect(QuarkScale.down(123_456_789, decimals: 6) == d("123.456789"))
        #expect(QuarkScale.down(1, decimals: 6) == d("0.000001"))
        #expect(QuarkScale.down(475_000_000_000_000, decimals: 6) == 475_000_000)
        #expect(QuarkScale.down(1_000_000_000_000, decimals: 10) == 100)
        #expect(try QuarkScale.up(123, decimals: 4) == 1_230_000)
        #expect(try QuarkScale.up(0, decimals: 10) == 0)
    }

    @Test("scaling up past UInt64 throws overflow instead of trapping (upstream: precondition)")
    func scaleUpOverflowThrows() throws {
        #expect(throws: AmountError.overflow) { try QuarkScale.up(475_000_000_000_000, decimals: 5) }
        #expect(throws: AmountError.overflow) { try QuarkScale.up(UInt64.max, decimals: 1) }
        #expect(try QuarkScale.up(1, decimals: 19) == 10_000_000_000_000_000_000)
        #expect(throws: AmountError.unsupportedDecimals(20)) { try QuarkScale.up(1, decimals: 20) }
        #expect(throws: AmountError.unsupportedDecimals(-1)) { try QuarkScale.up(1, decimals: -1) }
    }

    /// Section B, "Fiat → quarks, half-up at 6 decimals".
    @Test("1 CAD at 1.35 is 740,741 USDF quarks; 5 CAD at 1.4 is 3,571,429")
    func fiatToQuarksHalfUp() throws {
        let oneCAD = try ExchangedFiat(nativeAmount: AmountFixtures.fiat("1", .cad), rate: AmountFixtures.rate("1.35", .cad))
        #expect(oneCAD.onChainAmount == TokenAmount(quarks: 740_741, mint: .usdf))
        let fiveCAD = try ExchangedFiat(nativeAmount: AmountFixtures.fiat("5", .cad), rate: AmountFixtures.rate("1.4", .cad))
        #expect(fiveCAD.onChainAmount.quarks == 3_571_429)
    }

    @Test(
        "the half-quark boundary rounds up, just below it rounds down",
        arguments: [
            ("0.0000005", UInt64(1)), ("0.00000049999999", 0), ("0.0000015", 2), ("0.0000025", 3),
            ("1.2345675", 1_234_568), ("0", 0), ("18446744073709.551615", UInt64.max),
        ])
    func halfQuarkBoundary(value: String, quarks: UInt64) throws {
        #expect(try TokenAmount(wholeTokens: d(value), mint: .usdf).quarks == quarks)
    }

    @Test("half-up at 10 decimals for launchpad currencies")
    func launchpadHalfUp() throws {
        #expect(try TokenAmount(wholeTokens: d("0.00000000005"), mint: AmountFixtures.launchpad).quarks == 1)
        #expect(try TokenAmount(wholeTokens: d("99.921085379361"), mint: AmountFixtures.launchpad).quarks == 999_210_853_794)
    }

    @Test("fiat → quarks refuses negatives, NaN and values past UInt64.max quarks")
    func fiatToQuarksErrors() {
        #expect(throws: AmountError.negativeValue(d("-0.0000001"))) {
            try TokenAmount(wholeTokens: d("-0.0000001"), mint: .usdf)
        }
        #expect(throws: AmountError.notANumber) { try TokenAmount(wholeTokens: .nan, mint: .usdf) }
        #expect(throws: AmountError.overflow) { try TokenAmount(wholeTokens: d("18446744073709.5516155"), mint: .usdf) }
        #expect(throws: AmountError.overflow) { try TokenAmount(wholeTokens: d("1e30"), mint: AmountFixtures.launchpad) }
    }
}
