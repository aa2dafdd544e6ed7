import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

/// Issue 13: a bill accepted amounts no other entry accepts — 0, 0.0000001 (a $0 bill after
/// rounding), 1.2345678 (silently rounded), 0.01 JPY, 1.005 USD. A bill's amount obeys the same
/// rule as every amount: greater than zero, no finer than the currency's smallest unit.
@Suite("Regression: a bill's amount obeys the rules of every amount")
struct BillAmountValidationTests {
    static let refused: [(String, CurrencyCode)] = [
        ("0", .usd), ("0.0000001", .usd), ("1.2345678", .usd), ("0.01", .jpy), ("1.005", .usd), ("0.5", .jpy),
        ("1.0001", .kwd), ("0.000", .kwd),
    ]
    static let accepted: [(String, CurrencyCode)] = [
        ("5", .usd), ("0.01", .usd), ("7.5", .cad), ("1000", .jpy), ("1.234", .kwd), ("2.345", .bhd), ("1.00", .usd),
    ]

    @Test("the bill view model refuses what no one can send", arguments: refused)
    @MainActor
    func billRefuses(text: String, currency: CurrencyCode) {
        var generator = SplitMix64(seed: 1)
        #expect(throws: (any Error).self, "\(text) \(currency.code)") {
            try BillViewModel(amount: FiatAmount(value: AmountFixtures.decimal(text), currency: currency), using: &generator)
        }
    }

    @Test("and makes a bill for the exact amount of any valid one", arguments: accepted)
    @MainActor
    func billAccepts(text: String, currency: CurrencyCode) throws {
        var generator = SplitMix64(seed: 1)
        let amount = FiatAmount(value: AmountFixtures.decimal(text), currency: currency)
        let model = try BillViewModel(amount: amount, using: &generator)
        #expect(model.payload.amount == amount.value)
        #expect(model.payload.kind == .multiCurrency)
    }
}
