import Foundation
import Testing

@testable import FlipcashCore

@Suite("Amounts: keypad entry is read with Decimal(string:), never a locale-aware parser")
struct AmountKeypadTests {
    private let d = AmountFixtures.decimal

    @Test(
        "valid keypad text",
        arguments: [
            ("0", CurrencyCode.usd, "0"), ("12", .usd, "12"), ("12.5", .usd, "12.5"), ("0.69", .usd, "0.69"),
            ("5.", .usd, "5"), (".5", .usd, "0.5"), ("007", .usd, "7"), ("1000", .jpy, "1000"),
            ("1.234", .bhd, "1.234"), ("999999999999999", .vnd, "999999999999999"), ("0.01", .eur, "0.01"),
        ])
    func valid(text: String, currency: CurrencyCode, expected: String) throws {
        #expect(try KeypadAmount.parse(text, currency: currency) == d(expected))
        #expect(KeypadAmount.decimal(from: text, currency: currency) == d(expected))
    }

    @Test(
        "invalid keypad text gets a typed reason",
        arguments: [
            ("", CurrencyCode.usd, KeypadAmountError.empty), (".", .usd, .noDigits),
            ("1.2.3", .usd, .multipleDecimalPoints), ("12abc", .usd, .invalidCharacter("a", position: 2)),
            ("$5", .usd, .invalidCharacter("$", position: 0)), (" 5", .usd, .invalidCharacter(" ", position: 0)),
            ("-5", .usd, .invalidCharacter("-", position: 0)), ("0,69", .usd, .invalidCharacter(",", position: 1)),
            ("1e5", .usd, .invalidCharacter("e", position: 1)), ("٣", .usd, .invalidCharacter("٣", position: 0)),
            ("1.234", .usd, .tooManyFractionDigits(allowed: 2, currency: .usd)),
            ("10.5", .jpy, .tooManyFractionDigits(allowed: 0, currency: .jpy)),
            ("10.", .jpy, .tooManyFractionDigits(allowed: 0, currency: .jpy)),
            ("1234567890123456", .usd, .tooManyIntegerDigits(allowed: 15)),
        ])
    func invalid(text: String, currency: CurrencyCode, error: KeypadAmountError) {
        #expect(throws: error) { try KeypadAmount.parse(text, currency: currency) }
        #expect(KeypadAmount.decimal(from: text, currency: currency) == nil)
        #expect(error.errorDescription?.isEmpty == false)
    }

    /// The seed's pitfall: on a "," locale a `NumberFormatter` reads the keypad's "0.69" as
    /// something other than 0.69. The keypad parser has no locale input at all, and
    /// `Decimal(string:)` without a locale always means ".", so the result cannot change.
    @Test("a comma-decimal locale cannot change what keypad text means")
    func localeCannotChangeTheResult() throws {
        let german = NumberFormatter()
        german.locale = Locale(identifier: "de_DE")
        german.numberStyle = .decimal
        let localeAware = german.number(from: "0.69")?.decimalValue
        #expect(localeAware != d("0.69"), "a locale-aware parser misreads keypad text; this is the bug being guarded")
        #expect(try KeypadAmount.parse("0.69", currency: .usd) == d("0.69"))
        #expect(Decimal(string: "0.69") == d("0.69"))
        #expect(Decimal(string: "0.69", locale: Locale(identifier: "de_DE")) != d("0.69"))
    }

    @Test("the displayed maximum is rounded before the entry is compared with it")
    func displayedMaximum() {
        let balance = AmountFixtures.fiat("8.5400001", .usd)
        #expect(KeypadAmount.isWithinDisplayedMaximum(d("8.54"), maximum: balance))
        #expect(!KeypadAmount.isWithinDisplayedMaximum(d("8.55"), maximum: balance))
        #expect(KeypadAmount.isWithinDisplayedMaximum(d("8.55"), maximum: AmountFixtures.fiat("8.545", .usd)))
        #expect(KeypadAmount.isWithinDisplayedMaximum(d("185"), maximum: AmountFixtures.fiat("184.5", .jpy)))
    }
}
