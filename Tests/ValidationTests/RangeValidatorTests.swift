import Testing

@testable import Validation

@Suite("Range validators")
struct RangeValidatorTests {
    @Test("RangeValidator accepts the bounds and rejects just outside")
    func integerBounds() {
        let rating = RangeValidator(1...5)
        #expect(rating.validate(1) == 1)
        #expect(rating.validate(5) == 5)
        #expect(rating.validate(3) == 3)
        #expect(rating.validate(0) == nil)
        #expect(rating.validate(6) == nil)
    }

    @Test("RangeValidator on Double rejects NaN and infinities")
    func doubleRange() {
        let percent = RangeValidator(0.0...100.0)
        #expect(percent.validate(0) == 0)
        #expect(percent.validate(100) == 100)
        #expect(percent.validate(100.000001) == nil)
        #expect(percent.validate(-0.0000001) == nil)
        #expect(percent.validate(.nan) == nil)
        #expect(percent.validate(.infinity) == nil)
    }

    @Test(
        "IntegerRangeValidator parses and range-checks text",
        arguments: [
            ("1", 1), ("5", 5), (" 3 ", 3), ("+4", 4),
        ])
    func integerParsing(input: String, expected: Int) {
        #expect(IntegerRangeValidator(1...5).validate(input) == expected)
    }

    @Test(
        "IntegerRangeValidator rejects out-of-range and non-integer text",
        arguments: [
            "0", "6", "-1", "", " ", "3.0", "3.5", "three", "1e1", "٣", "99999999999999999999999", "0x3", "3 4",
        ])
    func integerRejects(input: String) {
        #expect(IntegerRangeValidator(1...5).validate(input) == nil)
    }

    @Test(
        "DecimalRangeValidator accepts decimal text within 0...100",
        arguments: [
            ("0", 0.0), ("100", 100.0), ("22.5", 22.5), (" .5 ", 0.5), ("5.", 5.0), ("+7.25", 7.25), ("-0", 0.0),
        ])
    func decimalAccepts(input: String, expected: Double) {
        #expect(DecimalRangeValidator(0...100).validate(input) == expected)
    }

    @Test(
        "DecimalRangeValidator rejects out-of-range, non-finite and non-decimal text",
        arguments: [
            "100.0001", "-0.1", "", ".", "-", "nan", "NaN", "inf", "infinity", "1e2", "0x10", "12,5", "1.2.3", "abc", "5 %",
        ])
    func decimalRejects(input: String) {
        #expect(DecimalRangeValidator(0...100).validate(input) == nil)
    }

    @Test("a grams validator excludes zero but accepts any positive amount up to the maximum")
    func gramsExcludeZero() {
        let grams = DecimalRangeValidator(0...1_000, excludingLowerBound: true)
        #expect(grams.validate("0") == nil)
        #expect(grams.validate("0.0") == nil)
        #expect(grams.validate("-1") == nil)
        #expect(grams.validate("0.001") == 0.001)
        #expect(grams.validate("1000") == 1000)
        #expect(grams.validate("1000.5") == nil)
    }

    @Test("-0 is returned as positive zero")
    func negativeZero() throws {
        let value = try #require(DecimalRangeValidator(-1...1).validate("-0.0"))
        #expect(value.sign == .plus)
    }
}
