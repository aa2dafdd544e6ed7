import Testing

@testable import RememberCore

/// What is denied is not set; a denial reaches only its own clause; a repeated single-valued
/// property keeps the first statement unless a later one is a correction.
@Suite("KeywordParser: negations and corrections")
struct KeywordParserNegationTests {
    struct Statement: Sendable, CustomTestStringConvertible {
        let said: String
        let expected: PersonKeywords
        var testDescription: String { said }
    }

    static let negations: [Statement] = [
        Statement(said: "no glasses", expected: PersonKeywords()),
        Statement(said: "doesn't wear glasses", expected: PersonKeywords()),
        Statement(said: "doesnt wear glasses", expected: PersonKeywords()),
        Statement(said: "she does not wear glasses", expected: PersonKeywords()),
        Statement(said: "not wearing glasses", expected: PersonKeywords()),
        Statement(said: "never wears a hat", expected: PersonKeywords()),
        Statement(said: "isn\u{2019}t tall", expected: PersonKeywords()),
        Statement(said: "he is not very tall", expected: PersonKeywords()),
        Statement(said: "no tattoos or piercings", expected: PersonKeywords()),
        Statement(said: "not into sports", expected: PersonKeywords()),
        Statement(said: "doesn't like jazz or hiking", expected: PersonKeywords()),
        Statement(said: "she isn't a nurse", expected: PersonKeywords()),
        Statement(said: "he's not from Paris", expected: PersonKeywords()),
        Statement(said: "not in her thirties", expected: PersonKeywords()),
        Statement(said: "no beard", expected: PersonKeywords(facialHair: "clean-shaven")),
        Statement(said: "without a beard", expected: PersonKeywords(facialHair: "clean-shaven")),
        Statement(said: "doesn't have a beard", expected: PersonKeywords(facialHair: "clean-shaven")),
        Statement(said: "no facial hair", expected: PersonKeywords(facialHair: "clean-shaven")),
        Statement(said: "no beard but a moustache", expected: PersonKeywords(facialHair: "moustache")),
        Statement(said: "no moustache", expected: PersonKeywords()),
        Statement(said: "no glasses but a big beard", expected: PersonKeywords(facialHair: "beard")),
        Statement(said: "doesn't wear glasses and has a beard", expected: PersonKeywords(facialHair: "beard")),
        Statement(said: "isn't tall has a beard", expected: PersonKeywords(facialHair: "beard")),
        Statement(said: "no glasses, curly hair", expected: PersonKeywords(hairStyle: "curly")),
        Statement(said: "not tall. glasses", expected: PersonKeywords(eyewear: "glasses")),
        Statement(said: "no hat, she wears a scarf", expected: PersonKeywords(accessories: ["scarf"])),
        Statement(said: "without glasses he looks younger, he's tall", expected: PersonKeywords(height: "tall")),
        Statement(said: "no glasses; later she wore glasses", expected: PersonKeywords()),
    ]

    static let corrections: [Statement] = [
        Statement(said: "brown hair, black hair", expected: PersonKeywords(hairColor: "brown")),
        Statement(said: "brown hair, actually black hair", expected: PersonKeywords(hairColor: "black")),
        Statement(said: "brown hair no wait black hair", expected: PersonKeywords(hairColor: "black")),
        Statement(said: "brown hair, no, black", expected: PersonKeywords(hairColor: "brown")),
        Statement(said: "he's tall. Sorry, he's short.", expected: PersonKeywords(height: "short")),
        Statement(said: "glasses, actually no glasses", expected: PersonKeywords()),
        Statement(said: "she's a teacher, I mean she's a lecturer", expected: PersonKeywords(profession: "lecturer")),
        Statement(said: "he's a teacher and he's a pilot", expected: PersonKeywords(profession: "teacher")),
        Statement(said: "lives in London, from Leeds", expected: PersonKeywords(origin: "Leeds")),
        Statement(said: "from Leeds, lives in London", expected: PersonKeywords(origin: "Leeds")),
        Statement(said: "lives in London", expected: PersonKeywords(origin: "London")),
        Statement(said: "clean shaven, well, no beard, actually a goatee", expected: PersonKeywords(facialHair: "goatee")),
        Statement(said: "tattoo, actually no tattoo, a scarf", expected: PersonKeywords(accessories: ["scarf"])),
        Statement(said: "actually she's blonde. Loves jazz", expected: PersonKeywords(hairColor: "blonde", interests: ["jazz"])),
    ]

    /// Said with doubt, or about someone else the ramble mentions.
    static let othersAndDoubts: [Statement] = [
        Statement(said: "I don't remember if he had a beard. He's from Leeds.", expected: PersonKeywords(origin: "Leeds")),
        Statement(said: "not sure if she wears glasses, she's tall", expected: PersonKeywords(height: "tall")),
        Statement(said: "no idea what he does, he's bald", expected: PersonKeywords(hairLength: "bald")),
        Statement(said: "she has a 5 year old and her husband is a pilot from Spain", expected: PersonKeywords()),
        Statement(said: "his son is a teenager, he's in his fifties", expected: PersonKeywords(approximateAge: "50s")),
        Statement(said: "her husband loves golf, she loves tennis", expected: PersonKeywords(interests: ["tennis"])),
        Statement(said: "her brother who works as a pilot", expected: PersonKeywords()),
        Statement(said: "I know him from Chicago", expected: PersonKeywords()),
        Statement(said: "I met a guy from Lyon at the bar", expected: PersonKeywords(origin: "Lyon")),
        Statement(said: "she has two kids and a dog, drives a red car", expected: PersonKeywords()),
        Statement(said: "long story short, she's a doctor", expected: PersonKeywords(profession: "doctor")),
    ]

    @Test("doubted or someone else's → not set", arguments: othersAndDoubts)
    func notAboutThePerson(statement: Statement) {
        #expect(KeywordParser().extract(from: statement.said) == statement.expected)
    }

    @Test("negated descriptor → not set, and only within its clause", arguments: negations)
    func negation(statement: Statement) {
        #expect(KeywordParser().extract(from: statement.said) == statement.expected)
    }

    @Test("repeated property → first wins unless corrected", arguments: corrections)
    func correction(statement: Statement) {
        #expect(KeywordParser().extract(from: statement.said) == statement.expected)
    }
}
