import Foundation
import Testing

@testable import FlipcashCore

@Suite("Amounts: send limits cap what the keypad accepts")
struct AmountSendLimitsTests {
    private let fiat = AmountFixtures.fiat

    private func balance(_ value: String, _ currency: CurrencyCode, fx: String) throws -> ExchangedFiat {
        try ExchangedFiat(nativeAmount: fiat(value, currency), rate: AmountFixtures.rate(fx, currency))
    }

    @Test("the smallest of balance, next transaction, per-transaction and per-day limits")
    func smallestWins() throws {
        let limits = try SendLimits(
            nextTransaction: fiat("250", .cad), maxPerTransaction: fiat("300", .cad), maxPerDay: fiat("1000", .cad))
        #expect(try limits.maxEnterAmount(balance: balance("100", .cad, fx: "1.4")) == fiat("100", .cad))
        #expect(try limits.maxEnterAmount(balance: balance("400", .cad, fx: "1.4")) == fiat("250", .cad))
        let daily = try SendLimits(nextTransaction: fiat("250", .cad), maxPerTransaction: fiat("300", .cad), maxPerDay: fiat("50", .cad))
        #expect(try daily.maxEnterAmount(balance: balance("400", .cad, fx: "1.4")) == fiat("50", .cad))
        #expect(limits.currency == .cad)
    }

    @Test("limits in mixed currencies, or in another currency than the balance, are errors")
    func currencyErrors() throws {
        #expect(throws: AmountError.currencyMismatch(.cad, .usd)) {
            try SendLimits(nextTransaction: fiat("1", .cad), maxPerTransaction: fiat("1", .usd), maxPerDay: fiat("1", .cad))
        }
        let limits = try SendLimits(nextTransaction: fiat("1", .cad), maxPerTransaction: fiat("1", .cad), maxPerDay: fiat("1", .cad))
        #expect(throws: AmountError.currencyMismatch(.usd, .cad)) { try limits.maxEnterAmount(balance: balance("5", .usd, fx: "1")) }
    }

    @Test("ScaledAmount compares by value across precisions and refuses other currencies")
    func scaledAmount() throws {
        let cents = try ScaledAmount(quarks: 1050, currency: .usd, decimals: 2)
        let micros = try ScaledAmount(quarks: 10_500_000, currency: .usd, decimals: 6)
        #expect(try cents.compare(micros) == .orderedSame)
        #expect(try ScaledAmount(quarks: .max, currency: .usd, decimals: 19).isLess(than: ScaledAmount(quarks: 2, currency: .usd, decimals: 0)))
        #expect(
            try ScaledAmount(quarks: .max, currency: .usd, decimals: 0).compare(ScaledAmount(quarks: .max, currency: .usd, decimals: 19))
                == .orderedDescending)
        #expect(throws: AmountError.currencyMismatch(.usd, .cad)) {
            try cents.compare(ScaledAmount(quarks: 1, currency: .cad, decimals: 2))
        }
        #expect(throws: AmountError.unsupportedDecimals(20)) { try ScaledAmount(quarks: 1, currency: .usd, decimals: 20) }
        #expect(cents.fiatAmount == fiat("10.5", .usd))
    }
}
