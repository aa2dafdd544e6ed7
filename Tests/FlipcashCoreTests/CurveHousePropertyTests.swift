import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// The properties the curve must satisfy so that rounding never creates money (issue 13), over
/// seeded random fractional supplies, amounts and fees, in exact units:
/// - buying then selling back never returns more than was paid;
/// - selling then buying back never yields more tokens than were sold;
/// - every quote leaves the supply within 0…21,000,000 tokens;
/// - splitting a trade in two never beats making it at once, and loses at most the rounding.
@Suite("Discrete curve: rounding favours the pool")
struct CurveHousePropertyTests {
    let curve = DiscreteBondingCurve.shared
    static let unit = Fixed18.unitsPerWhole
    static let maxSupply = UInt128(21_000_000) * unit
    static let tokenQuark = UInt128(100_000_000)
    static let usdfQuark = UInt128(1_000_000_000_000)

    /// A supply in 10⁻¹⁸ tokens below 21,000,000: whole, quark-aligned or with all 18 decimals,
    /// sometimes just below a step boundary or the end, where partial steps matter most.
    static func supply(using random: inout SplitMix64) -> UInt128 {
        let raw = UInt128.random(in: 0..<maxSupply, using: &random)
        switch random.next() % 5 {
        case 0: return raw / unit * unit
        case 1: return raw / tokenQuark * tokenQuark
        case 2: return (raw / (100 * unit) + 1) * 100 * unit - UInt128.random(in: 1...unit, using: &random)
        case 3: return maxSupply - UInt128.random(in: 1...(1_000 * unit), using: &random)
        default: return raw
        }
    }

    /// A USD value in 10⁻¹⁸ units, from a quark to ~10⁸ USD, quark-aligned or not.
    static func value(using random: inout SplitMix64) -> UInt128 {
        let magnitude = [usdfQuark, unit / 100, unit, 1_000 * unit, 100_000_000 * unit][Int(random.next() % 5)]
        let raw = UInt128.random(in: 1...magnitude, using: &random)
        return random.next() % 2 == 0 ? max(raw / usdfQuark * usdfQuark, usdfQuark) : raw
    }

    static func fee(using random: inout SplitMix64) -> Int {
        [0, 100, 10_000, Int.random(in: 0...10_000, using: &random)][Int(random.next() % 4)]
    }

    /// Exact 10⁻³⁶ units of a 10⁻¹⁸ amount, for comparisons without rounding.
    static func exact(_ units: UInt128) -> CurveWideInteger { CurveWideInteger.product(units, unit) }

    @Test("buy then sell back: never more than was paid, and the supply stays on the curve")
    func buyThenSell() throws {
        var random = SplitMix64(seed: 0x13_0001)
        for _ in 0..<2_000 {
            let supply = Self.supply(using: &random)
            let value = Self.value(using: &random)
            let fee = Self.fee(using: &random)
            let buy = try curve.buySplit(value: Fixed18(units: value), feeBps: fee, supply: Fixed18(units: supply))
            let after = supply + buy.gross.units
            #expect(after <= Self.maxSupply)
            #expect(buy.spent.units <= value)
            #expect(buy.fee.units + buy.net.units == buy.gross.units)
            // The tokens cost at most what was taken for them.
            let cost = try #require(curve.exactCost(supply: supply, tokens: buy.gross.units))
            #expect(cost <= Self.exact(buy.spent.units))
            // Selling what was received straight back, at the supply the buy left.
            let sell = try curve.sellSplit(tokens: buy.net, feeBps: fee, supply: Fixed18(units: after))
            #expect(sell.gross.units <= buy.spent.units, "supply \(supply) value \(value) fee \(fee)")
            #expect(sell.net.units <= sell.gross.units)
        }
    }

