import TestSupport
import Testing

@testable import RememberCore

/// Thousands of random and mutated rambles: the parser never crashes, always gives the same
/// answer for the same input, and only ever answers in the documented vocabulary.
@Suite("KeywordParser: fuzz")
struct KeywordParserFuzzTests {
    @Test("random vocabulary words and Unicode → no crash, deterministic, documented vocabulary")
    func randomInputs() {
        var random = SplitMix64(seed: 0x5EED_4B57)
        let parser = KeywordParser()
        for _ in 0..<5_000 {
            let transcript = Self.randomTranscript(using: &random)
            let keywords = parser.extract(from: transcript)
            #expect(KeywordParser().extract(from: transcript) == keywords, "not deterministic: \(transcript.debugDescription)")
            Self.expectDocumented(keywords, for: transcript)
        }
    }

    @Test("mutated realistic rambles → no crash, deterministic, documented vocabulary")
    func mutatedRambles() {
        var random = SplitMix64(seed: 0xD1CE)
        let parser = KeywordParser()
        let rambles = KeywordParserTests.rambles.map(\.transcript)
        for round in 0..<3_000 {
            var characters = Array(rambles[round % rambles.count])
            for _ in 0..<Int.random(in: 1...8, using: &random) where !characters.isEmpty {
                let position = Int.random(in: 0..<characters.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: characters.remove(at: position)
                case 1: characters.insert(Self.randomCharacter(using: &random), at: position)
                case 2: characters[position] = Self.randomCharacter(using: &random)
                default: characters.insert(contentsOf: characters[position...].prefix(12), at: position)
                }
            }
            let transcript = String(characters)
            let keywords = parser.extract(from: transcript)
            #expect(parser.extract(from: transcript) == keywords, "not deterministic: \(transcript.debugDescription)")
            Self.expectDocumented(keywords, for: transcript)
        }
    }

    // MARK: - Documented vocabulary (PersonKeywords)

    private static let hairColors: Set<String> = [
        "black", "brown", "blonde", "red", "auburn", "grey", "white", "blue", "pink", "green", "purple", "orange",
    ]
    private static let hairLengths: Set<String> = ["bald", "shaved", "short", "medium", "long"]
    private static let hairStyles: Set<String> = [
        "curly", "wavy", "straight", "braids", "dreadlocks", "ponytail", "bun", "afro", "mohawk", "spiky", "buzz cut",
        "bob", "fringe",
    ]
    private static let eyewear: Set<String> = ["glasses", "sunglasses"]
    private static let facialHair: Set<String> = ["beard", "moustache", "goatee", "stubble", "clean-shaven"]
    private static let heights: Set<String> = ["tall", "short", "average height"]
    private static let builds: Set<String> = ["slim", "athletic", "muscular", "stocky", "heavy"]
    private static let lifeStages: Set<String> = ["teen", "child", "elderly"]
    private static let accessories: Set<String> = [
        "hat", "cap", "beanie", "earrings", "nose ring", "piercing", "tattoo", "scarf", "necklace", "bracelet", "watch",
        "headphones", "bow tie", "tie", "backpack", "freckles", "dimples", "mole",
    ]

