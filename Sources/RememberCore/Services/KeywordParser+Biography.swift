/// Reading who the person is: profession, where they are from, what they love.
extension KeywordParser {
    // MARK: Profession

    /// "works as a nurse", "she's an architect", "her job is product design", "works in marketing",
    /// "does marketing at …", "teaches yoga for a living".
    func readProfession(in text: KeywordTranscript, into collector: inout KeywordCollector) {
        for index in 0..<text.count {
            if text.word(at: index - 1) == nil {
                addListedProfession(at: index, in: text, into: &collector)
            }
            guard text.hasRole(.professionCue, at: index), let word = text.word(at: index),
                !text.isAboutSomeoneElse(before: index)
            else { continue }
            if word == "as" && isAfterWorkVerb(index, in: text) {
                addOpenProfession(from: index + 1, to: text.count, trigger: index, in: text, into: &collector)
            } else if Self.jobNouns.contains(word) && text.isWord(in: ["is", "was"], at: index + 1) {
                addOpenProfession(from: index + 2, to: text.count, trigger: index, in: text, into: &collector)
            } else if word == "for a living" {
                if let verb = (max(0, index - 5)..<index).last(where: { text.isWord(in: Self.doVerbs, at: $0) }) {
                    addOpenProfession(from: verb + 1, to: index, trigger: verb, in: text, into: &collector)
                }
            } else if Self.beVerbs.contains(word) {
                var start = index + 1
                if text.isWord(in: ["not", "never"], at: start) { start += 1 }
                if text.isWord(in: ["a", "an", "the"], at: start) {
                    addKnownProfession(from: start + 1, in: text, into: &collector)
                } else if text.isWord("in", at: start) {
                    addField(at: start + 1, in: text, into: &collector)
                }
            } else if Self.workVerbs.contains(word) && text.isWord("in", at: index + 1) {
                addField(at: index + 2, in: text, into: &collector)
            } else if Self.doVerbs.contains(word) {
                addField(at: index + 1, in: text, into: &collector)
            }
        }
    }

    /// "works as", "works at Google as": a form of "work" shortly before, in the same clause.
    private func isAfterWorkVerb(_ index: Int, in text: KeywordTranscript) -> Bool {
        var cursor = index - 1
        while index - cursor <= 4, let word = text.word(at: cursor) {
            if Self.workVerbs.contains(word) { return true }
            cursor -= 1
        }
        return false
    }

    /// Words that may introduce a profession.
    static let professionCues: Set<String> = jobNouns.union(beVerbs).union(doVerbs).union(workVerbs).union(["as", "for a living"])

    private static let jobNouns: Set<String> = ["job", "occupation", "profession"]
    private static let beVerbs: Set<String> = ["is", "was", "are", "am", "be", "became", "becoming"]
    private static let doVerbs: Set<String> = ["does", "do", "did"]
    private static let workVerbs: Set<String> = ["works", "work", "worked", "working", "employed", "job", "trained", "qualified"]

    /// Words that end the noun phrase after "works as" ("a nurse at the hospital", "a nurse and …").
    private static let phraseEnders: Set<String> = [
        "at", "for", "in", "with", "on", "from", "near", "since", "by", "to", "who", "that", "which", "and", "or",
        "but", "because", "where", "when", "is", "was", "has", "have", "had", "loves", "likes", "enjoys",
        "lives", "wears", "wearing", "plays", "he", "she", "they", "i", "we", "like", "so", "though", "also",
        "actually", "now", "these", "days", "there", "here", "currently", "right", "full", "part",
    ]

    private static let determiners: Set<String> = ["a", "an", "the", "his", "her", "their", "my", "our", "some", "your"]

    /// After "works as": the profession from the vocabulary inside the noun phrase if there is
    /// one ("a senior software engineer" → "software engineer"), otherwise the phrase as said.
    private func addOpenProfession(
        from start: Int, to limit: Int, trigger: Int, in text: KeywordTranscript, into collector: inout KeywordCollector
    ) {
        var cursor = start
        while text.isWord(in: Self.determiners, at: cursor) { cursor += 1 }
        var words: [String] = []
        while cursor < limit, words.count < 4, let word = text.word(at: cursor), !Self.phraseEnders.contains(word) {
            words.append(word)
            cursor += 1
        }
        guard !words.isEmpty else { return }
        let phraseWord: (Int) -> String? = { words.indices.contains($0) ? words[$0] : nil }
        let known = words.indices.lazy
            .compactMap { KeywordProfessionVocabulary.professions.match(phraseWord, at: $0) }
            .max { $0.wordCount < $1.wordCount }
        let profession = known?.value ?? words.prefix(3).joined(separator: " ")
        collector.add(.profession, profession, at: trigger, in: text)
    }

