import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// Trades in whole quarks, as the ledger settles them (issue 17): they follow the exact quotes,
/// round once in the pool's favour, and never let a trader take out more than went in.
@Suite("Curve trades in quarks")
struct CurveTradeTests {
    let curve = DiscreteBondingCurve.shared
    static let maxSupply = DiscreteBondingCurve.maxSupplyQuarks

    static func supply(_ random: inout SplitMix64) -> UInt64 {
        switch random.next() % 4 {
        case 0: 0
        case 1: UInt64.random(in: 0...(1_000_000 * DiscreteBondingCurve.quarksPerToken), using: &random)
        case 2: maxSupply - UInt64.random(in: 1...(1_000 * DiscreteBondingCurve.quarksPerToken), using: &random)
        default: UInt64.random(in: 0..<maxSupply, using: &random)
        }
    }

    static func usdf(_ random: inout SplitMix64) -> UInt64 {
        let ceiling: UInt64 = [1, 100, 1_000_000, 1_000_000_000, 100_000_000_000_000][Int(random.next() % 5)]
        return UInt64.random(in: 1...ceiling, using: &random)
    }

    @Test("a purchase gives the exact quote's tokens rounded down to a quark, and takes the amount offered")
    func buyMatchesQuote() throws {
        var random = SplitMix64(seed: 0xB0B)
        for _ in 0..<400 {
            let supply = Self.supply(&random)
            let usdf = Self.usdf(&random)
            guard let quote = try? curve.quoteBuy(usdfQuarks: usdf, feeBps: 0, supplyQuarks: supply) else { continue }
            let trade = try curve.buyTrade(usdfQuarks: usdf, supplyQuarks: supply)
            let exactQuarks = quote.net * Decimal(DiscreteBondingCurve.quarksPerToken)
            #expect(Decimal(trade.tokenQuarks) <= exactQuarks)
            #expect(exactQuarks - Decimal(trade.tokenQuarks) < 1)
            #expect(trade.usdfQuarks <= usdf)
            #expect(supply + trade.tokenQuarks <= Self.maxSupply)
        }
    }