    private static func expectDocumented(_ keywords: PersonKeywords, for transcript: String) {
        let context = Comment(rawValue: transcript.debugDescription)
        #expect(keywords.hairColor.map(hairColors.contains) ?? true, context)
        #expect(keywords.hairLength.map(hairLengths.contains) ?? true, context)
        #expect(keywords.hairStyle.map(hairStyles.contains) ?? true, context)
        #expect(keywords.eyewear.map(eyewear.contains) ?? true, context)
        #expect(keywords.facialHair.map(facialHair.contains) ?? true, context)
        #expect(keywords.height.map(heights.contains) ?? true, context)
        #expect(keywords.build.map(builds.contains) ?? true, context)
        #expect(keywords.approximateAge.map(isAgeGroup) ?? true, context)
        #expect(keywords.accessories.allSatisfy(accessories.contains), context)
        for list in [keywords.accessories, keywords.clothingColors, keywords.interests] {
            #expect(list == Array(Set(list)).sorted(), context)
        }
        for value in keywords.clothingColors + keywords.interests + [keywords.profession].compactMap({ $0 }) {
            #expect(
                !value.isEmpty && value == value.lowercased() && value == value.trimmingWhitespace,
                "\(value.debugDescription) from \(transcript.debugDescription)"
            )
        }
        if let origin = keywords.origin {
            #expect(!origin.isEmpty && origin == origin.trimmingWhitespace, context)
        }
    }

    private static func isAgeGroup(_ age: String) -> Bool {
        if lifeStages.contains(age) { return true }
        guard age.hasSuffix("0s"), let decade = Int(age.dropLast()) else { return false }
        return (20...90).contains(decade)
    }

    // MARK: - Random input

    /// Words the parser reacts to, so random input reaches its rules rather than being skipped.
    private static let vocabulary: [String] = {
        var words = Set<String>()
        words.formUnion(KeywordAppearanceWord.byWord.keys)
        words.formUnion(KeywordVocabulary.hairColors.keys)
        words.formUnion(KeywordVocabulary.hairNouns)
        words.formUnion(KeywordVocabulary.hairStyleAdjectives.keys)
        words.formUnion(KeywordVocabulary.garments)
        words.formUnion(KeywordVocabulary.colors.keys)
        words.formUnion(KeywordVocabulary.numbers.keys)
        words.formUnion(KeywordVocabulary.decades.keys)
        words.formUnion(KeywordParser.professionCues)
        words.formUnion(KeywordParser.interestCues)
        words.formUnion(KeywordParser.originCues)
        words.formUnion([
            "no", "not", "never", "without", "doesn't", "isn't", "actually", "i mean", "no wait", "um", "like",
            "you know", "a", "an", "the", "and", "or", "but", "he's", "she\u{2019}s", "they", "Lyon", "new zealand",
            "New", "York", "teacher", "software", "engineer", "of", "to", "up", "grew", "born", "35", "6'2", "1.85m",
            "30s", "years old", "-", "'", "\u{2019}", ".", ",", "!", "?", ";", "\n", "&", "a-", "-ish", "foot", "cm",
        ])
        return words.sorted()
    }()

    private static func randomTranscript(using random: inout SplitMix64) -> String {
        var parts: [String] = []
        for _ in 0..<Int.random(in: 0...40, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                parts.append(String((0..<Int.random(in: 1...6, using: &random)).map { _ in randomCharacter(using: &random) }))
            case 1:
                parts.append(String(Int.random(in: 0...300, using: &random)))
            case 2:
                parts.append((vocabulary.randomElement(using: &random) ?? "").uppercased())
            default:
                parts.append(vocabulary.randomElement(using: &random) ?? "")
            }
        }
        let separators = [" ", " ", " ", "", ", ", ". ", "\u{2014}", "\n", "-", "'"]
        return parts.reduce(into: "") { transcript, part in
            transcript += (separators.randomElement(using: &random) ?? " ") + part
        }
    }

    /// Any Unicode scalar, weighted towards the awkward ones: combining marks, emoji, CJK,
    /// right-to-left scripts, quotes, dashes, zero-width and control characters.
    private static func randomCharacter(using random: inout SplitMix64) -> Character {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x00...0x1F, 0x300...0x36F, 0x1F300...0x1F6FF, 0x4E00...0x4E80, 0x0590...0x06FF,
            0x2000...0x206F, 0xFE00...0xFE0F, 0x00A0...0x024F, 0x10000...0x10FFFF,
        ]
        let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
        let value = UInt32.random(in: range, using: &random)
        return Character(Unicode.Scalar(value) ?? "?")
    }
}

private extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
