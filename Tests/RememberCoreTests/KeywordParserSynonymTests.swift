import Testing

@testable import RememberCore

/// Each way of saying a descriptor maps onto the one word of the `PersonKeywords` vocabulary.
@Suite("KeywordParser: synonyms")
struct KeywordParserSynonymTests {
    struct Phrase: Sendable, CustomTestStringConvertible {
        let said: String
        let expected: PersonKeywords
        var testDescription: String { said }
    }

    static let hair: [Phrase] = [
        Phrase(said: "blond hair", expected: PersonKeywords(hairColor: "blonde")),
        Phrase(said: "fair hair", expected: PersonKeywords(hairColor: "blonde")),
        Phrase(said: "golden locks", expected: PersonKeywords(hairColor: "blonde")),
        Phrase(said: "she's blonde", expected: PersonKeywords(hairColor: "blonde")),
        Phrase(said: "ginger hair", expected: PersonKeywords(hairColor: "red")),
        Phrase(said: "a redhead", expected: PersonKeywords(hairColor: "red")),
        Phrase(said: "gray hair", expected: PersonKeywords(hairColor: "grey")),
        Phrase(said: "silver hair", expected: PersonKeywords(hairColor: "grey")),
        Phrase(said: "salt-and-pepper hair", expected: PersonKeywords(hairColor: "grey")),
        Phrase(said: "dark hair", expected: PersonKeywords(hairColor: "brown")),
        Phrase(said: "dark-haired", expected: PersonKeywords(hairColor: "brown")),
        Phrase(said: "jet black hair", expected: PersonKeywords(hairColor: "black")),
        Phrase(said: "dark black hair", expected: PersonKeywords(hairColor: "black")),
        Phrase(said: "dark blonde hair", expected: PersonKeywords(hairColor: "blonde")),
        Phrase(said: "a brunette", expected: PersonKeywords(hairColor: "brown")),
        Phrase(said: "bright blue hair", expected: PersonKeywords(hairColor: "blue")),
        Phrase(said: "hair is dyed green", expected: PersonKeywords(hairColor: "green")),
        Phrase(said: "balding", expected: PersonKeywords(hairLength: "bald")),
        Phrase(said: "shaved head", expected: PersonKeywords(hairLength: "shaved")),
        Phrase(said: "shoulder length hair", expected: PersonKeywords(hairLength: "medium")),
        Phrase(said: "long hair", expected: PersonKeywords(hairLength: "long")),
        Phrase(said: "her hair is short and spiky", expected: PersonKeywords(hairLength: "short", hairStyle: "spiky")),
        Phrase(said: "curly-haired", expected: PersonKeywords(hairStyle: "curly")),
        Phrase(said: "dreads", expected: PersonKeywords(hairStyle: "dreadlocks")),
        Phrase(said: "cornrows", expected: PersonKeywords(hairStyle: "braids")),
        Phrase(said: "pony tail", expected: PersonKeywords(hairStyle: "ponytail")),
        Phrase(said: "a man bun", expected: PersonKeywords(hairStyle: "bun")),
        Phrase(said: "crew cut", expected: PersonKeywords(hairStyle: "buzz cut")),
        Phrase(said: "bangs", expected: PersonKeywords(hairStyle: "fringe")),
        Phrase(said: "a mohican", expected: PersonKeywords(hairStyle: "mohawk")),
    ]

    static let face: [Phrase] = [
        Phrase(said: "specs", expected: PersonKeywords(eyewear: "glasses")),
        Phrase(said: "spectacles", expected: PersonKeywords(eyewear: "glasses")),
        Phrase(said: "bespectacled", expected: PersonKeywords(eyewear: "glasses")),
        Phrase(said: "shades", expected: PersonKeywords(eyewear: "sunglasses")),
        Phrase(said: "sunnies", expected: PersonKeywords(eyewear: "sunglasses")),
        Phrase(said: "mustache", expected: PersonKeywords(facialHair: "moustache")),
        Phrase(said: "a tache", expected: PersonKeywords(facialHair: "moustache")),
        Phrase(said: "bearded", expected: PersonKeywords(facialHair: "beard")),
        Phrase(said: "clean shaven", expected: PersonKeywords(facialHair: "clean-shaven")),
        Phrase(said: "five o\u{2019}clock shadow", expected: PersonKeywords(facialHair: "stubble")),
        Phrase(said: "goatee", expected: PersonKeywords(facialHair: "goatee")),
    ]