    /// After "is a": only a profession from the vocabulary, so "a tall guy" or "a big fan" is not one.
    private func addKnownProfession(from start: Int, in text: KeywordTranscript, into collector: inout KeywordCollector) {
        guard let (position, profession) = knownProfession(from: start, in: text) else { return }
        collector.add(.profession, profession, at: position, in: text)
    }

    /// A profession listed as a descriptor of its own: "tall, glasses, a lawyer I think",
    /// "retired nurse, from Leeds". Only from the vocabulary and only as the whole clause or
    /// its start ("nurse at the hospital"), so "doctor appointment" is not one.
    private func addListedProfession(at start: Int, in text: KeywordTranscript, into collector: inout KeywordCollector) {
        let cursor = text.isWord(in: ["a", "an"], at: start) ? start + 1 : start
        guard let (position, profession) = knownProfession(from: cursor, in: text) else { return }
        let end = position + (KeywordProfessionVocabulary.professions.match(in: text, at: position)?.wordCount ?? 1)
        guard text.word(at: end).map(Self.listedProfessionFollowers.contains) ?? true else { return }
        collector.add(.profession, profession, at: position, in: text)
    }

    private static let listedProfessionFollowers: Set<String> = [
        "at", "in", "for", "from", "with", "who", "and", "but", "i", "by", "of",
    ]

    /// The vocabulary profession at `start`, after at most three modifiers ("retired", "freelance").
    private func knownProfession(from start: Int, in text: KeywordTranscript) -> (position: Int, profession: String)? {
        var cursor = start
        for _ in 0..<4 {
            if let match = KeywordProfessionVocabulary.professions.match(in: text, at: cursor) {
                return (cursor, match.value)
            }
            guard text.isWord(in: KeywordProfessionVocabulary.modifiers, at: cursor) else { return nil }
            cursor += 1
        }
        return nil
    }

    private func addField(at start: Int, in text: KeywordTranscript, into collector: inout KeywordCollector) {
        guard let match = KeywordProfessionVocabulary.fields.match(in: text, at: start) else { return }
        collector.add(.profession, match.value, at: start, in: text)
    }

    // MARK: Origin

    /// "from Lyon", "grew up in Texas", "born in New Zealand"; "lives in London" only when nothing
    /// says where they are from. Never "from work" or "from the gym", which are where they met.
    func readOrigin(in text: KeywordTranscript, into collector: inout KeywordCollector) {
        for index in 0..<text.count where text.hasRole(.originCue, at: index) {
            guard let word = text.word(at: index), !text.isAboutSomeoneElse(before: index) else { continue }
            let isWeak: Bool
            switch word {
            case "from":
                let before = (max(0, index - 2)..<index).compactMap { text.word(at: $0) }
                guard !before.contains(where: Self.notOriginBeforeFrom.contains) else { continue }
                isWeak = false
            case "in"
            where text.isWord(in: ["born", "raised"], at: index - 1)
                || (text.isWord("up", at: index - 1) && text.isWord(in: ["grew", "growing", "grown"], at: index - 2)):
                isWeak = false
            case "in" where text.isWord(in: Self.residenceVerbs, at: index - 1):
                isWeak = true
            default:
                continue
            }
            if let place = place(at: index + 1, in: text) {
                collector.add(.origin, place, at: index, in: text, isWeak: isWeak)
            }
        }
    }

    /// Words that may introduce where the person is from.
    static let originCues: Set<String> = ["from", "in"]

    private static let residenceVerbs: Set<String> = ["lives", "live", "living", "lived", "based", "resides", "settled"]

    /// "I know her from Paris", "back from Japan", "away from home": not where they are from.
    private static let notOriginBeforeFrom: Set<String> = [
        "know", "knew", "met", "meet", "remember", "recognise", "recognize", "back", "away", "far", "apart",
        "aside", "different", "moving", "flew", "flying", "travelling", "traveling", "visiting", "returned",
    ]

    /// Lower-case words inside a place name: "Rio de Janeiro", "Stratford upon Avon".
    private static let placeConnectors: Set<String> = [
        "of", "de", "du", "da", "del", "la", "le", "los", "las", "upon", "on", "am", "sur", "en", "y",
    ]

