/// What a single word (or fixed phrase) says about looks wherever it stands, so that the parser
/// looks each word up once rather than in every vocabulary.
enum KeywordAppearanceWord: Hashable, Sendable {
    case eyewear(String)
    case facialHair(String)
    /// "beard", "facial hair": when negated, the face is clean-shaven.
    case beard
    case height(String)
    /// A height only when it describes the person ("she's short", not "short for").
    case personHeight(String)
    case build(String)
    /// A build only when it describes the person ("big guy", not "big fan").
    case personBuild(String)
    /// "redhead": a hair colour on its own.
    case hairColor(String)
    /// A hair colour only when it describes the person ("she's blonde", not "ginger cat").
    case personHairColor(String)
    case hairLength(String)
    case age(String)
    /// An age unless it is someone else's ("she's a teenager", not "she has a teenager").
    case youngAge(String)
    case accessory(String)
    /// An accessory only when used as a noun ("a watch", not "likes to watch").
    case nounAccessory(String)

    /// Word → everything it may say.
    static let byWord: [String: [KeywordAppearanceWord]] = {
        var table: [String: [KeywordAppearanceWord]] = [:]
        func add(_ words: [String: String], _ entry: (String) -> KeywordAppearanceWord) {
            for (word, value) in words { table[word, default: []].append(entry(value)) }
        }
        add(KeywordVocabulary.eyewear, KeywordAppearanceWord.eyewear)
        add(KeywordVocabulary.facialHair, KeywordAppearanceWord.facialHair)
        for word in KeywordVocabulary.beardWords { table[word, default: []].append(.beard) }
        add(KeywordVocabulary.heights, KeywordAppearanceWord.height)
        add(KeywordVocabulary.personHeights, KeywordAppearanceWord.personHeight)
        add(KeywordVocabulary.builds, KeywordAppearanceWord.build)
        add(KeywordVocabulary.personBuilds, KeywordAppearanceWord.personBuild)
        add(["redhead": "red"], KeywordAppearanceWord.hairColor)
        add(KeywordVocabulary.bareHairColors, KeywordAppearanceWord.personHairColor)
        add(KeywordVocabulary.bareHairLengths, KeywordAppearanceWord.hairLength)
        add(KeywordVocabulary.ageWords, KeywordAppearanceWord.age)
        add(KeywordVocabulary.youngAgeWords, KeywordAppearanceWord.youngAge)
        add(KeywordVocabulary.accessories, KeywordAppearanceWord.accessory)
        add(KeywordVocabulary.nounOnlyAccessories, KeywordAppearanceWord.nounAccessory)
        return table
    }()
}
