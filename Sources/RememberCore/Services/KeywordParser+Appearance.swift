/// Reading how the person looks: hair, eyewear, facial hair, height, build, age words,
/// accessories and the colours they wear.
extension KeywordParser {
    /// Hair phrases: "long curly red hair", "hair is short and spiky", "a blonde ponytail".
    func readHairPhrases(in text: KeywordTranscript, into collector: inout KeywordCollector, claiming claimed: inout [Bool]) {
        for index in 0..<text.count {
            guard text.hasRole(.hairNoun, at: index), let word = text.word(at: index), !claimed[index] else { continue }
            if word == "bob" && !isBobHaircut(at: index, in: text) { continue }
            var described = hairDescriptors(before: index, in: text, claimed: claimed)
            described += hairDescriptors(after: index, in: text, claimed: claimed)
            described.sort()
            for position in described { claimed[position] = true }
            claimed[index] = true

            var colorPositions: [Int] = []
            for position in described + [index] {
                guard let descriptor = text.word(at: position) else { continue }
                if KeywordVocabulary.hairColors[descriptor] != nil { colorPositions.append(position) }
                if let length = KeywordVocabulary.hairLengths[descriptor] {
                    collector.add(.hairLength, length, at: position, in: text)
                }
                if let style = KeywordVocabulary.hairStyleAdjectives[descriptor] ?? KeywordVocabulary.hairStyleNouns[descriptor] {
                    collector.add(.hairStyle, style, at: position, in: text)
                }
            }
            if word == "bob" { collector.add(.hairStyle, "bob", at: index, in: text) }
            if word == "hair", described.isEmpty, text.isWord("no", at: index - 1), let token = text.token(at: index) {
                collector.add(.hairLength, "bald", at: index, isNegated: false, isCorrective: token.isCorrective, isWeak: true)
            }
            if let position = colorPositions.first, let color = text.word(at: position).flatMap({ KeywordVocabulary.hairColors[$0] }) {
                collector.add(.hairColor, color, at: position, in: text)
            } else if let dark = described.first(where: { text.isWord("dark", at: $0) }) {
                // "Dark hair" with no colour named is brown; "jet black" or "black" must be said.
                collector.add(.hairColor, "brown", at: dark, in: text)
            }
        }
    }

    /// Colours of clothes: "a navy suit", "red and white striped shirt", "dressed in black".
    func readGarmentPhrases(in text: KeywordTranscript, into collector: inout KeywordCollector, claiming claimed: inout [Bool]) {
        for index in 0..<text.count {
            guard text.hasRole(.garment, at: index) || text.hasRole(.wearing, at: index) else { continue }
            if text.hasRole(.garment, at: index) {
                let described = modifiers(
                    before: index, in: text, claimed: claimed,
                    allowed: { word in
                        KeywordVocabulary.colors[word] != nil || KeywordVocabulary.garmentModifiers.contains(word)
                    })
                for position in described {
                    claimed[position] = true
                    if let color = text.word(at: position).flatMap({ KeywordVocabulary.colors[$0] }) {
                        collector.add(.clothingColor, color, at: position, in: text)
                    }
                }
            } else {
                readWornColors(after: index, in: text, into: &collector, claiming: &claimed)
            }
        }
    }

    /// Describing words of nouns that are neither hair nor clothes ("blue eyes", "big smile",
    /// "red beard"), set aside so that they are not read as hair colour or build.
    func readOtherNounPhrases(in text: KeywordTranscript, claiming claimed: inout [Bool]) {
        for index in 0..<text.count {
            guard text.hasRole(.otherNoun, at: index) else { continue }
            let described = modifiers(
                before: index, in: text, claimed: claimed,
                allowed: { word in
                    KeywordVocabulary.describingAdjectives.contains(word) || KeywordVocabulary.colors[word] != nil
                        || KeywordVocabulary.hairColors[word] != nil
                })
            for position in described { claimed[position] = true }
        }
    }

