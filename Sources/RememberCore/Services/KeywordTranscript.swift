/// A transcript reduced to what the keyword parser reads: words without fillers ("um", "you
/// know", "kind of"), fixed phrases joined into one token ("salt and pepper", "bow tie"), and each
/// word marked with whether a negation or a correction covers it.
struct KeywordTranscript: Sendable {
    private(set) var tokens: [KeywordToken]
    /// False when the transcript is all lower-case (or all upper-case), as speech recognition
    /// often writes it: capitalisation then cannot show a proper noun.
    let isMixedCase: Bool

    init(_ transcript: String) {
        let lexed = KeywordLexer().lex(transcript)
        isMixedCase = lexed.isMixedCase
        tokens = Self.joiningPhrases(in: lexed.tokens)
        for index in tokens.indices where tokens[index].isWord {
            tokens[index].roles = KeywordWordRoles.of(tokens[index].lower)
        }
        markScopes()
    }

    var count: Int { tokens.count }

    /// The lower-cased word at `index`, or nil for a clause mark or a position past either end.
    func word(at index: Int) -> String? {
        guard tokens.indices.contains(index), tokens[index].isWord else { return nil }
        return tokens[index].lower
    }

    func token(at index: Int) -> KeywordToken? {
        tokens.indices.contains(index) ? tokens[index] : nil
    }

    /// Whether the token at `index` is a word that may matter to a reader with `role`.
    func hasRole(_ role: KeywordWordRoles, at index: Int) -> Bool {
        tokens.indices.contains(index) && tokens[index].roles.contains(role)
    }

    func isWord(_ word: String, at index: Int) -> Bool {
        self.word(at: index) == word
    }

    func isWord(in words: Set<String>, at index: Int) -> Bool {
        self.word(at: index).map(words.contains) ?? false
    }

    // MARK: - Fillers and fixed phrases

    private enum PhraseAction: Sendable {
        case drop
        case join
        case correction
    }

    private static let phrases = KeywordPhraseIndex<PhraseAction>(
        Dictionary(
            fillers.map { ($0, PhraseAction.drop) }
                + correctionMarkers.map { ($0, PhraseAction.correction) }
                + KeywordVocabulary.fixedPhrases.map { ($0, PhraseAction.join) },
            uniquingKeysWith: { first, _ in first }
        )
    )

    private static let fillers = [
        "um", "umm", "uh", "uhh", "uhm", "er", "erm", "ah", "hmm", "mm", "you know", "kind of", "sort of",
        "kinda", "sorta", "i think", "i guess", "i believe", "i suppose", "basically", "literally", "really",
        "very", "quite", "pretty", "super", "fairly", "extremely", "incredibly", "totally", "definitely",
        "somewhat", "a bit", "a little", "slightly", "so", "ish", "long story short", "in short",
    ]

    private static let correctionMarkers = [
        "actually", "correction", "sorry", "wait", "no wait", "or rather", "i mean", "i meant", "scratch that",
    ]

    /// "like" is a verb after these ("they like jazz", "doesn't like"), a filler anywhere else.
    private static let likeAsVerbAfter: Set<String> = [
        "i", "we", "you", "they", "would", "not", "to", "do", "does", "did", "also", "both", "all",
        "looks", "look", "looked", "built", "seems", "sounds", "feels",
    ]

    private static func joiningPhrases(in input: [KeywordToken]) -> [KeywordToken] {
        var output: [KeywordToken] = []
        output.reserveCapacity(input.count)
        let word: (Int) -> String? = { index in
            input.indices.contains(index) && input[index].isWord ? input[index].lower : nil
        }
        var index = 0
        while index < input.count {
            let token = input[index]
            guard token.isWord else {
                appendMark(token, to: &output)
                index += 1
                continue
            }
            if token.lower == "like" {
                if let previous = output.last, previous.isWord, likeAsVerbAfter.contains(previous.lower) {
                    output.append(token)
                }
                index += 1
                continue
            }
            // "no, black hair": a bare "no" corrects rather than negates.
            if token.lower == "no", output.contains(where: \.isWord), word(index + 1) == nil || word(index + 1) == "no" {
                appendMark(KeywordToken(kind: .correction, text: token.text, lower: token.lower), to: &output)
                index += 1
                continue
            }
            guard let match = phrases.match(word, at: index) else {
                output.append(token)
                index += 1
                continue
            }
            let words = input[index..<index + match.wordCount]
            switch match.value {
            case .drop:
                break
            case .correction:
                appendMark(KeywordToken(kind: .correction, text: words.map(\.text).joined(separator: " "), lower: ""), to: &output)
            case .join:
                output.append(
                    KeywordToken(
                        kind: .word,
                        text: words.map(\.text).joined(separator: " "),
                        lower: words.map(\.lower).joined(separator: " ")
                    ))
            }
            index += match.wordCount
        }
        return output
    }

