/// Reading ages and heights said with numbers: "about 35", "35 years old", "mid thirties",
/// "in her 40s", "six foot two", "1.85m".
extension KeywordParser {
    func readNumbers(in text: KeywordTranscript, into collector: inout KeywordCollector) {
        var index = 0
        while index < text.count {
            guard text.hasRole(.number, at: index), let word = text.word(at: index) else {
                index += 1
                continue
            }
            if let decade = KeywordVocabulary.decades[word] ?? Self.digitDecade(word) {
                if isAgeDecade(at: index, in: text) {
                    collector.add(.approximateAge, decade == 10 ? "teen" : "\(decade)s", at: index, in: text)
                }
                index += 1
                continue
            }
            guard let number = Self.number(at: index, in: text) else {
                index += 1
                continue
            }
            if let height = Self.height(of: number, in: text) {
                collector.add(.height, height, at: index, in: text)
            } else if let age = age(of: number, at: index, in: text) {
                collector.add(.approximateAge, age, at: index, in: text)
            }
            index = number.end
        }
    }

    // MARK: - Helpers

    private struct SpokenNumber {
        var value: Double
        /// Position just after the number's words.
        var end: Int
        /// A unit written onto the digits: "ft" in "6ft", "cm" in "185cm".
        var attachedUnit: String
        /// Inches in "6'2".
        var attachedInches: Int?
    }

    private static let feetUnits: Set<String> = ["foot", "feet", "ft"]
    private static let centimetreUnits: Set<String> = ["cm", "centimetres", "centimeters"]
    private static let metreUnits: Set<String> = ["m", "metres", "meters", "metre", "meter"]
    private static let ageUnits: Set<String> = ["years old", "year old", "yrs old", "yo"]

    /// Words after which a number is an age ("she's 35", "about forty").
    private static let agePrefixes: Set<String> = [
        "about", "around", "roughly", "approximately", "aged", "age", "maybe", "probably", "perhaps", "is", "am",
        "are", "was", "looks", "looked", "seems", "turned", "turning", "nearly", "almost", "over", "under", "be",
        "been", "early", "mid", "late", "like",
    ]

    /// Words after which a number counts something else ("about 35 people", "over 6 feet").
    private static let countedWords: Set<String> = [
        "inches", "inch", "kids", "children", "minutes", "hours", "days", "weeks", "months", "years", "year",
        "times", "percent", "dollars", "pounds", "euros", "kg", "kilos", "miles", "km", "people", "of", "o'clock",
        "am", "pm", "grand", "k", "hundred", "thousand", "million", "languages", "dogs", "cats", "brothers",
        "sisters", "siblings", "houses", "cars", "books", "countries", "followers", "degrees", "stone",
        "lbs", "per", "marathons", "items", "things",
    ]

    private static func digitDecade(_ word: String) -> Int? {
        guard word.hasSuffix("s"), let value = Int(word.dropLast()), value >= 10, value < 100, value % 10 == 0 else { return nil }
        return value
    }

    /// "in her 30s", "mid thirties", "late teens", but not "loves 90s music" or "in the 80s".
    private func isAgeDecade(at index: Int, in text: KeywordTranscript) -> Bool {
        var cursor = index - 1
        var hasQualifier = false
        while let word = text.word(at: cursor), Self.decadeQualifiers.contains(word) || Self.possessives.contains(word) {
            if Self.decadeQualifiers.contains(word) { hasQualifier = true }
            cursor -= 1
        }
        return hasQualifier || text.isWord(in: Self.decadePrefixes, at: cursor)
    }

    private static let decadeQualifiers: Set<String> = ["early", "mid", "late", "upper", "lower"]
    private static let possessives: Set<String> = ["her", "his", "their"]
    private static let decadePrefixes = agePrefixes.union(["in"])

