import Testing

@testable import Validation

@Suite("EmailValidator")
struct EmailValidatorTests {
    let validator = EmailValidator()

    @Test(
        "valid addresses are accepted unchanged apart from trimming",
        arguments: [
            ("alice@example.com", "alice@example.com"),
            ("alice+tag@example.com", "alice+tag@example.com"),
            ("first.last@mail.sub.example.co.uk", "first.last@mail.sub.example.co.uk"),
            ("a_b%c-d@ex-ample.io", "a_b%c-d@ex-ample.io"),
            ("x@example.de", "x@example.de"),
            ("  bob@example.org \n", "bob@example.org"),
            ("Alice.Smith@Example.COM", "Alice.Smith@Example.COM"),
            ("1234@567.info", "1234@567.info"),
        ])
    func accepts(input: String, expected: String) {
        #expect(validator.validate(input) == expected)
    }

    @Test(
        "invalid addresses are rejected",
        arguments: [
            "",
            "   ",
            "alice",
            "alice@",
            "@example.com",
            "alice@example",  // missing TLD
            "alice@example.c",  // one-letter TLD
            "alice@example.c0m",  // digit in TLD
            "alice @example.com",  // inner space
            "alice@exa mple.com",
            "alice@@example.com",
            "al ice@example.com",
            "alice@example.com.",
            "josé@example.com",  // non-ASCII local part
            "jose\u{301}@example.com",
            "alice@example.com\u{0}",
            "<alice@example.com>",
            "alice@example.com, bob@example.com",
        ])
    func rejects(input: String) {
        #expect(validator.validate(input) == nil)
    }

    @Test("254 UTF-8 bytes is accepted and 255 is rejected")
    func byteLimit() {
        let domain = "@example.com"  // 12 bytes
        let local254 = String(repeating: "a", count: 254 - domain.utf8.count)
        let local255 = String(repeating: "a", count: 255 - domain.utf8.count)
        #expect((local254 + domain).utf8.count == 254)
        #expect(validator.validate(local254 + domain) == local254 + domain)
        #expect(validator.validate(local255 + domain) == nil)
    }

    @Test("the byte limit applies after trimming")
    func byteLimitAfterTrimming() {
        let address = String(repeating: "a", count: 242) + "@example.com"
        #expect(validator.validate("   " + address + "   ") == address)
    }
}
