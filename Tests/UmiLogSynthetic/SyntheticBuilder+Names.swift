import Foundation
import TestSupport
import UmiLogPipeline

/// Site names: ordinary ones, made-up place names, and the variants a second source might
/// spell a name with (each still matching the original).
extension SyntheticBuilder {
    mutating func ordinaryName() -> String {
        if random.chance(0.3) { return properName() + " " + random.pick(SyntheticVocabulary.features) }
        return random.pick(SyntheticVocabulary.prefixes) + random.pick(SyntheticVocabulary.adjectives) + " "
            + random.pick(SyntheticVocabulary.features)
    }

    /// A made-up place name ("Kalori"), never a word the filter reacts to.
    mutating func properName(avoidingInitial initial: Character? = nil) -> String {
        while true {
            let word = (0..<(2 + Int(random.next() % 2))).map { _ in random.pick(SyntheticVocabulary.syllables) }.joined()
            guard !Self.reservedWords.contains(word), word.first?.uppercased() != initial.map(String.init) else { continue }
            return word.prefix(1).uppercased() + word.dropFirst()
        }
    }

    /// Words of the filter's rules and exemptions, so a made-up name never trips (or exempts) them.
    private static let reservedWords: Set<String> = {
        var words = NonDivePlaceRules.divingWords
        for rule in NonDivePlaceRules.all {
            for phrase in rule.phrases + rule.exemptions {
                for word in phrase.split(separator: " ") { words.insert(String(word)) }
            }
        }
        return words
    }()

    /// A spelling of `name` that folds to the same key (case, accents, suffix, punctuation).
    mutating func exactVariant(of name: String) -> String {
        switch random.next() % 5 {
        case 0: return name.uppercased()
        case 1: return name.lowercased()
        case 2: return Self.accented(name)
        case 3: return name + random.pick([" Dive Site", " dive site", " Divesite"])
        default: return name.replacingOccurrences(of: " ", with: " - ")
        }
    }

    /// A spelling of `name` a second source might use: an exact variant, or one transposed pair
    /// of letters after the first four (Jaro–Winkler ≥ 0.96 for names of 10+ letters), never
    /// inside a compass word: a typo there ("Nroth") would make another place by the matcher's
    /// rule that a different compass word is a different site.
    mutating func variant(of name: String) -> String {
        var characters = Array(name)
        let letters = characters.indices.filter { characters[$0].isLetter }
        guard random.chance(0.3), letters.count >= 10 else { return exactVariant(of: name) }
        let protected = Self.distinguishingPositions(in: characters)
        let candidates = (4..<(characters.count - 1)).filter {
            characters[$0].isLetter && characters[$0 + 1].isLetter && characters[$0] != characters[$0 + 1]
                && characters[..<$0].filter(\.isLetter).count >= 4 && !protected.contains($0) && !protected.contains($0 + 1)
        }
        guard let position = candidates.randomElement(using: &random) else { return exactVariant(of: name) }
        characters.swapAt(position, position + 1)
        return String(characters)
    }

    /// Positions of the characters of words that the duplicate matcher reads as distinguishing
    /// (numbers, compass words).
    private static func distinguishingPositions(in characters: [Character]) -> Set<Int> {
        let plain = NameKey("").distinction
        var positions: Set<Int> = []
        var start = 0
        for end in characters.indices.map({ $0 + 1 }) where end == characters.count || characters[end] == " " {
            if start < end, NameKey(String(characters[start..<end])).distinction != plain {
                positions.formUnion(start..<end)
            }
            start = end + 1
        }
        return positions
    }

    private static func accented(_ name: String) -> String {
        let accents: [Character: Character] = ["a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü", "n": "ñ", "c": "ç", "A": "Å", "E": "É"]
        return String(name.map { accents[$0] ?? $0 })
    }
}
