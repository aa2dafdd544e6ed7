/// The quality filter's matcher (stage 2): finds keywords of non-dive places (stadiums, car
/// parks, golf courses…) in a record's name, type hint and description.
///
/// Matching is on whole folded words (``FoldedText``), so "Parkside Reef" is not a park and
/// "Estádio" is "estadio". Fields are read in the order name, type, description; within a field
/// the most specific rule wins ("water park" before "park"). Descriptions that talk about
/// diving are not read for venue words at all (see ``NonDivePlaceRules``).
struct NonDivePlaceFilter: Sendable {
    enum Field: String, Sendable {
        case name, type, description
    }

    /// Why a record is not a dive site.
    struct Match: Hashable, Sendable {
        /// The rule's keyword ("stadium").
        var keyword: String
        var field: Field
        /// The phrase as found, folded ("estadio").
        var phrase: String
    }

    private struct Candidate: Sendable {
        var rule: Int
        var words: [[UInt8]]
        var phrase: String
    }

    private let rules: [KeywordRule]
    /// Candidates by the hash of their first word: one dictionary probe per word of input.
    private let index: [UInt64: [Candidate]]
    private let exemptions: [Set<String>]

    init(rules: [KeywordRule] = NonDivePlaceRules.all) {
        self.rules = rules
        var index: [UInt64: [Candidate]] = [:]
        for (ruleIndex, rule) in rules.enumerated() {
            for phrase in rule.phrases {
                let folded = FoldedText(phrase)
                let words = folded.words.map { Array(folded.bytes[$0]) }
                guard let first = words.first else { continue }
                index[Self.hash(first[...]), default: []].append(Candidate(rule: ruleIndex, words: words, phrase: folded.string))
            }
        }
        self.index = index
        exemptions = rules.map { Set($0.exemptions.map { FoldedText($0).string }) }
    }

    /// The first non-dive keyword found, or nil for a record that may be a dive site.
    func match(name: String, type: String?, description: String?) -> Match? {
        if let found = bestMatch(in: FoldedText(name), field: .name) { return found }
        if let type, let found = bestMatch(in: FoldedText(type), field: .type) { return found }
        if let description {
            let folded = FoldedText(description)
            if let found = bestMatch(in: folded, field: .description),
                !mentionsDiving(folded) && !mentionsDiving(FoldedText(name))
            {
                return found
            }
        }
        return nil
    }

    private func bestMatch(in text: FoldedText, field: Field) -> Match? {
        let words = text.words
        var best: Candidate?
        for (position, word) in words.enumerated() {
            guard let candidates = index[Self.hash(text.bytes[word])] else { continue }
            for candidate in candidates where candidate.rule < (best?.rule ?? Int.max) {
                guard applies(rules[candidate.rule].scope, to: field),
                    matches(candidate.words, in: text, words: words, at: position),
                    !isExempt(rule: candidate.rule, text: text, words: words)
                else { continue }
                best = candidate
            }
        }
        return best.map { Match(keyword: rules[$0.rule].id, field: field, phrase: $0.phrase) }
    }

    private func applies(_ scope: KeywordRule.Scope, to field: Field) -> Bool {
        switch (scope, field) {
        case (.everywhere, _), (.nameAndType, .name), (.nameAndType, .type), (.typeOnly, .type): true
        case (.nameAndType, .description), (.typeOnly, .name), (.typeOnly, .description): false
        }
    }

    private func matches(_ phrase: [[UInt8]], in text: FoldedText, words: [Range<Int>], at position: Int) -> Bool {
        guard position + phrase.count <= words.count else { return false }
        for (offset, expected) in phrase.enumerated() where !text.bytes[words[position + offset]].elementsEqual(expected) {
            return false
        }
        return true
    }

    private func isExempt(rule: Int, text: FoldedText, words: [Range<Int>]) -> Bool {
        guard !exemptions[rule].isEmpty else { return false }
        return words.contains { exemptions[rule].contains(String(decoding: text.bytes[$0], as: UTF8.self)) }
    }

    private func mentionsDiving(_ text: FoldedText) -> Bool {
        text.words.contains { NonDivePlaceRules.divingWords.contains(String(decoding: text.bytes[$0], as: UTF8.self)) }
    }

    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