    static let body: [Phrase] = [
        Phrase(said: "lanky", expected: PersonKeywords(height: "tall")),
        Phrase(said: "she's short", expected: PersonKeywords(height: "short")),
        Phrase(said: "medium height", expected: PersonKeywords(height: "average height")),
        Phrase(said: "six foot", expected: PersonKeywords(height: "tall")),
        Phrase(said: "185cm", expected: PersonKeywords(height: "tall")),
        Phrase(say: "skinny", build: "slim"),
        Phrase(say: "thin guy", build: "slim"),
        Phrase(say: "slender", build: "slim"),
        Phrase(say: "fit", build: "athletic"),
        Phrase(say: "sporty", build: "athletic"),
        Phrase(say: "well built", build: "muscular"),
        Phrase(say: "buff", build: "muscular"),
        Phrase(say: "broad-shouldered", build: "stocky"),
        Phrase(say: "a big guy", build: "stocky"),
        Phrase(say: "heavyset", build: "stocky"),
        Phrase(say: "chubby", build: "heavy"),
    ]

    static let age: [Phrase] = [
        Phrase(say: "about 35", age: "30s"),
        Phrase(say: "35 years old", age: "30s"),
        Phrase(say: "a 35-year-old", age: "30s"),
        Phrase(say: "mid thirties", age: "30s"),
        Phrase(say: "in her 30s", age: "30s"),
        Phrase(say: "in his 30\u{2019}s", age: "30s"),
        Phrase(say: "late forties", age: "40s"),
        Phrase(say: "early twenties", age: "20s"),
        Phrase(say: "forty-something", age: "40s"),
        Phrase(say: "he's 61", age: "60s"),
        Phrase(say: "around sixty five", age: "60s"),
        Phrase(say: "teenager", age: "teen"),
        Phrase(say: "in her late teens", age: "teen"),
        Phrase(say: "just a kid", age: "child"),
        Phrase(say: "retired", age: "elderly"),
        Phrase(say: "elderly", age: "elderly"),
        Phrase(say: "an old man", age: "elderly"),
    ]

    static let accessories: [Phrase] = [
        Phrase(said: "a baseball cap", expected: PersonKeywords(accessories: ["cap"])),
        Phrase(said: "a fedora", expected: PersonKeywords(accessories: ["hat"])),
        Phrase(said: "a woolly beanie", expected: PersonKeywords(accessories: ["beanie"])),
        Phrase(said: "hoops", expected: PersonKeywords(accessories: ["earrings"])),
        Phrase(said: "a nose stud", expected: PersonKeywords(accessories: ["nose ring"])),
        Phrase(said: "tattooed", expected: PersonKeywords(accessories: ["tattoo"])),
        Phrase(said: "a pendant", expected: PersonKeywords(accessories: ["necklace"])),
        Phrase(said: "bangles", expected: PersonKeywords(accessories: ["bracelet"])),
        Phrase(said: "a smartwatch", expected: PersonKeywords(accessories: ["watch"])),
        Phrase(said: "earbuds", expected: PersonKeywords(accessories: ["headphones"])),
        Phrase(said: "a bowtie", expected: PersonKeywords(accessories: ["bow tie"])),
        Phrase(said: "a rucksack", expected: PersonKeywords(accessories: ["backpack"])),
        Phrase(said: "freckled", expected: PersonKeywords(accessories: ["freckles"])),
        Phrase(said: "a beauty spot", expected: PersonKeywords(accessories: ["mole"])),
        Phrase(said: "likes to watch football", expected: PersonKeywords(interests: ["football"])),
    ]