    /// Capitalised words that follow "from" without being a place.
    private static let notPlaces: Set<String> = [
        "i", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
        "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]

    private func place(at start: Int, in text: KeywordTranscript) -> String? {
        guard text.isMixedCase else {
            // "the uk" is in the vocabulary; "the netherlands" is found as "netherlands".
            return
                (KeywordPlaceVocabulary.places.match(in: text, at: start)
                ?? (text.isWord("the", at: start) ? KeywordPlaceVocabulary.places.match(in: text, at: start + 1) : nil))?.value
        }
        var cursor = text.isWord("the", at: start) ? start + 1 : start
        var words: [String] = []
        while words.count < 5, let token = text.token(at: cursor), token.isWord {
            if Self.isPlaceWord(token) {
                words.append(token.text)
            } else if !words.isEmpty, Self.placeConnectors.contains(token.lower),
                let next = text.token(at: cursor + 1), Self.isPlaceWord(next)
            {
                words.append(token.text)
            } else {
                break
            }
            cursor += 1
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    private static func isPlaceWord(_ token: KeywordToken) -> Bool {
        token.isWord && token.isCapitalized && !notPlaces.contains(token.lower) && (token.text.first?.isLetter ?? false)
    }

    // MARK: Interests

    /// "loves climbing", "is into jazz", "big fan of sourdough", "enjoys hiking and skiing",
    /// "plays the guitar", "loves to cook" → climbing, jazz, sourdough, hiking, skiing, guitar, cooking.
    func readInterests(in text: KeywordTranscript, into collector: inout KeywordCollector) {
        for index in 0..<text.count where text.hasRole(.interestCue, at: index) {
            guard let word = text.word(at: index), let token = text.token(at: index),
                !text.isAboutSomeoneElse(before: index)
            else { continue }
            guard let start = interestStart(at: index, word: word, in: text) else { continue }
            guard !token.isNegated else { continue }
            for (position, interest) in interests(from: start, in: text) {
                collector.add(.interest, interest, at: position, isNegated: false, isCorrective: token.isCorrective)
            }
        }
    }

    /// Where the interests start when the word at `index` introduces them, nil otherwise.
    private func interestStart(at index: Int, word: String, in text: KeywordTranscript) -> Int? {
        let next = text.word(at: index + 1)
        if Self.interestVerbs.contains(word) {
            return index + 1
        }
        if Self.plainInterestVerbs.contains(word) && text.isWord(in: Self.plainVerbSubjects, at: index - 1) {
            return index + 1
        }
        if word == "plays" || (word == "play" && text.isWord(in: Self.plainVerbSubjects, at: index - 1)) {
            return next.map(Self.notPlayedWords.contains) == true ? nil : index + 1
        }
        if (word == "goes" || word == "go") && next?.hasSuffix("ing") == true {
            return index + 1
        }
        // "is into jazz", or "into jazz" as an item of a list of descriptors.
        if word == "into" && (text.word(at: index - 1) == nil || text.isWord(in: Self.beforeInto, at: index - 1)) {
            return index + 1
        }
        if (word == "fan" || word == "passion") && (next == "of" || next == "for") {
            return index + 2
        }
        if Self.keenWords.contains(word) && text.isWord(in: ["with", "about", "on", "in", "of", "to"], at: index + 1) {
            return index + 2
        }
        if (word == "hobby" || word == "hobbies") && text.isWord(in: ["is", "are", "include", "includes"], at: index + 1) {
            return index + 2
        }
        return nil
    }

    /// Words that may introduce interests.
    static let interestCues: Set<String> = interestVerbs.union(plainInterestVerbs).union(keenWords)
        .union(["plays", "play", "goes", "go", "into", "fan", "passion", "hobby", "hobbies"])

    private static let interestVerbs: Set<String> = ["loves", "adores", "enjoys", "likes", "collects"]
    private static let plainInterestVerbs: Set<String> = ["love", "adore", "enjoy", "like"]
    private static let notPlayedWords: Set<String> = ["with", "for", "around", "in", "on", "a", "an"]
    private static let keenWords: Set<String> = [
        "obsessed", "passionate", "crazy", "mad", "nuts", "keen", "interested", "hooked", "fond", "addicted",
    ]
    private static let plainVerbSubjects: Set<String> = ["i", "we", "you", "they", "also", "both", "all", "would", "to", "not"]
    private static let beforeInto: Set<String> = ["is", "are", "was", "were", "am", "be", "been", "also", "big", "getting", "got"]

    /// Words that end a list of interests: a new clause, a verb, a preposition, or a description
    /// of looks ("loves jazz, tall, glasses").
    private static let interestEnders: Set<String> = [
        "but", "who", "which", "that", "because", "when", "while", "though", "although", "if", "since", "whereas",
        "then", "where", "whose", "he", "she", "they", "i", "we", "you", "is", "was", "are", "were", "am", "has",
        "have", "had", "wears", "wearing", "wore", "works", "working", "worked", "lives", "living", "grew",
        "looks", "seems", "got", "gets", "does", "did", "loves", "likes", "enjoys", "plays", "comes", "came",
        "met", "says", "said", "can", "will", "would", "should", "could", "might", "must", "studies", "teaches",
        "drives", "moved", "owns", "in", "at", "on", "from", "with", "for", "about", "by", "near", "during",
        "after", "before", "like", "than", "of", "too", "also", "lot", "lots", "much", "now", "lately", "recently",
        "apparently", "anyway", "as", "not", "no", "never", "more", "most", "best", "every", "each",
        "whenever", "sometimes", "always", "often", "usually", "here", "there", "today", "yesterday", "guy",
        "man", "woman", "lady", "girl", "dude", "person", "tall", "short", "slim", "skinny", "glasses", "sunglasses",
        "beard", "moustache", "mustache", "hair", "bald", "blonde", "brunette", "freckles", "tattoo", "tattoos",
        "earrings", "years old", "year old", "to", "early", "mid", "late", "probably", "maybe", "around",
        "obsessed", "passionate", "crazy", "mad", "keen", "interested", "hooked", "fond", "addicted", "fan", "big",
        "huge", "massive", "into", "love", "enjoy",
    ]

    /// Leading words of an interest that are not part of it ("the guitar", "playing tennis",
    /// "going to concerts").
    private static let interestLeaders: Set<String> = [
        "the", "a", "an", "his", "her", "their", "my", "your", "our", "its", "some", "all", "any", "playing",
        "doing", "watching", "listening", "going", "to", "play", "do", "watch", "listen", "go", "being", "just",
        "only", "especially",
    ]

    /// What follows a trigger with no interest in it ("loves him", "loves it when").
    private static let objectPronouns: Set<String> = [
        "him", "them", "it", "me", "us", "you", "that", "this", "everything", "anything", "everyone", "people",
        "stuff", "things", "life", "job", "work",
    ]

    /// The interests listed from `start` with the position each was said at: items split on
    /// "and", "or", "plus" and commas, each up to three words, ending at a clause boundary.
    private func interests(from start: Int, in text: KeywordTranscript) -> [(Int, String)] {
        var result: [(Int, String)] = []
        var current: [String] = []
        var currentStart = start
        var cursor = start
        // "loves to cook, dance and travel": every item is a verb, said as "cooking"…
        var itemsAreVerbs = false
        // …except after "play", "watch", "go": "likes to watch films" → "films".
        var itemHasVerb = false
        var hasJoiner = false

        func finishItem() {
            if !current.isEmpty { result.append((currentStart, current.joined(separator: " "))) }
            current = []
            itemHasVerb = false
        }

        while cursor < text.count, result.count < 8, let token = text.token(at: cursor) {
            switch token.kind {
            case .stop, .correction:
                finishItem()
                return result
            case .pause:
                // "hiking, skiing and chess": commas come before the last "and", not after it.
                finishItem()
                if hasJoiner { return result }
                cursor += 1
                continue
            case .word:
                break
            }
            let word = token.lower
            if Self.listJoiners.contains(word) {
                if current.isEmpty && result.isEmpty { return result }
                hasJoiner = true
                finishItem()
            } else if current.isEmpty && Self.interestLeaders.contains(word) {
                if word == "to" && result.isEmpty {
                    itemsAreVerbs = true
                } else if Self.interestVerbLeaders.contains(word) {
                    itemHasVerb = true
                }
            } else if current.isEmpty && Self.objectPronouns.contains(word) {
                return result
            } else if Self.interestEnders.contains(word) || current.count == 3 {
                finishItem()
                return result
            } else {
                if current.isEmpty {
                    currentStart = cursor
                    current.append(itemsAreVerbs && !itemHasVerb ? Self.gerund(of: word) : word)
                } else {
                    current.append(word)
                }
            }
            cursor += 1
        }
        finishItem()
        return result
    }

    private static let listJoiners: Set<String> = ["and", "or", "plus", "nor"]

    private static let interestVerbLeaders: Set<String> = [
        "playing", "doing", "watching", "listening", "going", "play", "do", "watch", "listen", "go", "being",
    ]

    private static let irregularGerunds: [String: String] = [
        "ski": "skiing", "be": "being", "see": "seeing", "lie": "lying", "die": "dying", "tie": "tying",
        "travel": "travelling", "knit": "knitting", "swim": "swimming", "run": "running", "shop": "shopping",
        "jog": "jogging", "garden": "gardening", "sing": "singing", "surf": "surfing", "golf": "golfing",
    ]

    /// "cook" → "cooking", "dance" → "dancing", "hike" → "hiking".
    private static func gerund(of verb: String) -> String {
        if verb.hasSuffix("ing") { return verb }
        if let irregular = irregularGerunds[verb] { return irregular }
        if verb.count > 2, verb.hasSuffix("e"), !verb.hasSuffix("ee"), !verb.hasSuffix("ye"), !verb.hasSuffix("oe") {
            return verb.dropLast() + "ing"
        }
        return verb + "ing"
    }
}
