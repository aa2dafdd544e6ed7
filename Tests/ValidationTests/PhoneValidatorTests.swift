import Testing

@testable import Validation

@Suite("PhoneValidator")
struct PhoneValidatorTests {
    let validator = PhoneValidator()

    @Test(
        "formatted international numbers normalise to E.164",
        arguments: [
            ("+1 (415) 555-2671", "+14155552671"),
            ("+14155552671", "+14155552671"),
            ("+44 20 7946 0958", "+442079460958"),
            ("+49.30.123456", "+4930123456"),
            (" +33 [1] 23-45-67-89 ", "+33123456789"),
            ("+12", "+12"),  // shortest: 2 digits
            ("+123456789012345", "+123456789012345"),  // longest: 15 digits
        ])
    func normalises(input: String, expected: String) {
        #expect(validator.validate(input) == expected)
    }

    @Test(
        "numbers that are not E.164 are rejected",
        arguments: [
            "",
            "+",
            "+1",  // a single digit
            "+0123",  // country code cannot start with 0
            "+1234567890123456",  // 16 digits
            "14155552671",  // no plus
            "001 415 555 2671",
            "+1 415 555 267a",
            "++14155552671",
            "+1-415-555-2671 ext 5",
            "+1/415/555/2671",
            "+١٤١٥٥٥٥٢٦٧١",  // non-ASCII digits
            "1+4155552671",
        ])
    func rejects(input: String) {
        #expect(validator.validate(input) == nil)
    }
}
