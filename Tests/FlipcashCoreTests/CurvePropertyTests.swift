import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// Properties over seeded random supplies and amounts (SplitMix64), in exact 10⁻¹⁸ units.
@Suite("Discrete curve properties")
struct CurvePropertyTests {
    let curve = DiscreteBondingCurve.shared
    static let unit = Fixed18.unitsPerWhole

    /// A random amount of 10⁻¹⁸ units below `whole` whole tokens (or dollars), with a random
    /// number of decimals (0, 10 or 18) so whole, quark-aligned and finest amounts all occur.
    static func amount(below whole: UInt64, using random: inout SplitMix64) -> Fixed18 {
        let units = UInt128.random(in: 0..<(UInt128(whole) * unit), using: &random)
        switch random.next() % 3 {
        case 0: return Fixed18(units: units / unit * unit)
        case 1: return Fixed18(units: units / 100_000_000 * 100_000_000)
        default: return Fixed18(units: units)
        }
    }

    @Test("spot price never decreases as supply grows")
    func spotPriceMonotone() throws {
        var random = SplitMix64(seed: 1)
        let supplies = (0..<2_000).map { _ in Self.amount(below: 21_000_000, using: &random) }.sorted()
        var previous = Fixed18.zero
        for supply in supplies {
            let price = try #require(curve.spotPrice(supply: supply))
            #expect(price >= previous)
            previous = price
        }
    }

    @Test("cost is additive across any split: exact in 10⁻³⁶ units, within one 10⁻¹⁸ unit once rounded")
    func additive() throws {
        var random = SplitMix64(seed: 2)
        for _ in 0..<2_000 {
            let supply = Self.amount(below: 20_000_000, using: &random)
            let first = Self.amount(below: [1, 100, 10_000, 400_000][Int(random.next() % 4)], using: &random)
            let second = Self.amount(below: [1, 100, 10_000, 400_000][Int(random.next() % 4)], using: &random)
            let middle = supply.units + first.units
            let whole = try #require(curve.exactCost(supply: supply.units, tokens: first.units + second.units))
            let firstCost = try #require(curve.exactCost(supply: supply.units, tokens: first.units))
            let secondCost = try #require(curve.exactCost(supply: middle, tokens: second.units))
            #expect(firstCost.adding(secondCost) == whole)

            let rounded = try #require(curve.tokensToValue(supply: supply, tokens: Fixed18(units: first.units + second.units)))
            let a = try #require(curve.tokensToValue(supply: supply, tokens: first))
            let b = try #require(curve.tokensToValue(supply: Fixed18(units: middle), tokens: second))
            let sum = a.units + b.units
            #expect(max(sum, rounded.units) - min(sum, rounded.units) <= 1)
        }
    }