    @Test("the same in the quarks the chain moves: whole token quarks received, whole USDF quarks back")
    func buyThenSellInQuarks() throws {
        var random = SplitMix64(seed: 0x13_0002)
        for _ in 0..<2_000 {
            let supplyQuarks = UInt64(Self.supply(using: &random) / Self.tokenQuark)
            let paid = UInt64(Self.value(using: &random) / Self.usdfQuark) + 1
            let fee = Self.fee(using: &random)
            let buy = try curve.quoteBuy(usdfQuarks: paid, feeBps: fee, supplyQuarks: supplyQuarks)
            let spent = try QuarkScale.exactQuarks(from: buy.spent, decimals: 6)
            let gross = UInt64(try #require(Fixed18(buy.gross)).units / Self.tokenQuark)
            let net = UInt64(try #require(Fixed18(buy.net)).units / Self.tokenQuark)
            #expect(spent <= paid)
            let sell = try curve.quoteSell(tokenQuarks: net, feeBps: fee, supplyQuarks: supplyQuarks + gross)
            let back = UInt64(try #require(Fixed18(sell.net)).units / Self.usdfQuark)
            #expect(back <= spent, "supply \(supplyQuarks) paid \(paid) fee \(fee)")
        }
    }

    @Test("sell then buy back: never more tokens than were sold, and the supply stays on the curve")
    func sellThenBuy() throws {
        var random = SplitMix64(seed: 0x13_0003)
        for _ in 0..<2_000 {
            let supply = Self.supply(using: &random)
            let tokens = UInt128.random(
                in: 0...min(supply, [Self.unit, 100 * Self.unit, 1_000_000 * Self.unit][Int(random.next() % 3)]),
                using: &random)
            let fee = Self.fee(using: &random)
            let sell = try curve.sellSplit(tokens: Fixed18(units: tokens), feeBps: fee, supply: Fixed18(units: supply))
            let after = supply - tokens
            let buy = try curve.buySplit(value: sell.net, feeBps: fee, supply: Fixed18(units: after))
            #expect(after + buy.gross.units <= supply)
            #expect(buy.net.units <= tokens, "supply \(supply) tokens \(tokens) fee \(fee)")
        }
    }

    @Test("no quote leaves 0…21,000,000: sells of more than the supply and buys past the end never quote beyond")
    func bounds() throws {
        var random = SplitMix64(seed: 0x13_0004)
        for _ in 0..<2_000 {
            let supply = Self.supply(using: &random)
            let value = Self.value(using: &random) * UInt128(random.next() % 1_000_000 + 1)
            let buy = try curve.buySplit(value: Fixed18(units: value), feeBps: 0, supply: Fixed18(units: supply))
            #expect(supply + buy.gross.units <= Self.maxSupply)
            if let tokens = curve.valueToTokens(supply: Fixed18(units: supply), value: Fixed18(units: value)) {
                #expect(supply + tokens.units <= Self.maxSupply)
                #expect(tokens == buy.gross)
            } else {
                #expect(supply + buy.gross.units == Self.maxSupply)  // filled to the end
            }
            let tooMany = supply + UInt128.random(in: 1...Self.unit, using: &random)
            #expect(throws: CurveQuoteError.self) {
                try curve.sellSplit(tokens: Fixed18(units: tooMany), feeBps: 0, supply: Fixed18(units: supply))
            }
            #expect(curve.tokensToValue(supply: Fixed18(units: supply), tokens: Fixed18(units: Self.maxSupply - supply + 1)) == nil)
        }
        #expect(throws: CurveQuoteError.curveExhausted) {
            try curve.buySplit(value: Fixed18(units: 1), feeBps: 0, supply: Fixed18(units: Self.maxSupply))
        }
    }

    @Test("two buys never get more tokens than one of the same total, and lose at most the rounding")
    func buysAreAdditive() throws {
        var random = SplitMix64(seed: 0x13_0005)
        for _ in 0..<2_000 {
            let supply = Self.supply(using: &random)
            let first = Self.value(using: &random)
            let second = Self.value(using: &random)
            guard let whole = curve.valueToTokens(supply: Fixed18(units: supply), value: Fixed18(units: first + second))
            else { continue }  // past the end: filled, covered above
            let a = try #require(curve.valueToTokens(supply: Fixed18(units: supply), value: Fixed18(units: first)))
            let b = try #require(curve.valueToTokens(supply: Fixed18(units: supply + a.units), value: Fixed18(units: second)))
            #expect(a.units + b.units <= whole.units)
            #expect(whole.units - (a.units + b.units) <= 2, "supply \(supply) values \(first) + \(second)")
        }
    }

    @Test("two sales never pay more than one of the same total, and lose at most the rounding")
    func salesAreAdditive() throws {
        var random = SplitMix64(seed: 0x13_0006)
        for _ in 0..<2_000 {
            let supply = Self.supply(using: &random)
            let total = UInt128.random(in: 0...supply, using: &random) / UInt128(random.next() % 1_000 + 1)
            let first = UInt128.random(in: 0...total, using: &random)
            let whole = try curve.sellSplit(tokens: Fixed18(units: total), feeBps: 0, supply: Fixed18(units: supply))
            let a = try curve.sellSplit(tokens: Fixed18(units: first), feeBps: 0, supply: Fixed18(units: supply))
            let b = try curve.sellSplit(tokens: Fixed18(units: total - first), feeBps: 0, supply: Fixed18(units: supply - first))
            #expect(a.gross.units + b.gross.units <= whole.gross.units)
            #expect(whole.gross.units - (a.gross.units + b.gross.units) <= 1, "supply \(supply) tokens \(first) + \(total - first)")
        }
    }
}
