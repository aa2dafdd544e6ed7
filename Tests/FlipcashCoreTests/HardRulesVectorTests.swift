import Foundation
import InMemoryLogging
import Logging
import Observability
import TestSupport
import Testing
import Validation

/// Section G of `Tests/Fixtures/vectors/flipcash.json`: the validators and redactors Flipcash's
/// hard rules name, which the shared kits provide.
@Suite("Flipcash vectors G: validators and redactors")
struct HardRulesVectorTests {
    @Test("EmailValidator accepts and rejects exactly the reference's addresses")
    func email() {
        let validator = EmailValidator()
        for accepted in [
            "test@example.com", "first.last@example.com", "tag+sub@example.co", "a_b@example.com",
            "name%percent@example.io", "mixed-CASE@Example.COM",
        ] {
            #expect(validator.validate(accepted) == accepted)
        }
        #expect(validator.validate("  test@example.com\n") == "test@example.com")
        for rejected in [
            "", "   ", "no-at-symbol", "missing@tld", "missing@.com", "trailing@dot.", "short@bar.x",
            "numeric@bar.123", "underscore@my_org.com", "unicode@café.com", "föö@example.com",
            "spaces in@local.com", String(repeating: "a", count: 250) + "@example.com",
        ] {
            #expect(validator.validate(rejected) == nil, "\(rejected)")
        }
    }

    @Test("phone entry by region: nothing, incomplete, invalid, valid E.164")
    func phone() {
        let us = RegionalPhoneValidator(region: "US")
        for empty in ["", "   ", "hello"] { #expect(us.validate(empty) == nil) }
        for partial in ["4", "415", "613 809"] { #expect(us.validate(partial) == .incomplete, "\(partial)") }
        for bad in ["1234567890", "415555010099"] { #expect(us.validate(bad) == .invalid, "\(bad)") }
        for plausible in ["4151234567", "2120112345"] { #expect(us.validate(plausible) != .invalid, "\(plausible)") }
        #expect(us.validate("4155550100") == .valid(e164: "+14155550100"))
        #expect(us.validate("+44 7400 123456") == .valid(e164: "+447400123456"))
        #expect(RegionalPhoneValidator(region: "GB").validate("7400123456") == .valid(e164: "+447400123456"))
        let canada = RegionalPhoneValidator(region: "CA")
        for typed in ["6138096933", "16138096933", "+16138096933", "(613) 809-6933"] {
            #expect(canada.validate(typed) == .valid(e164: "+16138096933"), "\(typed)")
        }
    }

    @Test("PatternRedactor masks phones, e-mails and base58 keys, and leaves amounts alone")
    func patterns() {
        let redactor = PatternRedactor()
        let changed = [
            ("+17205551234", "***-***-1234"), ("720-555-1234", "***-***-1234"), ("(720) 555-1234", "***-***-1234"),
            ("(415) 555-4321", "***-***-4321"), ("+1-415-555-1234", "***-***-1234"), ("user@example.com", "u..@example.com"),
            ("a@b.com", "a..@b.com"), ("5AMAtkPEvQcESp3h1yBL7k7RcVxEp3SqL8m2TfTCYAUQ", "5AMA...YAUQ"),
            ("5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d", "5eyk...2N9d"),
        ]
        for (input, output) in changed { #expect(redactor.redact(input) == output, "\(input)") }
        for unchanged in [
            "4155551234", "1234567", "7309069", "10000000", "100000000", "1234567890", "7309069770",
            "10000000000", "USD", "active",
        ] {
            #expect(redactor.redact(unchanged) == unchanged)
        }
    }

    @Test("SensitiveKeyRedactor hides values of sensitive keys first, whatever they look like")
    func sensitiveKeys() {
        let metadata: Logger.Metadata = [
            "apiToken": "abc", "ownerKey": "4155551234", "userEmail": "x", "AccessToken": "y", "SECRET_VALUE": "z",
            "currency": "USD", "amount": "10000000",
        ]
        let redacted = SensitiveKeyRedactor().redact(metadata)
        for key in ["apiToken", "ownerKey", "userEmail", "AccessToken", "SECRET_VALUE"] {
            #expect(redacted[key] == "[REDACTED]", "\(key)")
        }
        #expect(redacted["currency"] == "USD")
        #expect(redacted["amount"] == "10000000")
    }

    @Test("the redacting handler applies the key rule before the patterns, to metadata only")
    func redactionOrder() throws {
        let store = InMemoryLogHandler(logLevel: .trace)
        var logger = Logger(label: "flipcash.test") { _ in RedactingLogHandler(wrapping: store) }
        logger.logLevel = .info
        logger.info("payment sent", metadata: ["ownerKey": "user@example.com", "destination": "user@example.com"])
        let event = try #require(store.entries.last)
        #expect(event.message == "payment sent")
        #expect(event.metadata["ownerKey"] == "[REDACTED]")
        #expect(event.metadata["destination"] == "u..@example.com")
    }
}