    /// Keeps one mark between words: a stop outranks a pause, and a correction that opens a
    /// sentence ("… a lawyer. Actually, …") outranks the stop before it.
    private static func appendMark(_ mark: KeywordToken, to output: inout [KeywordToken]) {
        guard let last = output.last, !last.isWord else {
            output.append(mark)
            return
        }
        if mark.kind == .correction || rank(mark.kind) > rank(last.kind) { output[output.count - 1] = mark }
    }

    private static func rank(_ kind: KeywordToken.Kind) -> Int {
        switch kind {
        case .word: 0
        case .pause: 1
        case .correction: 2
        case .stop: 3
        }
    }

    // MARK: - Negation and correction scopes

    private static let negators: Set<String> = ["no", "not", "never", "without", "nor", "neither", "none"]

    /// Words that open a new clause, ending the reach of a negation.
    private static let negationBreakers: Set<String> = [
        "and", "but", "with", "though", "although", "however", "yet", "whereas", "while", "except", "plus", "also",
        "who", "which", "that", "because", "then", "he", "she", "they", "i", "we", "you", "just", "only",
    ]

    /// Verbs that end a negation once it has covered something ("isn't tall has a beard"), but not
    /// straight after it ("doesn't have a beard", "not wearing glasses").
    private static let negationEndingVerbs: Set<String> = [
        "is", "are", "was", "were", "has", "have", "had", "wears", "wearing", "wore", "works", "lives", "loves",
        "likes", "enjoys", "plays", "looks", "seems", "got", "gets", "grew", "comes",
    ]

    private static let subjectPronouns: Set<String> = ["he", "she", "they", "i", "we", "you"]

    /// "not sure if", "can't remember whether": the rest of the clause is doubted, so set nothing.
    private static let doubtAfterNot: Set<String> = ["sure", "certain", "remember", "recall", "know"]
    private static let doubtWords: Set<String> = ["unsure", "forget", "forgot"]

    /// Relatives and others a ramble mentions besides the person ("her husband is a pilot").
    private static let otherPeople: Set<String> = [
        "husband", "wife", "partner", "boyfriend", "girlfriend", "brother", "sister", "mum", "mom", "mother", "dad",
        "father", "son", "daughter", "kid", "kids", "child", "children", "friend", "friends", "colleague", "boss",
        "parents", "uncle", "aunt", "cousin", "grandma", "grandpa", "grandmother", "grandfather", "fiance", "fiancé",
        "fiancee", "roommate", "flatmate", "baby", "sibling", "siblings", "niece", "nephew", "dog", "cat",
    ]

    /// Whether the clause before `index` is about someone else: "her husband [is a pilot]",
    /// "his sister who [loves golf]", but not "she [is a pilot]".
    func isAboutSomeoneElse(before index: Int) -> Bool {
        var cursor = index - 1
        while index - cursor <= 4, let word = word(at: cursor), !Self.subjectPronouns.contains(word) {
            if Self.otherPeople.contains(word) { return true }
            cursor -= 1
        }
        return false
    }

    private mutating func markScopes() {
        var isNegating = false
        var hasCoveredWord = false
        var isCorrecting = false
        var isDoubting = false
        var wordsSinceCorrection = 0
        for index in tokens.indices {
            switch tokens[index].kind {
            case .stop:
                isNegating = false
                isCorrecting = false
                isDoubting = false
            case .pause:
                isNegating = false
                isDoubting = false
            case .correction:
                isNegating = false
                isDoubting = false
                isCorrecting = true
                wordsSinceCorrection = 0
            case .word:
                let word = tokens[index].lower
                let next = index + 1 < tokens.count ? tokens[index + 1].lower : ""
                if Self.doubtWords.contains(word) || (word == "not" && Self.doubtAfterNot.contains(next))
                    || (word == "no" && next == "idea")
                {
                    isDoubting = true
                } else if word == "but" {
                    isDoubting = false
                }
                if Self.negators.contains(word) {
                    isNegating = true
                    hasCoveredWord = false
                } else if Self.negationBreakers.contains(word)
                    || (hasCoveredWord && Self.negationEndingVerbs.contains(word))
                {
                    isNegating = false
                }
                // A correction covers its own clause: "actually she's blonde", not the next one.
                if isCorrecting && wordsSinceCorrection > 0 && Self.subjectPronouns.contains(word) {
                    isCorrecting = false
                }
                tokens[index].isNegated = isNegating || isDoubting
                tokens[index].isDoubted = isDoubting
                tokens[index].isCorrective = isCorrecting
                if isNegating && !Self.negators.contains(word) { hasCoveredWord = true }
                wordsSinceCorrection += 1
            }
        }
    }
}
