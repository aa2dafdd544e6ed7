//  Crash: UInt64.scaleUp arithmetic overflow when comparing Quarks with different decimal
//         precisions for high-rate currencies (CLP), through EnterAmountCalculator.maxEnterAmount.
//
//  Fix here: the legacy Quarks is ported as `ScaledAmount`, whose comparison multiplies into 128
//  bits instead of scaling a UInt64 up; the keypad's maximum (`SendLimits.maxEnterAmount`) compares
//  `FiatAmount`s, which have no decimals field at all; and `QuarkScale.up` throws instead of
//  trapping.

import Foundation
import Testing

@testable import FlipcashCore

@Suite("Regression: 698ef3b – Quarks comparison overflow for high-rate currencies")
struct Regression_698ef3b {

    @Test("CLP quarks comparison across 6 and 10 decimal precisions does not overflow")
    func quarksComparison_CLP_doesNotOverflow() throws {
        // clpAt6:  475_000_000_000_000 / 10^6  = 475,000,000 CLP
        // clpAt10: 1_000_000_000_000_000_000 / 10^10 = 100,000,000 CLP
        let clpAt6 = try ScaledAmount(quarks: 475_000_000_000_000, currency: .clp, decimals: 6)
        let clpAt10 = try ScaledAmount(quarks: 1_000_000_000_000_000_000, currency: .clp, decimals: 10)
        #expect(clpAt6.decimalValue == 475_000_000)
        #expect(clpAt10.decimalValue == 100_000_000)

        // Must not crash, and 100M < 475M.
        #expect(try clpAt10.isLess(than: clpAt6))
        #expect(try !clpAt6.isLess(than: clpAt10))

        // A larger CLP balance (475 billion at 6 decimals): aligning it to 10 decimals the legacy
        // way overflows UInt64 — reported here, not trapped — and the comparison is still exact.
        let bigAt6 = try ScaledAmount(quarks: 475_000_000_000_000_000, currency: .clp, decimals: 6)
        #expect(throws: AmountError.overflow) { try QuarkScale.up(bigAt6.quarks, decimals: 10 - 6) }
        #expect(try clpAt10.isLess(than: bigAt6))
        #expect(try ScaledAmount(quarks: .max, currency: .clp, decimals: 10).isLess(than: bigAt6))
    }

    @Test(
        "No currency overflows when comparing quarks across 6 and 10 decimal precisions",
        arguments: CurrencyCode.allCases
    )
    func quarksComparison_allCurrencies_noOverflow(currency: CurrencyCode) throws {
        let largeAt6 = try ScaledAmount(quarks: 1_000_000_000_000_000, currency: currency, decimals: 6)
        let largeAt10 = try ScaledAmount(quarks: 1_000_000_000_000_000, currency: currency, decimals: 10)

        // 10^15 / 10^6 = 10^9 vs 10^15 / 10^10 = 10^5
        #expect(try largeAt10.isLess(than: largeAt6))
    }

    @Test("EnterAmountCalculator.maxEnterAmount with CLP does not overflow")
    func maxEnterAmount_CLP_doesNotOverflow() throws {
        let clpRate = try Rate(fx: 950, currency: .clp)
        // Balance: 500 USDF shown as 475,000 CLP (legacy quarks at 6 decimals).
        let underlying = TokenAmount(quarks: 500_000_000, mint: .usdf)
        let converted = try ScaledAmount(quarks: 475_000_000_000, currency: .clp, decimals: 6)
        let balance = try ExchangedFiat(onChainAmount: underlying, nativeAmount: converted.fiatAmount, currencyRate: clpRate)
        let limits = try SendLimits(
            nextTransaction: ScaledAmount(quarks: 950_000_000_000, currency: .clp, decimals: 6).fiatAmount,
            maxPerTransaction: ScaledAmount(quarks: 950_000_000_000, currency: .clp, decimals: 6).fiatAmount,
            maxPerDay: ScaledAmount(quarks: 3_800_000_000_000, currency: .clp, decimals: 6).fiatAmount)

        // Must not crash with arithmetic overflow.
        let result = try limits.maxEnterAmount(balance: balance)
        #expect(result == converted.fiatAmount)
        #expect(result == FiatAmount(value: 475_000, currency: .clp))
    }

    @Test("maxEnterAmount with a launchpad balance (10-decimal quarks) in CLP does not overflow")
    func maxEnterAmount_CLP_launchpadBalance_doesNotOverflow() throws {
        let clpRate = try Rate(fx: 950, currency: .clp)
        // A launchpad holding near the supply cap, valued at 475,000,000 CLP: the legacy code held
        // this at 10 decimals and scaled the 6-decimal limit up to meet it.
        let holding = TokenAmount(quarks: 21_000_000 * 10_000_000_000, mint: AmountFixtures.launchpad)
        let converted = try ScaledAmount(quarks: 4_750_000_000_000_000_000, currency: .clp, decimals: 10)
        let balance = try ExchangedFiat(onChainAmount: holding, nativeAmount: converted.fiatAmount, currencyRate: clpRate)
        let limit = try ScaledAmount(quarks: 950_000_000_000, currency: .clp, decimals: 6)
        let limits = try SendLimits(nextTransaction: limit.fiatAmount, maxPerTransaction: limit.fiatAmount, maxPerDay: limit.fiatAmount)

        #expect(try limits.maxEnterAmount(balance: balance) == limit.fiatAmount)
        #expect(try limit.isLess(than: converted))
    }
}
