import Logging
import Testing

@testable import Observability

@Suite("PatternRedactor")
struct PatternRedactorTests {
    let redactor = PatternRedactor()

    @Test(
        "Base58 values of 33+ characters keep their first and last four",
        arguments: [
            ("4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T", "4Nd1...DB4T"),
            ("123456789ABCDEFGHJKLMNPQRSTUVWXYZ", "1234...WXYZ"),  // exactly 33
            ("abcdefghijkmnopqrstuvwxyzabcdefghijk", "abcd...hijk"),
        ])
    func base58Masked(input: String, expected: String) {
        #expect(redactor.redact(input) == expected)
    }

    @Test(
        "values that are not 33+ Base58 characters are not Base58-masked",
        arguments: [
            "123456789ABCDEFGHJKLMNPQRSTUVWXY",  // 32 characters
            "0OIl56789ABCDEFGHJKLMNPQRSTUVWXYZabc",  // contains 0, O, I, l
            "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xW Ls4",  // a space
            "hello world",
        ])
    func base58Untouched(input: String) {
        #expect(redactor.redact(input) == input)
    }

    @Test(
        "e-mail addresses keep their first character and domain",
        arguments: [
            ("alice@example.com", "a..@example.com"),
            ("b.obby+tag@mail.example.co.uk", "b..@mail.example.co.uk"),
            ("Z@x.io", "Z..@x.io"),
        ])
    func emailMasked(input: String, expected: String) {
        #expect(redactor.redact(input) == expected)
    }

    @Test(
        "text that is not one whole e-mail address is left alone",
        arguments: [
            "alice@", "@example.com", "alice@example", "alice at example.com", "mail alice@example.com now",
        ])
    func emailUntouched(input: String) {
        #expect(redactor.redact(input) == input)
    }

    @Test(
        "phone-like values keep only their last four digits",
        arguments: [
            ("+1 (415) 555-2671", "***-***-2671"),
            ("415-555-2671", "***-***-2671"),
            ("+44 20 7946 0958", "***-***-0958"),
            ("555.123.4567", "***-***-4567"),
            ("+1234567", "***-***-4567"),  // 7 digits and a plus
            ("[020] 7946 0958", "***-***-0958"),
        ])
    func phoneMasked(input: String, expected: String) {
        #expect(redactor.redact(input) == expected)
    }

    @Test(
        "digit-only amounts, short numbers and other text are not phone-like",
        arguments: [
            "1500000",  // digits only
            "14155552671",  // digits only, even if long
            "+12345",  // under 7 digits
            "12-34-5",  // under 7 digits
            "415-555-2671 ext",  // a letter
            "v1.2.3",
            "",
            "---",
            "42",
        ])
    func phoneUntouched(input: String) {
        #expect(redactor.redact(input) == input)
    }

    @Test("non-string metadata values are redacted through their description; unchanged ones keep their kind")
    func stringConvertible() {
        let metadata: Logger.Metadata = [
            "contact": .stringConvertible(Described(description: "alice@example.com")),
            "count": .stringConvertible(42),
        ]
        let redacted = redactor.redact(metadata)
        #expect(redacted["contact"] == .string("a..@example.com"))
        guard case .stringConvertible(let value) = redacted["count"] else {
            Issue.record("expected the stringConvertible value to be kept")
            return
        }
        #expect(value.description == "42")
    }

    @Test("nested dictionaries and arrays are redacted recursively")
    func nested() {
        let metadata: Logger.Metadata = [
            "owner": ["contact": "alice@example.com", "accounts": ["4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T", "7"]],
            "list": [["call": "+1 (415) 555-2671"]],
        ]
        #expect(
            redactor.redact(metadata) == [
                "owner": ["contact": "a..@example.com", "accounts": ["4Nd1...DB4T", "7"]],
                "list": [["call": "***-***-2671"]],
            ])
    }
}