    private static func number(at index: Int, in text: KeywordTranscript) -> SpokenNumber? {
        guard let word = text.word(at: index) else { return nil }
        if let tens = KeywordVocabulary.numbers[word] {
            // "thirty five", "six foot two".
            if tens >= 20, tens % 10 == 0, let units = text.word(at: index + 1).flatMap({ KeywordVocabulary.numbers[$0] }), units < 10 {
                return SpokenNumber(value: Double(tens + units), end: index + 2, attachedUnit: "", attachedInches: nil)
            }
            return SpokenNumber(value: Double(tens), end: index + 1, attachedUnit: "", attachedInches: nil)
        }
        guard let first = word.first, first.isASCII, first.isNumber else { return nil }
        if let apostrophe = word.firstIndex(of: "'") {
            guard let feet = Double(word[..<apostrophe]) else { return nil }
            let inches = Int(word[word.index(after: apostrophe)...])
            return SpokenNumber(value: feet, end: index + 1, attachedUnit: "ft", attachedInches: inches ?? 0)
        }
        let digits = word.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard digits.count <= 6, let value = Double(digits) else { return nil }
        var unit = String(word.dropFirst(digits.count))
        if unit == "ish" { unit = "" }
        return SpokenNumber(value: value, end: index + 1, attachedUnit: unit, attachedInches: nil)
    }

    /// "six foot two" → tall, "5'4" → short, "185 cm" → tall, "1.70m" → average height.
    private static func height(of number: SpokenNumber, in text: KeywordTranscript) -> String? {
        let unit = number.attachedUnit.isEmpty ? (text.word(at: number.end) ?? "") : number.attachedUnit
        let unitEnd = number.attachedUnit.isEmpty ? number.end + 1 : number.end
        let centimetres: Double
        if feetUnits.contains(unit) {
            guard (3...8).contains(number.value) else { return nil }
            var inches = number.attachedInches ?? 0
            if number.attachedInches == nil, let following = Self.number(at: unitEnd, in: text),
                following.attachedUnit.isEmpty || following.attachedUnit == "in", following.value < 12
            {
                inches = Int(following.value)
            }
            centimetres = (number.value * 12 + Double(inches)) * 2.54
        } else if centimetreUnits.contains(unit) {
            centimetres = number.value
        } else if metreUnits.contains(unit), number.value < 3 {
            centimetres = number.value * 100
        } else {
            return nil
        }
        guard (90...250).contains(centimetres) else { return nil }
        // Six foot (182.9 cm) and up is tall; five foot four (162.6 cm) and under is short.
        if centimetres >= 182 { return "tall" }
        if centimetres <= 163 { return "short" }
        return "average height"
    }

    private func age(of number: SpokenNumber, at index: Int, in text: KeywordTranscript) -> String? {
        guard number.value == number.value.rounded(), number.value < 1000 else { return nil }
        let years = Int(number.value)
        let next = number.attachedUnit.isEmpty ? text.word(at: number.end) : number.attachedUnit
        if let next, Self.ageUnits.contains(next) {
            // "she has a 5 year old", "her 5 year old": her child's age, not hers.
            let isChildsAge =
                text.isWord(in: Self.possessives, at: index - 1)
                || (text.isWord(in: ["a", "an"], at: index - 1) && text.isWord(in: ["has", "have", "had", "with"], at: index - 2))
            return isChildsAge ? nil : Self.ageGroup(years)
        }
        if next == "something", years >= 20, years % 10 == 0 {
            return Self.ageGroup(years)
        }
        guard (13...110).contains(years), text.isWord(in: Self.agePrefixes, at: index - 1) else { return nil }
        if let next, Self.countedWords.contains(next) { return nil }
        return Self.ageGroup(years)
    }

    private static func ageGroup(_ years: Int) -> String? {
        switch years {
        case 1...12: "child"
        case 13...19: "teen"
        case 20...99: "\(years / 10 * 10)s"
        case 100...120: "elderly"
        default: nil
        }
    }
}
