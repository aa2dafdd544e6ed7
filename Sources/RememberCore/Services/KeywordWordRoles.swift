/// Which readers of the keyword parser a word may matter to, looked up once per word so that
/// each reader skips the words it has no use for without searching its own vocabularies.
struct KeywordWordRoles: OptionSet, Hashable, Sendable {
    let rawValue: UInt16

    static let hairNoun = KeywordWordRoles(rawValue: 1 << 0)
    static let garment = KeywordWordRoles(rawValue: 1 << 1)
    static let wearing = KeywordWordRoles(rawValue: 1 << 2)
    static let otherNoun = KeywordWordRoles(rawValue: 1 << 3)
    static let appearance = KeywordWordRoles(rawValue: 1 << 4)
    static let number = KeywordWordRoles(rawValue: 1 << 5)
    static let professionCue = KeywordWordRoles(rawValue: 1 << 6)
    static let originCue = KeywordWordRoles(rawValue: 1 << 7)
    static let interestCue = KeywordWordRoles(rawValue: 1 << 8)

    /// The roles of a lower-cased word; digits are always a number.
    static func of(_ word: String) -> KeywordWordRoles {
        if let first = word.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) { return .number }
        return table[word] ?? []
    }

    private static let table: [String: KeywordWordRoles] = {
        var table: [String: KeywordWordRoles] = [:]
        func add<Words: Sequence<String>>(_ words: Words, _ role: KeywordWordRoles) {
            for word in words { table[word, default: []].insert(role) }
        }
        add(KeywordVocabulary.hairNouns, .hairNoun)
        add(KeywordVocabulary.hairStyleNouns.keys, .hairNoun)
        add(KeywordVocabulary.garments, .garment)
        add(KeywordVocabulary.wearingWords, .wearing)
        add(KeywordVocabulary.otherDescribedNouns, .otherNoun)
        add(KeywordAppearanceWord.byWord.keys, .appearance)
        add(KeywordVocabulary.numbers.keys, .number)
        add(KeywordVocabulary.decades.keys, .number)
        add(KeywordParser.professionCues, .professionCue)
        add(KeywordParser.originCues, .originCue)
        add(KeywordParser.interestCues, .interestCue)
        return table
    }()
}
