import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// Properties over seeded random inputs (SplitMix64 from TestSupport): every run sees the same
/// values, and a failure names its seed.
@Suite("Amounts: properties over seeded random values")
struct AmountPropertyTests {
    /// A UInt64 that is often near an edge: full range, small, or close to `UInt64.max`.
    private static func edgyQuarks(_ random: inout SplitMix64) -> UInt64 {
        switch random.next() % 4 {
        case 0: random.next()
        case 1: random.next() % 1_000
        case 2: UInt64.max - random.next() % 1_000
        default: random.next() >> (random.next() % 64)
        }
    }

    @Test("adding and subtracting never trap, fail exactly on overflow / below zero, and are inverse")
    func addSubtractInverse() throws {
        var random = SplitMix64(seed: 0xA11_0C0A7)
        for mint in [Mint.usdf, AmountFixtures.launchpad] {
            for _ in 0..<2_000 {
                let a = TokenAmount(quarks: Self.edgyQuarks(&random), mint: mint)
                let b = TokenAmount(quarks: Self.edgyQuarks(&random), mint: mint)
                let (sum, overflow) = a.quarks.addingReportingOverflow(b.quarks)
                if overflow {
                    #expect(throws: AmountError.overflow) { try a.adding(b) }
                } else {
                    let total = try a.adding(b)
                    #expect(total.quarks == sum)
                    #expect(try total.subtracting(b) == a)
                    #expect(try total.subtracting(a) == b)
                }
                if b.quarks > a.quarks {
                    #expect(throws: AmountError.negativeResult) { try a.subtracting(b) }
                } else {
                    #expect(try a.subtracting(b).adding(b) == a)
                }
                #expect(try a.isLess(than: b) == (a.quarks < b.quarks))
            }
        }
    }

    @Test("quarks → whole tokens → quarks is the identity; scaling down then up too")
    func wholeTokensRoundTrip() throws {
        var random = SplitMix64(seed: 0x70_4E45)
        for _ in 0..<2_000 {
            let quarks = Self.edgyQuarks(&random)
            for mint in [Mint.usdf, AmountFixtures.launchpad] {
                let amount = TokenAmount(quarks: quarks, mint: mint)
                #expect(try TokenAmount(wholeTokens: amount.decimalValue, mint: mint) == amount)
            }
            let decimals = Int(random.next() % 20)
            if let up = try? QuarkScale.up(quarks, decimals: decimals) {
                #expect(QuarkScale.down(up, decimals: decimals) == Decimal(quarks))
                #expect(up / (try QuarkScale.powerOfTen(decimals)) == quarks)
            } else {
                #expect(quarks.multipliedReportingOverflow(by: try QuarkScale.powerOfTen(decimals)).overflow)
            }
        }
    }

    @Test("ScaledAmount's 128-bit comparison agrees with comparing exact decimal values")
    func scaledComparisonMatchesDecimal() throws {
        var random = SplitMix64(seed: 0x698E_F3B)
        for _ in 0..<3_000 {
            let lhs = try ScaledAmount(quarks: Self.edgyQuarks(&random), currency: .clp, decimals: Int(random.next() % 20))
            let rhs = try ScaledAmount(quarks: Self.edgyQuarks(&random), currency: .clp, decimals: Int(random.next() % 20))
            let expected: ComparisonResult =
                lhs.decimalValue < rhs.decimalValue
                ? .orderedAscending
                : lhs.decimalValue > rhs.decimalValue ? .orderedDescending : .orderedSame
            #expect(try lhs.compare(rhs) == expected, "\(lhs) vs \(rhs)")
        }
    }

    @Test("the split sell fee equals ⌊quarks · bps / 10⁴⌋ computed in 128 bits, for any quarks")
    func sellFeeIsExact() throws {
        var random = SplitMix64(seed: 0xFEE)
        for _ in 0..<2_000 {
            let quarks = Self.edgyQuarks(&random)
            let bps = random.next() % 10_001
            let amount = try ExchangedFiat(
                onChainAmount: TokenAmount(quarks: quarks, mint: AmountFixtures.launchpad),
                nativeAmount: FiatAmount(value: 100, currency: .usd), currencyRate: .oneToOne)
            let fee = amount.launchpadSellFee(bps: bps)
            let product = quarks.multipliedFullWidth(by: bps)
            let expected = UInt64(10_000).dividingFullWidth((high: product.high, low: product.low)).quotient
            #expect(fee.onChainAmount.quarks == expected, "\(quarks) · \(bps)")
            let net = try amount.subtractingFee(fee.onChainAmount)
            #expect(try net.onChainAmount.adding(fee.onChainAmount) == amount.onChainAmount)
        }
    }

