import Testing
import Validation

@Suite("TextFolding")
struct TextFoldingTests {
    @Test("case and accents are removed, everything else is kept")
    func caseAndAccents() {
        #expect(TextFolding.folded("Ċirkewwa") == "cirkewwa")
        #expect(TextFolding.folded("Blue Hole") == TextFolding.folded("blue hole"))
        #expect(TextFolding.folded("Récif  du Sud.") == "recif  du sud.")
    }

    @Test("words only: punctuation and spacing runs become one space, none at the ends")
    func wordsOnly() {
        #expect(TextFolding.folded("  St. John's  Reef! ", wordsOnly: true) == "st john s reef")
        #expect(TextFolding.folded("Ras Mohammed (North)", wordsOnly: true) == TextFolding.folded("ras-mohammed north", wordsOnly: true))
        #expect(TextFolding.folded("---", wordsOnly: true).isEmpty)
    }
}