    static let clothes: [Phrase] = [
        Phrase(said: "in a navy blue suit", expected: PersonKeywords(clothingColors: ["navy"])),
        Phrase(said: "a light gray hoodie", expected: PersonKeywords(clothingColors: ["grey"])),
        Phrase(said: "red and white striped shirt", expected: PersonKeywords(clothingColors: ["red", "white"])),
        Phrase(said: "dressed in black", expected: PersonKeywords(clothingColors: ["black"])),
        Phrase(said: "wearing crimson", expected: PersonKeywords(clothingColors: ["red"])),
        Phrase(said: "blue eyes and a green coat", expected: PersonKeywords(clothingColors: ["green"])),
        Phrase(said: "skinny jeans", expected: PersonKeywords()),
    ]

    static let lifeAndWork: [Phrase] = [
        Phrase(said: "she's a physician", expected: PersonKeywords(profession: "doctor")),
        Phrase(said: "he is an ex-cop", expected: PersonKeywords(profession: "police officer")),
        Phrase(said: "works as a senior software engineer", expected: PersonKeywords(profession: "software engineer")),
        Phrase(said: "she's a product manager", expected: PersonKeywords(profession: "product manager")),
        Phrase(said: "he's in sales", expected: PersonKeywords(profession: "sales")),
        Phrase(said: "job's teaching", expected: PersonKeywords(profession: "teaching")),
        Phrase(said: "she is a big fan of opera", expected: PersonKeywords(interests: ["opera"])),
        Phrase(said: "he's a tall guy", expected: PersonKeywords(height: "tall")),
        Phrase(said: "originally from Rio de Janeiro", expected: PersonKeywords(origin: "Rio de Janeiro")),
        Phrase(said: "he grew up in new zealand", expected: PersonKeywords(origin: "New Zealand")),
        Phrase(said: "she is from the uk", expected: PersonKeywords(origin: "UK")),
        Phrase(said: "she's from the Netherlands", expected: PersonKeywords(origin: "Netherlands")),
        Phrase(said: "passionate about baking", expected: PersonKeywords(interests: ["baking"])),
        Phrase(said: "goes bouldering", expected: PersonKeywords(interests: ["bouldering"])),
        Phrase(said: "plays the cello", expected: PersonKeywords(interests: ["cello"])),
        Phrase(said: "loves his dog's walks", expected: PersonKeywords(interests: ["dog walks"])),
    ]

    @Test("hair words → hair colour, length, style", arguments: hair)
    func hairWords(phrase: Phrase) { check(phrase) }

    @Test("face words → eyewear, facial hair", arguments: face)
    func faceWords(phrase: Phrase) { check(phrase) }

    @Test("body words → height, build", arguments: body)
    func bodyWords(phrase: Phrase) { check(phrase) }

    @Test("age words → decade or life stage", arguments: age)
    func ageWords(phrase: Phrase) { check(phrase) }

    @Test("accessory words → accessory", arguments: accessories)
    func accessoryWords(phrase: Phrase) { check(phrase) }

    @Test("clothes → colours worn only", arguments: clothes)
    func clothesWords(phrase: Phrase) { check(phrase) }

    @Test("work, origin, interest phrasings", arguments: lifeAndWork)
    func lifeAndWorkWords(phrase: Phrase) { check(phrase) }

    private func check(_ phrase: Phrase) {
        #expect(KeywordParser().extract(from: phrase.said) == phrase.expected)
    }
}

extension KeywordParserSynonymTests.Phrase {
    init(say said: String, build: String) {
        self.init(said: said, expected: PersonKeywords(build: build))
    }

    init(say said: String, age: String) {
        self.init(said: said, expected: PersonKeywords(approximateAge: age))
    }
}
