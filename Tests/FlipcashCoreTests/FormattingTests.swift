import Foundation
import Testing

@testable import FlipcashCore

@Suite("Formatting: fiat amounts as people see them, independent of the machine's locale")
struct FormattingTests {
    private let fiat = AmountFixtures.fiat

    /// Section B, `formatted(minimumFractionDigits:suffix:)`, read from the vectors file: inputs
    /// like `USD 10, suffix " USD"`, minFrac `default` or a number, the output in backticks.
    @Test("the formatting table of the reference file renders exactly")
    func formattingTableFromFile() throws {
        let rows = try AmountVectorFile.table(
            in: try AmountVectorFile.section("B. Amounts and rounding"), after: "formatted(minimumFractionDigits:suffix:)")
        #expect(rows.count == 14)
        for row in rows {
            let input = row[0].components(separatedBy: ", suffix ")
            let words = input[0].split(separator: " ")
            let currency = try CurrencyCode(parsing: String(words[0]))
            let amount = fiat(String(words[1]), currency)
            let suffix = input.count > 1 ? input[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
            let minimum = row[1] == "default" ? nil : Int(row[1])
            let expected = AmountVectorFile.code(row[2])
            #expect(amount.formatted(minimumFractionDigits: minimum, suffix: suffix) == expected, "\(row)")
        }
    }

    @Test(
        "the formatting table, transcribed, plus negatives",
        arguments: [
            ("10", CurrencyCode.usd, Int?.none, String?.none, "$10.00"), ("10.5", .usd, nil, nil, "$10.50"),
            ("0", .usd, nil, nil, "$0.00"), ("1.23456", .usd, nil, nil, "$1.23"), ("10", .usd, 0, nil, "$10"),
            ("10.5", .usd, 0, nil, "$10.5"), ("10.01", .usd, 0, nil, "$10.01"), ("0", .usd, 0, nil, "$0"),
            ("10", .usd, 1, nil, "$10.0"), ("10", .usd, 0, " USD", "$10 USD"), ("10", .usd, nil, " USD", "$10.00 USD"),
            ("1000", .jpy, nil, nil, "¥1,000"), ("10", .jpy, nil, nil, "¥10"), ("10.5", .jpy, nil, nil, "¥11"),
            ("-10", .usd, nil, nil, "-$10.00"), ("-10.5", .usd, 0, nil, "-$10.5"), ("-10", .usd, 0, " USD", "-$10 USD"),
            ("-1000", .jpy, nil, nil, "-¥1,000"), ("-0.001", .usd, nil, nil, "$0.00"),
            ("1234567.891", .usd, nil, nil, "$1,234,567.89"), ("1.0005", .bhd, nil, nil, "1.001"),
            ("12.5", .cad, nil, nil, "$12.50"), ("99.999", .eur, nil, nil, "€100.00"), ("5", .chf, nil, nil, "5.00"),
            ("10.015", .usd, 3, nil, "$10.015"),
        ])
    func formatting(value: String, currency: CurrencyCode, minimum: Int?, suffix: String?, expected: String) {
        #expect(fiat(value, currency).formatted(minimumFractionDigits: minimum, suffix: suffix) == expected)
    }

    @Test("truncated display rounds toward zero")
    func truncated() {
        #expect(fiat("1.239", .usd).formatted(truncated: true) == "$1.23")
        #expect(fiat("-1.239", .usd).formatted(truncated: true) == "-$1.23")
        #expect(fiat("10.9", .jpy).formatted(truncated: true) == "¥10")
    }

    /// The reference's compact style: `$1M`, `$1.3M`, `$690K`, `$100K` from 99,999, `$1.2K`,
    /// `$200`, `$0` (inputs from the app's CompactCurrencyFormatStyle tests).
    @Test(
        "compact style",
        arguments: [
            ("1000000", "$1M"), ("1029331.15", "$1M"), ("1299217.10", "$1.3M"), ("10500000", "$11M"),
            ("690272.45", "$690K"), ("211282.93", "$211K"), ("100000", "$100K"), ("99999", "$100K"),
            ("1234", "$1.2K"), ("200.17", "$200"), ("999.99", "$999"), ("0", "$0"),
            ("-12400", "-$12K"), ("-6600", "-$6.6K"), ("-384", "-$384"), ("-1299217.10", "-$1.3M"),
        ])
    func compact(value: String, expected: String) {
        #expect(fiat(value, .usd).formattedCompact() == expected)
    }

    @Test(
        "abbreviated style keeps three digits and carries to the next scale",
        arguments: [
            ("1", CurrencyCode.usd, Int?(0), "$1"), ("999", .usd, 0, "$999"), ("2.50", .usd, nil, "$2.50"),
            ("999", .usd, nil, "$999.00"), ("1000", .usd, 0, "$1K"), ("1500", .usd, 0, "$1.5K"),
            ("1550", .usd, 0, "$1.6K"), ("9999", .usd, 0, "$10K"), ("15000", .usd, 0, "$15K"),
            ("150000", .usd, 0, "$150K"), ("999499", .usd, 0, "$999K"), ("999500", .usd, 0, "$1M"),
            ("2400000", .usd, 0, "$2.4M"), ("25000000", .usd, 0, "$25M"), ("1000000000", .usd, 0, "$1B"),
            ("1250000000", .usd, 0, "$1.3B"), ("1000000000000", .usd, 0, "$1,000B"), ("1500", .jpy, 0, "¥1.5K"),
            ("250000", .jpy, 0, "¥250K"), ("1400", .ars, 0, "$1.4K"), ("35000", .ars, 0, "$35K"),
            ("1400000", .ars, 0, "$1.4M"), ("97500", .cop, 0, "$98K"), ("650000", .vnd, 0, "₫650K"),
            ("400000", .idr, 0, "400K"), ("-1500", .usd, 0, "-$1.5K"), ("-2400000", .usd, 0, "-$2.4M"),
        ])
    func abbreviated(value: String, currency: CurrencyCode, minimum: Int?, expected: String) {
        #expect(fiat(value, currency).formattedAbbreviated(minimumFractionDigits: minimum) == expected)
    }

    @Test("the app's formatter takes only its separators from the locale")
    func localeSeparators() {
        let german = FiatFormatter(locale: Locale(identifier: "de_DE"))
        #expect(german.decimalSeparator == ",")
        #expect(german.groupingSeparator == ".")
        #expect(german.string(for: fiat("1234.5", .eur)) == "€1.234,50")
        #expect(german.compact(fiat("1299217.10", .eur)) == "€1,3M")
        let custom = FiatFormatter(decimalSeparator: "·", groupingSeparator: "'")
        #expect(custom.string(for: fiat("1234567.891", .chf)) == "1'234'567·89")
        // Whatever the machine's locale, the en_US formatter is fixed.
        #expect(FiatFormatter.enUS == FiatFormatter(decimalSeparator: ".", groupingSeparator: ","))
        #expect(!FiatFormatter.current.decimalSeparator.isEmpty)
    }

    @Test("symbols: one character or none")
    func symbols() {
        #expect(CurrencyCode.usd.singleCharacterSymbol == "$")
        #expect(CurrencyCode.cad.singleCharacterSymbol == "$")
        #expect(CurrencyCode.jpy.singleCharacterSymbol == "¥")
        #expect(CurrencyCode.eur.singleCharacterSymbol == "€")
        #expect(CurrencyCode.gbp.singleCharacterSymbol == "£")
        #expect(CurrencyCode.idr.singleCharacterSymbol == nil)
        #expect(CurrencyCode.chf.singleCharacterSymbol == nil)
        for code in CurrencyCode.allCases {
            if let symbol = code.singleCharacterSymbol { #expect(symbol.count == 1, "\(code)") }
        }
    }
}
