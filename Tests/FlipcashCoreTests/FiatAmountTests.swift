import Foundation
import Testing

@testable import FlipcashCore

@Suite("FiatAmount and Rate: exact fiat within one currency")
struct FiatAmountTests {
    private let fiat = AmountFixtures.fiat
    private let d = AmountFixtures.decimal

    /// Section B, `FiatAmount`: flooring to the smallest unit.
    @Test("flooring: 9.90099 USD → 9.90; 9.90 stays; JPY 1234.9 → 1234")
    func flooring() {
        #expect(fiat("9.90099", .usd).flooredToSmallestUnit() == fiat("9.90", .usd))
        #expect(fiat("9.90", .usd).flooredToSmallestUnit() == fiat("9.90", .usd))
        #expect(fiat("1234.9", .jpy).flooredToSmallestUnit() == fiat("1234", .jpy))
        #expect(fiat("0.0009", .bhd).flooredToSmallestUnit() == fiat("0", .bhd))
        #expect(fiat("-9.999", .usd).flooredToSmallestUnit() == fiat("-9.99", .usd))
    }

    /// Section B: `hasDisplayableValue`.
    @Test(
        "displayable from one smallest unit up",
        arguments: [
            ("0.01", CurrencyCode.usd, true), ("0.009999", .usd, false), ("0.000001", .usd, false),
            ("1", .jpy, true), ("0.999999", .jpy, false), ("0.005", .eur, false), ("0", .usd, false),
            ("0.01", .gbp, true), ("1000000", .usd, true), ("0.001", .bhd, true), ("-5", .usd, true),
        ])
    func displayable(value: String, currency: CurrencyCode, expected: Bool) {
        #expect(fiat(value, currency).hasDisplayableValue == expected)
    }

    /// Section B: `isApproximatelyZero`.
    @Test("approximately zero: not zero, but below one smallest unit")
    func approximatelyZero() {
        #expect(fiat("0.000001", .usd).isApproximatelyZero)
        #expect(!fiat("0.01", .usd).isApproximatelyZero)
        #expect(!fiat("0", .usd).isApproximatelyZero)
        #expect(fiat("0.999999", .jpy).isApproximatelyZero)
    }

    @Test("arithmetic and comparison within one currency; mixing currencies is an error")
    func arithmetic() throws {
        #expect(try fiat("9.80", .cad).subtracting(fiat("7", .cad)) == fiat("2.80", .cad))
        #expect(try fiat("0.1", .usd).adding(fiat("0.2", .usd)) == fiat("0.3", .usd))
        #expect(try fiat("1", .usd).subtracting(fiat("3", .usd)) == fiat("-2", .usd))
        #expect(try fiat("1", .usd).isLess(than: fiat("1.01", .usd)))
        #expect(try fiat("2", .usd).minimum(fiat("1.5", .usd)) == fiat("1.5", .usd))
        #expect(fiat("20.20", .usd) * d("0.01") == fiat("0.202", .usd))
        #expect(throws: AmountError.currencyMismatch(.usd, .cad)) { try fiat("1", .usd).adding(fiat("1", .cad)) }
        #expect(throws: AmountError.currencyMismatch(.usd, .cad)) { try fiat("1", .usd).compare(fiat("1", .cad)) }
        #expect(throws: AmountError.currencyMismatch(.jpy, .usd)) { try fiat("1", .jpy).subtracting(fiat("1", .usd)) }
    }

    @Test("converting: from USD multiplies by fx, to USD divides; the wrong currency is an error")
    func conversion() throws {
        let cad = try AmountFixtures.rate("1.4", .cad)
        #expect(try fiat("5", .usd).converting(to: cad) == fiat("7", .cad))
        #expect(try fiat("7", .cad).convertingToUSD(cad) == fiat("5", .usd))
        #expect(throws: AmountError.requiresUSD(.cad)) { try fiat("7", .cad).converting(to: cad) }
        #expect(throws: AmountError.currencyMismatch(.jpy, .cad)) { try fiat("7", .jpy).convertingToUSD(cad) }
    }

    @Test("a rate must be greater than zero")
    func rateValidation() throws {
        #expect(throws: AmountError.invalidRate(0)) { try Rate(fx: 0, currency: .cad) }
        #expect(throws: AmountError.invalidRate(-1)) { try Rate(fx: -1, currency: .cad) }
        #expect(throws: AmountError.self) { try Rate(fx: .nan, currency: .cad) }
        #expect(Rate.oneToOne.fx == 1)
        #expect(Rate.oneToOne.currency == .usd)
    }

    @Test("persisted as decimal strings, read back exactly")
    func codable() throws {
        let amount = fiat("12345678901234567890.123456789012345678", .clp)
        let data = try JSONEncoder().encode(amount)
        #expect(String(decoding: data, as: UTF8.self).contains("\"12345678901234567890.123456789012345678\""))
        #expect(try JSONDecoder().decode(FiatAmount.self, from: data) == amount)
        let rate = try AmountFixtures.rate("1.3548", .cad)
        let rateData = try JSONEncoder().encode(rate)
        #expect(String(decoding: rateData, as: UTF8.self).contains("\"1.3548\""))
        #expect(try JSONDecoder().decode(Rate.self, from: rateData) == rate)
        for text in ["1" + String(repeating: "0", count: 40), "0." + String(repeating: "0", count: 30) + "1", "0"] {
            let extreme = fiat(text, .usd)
            #expect(try JSONDecoder().decode(FiatAmount.self, from: JSONEncoder().encode(extreme)) == extreme, "\(text)")
        }
        let negative = fiat("-0.5", .usd)
        #expect(try JSONDecoder().decode(FiatAmount.self, from: JSONEncoder().encode(negative)) == negative)
    }

    @Test(
        "decoding rejects numbers, lenient text and non-positive rates",
        arguments: [
            (#"{"value":12.5,"currency":"usd"}"#, true), (#"{"value":"12abc","currency":"usd"}"#, true),
            (#"{"value":"1.2.3","currency":"usd"}"#, true), (#"{"value":"1e5","currency":"usd"}"#, true),
            (#"{"value":" 1","currency":"usd"}"#, true), (#"{"value":"","currency":"usd"}"#, true),
            (#"{"value":"1","currency":"xyz"}"#, true), (#"{"value":"0x10","currency":"usd"}"#, true),
            (#"{"value":"123456789012345678901234567890123456789","currency":"usd"}"#, true),
            (#"{"fx":"0","currency":"cad"}"#, false), (#"{"fx":"-1.3","currency":"cad"}"#, false),
            (#"{"fx":1.3,"currency":"cad"}"#, false),
        ])
    func decodingRejects(json: String, isFiat: Bool) {
        let data = Data(json.utf8)
        if isFiat {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(FiatAmount.self, from: data) }
        } else {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Rate.self, from: data) }
        }
    }

    @Test("every error explains itself")
    func errorMessages() throws {
        let errors: [AmountError] = [
            .mintMismatch(.usdf, AmountFixtures.launchpad), .currencyMismatch(.usd, .cad),
            .rateMismatch(.oneToOne, try AmountFixtures.rate("2", .cad)), .negativeResult, .overflow,
            .negativeValue(-1), .notANumber, .invalidRate(0), .requiresUSD(.cad),
            .feeExceedsAmount(feeQuarks: 2, amountQuarks: 1), .unsupportedDecimals(20),
        ]
        for error in errors {
            let message = try #require(error.errorDescription)
            #expect(message.count > 20, "\(error)")
        }
    }
}
