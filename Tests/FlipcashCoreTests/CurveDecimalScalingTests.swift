import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// The fast in-place Decimal conversion must give exactly what Foundation's public API gives.
@Suite("Fixed18 ↔ Decimal conversion")
struct CurveDecimalScalingTests {
    @Test("this platform uses the in-place layout (detected, not assumed)")
    func strategy() {
        #expect(DecimalScaling.strategy != .viaString)
    }

    @Test("examples: rounding half to even at 18 places, NaN and negatives rejected")
    func examples() {
        #expect(Fixed18(Decimal(string: "1.5")!)?.units == 1_500_000_000_000_000_000)
        #expect(Fixed18(Decimal(string: "0.0000000000000000005")!)?.units == 0)
        #expect(Fixed18(Decimal(string: "0.0000000000000000015")!)?.units == 2)
        #expect(Fixed18(Decimal(string: "0.0000000000000000025")!)?.units == 2)
        #expect(Fixed18(Decimal(string: "0.00000000000000000250001")!)?.units == 3)
        #expect(Fixed18(Decimal(string: "1e-60")!)?.units == 0)
        #expect(Fixed18(Decimal(string: "340282366920938463463.374607431768211455")!)?.units == .max)
        #expect(Fixed18(Decimal(string: "340282366920938463463.4")!) == nil)
        #expect(Fixed18(.nan) == nil)
        #expect(Fixed18(-1) == nil)
        #expect(Fixed18(0) == .zero)
        #expect(Fixed18(units: 1_230_000_000_000_000_000).decimal == Decimal(string: "1.23"))
        #expect(Fixed18(units: 1_230_000_000_000_000_000).description == "1.23")
        #expect(Fixed18(units: 1).description == "0.000000000000000001")
        #expect(Fixed18(quarks: 5, decimals: 6)?.units == 5_000_000_000_000)
        #expect(Fixed18(quarks: 5, decimals: 19) == nil)
        #expect(Fixed18(whole: 21_000_000).decimal == 21_000_000)
    }

    @Test("writing: the same value, bytes and text as Decimal(string:) (random units)")
    func writingMatchesFoundation() throws {
        var random = SplitMix64(seed: 11)
        for index in 0..<3_000 {
            let bits = index % 128
            let units = UInt128.random(in: 0...(UInt128.max >> bits), using: &random)
            let text = DecimalScaling.Parts.compact(mantissa: units, exponent: -18).plainString
            let foundation = try #require(Decimal(string: text))
            let fast = DecimalScaling.decimal(units: units, scale: 18)
            #expect(fast == foundation, "\(text)")
            #expect(fast.description == foundation.description)
            #expect(withUnsafeBytes(of: fast) { Array($0) } == withUnsafeBytes(of: foundation) { Array($0) })
            #expect(DecimalScaling.decimal(units: units, scale: 18, strategy: .viaString) == foundation)
        }
    }

    @Test("reading: in-place and via-string agree on random decimals of every shape")
    func readingMatchesStringPath() throws {
        var random = SplitMix64(seed: 12)
        for _ in 0..<3_000 {
            let mantissa = UInt64.random(in: 0...UInt64.max >> (random.next() % 64), using: &random)
            let exponent = Int.random(in: -60...40, using: &random)
            var decimal = Decimal(sign: random.next() % 5 == 0 ? .minus : .plus, exponent: exponent, significand: Decimal(mantissa))
            if random.next() % 4 == 0 { decimal *= Decimal(UInt64.random(in: 1...UInt64.max, using: &random)) }
            for scale in [0, 6, 18, 44] {
                let fast = DecimalScaling.units(of: decimal, scale: scale)
                let slow = DecimalScaling.units(of: decimal, scale: scale, strategy: .viaString)
                #expect(fast == slow, "\(decimal) at scale \(scale)")
            }
            if let units = DecimalScaling.units(of: decimal, scale: 18), decimal.exponent >= -18 {
                #expect(DecimalScaling.decimal(units: units, scale: 18) == decimal)
            }
        }
    }
}
