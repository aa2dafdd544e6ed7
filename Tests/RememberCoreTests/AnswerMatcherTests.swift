import Foundation
import TestSupport
import Testing

@testable import RememberCore

@Suite("AnswerMatcher")
struct AnswerMatcherTests {
    private let matcher = AnswerMatcher()

    @Test(
        "the name typed in another case, spacing or accents → exact",
        arguments: [
            ("maria gonzalez", "Maria Gonzalez"),
            ("MARIA GONZALEZ", "Maria Gonzalez"),
            ("  Maria \t  Gonzalez \n", "Maria Gonzalez"),
            ("zoe", "Zoë"),
            ("jose", "José"),
            ("José", "jose"),
            ("francois", "François"),
            ("bjork", "Björk"),
            ("Nguyen Van Anh", "Nguyễn Văn Anh"),
            ("lukasz", "Łukasz"),
            ("soren", "Søren"),
            ("strauss", "Strauß"),
            ("aesa", "Æsa"),
            ("isil", "Işıl"),
            ("Ｍａｒｉａ", "Maria"),  // full-width letters
        ])
    func exactIgnoringCaseSpacingAndAccents(answer: String, name: String) {
        #expect(matcher.verdict(answer: answer, name: name) == .exact)
    }

    @Test(
        "apostrophes, periods and hyphens → ignored",
        arguments: [
            ("obrien", "O'Brien"),
            ("O’Brien", "O'Brien"),  // typographic apostrophe, as phones type it
            ("o brien", "O'Brien"),  // a space where the apostrophe was is one edit → see below
            ("jr smith", "J.R. Smith"),
            ("maryjane", "Mary-Jane"),
            ("Mary–Jane", "Mary-Jane"),  // en dash
            ("dangelo", "D´Angelo"),
        ])
    func punctuationIgnored(answer: String, name: String) {
        let verdict = matcher.verdict(answer: answer, name: name)
        if answer == "o brien" {
            #expect(verdict == .closeEnough)
        } else {
            #expect(verdict == .exact)
        }
    }

    @Test(
        "only the first name → exact; only the last name → wrong",
        arguments: [
            ("Maria", "Maria Gonzalez", AnswerVerdict.exact),
            ("maria", "  Maria   Gonzalez ", AnswerVerdict.exact),
            ("Mary-Jane", "Mary-Jane Watson", AnswerVerdict.exact),
            ("Gonzalez", "Maria Gonzalez", AnswerVerdict.wrong),
            ("Maria G", "Maria Gonzalez", AnswerVerdict.wrong),
        ])
    func firstNameOnly(answer: String, name: String, expected: AnswerVerdict) {
        #expect(matcher.verdict(answer: answer, name: name) == expected)
    }

    @Test(
        "one substitution, insertion, deletion or swap → closeEnough",
        arguments: [
            ("Marla", "Maria"),  // substitution
            ("Mariah", "Maria"),  // insertion
            ("Mria", "Maria"),  // deletion
            ("Mraia", "Maria"),  // adjacent transposition
            ("Jonh", "John Smith"),  // transposition against the first name
            ("John Smoth", "John Smith"),  // substitution against the full name
            ("JohnSmith", "John Smith"),  // the space dropped
            ("Zoé", "Zoey"),  // accent ignored, then one deletion
        ])
    func oneEditIsCloseEnough(answer: String, name: String) {
        #expect(matcher.verdict(answer: answer, name: name) == .closeEnough)
    }

    @Test(
        "two edits → wrong",
        arguments: [
            ("Mrla", "Maria"),
            ("Marlaa", "Maria"),
            ("Amrai", "Maria"),
            ("Jhon Smoth", "John Smith"),
            ("Maira Gonzales", "Maria Gonzalez"),
        ])
    func twoEditsAreWrong(answer: String, name: String) {
        #expect(matcher.verdict(answer: answer, name: name) == .wrong)
    }

    @Test(
        "names under 4 characters → no typo allowed",
        arguments: [
            ("Ed", "Al", AnswerVerdict.wrong),
            ("Al", "Ed", AnswerVerdict.wrong),
            ("Bo", "Bob", AnswerVerdict.wrong),
            ("Eve", "Eva", AnswerVerdict.wrong),
            ("Ed", "Ed", AnswerVerdict.exact),
            ("Ann", "Ann Lee", AnswerVerdict.exact),
            ("Anm", "Ann Lee", AnswerVerdict.wrong),  // first name too short for a typo…
            ("Ann Leo", "Ann Lee", AnswerVerdict.closeEnough),  // …but the full name is long enough
            ("Jon", "John", AnswerVerdict.closeEnough),  // the target, not the answer, must have 4
        ])
    func shortNames(answer: String, name: String, expected: AnswerVerdict) {
        #expect(matcher.verdict(answer: answer, name: name) == expected)
    }

    @Test(
        "an empty or blank answer, or a name that normalises to nothing → wrong",
        arguments: [
            ("", "Maria"),
            ("   ", "Maria"),
            ("'.-", "Maria"),
            ("\u{200B}", "Maria"),
            ("", ""),
            ("Maria", ""),
            ("...", "..."),
        ])
    func emptyIsWrong(answer: String, name: String) {
        #expect(matcher.verdict(answer: answer, name: name) == .wrong)
    }

