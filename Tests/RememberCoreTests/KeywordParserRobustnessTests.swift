import Foundation
import Testing

@testable import RememberCore

/// Input that says nothing, says it in another surface form, or is far too long.
@Suite("KeywordParser: robustness")
struct KeywordParserRobustnessTests {
    struct Variants: Sendable, CustomTestStringConvertible {
        let typed: String
        let spoken: String
        var testDescription: String { spoken }
    }

    static let blankInputs = ["", " ", "\n\t  \r\n", "   ...  ", ",,, --- !!!", "um uh erm you know", "\u{200B}\u{00A0}\u{3000}"]

    /// The same ramble typed (capitals, punctuation, straight apostrophes) and as speech
    /// recognition writes it (lower case, no punctuation, fillers, curly apostrophes).
    static let variants: [Variants] = [
        Variants(
            typed: "She's tall with curly red hair and glasses. She's a nurse from Ireland and she loves climbing.",
            spoken: "um she\u{2019}s like tall with uh curly red hair and glasses she\u{2019}s a nurse from ireland and she loves climbing"
        ),
        Variants(
            typed: "He doesn't wear glasses. He's got a beard, he's about 40, works as an architect, grew up in Texas.",
            spoken: "so he doesn\u{2019}t wear glasses you know he\u{2019}s got a beard he\u{2019}s about 40 works as an architect grew up in texas"
        ),
        Variants(
            typed: "Short, stocky, bald. Wearing a navy jacket. Big fan of chess and jazz.",
            spoken: "short stocky bald kind of wearing a navy jacket big fan of chess and jazz"
        ),
        Variants(
            typed: "SHE'S IN HER FORTIES, BLONDE, FROM NEW YORK",
            spoken: "she's in her forties blonde from new york"
        ),
    ]

    @Test("blank or filler-only input → empty keywords", arguments: blankInputs)
    func blankInput(transcript: String) {
        let keywords = KeywordParser().extract(from: transcript)
        #expect(keywords.isEmpty)
        #expect(keywords.descriptors.isEmpty)
    }

    @Test("typed and spoken forms of a ramble → the same keywords", arguments: variants)
    func surfaceFormsAgree(variants: Variants) {
        let parser = KeywordParser()
        let typed = parser.extract(from: variants.typed)
        #expect(!typed.isEmpty)
        #expect(parser.extract(from: variants.spoken) == typed)
    }

    @Test("curly and straight apostrophes → the same keywords")
    func apostrophesAgree() {
        let straight = "she's from Oslo, doesn't wear glasses, he'd say she's 30 and it's her brother's hat"
        let curly = straight.replacingOccurrences(of: "'", with: "\u{2019}")
        let parser = KeywordParser()
        #expect(parser.extract(from: curly) == parser.extract(from: straight))
        #expect(parser.extract(from: straight) == PersonKeywords(approximateAge: "30s", accessories: ["hat"], origin: "Oslo"))
    }

    @Test("a 10,000-word ramble → parsed, first statements kept")
    func veryLongInput() {
        let ramble = "um she's tall, curly red hair, glasses, works as a nurse, from Lyon, loves climbing and jazz, "
        let words = ramble.split(separator: " ").count
        let long = String(repeating: ramble, count: 10_000 / words + 1)
        #expect(long.split(separator: " ").count >= 10_000)
        let parser = KeywordParser()
        #expect(parser.extract(from: long) == parser.extract(from: ramble))
    }

    @Test("one 50,000-character word and 10,000 clause marks → no keywords, no crash")
    func degenerateLongInput() {
        let parser = KeywordParser()
        #expect(parser.extract(from: String(repeating: "a", count: 50_000)).isEmpty)
        #expect(parser.extract(from: String(repeating: "no, ", count: 10_000)).isEmpty)
        #expect(parser.extract(from: String(repeating: "'-", count: 10_000)).isEmpty)
    }

    @Test("parsing in concurrent tasks → the same keywords as in sequence")
    func concurrentParsing() async {
        let parser = KeywordParser()
        let transcripts = Self.variants.flatMap { [$0.typed, $0.spoken] }
        let sequential = transcripts.map(parser.extract(from:))
        let concurrent = await withTaskGroup(of: (Int, PersonKeywords).self) { group in
            for (index, transcript) in transcripts.enumerated() {
                group.addTask { (index, parser.extract(from: transcript)) }
            }
            var results = [PersonKeywords](repeating: PersonKeywords(), count: transcripts.count)
            for await (index, keywords) in group { results[index] = keywords }
            return results
        }
        #expect(concurrent == sequential)
    }
}
