import Foundation
import Testing

@testable import FlipcashCore

/// Issue 13: one rule for every amount a person gives. `KeypadAmount.amount` (the CLI's `amount`
/// and `bill`) and the bill view model both go through `FiatAmount.validatedForSending`; this
/// pins the rule's errors, which name what is wrong.
@Suite("Regression: one validation rule for every amount")
struct AmountSharedRuleTests {
    @Test("zero and negative amounts are refused as not positive")
    func notPositive() {
        #expect(throws: AmountError.notPositive(.zero(.usd))) { try FiatAmount.zero(.usd).validatedForSending() }
        let negative = AmountFixtures.fiat("-1", .usd)
        #expect(throws: AmountError.notPositive(negative)) { try negative.validatedForSending() }
        #expect(throws: AmountError.notANumber) { try FiatAmount(value: .nan, currency: .usd).validatedForSending() }
    }

    @Test(
        "digits beyond the currency's are refused, never rounded",
        arguments: [
            ("1.005", CurrencyCode.usd), ("0.0000001", .usd), ("0.01", .jpy), ("1.0001", .kwd),
        ])
    func finerThanCurrency(text: String, currency: CurrencyCode) {
        let amount = AmountFixtures.fiat(text, currency)
        #expect(throws: AmountError.finerThanCurrency(amount)) { try amount.validatedForSending() }
        #expect(AmountError.finerThanCurrency(amount).localizedDescription.contains(currency.code))
    }

    @Test("typed text: the keypad's grammar, then the same rule")
    func keypadText() throws {
        #expect(try KeypadAmount.amount("12.34", currency: .usd) == AmountFixtures.fiat("12.34", .usd))
        #expect(try KeypadAmount.amount("1.234", currency: .kwd) == AmountFixtures.fiat("1.234", .kwd))
        #expect(throws: AmountError.notPositive(.zero(.usd))) { try KeypadAmount.amount("0", currency: .usd) }
        #expect(throws: AmountError.self) { try KeypadAmount.amount("0.00", currency: .usd) }
        #expect(throws: KeypadAmountError.tooManyFractionDigits(allowed: 2, currency: .usd)) {
            try KeypadAmount.amount("1.005", currency: .usd)
        }
        #expect(throws: KeypadAmountError.tooManyFractionDigits(allowed: 0, currency: .jpy)) {
            try KeypadAmount.amount("0.01", currency: .jpy)
        }
    }

    @Test("amounts on the curve's boundary are counted in whole quarks or refused, never rounded")
    func exactQuarks() throws {
        #expect(try QuarkScale.exactQuarks(from: AmountFixtures.decimal("1.0000000001"), decimals: 10) == 10_000_000_001)
        #expect(try QuarkScale.exactQuarks(from: AmountFixtures.decimal("5"), decimals: 6) == 5_000_000)
        let tooFine = AmountFixtures.decimal("1.00000000005")
        #expect(throws: AmountError.finerThanQuarks(tooFine, decimals: 10)) { try QuarkScale.exactQuarks(from: tooFine, decimals: 10) }
        #expect(throws: AmountError.self) { try QuarkScale.exactQuarks(from: AmountFixtures.decimal("0.0000005"), decimals: 6) }
        #expect(throws: AmountError.self) { try QuarkScale.exactQuarks(from: -1, decimals: 6) }
        #expect(throws: AmountError.notANumber) { try QuarkScale.exactQuarks(from: .nan, decimals: 6) }
    }

    @Test("a USD rate other than 1 is refused with the fixed rate named")
    func fixedRate() {
        #expect(throws: AmountError.fixedRate(2, currency: .usd, fixed: 1)) { try Rate(fx: 2, currency: .usd) }
        let message = AmountError.fixedRate(2, currency: .usd, fixed: 1).localizedDescription
        #expect(message.contains("USD") && message.contains("fixed at 1"))
    }
}