    @Test("a sale's fee is the fee rate of its value rounded up, never 0 for a fee above 0, and gross = fee + net")
    func sellSplitsExactly() throws {
        var random = SplitMix64(seed: 0x5E11)
        for _ in 0..<400 {
            let supply = Self.supply(&random)
            guard supply > 0 else { continue }
            let tokens = UInt64.random(in: 1...supply, using: &random)
            let bps = [0, 1, 100, 250, 10_000][Int(random.next() % 5)]
            let sale = try curve.sellTrade(tokenQuarks: tokens, feeBps: bps, supplyQuarks: supply)
            #expect(sale.feeUSDFQuarks + sale.netUSDFQuarks == sale.grossUSDFQuarks)
            let product = UInt128(sale.grossUSDFQuarks) * UInt128(bps)
            #expect(UInt128(sale.feeUSDFQuarks) * 10_000 >= product)
            #expect(UInt128(sale.feeUSDFQuarks) * 10_000 < product + 10_000)
            if bps > 0, sale.grossUSDFQuarks > 0 { #expect(sale.feeUSDFQuarks > 0) }
            let exact = try curve.quoteSell(tokenQuarks: tokens, feeBps: 0, supplyQuarks: supply).gross
            #expect(Decimal(sale.grossUSDFQuarks) <= exact * 1_000_000)
            #expect(exact * 1_000_000 - Decimal(sale.grossUSDFQuarks) < 1)
        }
    }

    @Test("buying then selling everything back never returns more USDF than was paid")
    func roundTripNeverGains() throws {
        var random = SplitMix64(seed: 0x7A11)
        for _ in 0..<400 {
            let supply = Self.supply(&random)
            let usdf = Self.usdf(&random)
            guard let bought = try? curve.buyTrade(usdfQuarks: usdf, supplyQuarks: supply), bought.tokenQuarks > 0 else { continue }
            let sale = try curve.sellTrade(tokenQuarks: bought.tokenQuarks, feeBps: 0, supplyQuarks: supply + bought.tokenQuarks)
            #expect(sale.grossUSDFQuarks <= bought.usdfQuarks, "supply \(supply), paid \(usdf)")
        }
    }

    @Test("selling in two parts never gives more than selling at once")
    func splitSaleNeverGains() throws {
        var random = SplitMix64(seed: 0x2DA7)
        for _ in 0..<300 {
            let supply = Self.supply(&random)
            guard supply > 1 else { continue }
            let total = UInt64.random(in: 2...supply, using: &random)
            let first = UInt64.random(in: 1..<total, using: &random)
            let whole = try curve.sellTrade(tokenQuarks: total, feeBps: 100, supplyQuarks: supply)
            let one = try curve.sellTrade(tokenQuarks: first, feeBps: 100, supplyQuarks: supply)
            let two = try curve.sellTrade(tokenQuarks: total - first, feeBps: 100, supplyQuarks: supply - first)
            #expect(one.netUSDFQuarks + two.netUSDFQuarks <= whole.netUSDFQuarks)
        }
    }

    @Test("the reserve floor is what the whole supply sells for, and grows with the supply")
    func reserveFloor() throws {
        #expect(curve.reserveFloor(supplyQuarks: 0) == 0)
        var random = SplitMix64(seed: 0xF100)
        for _ in 0..<200 {
            let low = Self.supply(&random)
            let high = min(Self.maxSupply, low + UInt64.random(in: 0...(10_000 * DiscreteBondingCurve.quarksPerToken), using: &random))
            let lowFloor = try #require(curve.reserveFloor(supplyQuarks: low))
            let highFloor = try #require(curve.reserveFloor(supplyQuarks: high))
            #expect(lowFloor <= highFloor)
        }
        // The whole curve: the cumulative table's last value, rounded down to a quark.
        let whole = try #require(curve.cumulativeValue(atStep: DiscreteBondingCurve.tableSize - 1))
        #expect(curve.reserveFloor(supplyQuarks: Self.maxSupply) == UInt64(whole.units / 1_000_000_000_000))
    }

    @Test("at the curve's end a purchase takes only what the tokens left cost; with none left it is refused")
    func curveEnd() throws {
        let nearEnd = Self.maxSupply - 5 * DiscreteBondingCurve.quarksPerToken
        let trade = try curve.buyTrade(usdfQuarks: 100_000_000_000_000, supplyQuarks: nearEnd)
        #expect(trade.tokenQuarks == 5 * DiscreteBondingCurve.quarksPerToken)
        #expect(trade.usdfQuarks < 100_000_000_000_000)
        // Five tokens at the last step's price of about $1,000,000.
        #expect(trade.usdfQuarks > 4_999_000_000_000 && trade.usdfQuarks < 5_000_001_000_000)
        #expect(throws: CurveQuoteError.curveExhausted) { try curve.buyTrade(usdfQuarks: 1, supplyQuarks: Self.maxSupply) }
    }

    @Test("a launch's mint is derived from its intent id, and names and symbols are checked")
    func launchIdentity() throws {
        let mint = LaunchpadCurrency.mint(launchedBy: "intent-1")
        #expect(mint == LaunchpadCurrency.mint(launchedBy: "intent-1"))
        #expect(mint != LaunchpadCurrency.mint(launchedBy: "intent-2"))
        #expect(!mint.isUSDF)
        #expect(try Mint(address: mint.address) == mint)
        #expect(try LaunchpadCurrency.checkedSymbol("mpie") == "MPIE")
        #expect(try LaunchpadCurrency.checkedName("  Moon Pie ") == "Moon Pie")
        for bad in ["M", "1ABC", "ABCDEFGHI", "AB-C", "ÄBC", ""] {
            #expect(throws: LaunchpadCurrencyError.invalidSymbol(bad)) { try LaunchpadCurrency.checkedSymbol(bad) }
        }
        for bad in ["", "   ", String(repeating: "x", count: 33), "a\nb", "a\u{0}b", "a\u{202E}b"] {
            #expect(throws: LaunchpadCurrencyError.invalidName(bad)) { try LaunchpadCurrency.checkedName(bad) }
        }
    }
}