    @Test("tokensToValue(0, 100·k) is CUMULATIVE[k]")
    func wholeStepsAreTheCumulativeTable() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<500 {
            let step = Int.random(in: 0...210_000, using: &random)
            let cost = curve.tokensToValue(supply: .zero, tokens: Fixed18(whole: UInt64(step) * 100))
            #expect(cost == curve.cumulativeValue(atStep: step))
        }
    }

    @Test("valueToTokens inverts tokensToValue within 1e-12 relative")
    func roundTrip() throws {
        var random = SplitMix64(seed: 4)
        for _ in 0..<2_000 {
            let supply = Self.amount(below: 20_900_000, using: &random)
            let tokens = Fixed18(units: max(Self.amount(below: 50_000, using: &random).units, Self.unit / 100))
            let cost = try #require(curve.tokensToValue(supply: supply, tokens: tokens))
            let bought = try #require(curve.valueToTokens(supply: supply, value: cost))
            let error = max(bought.units, tokens.units) - min(bought.units, tokens.units)
            // 1e-12 relative, as an integer inequality: error · 10¹² ≤ tokens
            #expect(error * 1_000_000_000_000 <= tokens.units, "supply \(supply) tokens \(tokens) → \(bought)")
        }
    }

    @Test("buying and selling back at the same supply never returns more than was paid")
    func buyThenSell() throws {
        var random = SplitMix64(seed: 5)
        for index in 0..<1_500 {
            // Whole-token supplies: buy() prices from the supply truncated to whole tokens.
            let supplyQuarks = UInt64.random(in: 0..<20_000_000, using: &random) * DiscreteBondingCurve.quarksPerToken
            let paid = UInt64.random(in: 1...[1_000, 1_000_000, 100_000_000, 10_000_000_000][index % 4], using: &random)
            let feeBps = [0, 100, Int.random(in: 0...10_000, using: &random)][index % 3]
            let buy = try #require(curve.buySplit(usdfQuarks: paid, feeBps: feeBps, supplyQuarks: supplyQuarks))
            // The chain hands out whole token quarks, rounding down.
            let receivedQuarks = UInt64(buy.net.units / DiscreteBondingCurve.tokenQuarkUnits)
            let sell = try #require(
                curve.sellSplit(
                    tokenQuarks: receivedQuarks, feeBps: feeBps, supplyQuarks: supplyQuarks + receivedQuarks))
            // In exact units (one unit of slack for the half-even rounding of the tokens) …
            #expect(sell.gross.units <= UInt128(paid) * DiscreteBondingCurve.usdfQuarkUnits + 1)
            // … and in the USDF quarks a seller would receive.
            #expect(sell.net.units / DiscreteBondingCurve.usdfQuarkUnits <= UInt128(paid))
        }
    }

    @Test("fees: 0 bps takes nothing, 10,000 bps takes everything, gross = fee + net, outside 0…10,000 is nil")
    func feeEdges() throws {
        var random = SplitMix64(seed: 6)
        for _ in 0..<300 {
            let supplyQuarks = UInt64.random(in: 1...210_000_000_000_000_000, using: &random)
            let quarks = UInt64.random(in: 1...1_000_000_000_000, using: &random)
            let free = try #require(curve.sell(tokenQuarks: quarks, feeBps: 0, supplyQuarks: supplyQuarks))
            #expect(free.fee == 0)
            #expect(free.net == free.gross)
            let all = try #require(curve.sell(tokenQuarks: quarks, feeBps: 10_000, supplyQuarks: supplyQuarks))
            #expect(all.net == 0)
            #expect(all.fee == free.gross)
            let some = try #require(
                curve.sell(
                    tokenQuarks: quarks, feeBps: Int.random(in: 1...9_999, using: &random),
                    supplyQuarks: supplyQuarks))
            #expect(some.fee + some.net == some.gross)
            #expect(some.fee <= some.gross)
            let buy = try #require(curve.buy(usdfQuarks: quarks, feeBps: 0, supplyQuarks: supplyQuarks % 200_000_000_000_000_000))
            #expect(buy.fee == 0 && buy.net == buy.gross)
        }
        for bps in [-1, 10_001, Int.min, Int.max] {
            #expect(curve.buy(usdfQuarks: 1_000_000, feeBps: bps, supplyQuarks: 0) == nil)
            #expect(curve.sell(tokenQuarks: 1_000_000, feeBps: bps, supplyQuarks: 10_000_000_000_000) == nil)
        }
    }

    @Test("tokensForValueExchange: selling the tokens back returns the requested value")
    func exchangeSellsBack() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let supplyQuarks = UInt64.random(in: 10_000_000_000...210_000_000_000_000_000, using: &random)
            let reserve = try #require(
                curve.tokensToValue(
                    supply: .zero, tokens: Fixed18(units: UInt128(supplyQuarks) * DiscreteBondingCurve.tokenQuarkUnits)))
            let value = Fixed18(units: UInt128.random(in: 1...reserve.units, using: &random))
            let tokens = try #require(curve.tokensForValueExchange(fiat: value, fiatRate: Fixed18(whole: 1), supplyQuarks: supplyQuarks))
            let supply = Fixed18(units: UInt128(supplyQuarks) * DiscreteBondingCurve.tokenQuarkUnits)
            let back = try #require(curve.tokensToValue(supply: Fixed18(units: supply.units - tokens.units), tokens: tokens))
            let error = max(back.units, value.units) - min(back.units, value.units)
            // Rounding P(·) to 10⁻¹⁸ tokens twice moves the value by at most a unit of token at
            // the top step's price (≤ 10⁶·10⁻¹⁸ USD), plus the final rounding.
            #expect(error <= 2_000_001, "value \(value) tokens \(tokens) back \(back)")
        }
    }
}