    @Test("é as one code point (NFC) or e + combining accent (NFD) → equal")
    func canonicalEquivalence() {
        let composed = "Ren\u{E9}e"
        let decomposed = "Rene\u{301}e"

        #expect(matcher.verdict(answer: decomposed, name: composed) == .exact)
        #expect(matcher.verdict(answer: composed, name: decomposed) == .exact)
        #expect(matcher.verdict(answer: "renee", name: decomposed) == .exact)
    }

    @Test("unicode oddities → compared as user-perceived characters")
    func unicodeOddities() {
        #expect(matcher.verdict(answer: "Sunny 🌞", name: "Sunny 🌞") == .exact)
        #expect(matcher.verdict(answer: "Sunny 🌝", name: "Sunny 🌞") == .closeEnough)
        // A family emoji is one character built from seven scalars: replacing it is one edit.
        #expect(matcher.verdict(answer: "Kim 👨‍👩‍👧‍👦", name: "Kim 🐱") == .closeEnough)
        #expect(matcher.verdict(answer: "Maria\u{200B}", name: "Maria") == .exact)  // zero-width space
        #expect(matcher.verdict(answer: "\u{FEFF}Maria", name: "Maria") == .exact)  // byte-order mark
        #expect(matcher.verdict(answer: "Maria\u{00A0}Gonzalez", name: "Maria Gonzalez") == .exact)  // no-break space
        #expect(matcher.verdict(answer: "İlker", name: "Ilker") == .exact)  // Turkish capital dotted I
        #expect(matcher.verdict(answer: "ΟΔΥΣΣΕΥΣ", name: "Οδυσσεύς") == .exact)  // final sigma, tonos
        #expect(matcher.verdict(answer: "さとう", name: "さとう") == .exact)
        #expect(matcher.verdict(answer: "かとう", name: "がとう") == .wrong)  // voicing mark is not an accent; 3 characters
        #expect(matcher.verdict(answer: "かとうさん", name: "がとうさん") == .closeEnough)
    }

    @Test(
        "OSA distance → counts an adjacent swap as one edit and never edits a substring twice",
        arguments: [
            ("", "", 0),
            ("", "abc", 3),
            ("abc", "abc", 0),
            ("abc", "acb", 1),
            ("ca", "abc", 3),  // full Damerau–Levenshtein would say 2
            ("kitten", "sitting", 3),
            ("maria", "mraia", 1),
        ])
    func distance(a: String, b: String, expected: Int) {
        #expect(AnswerMatcher.optimalStringAlignmentDistance(Array(a), Array(b)) == expected)
        #expect(AnswerMatcher.optimalStringAlignmentDistance(Array(b), Array(a)) == expected)
    }

    @Test("normalisation → lower-case, no accents or punctuation, single spaces")
    func normalisation() {
        #expect(AnswerMatcher.normalized("  Dr. Jean-Luc  O’Neil\u{301}l ") == "dr jeanluc oneill")
        #expect(AnswerMatcher.normalized("ﬁona") == "fiona")  // ligature
    }

    @Test("2,000 random names of 4+ characters × any single edit → closeEnough or exact, never wrong")
    func singleEditsAreNeverWrong() throws {
        var random = SplitMix64(seed: 0xA45E_0001)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèüöñçåøßł")
        func word(_ length: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: length, using: &random)).map { _ in letters.randomElement(using: &random) ?? "a" })
        }
        for _ in 0..<2_000 {
            let firstName = word(4...9)
            let name = Bool.random(using: &random) ? firstName + " " + word(2...10) : firstName
            // Edit either the full name or the first name alone, as a person might answer.
            var characters = Array(Bool.random(using: &random) ? name : firstName)
            let index = Int.random(in: 0..<characters.count, using: &random)
            let letter = try #require(letters.randomElement(using: &random))
            switch Int.random(in: 0..<4, using: &random) {
            case 0: characters[index] = letter
            case 1: characters.insert(letter, at: Int.random(in: 0...characters.count, using: &random))
            case 2: characters.remove(at: index)
            default:
                if index + 1 < characters.count {
                    characters.swapAt(index, index + 1)
                }
            }
            let answer = String(characters)

            let verdict = matcher.verdict(answer: answer, name: name)
            #expect(verdict != .wrong, "answer \(answer) for name \(name)")
        }
    }

    @Test("5,000 random strings of unicode oddities → a verdict, no crash; identical strings never wrong unless empty")
    func randomInputNeverCrashes() {
        var random = SplitMix64(seed: 0xA45E_0002)
        let pieces = [
            "a", "É", "e\u{301}", "\u{301}", "'", "’", ".", "-", " ", "\t", "\u{200B}", "\u{200D}", "👨‍👩‍👧", "🇫🇷", "ß", "İ", "ﬁ", "ｍ", "\u{FEFF}", "\u{0}",
            "\u{10FFFF}", "が", "\u{3099}", "Σ",
        ]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let other = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()

            _ = matcher.verdict(answer: text, name: other)
            let selfVerdict = matcher.verdict(answer: text, name: text)
            #expect(selfVerdict == (AnswerMatcher.normalized(text).isEmpty ? .wrong : .exact), "\(text.unicodeScalars.map(\.value))")
        }
    }
}