    /// Single words and fixed phrases, wherever they stand and were not part of a phrase above.
    func readAppearanceWords(in text: KeywordTranscript, into collector: inout KeywordCollector, skipping claimed: [Bool]) {
        for index in 0..<text.count where !claimed[index] && text.hasRole(.appearance, at: index) {
            guard let token = text.token(at: index), let entries = KeywordAppearanceWord.byWord[token.lower] else { continue }
            for entry in entries {
                switch entry {
                case .eyewear(let eyewear):
                    if !text.isWord("of", at: index + 1) { collector.add(.eyewear, eyewear, at: index, in: text) }
                case .facialHair(let facialHair):
                    collector.add(.facialHair, facialHair, at: index, in: text)
                case .beard:
                    // An explicit "no beard" is a clean-shaven face, unless a moustache is said too.
                    if token.isNegated && !token.isDoubted {
                        collector.add(
                            .facialHair, "clean-shaven", at: index,
                            isNegated: false, isCorrective: token.isCorrective, isWeak: true
                        )
                    }
                case .height(let height):
                    collector.add(.height, height, at: index, in: text)
                case .personHeight(let height):
                    if describesPerson(at: index, in: text) { collector.add(.height, height, at: index, in: text) }
                case .build(let build):
                    collector.add(.build, build, at: index, in: text)
                case .personBuild(let build):
                    if describesPerson(at: index, in: text) || (token.lower == "built" && text.isWord("well", at: index - 1)) {
                        collector.add(.build, build, at: index, in: text)
                    }
                case .hairColor(let color):
                    collector.add(.hairColor, color, at: index, in: text)
                case .personHairColor(let color):
                    if describesPerson(at: index, in: text) { collector.add(.hairColor, color, at: index, in: text) }
                case .hairLength(let length):
                    collector.add(.hairLength, length, at: index, in: text)
                // A life stage gives way to a number: "the kid at the desk, maybe nineteen" is a teen.
                case .age(let age):
                    collector.add(.approximateAge, age, at: index, in: text, isWeak: true)
                case .youngAge(let age):
                    if !isSomeoneElse(at: index, in: text) {
                        collector.add(.approximateAge, age, at: index, in: text, isWeak: true)
                    }
                case .accessory(let accessory):
                    collector.add(.accessory, accessory, at: index, in: text)
                case .nounAccessory(let accessory):
                    if isNoun(at: index, in: text) { collector.add(.accessory, accessory, at: index, in: text) }
                }
            }
        }
    }

    // MARK: - Helpers

    /// What may follow a worn colour for it to be the whole outfit ("wearing black with a hat").
    private static let wornColorFollowers: Set<String> = [
        "and", "but", "with", "who", "he", "she", "they", "i", "we", "today", "tonight", "again", "from", "all",
        "when", "at", "as", "plus", "also", "too", "head",
    ]

    /// "wearing red", "dressed in black", "in navy and white": colours that end their clause.
    private func readWornColors(
        after index: Int, in text: KeywordTranscript, into collector: inout KeywordCollector, claiming claimed: inout [Bool]
    ) {
        var cursor = index + 1
        if text.isWord("all", at: cursor) { cursor += 1 }
        if text.isWord("in", at: cursor) { cursor += 1 }
        var colors: [Int] = []
        while let word = text.word(at: cursor), !claimed[cursor], cursor - index <= 8 {
            if KeywordVocabulary.colors[word] != nil {
                colors.append(cursor)
            } else if word != "and" && !KeywordVocabulary.garmentModifiers.contains(word) {
                break
            }
            cursor += 1
        }
        guard !colors.isEmpty else { return }
        if let next = text.word(at: cursor), !Self.wornColorFollowers.contains(next) { return }
        for position in colors {
            claimed[position] = true
            if let color = text.word(at: position).flatMap({ KeywordVocabulary.colors[$0] }) {
                collector.add(.clothingColor, color, at: position, in: text)
            }
        }
    }

    private static func isHairDescriptor(_ word: String) -> Bool {
        KeywordVocabulary.hairColors[word] != nil || KeywordVocabulary.hairLengths[word] != nil
            || KeywordVocabulary.hairStyleAdjectives[word] != nil || KeywordVocabulary.hairStyleNouns[word] != nil
            || KeywordVocabulary.hairFillers.contains(word)
    }

    private func hairDescriptors(before index: Int, in text: KeywordTranscript, claimed: [Bool]) -> [Int] {
        modifiers(before: index, in: text, claimed: claimed, acrossCommas: true, allowed: Self.isHairDescriptor)
    }

