import Testing

@testable import Validation

@Suite("LengthValidator")
struct LengthValidatorTests {
    let validator = LengthValidator(min: 1, max: 5)

    @Test(
        "accepted text comes back trimmed",
        arguments: [
            ("hello", "hello"), ("  hi  ", "hi"), ("\n\tabc\n", "abc"), ("a", "a"), (" a b ", "a b"),
        ])
    func acceptsAndTrims(input: String, expected: String) {
        #expect(validator.validate(input) == expected)
    }

    @Test(
        "empty, all-whitespace and over-long text is rejected",
        arguments: [
            "", "   ", "\n\t ", "toolong", "abcdef",
        ])
    func rejects(input: String) {
        #expect(validator.validate(input) == nil)
    }

    @Test("length counts Characters after trimming, not bytes or scalars")
    func countsCharacters() {
        // Five grapheme clusters, many more bytes and scalars.
        let emoji = "👍🏽👍🏽👍🏽👍🏽👍🏽"
        #expect(validator.validate("  \(emoji)  ") == emoji)
        #expect(validator.validate(emoji + "x") == nil)
        #expect(validator.validate("e\u{301}") == "e\u{301}")
    }

    @Test("min and max are inclusive boundaries")
    func boundaries() {
        let range = LengthValidator(min: 3, max: 4)
        #expect(range.validate("ab") == nil)
        #expect(range.validate("abc") == "abc")
        #expect(range.validate("abcd") == "abcd")
        #expect(range.validate("abcde") == nil)
    }

    @Test("default min is 1 and min 0 allows empty text")
    func defaultMin() {
        #expect(LengthValidator(max: 10).min == 1)
        #expect(LengthValidator(max: 10).validate(" ") == nil)
        #expect(LengthValidator(min: 0, max: 10).validate("   ") == "")
    }

    @Test("min greater than max accepts nothing")
    func impossibleRange() {
        #expect(LengthValidator(min: 5, max: 2).validate("abc") == nil)
    }
}

@Suite("LengthValidator's byte bound")
struct LengthValidatorByteBoundTests {
    @Test("maxBytes bounds the trimmed text's UTF-8 bytes; characters are still counted")
    func byteBound() {
        let validator = LengthValidator(min: 0, max: 3, maxBytes: 8)
        #expect(validator.validate("  abc  ") == "abc")
        #expect(validator.validate("👍🏽") == "👍🏽")  // 1 character, 8 bytes
        #expect(validator.validate("👍🏽a") == nil)  // 9 bytes
        #expect(validator.validate("e" + String(repeating: "\u{0301}", count: 10)) == nil)  // 1 character, 21 bytes
        #expect(validator.validate("abcd") == nil)  // 4 characters
        #expect(LengthValidator(min: 0, max: 3).validate("e" + String(repeating: "\u{0301}", count: 10)) != nil)
    }
}