    @Test("the standard format shows the value rounded half-up, with grouping that reads back")
    func formattingReadsBack() {
        var random = SplitMix64(seed: 0xF0_4A7)
        for _ in 0..<2_000 {
            let cents = Int64(bitPattern: random.next() % 2_000_000_000_000) - 1_000_000_000_000
            let extra = Decimal(Int(random.next() % 1_000)) / 100_000
            let value = Decimal(cents) / 100 + (cents < 0 ? -extra : extra)
            let text = FiatAmount(value: value, currency: .usd).formatted()
            let digits = text.replacingOccurrences(of: "$", with: "").replacingOccurrences(of: ",", with: "")
            #expect(Decimal(string: digits) == DecimalRounding.halfUp.round(value, scale: 2), "\(value) → \(text)")
            let compact = FiatAmount(value: value, currency: .usd).formattedCompact()
            let figure = compact.filter { $0.isNumber }
            #expect(figure.count <= 4, "\(value) → \(compact)")  // three digits, or 1,000+ below 1,000
        }
    }

    @Test("amounts and exchanged amounts round-trip through JSON exactly")
    func codableRoundTrip() throws {
        var random = SplitMix64(seed: 0xC0DE)
        for _ in 0..<500 {
            let significand = Decimal(random.next()) * Decimal(random.next() % 1_000_000_000)
            let exponent = Int(random.next() % 40) - 30
            let sign: FloatingPointSign = random.next() % 2 == 0 ? .plus : .minus
            let value = Decimal(sign: sign, exponent: exponent, significand: significand)
            let currency = try #require(CurrencyCode(index: UInt8(random.next() % 161)))
            let amount = FiatAmount(value: value, currency: currency)
            #expect(try JSONDecoder().decode(FiatAmount.self, from: JSONEncoder().encode(amount)) == amount, "\(value)")
            // USD's rate to USD is 1 by definition; every other currency takes any positive rate.
            let rate = try Rate(fx: currency == .usd ? 1 : (value.isSignMinus ? -value : value) + 1, currency: currency)
            let exchanged = try ExchangedFiat(
                onChainAmount: TokenAmount(quarks: random.next(), mint: .usdf), nativeAmount: amount, currencyRate: rate)
            #expect(try JSONDecoder().decode(ExchangedFiat.self, from: JSONEncoder().encode(exchanged)) == exchanged)
        }
    }

    @Test("a request the balance covers in quarks is always sent as requested")
    func sufficientWhenCovered() throws {
        var random = SplitMix64(seed: 0x5AFE)
        for _ in 0..<1_000 {
            let balanceQuarks = random.next() % 1_000_000_000_000
            let requestedQuarks = random.next() % 1_000_000_000_000
            let balance = ExchangedFiat.compute(onChainAmount: TokenAmount(quarks: balanceQuarks, mint: .usdf), rate: .oneToOne, supplyQuarks: nil)
            let requested = ExchangedFiat.compute(
                onChainAmount: TokenAmount(quarks: requestedQuarks, mint: .usdf), rate: .oneToOne, supplyQuarks: nil)
            let check = try ExchangedFiat.hasSufficientFunds(balance: balance, requested: requested)
            switch check {
            case .sufficient(let amount):
                #expect(requestedQuarks <= balanceQuarks || requestedQuarks - balanceQuarks <= 5_000)
                #expect(amount == (requestedQuarks <= balanceQuarks ? requested : balance))
            case .insufficient(let shortfall):
                #expect(requestedQuarks > balanceQuarks + 5_000)
                #expect(shortfall == FiatAmount(value: QuarkScale.down(requestedQuarks - balanceQuarks, decimals: 6), currency: .usd))
            }
        }
    }
}