    /// "hair is long and curly", "hair in a ponytail", "hair tied up in a bun".
    private func hairDescriptors(after index: Int, in text: KeywordTranscript, claimed: [Bool]) -> [Int] {
        guard let next = text.word(at: index + 1), KeywordVocabulary.hairPredicateWords.contains(next), next != "and" else { return [] }
        var described: [Int] = []
        var cursor = index + 1
        while cursor < text.count, cursor - index <= 8, !claimed[cursor], let token = text.token(at: cursor) {
            switch token.kind {
            case .stop, .correction:
                return described
            case .pause:
                cursor += 1
                continue
            case .word:
                break
            }
            if token.lower == "and", text.isWord(in: Self.clauseOpeners, at: cursor + 1) { return described }
            if Self.isHairDescriptor(token.lower) {
                if token.lower != "and" { described.append(cursor) }
            } else if !KeywordVocabulary.hairPredicateWords.contains(token.lower) {
                return described
            }
            cursor += 1
        }
        return described
    }

    /// Words that start a new noun phrase or clause after "and".
    private static let clauseOpeners: Set<String> = [
        "a", "an", "the", "his", "her", "their", "he", "she", "they", "i", "we", "has", "is", "wears", "some",
    ]

    /// The positions just before `index` whose words `allowed` accepts, nearest first, never
    /// across a sentence end, a correction or a word already read.
    private func modifiers(
        before index: Int, in text: KeywordTranscript, claimed: [Bool], acrossCommas: Bool = false, allowed: (String) -> Bool
    ) -> [Int] {
        var result: [Int] = []
        var cursor = index - 1
        while cursor >= 0, index - cursor <= 7, !claimed[cursor], let token = text.token(at: cursor) {
            switch token.kind {
            case .stop, .correction:
                return result
            case .pause:
                // A comma between adjectives ("long, curly hair"), not one ending the phrase.
                guard acrossCommas, let before = text.word(at: cursor - 1), allowed(before), before != "and" else { return result }
            case .word:
                guard allowed(token.lower) else { return result }
                if token.lower != "and" { result.append(cursor) }
            }
            cursor -= 1
        }
        return result
    }

    /// "a watch", "gold watch", "…, tie, …" but not "likes to watch".
    private func isNoun(at index: Int, in text: KeywordTranscript) -> Bool {
        guard let previous = text.word(at: index - 1) else {
            // An item in a list of descriptors.
            return text.word(at: index + 1).map { $0 == "and" } ?? true
        }
        return KeywordVocabulary.accessoryDeterminers.contains(previous) || KeywordVocabulary.colors[previous] != nil
    }

    private func isBobHaircut(at index: Int, in text: KeywordTranscript) -> Bool {
        guard let token = text.token(at: index) else { return false }
        if text.isMixedCase && token.isCapitalized { return false }
        guard let previous = text.word(at: index - 1) else { return false }
        return previous == "a" || Self.isHairDescriptor(previous)
    }

    /// Whether the adjective at `index` describes the person ("she's big", "a big guy", "big and
    /// tall") rather than a thing ("a big fan", "heavy smoker").
    private func describesPerson(at index: Int, in text: KeywordTranscript) -> Bool {
        guard let next = text.word(at: index + 1) else { return true }
        return KeywordVocabulary.predicateFollowers.contains(next) || KeywordVocabulary.personNouns.contains(next)
            || KeywordVocabulary.heights[next] != nil || KeywordVocabulary.personHeights[next] != nil
            || KeywordVocabulary.builds[next] != nil || KeywordVocabulary.personBuilds[next] != nil
    }

    private static let someoneElsesMarkers: Set<String> = [
        "has", "have", "had", "having", "with", "her", "his", "their", "my", "our", "your", "got", "raising", "expecting",
    ]
    private static let childCountWords: Set<String> = ["a", "an", "little", "young", "small", "one", "two", "three", "new", "baby"]

    /// "she has a kid", "with her teenager", "his son is a teenager": the age word is about someone else.
    private func isSomeoneElse(at index: Int, in text: KeywordTranscript) -> Bool {
        var cursor = index - 1
        while let word = text.word(at: cursor), Self.childCountWords.contains(word), index - cursor < 4 { cursor -= 1 }
        return text.isWord(in: Self.someoneElsesMarkers, at: cursor) || text.isAboutSomeoneElse(before: index)
    }
}
