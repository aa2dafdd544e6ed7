/// Splits a transcript into words and clause marks, undoing what speech recognition and typing
/// vary on: curly apostrophes, contractions ("doesn't" → "does not"), hyphenated compounds
/// ("red-haired" → "red hair", "35-year-old" → "35 year old").
struct KeywordLexer: Sendable {
    /// The words, with their spelling, and whether the transcript uses both upper and lower case
    /// (when it does not, capitalisation says nothing about proper nouns).
    struct Output: Sendable {
        var tokens: [KeywordToken]
        var isMixedCase: Bool
    }

    private enum ScalarClass {
        /// A combining mark or variation selector: part of a word, never its start.
        case mark
        case letter, digit, apostrophe, hyphen, decimalPoint, ampersand, stop, pause, space
    }

    func lex(_ transcript: String) -> Output {
        var tokens: [KeywordToken] = []
        var hasUpper = false
        var hasLower = false
        var wordStart: String.Index?
        var needsNormalising = false
        let scalars = transcript.unicodeScalars

        func flushWord(before end: String.Index) {
            guard let start = wordStart else { return }
            wordStart = nil
            var word = Substring(transcript.unicodeScalars[start..<end])
            if needsNormalising {
                word = Substring(String(String.UnicodeScalarView(word.unicodeScalars.map(Self.normalisedJoiner))))
                needsNormalising = false
            }
            let trimmed = Self.trimmingJoiners(word)
            guard !trimmed.isEmpty else { return }
            Self.expand(trimmed, into: &tokens)
        }
        func mark(_ kind: KeywordToken.Kind) {
            if let last = tokens.last, last.kind == kind { return }
            tokens.append(KeywordToken(kind: kind, text: "", lower: ""))
        }

        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            var kind = Self.classify(scalar)
            switch kind {
            case .letter:
                if scalar.isASCII {
                    if scalar.value >= 0x61 { hasLower = true } else { hasUpper = true }
                } else if scalar.properties.isUppercase {
                    hasUpper = true
                } else if scalar.properties.isLowercase {
                    hasLower = true
                }
            case .decimalPoint:
                // "1.85m", "1,000": a point between digits belongs to the number.
                let isInNumber =
                    index > scalars.startIndex && next < scalars.endIndex
                    && Self.classify(scalars[scalars.index(before: index)]) == .digit && Self.classify(scalars[next]) == .digit
                kind = isInNumber ? .digit : (scalar == "," ? .pause : .stop)
            case .mark, .digit, .apostrophe, .hyphen, .ampersand, .stop, .pause, .space:
                break
            }
            switch kind {
            case .letter, .digit:
                if wordStart == nil { wordStart = index }
            case .mark:
                break
            case .apostrophe, .hyphen:
                if wordStart != nil {
                    if scalar != "'" && scalar != "-" { needsNormalising = true }
                } else if kind == .hyphen {
                    mark(.pause)
                }
            case .ampersand:
                flushWord(before: index)
                tokens.append(KeywordToken(word: "and"))
            case .stop:
                flushWord(before: index)
                mark(.stop)
            case .pause:
                flushWord(before: index)
                mark(.pause)
            case .space, .decimalPoint:
                flushWord(before: index)
            }
            index = next
        }
        flushWord(before: scalars.endIndex)
        return Output(tokens: tokens, isMixedCase: hasUpper && hasLower)
    }

    private static func classify(_ scalar: Unicode.Scalar) -> ScalarClass {
        if scalar.isASCII {
            switch UInt8(scalar.value) {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return .letter
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return .digit
            case UInt8(ascii: "'"), UInt8(ascii: "`"): return .apostrophe
            case UInt8(ascii: "-"): return .hyphen
            case UInt8(ascii: "."), UInt8(ascii: ","): return .decimalPoint
            case UInt8(ascii: "&"): return .ampersand
            case UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ";"), UInt8(ascii: ":"), 0x0A, 0x0D: return .stop
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "}"), UInt8(ascii: "/"):
                return .pause
            default: return .space
            }
        }
        if isApostrophe(scalar) { return .apostrophe }
        switch scalar.value {
        case 0x2010, 0x2011: return .hyphen
        case 0x2026, 0x3002, 0xFF01, 0xFF1F, 0x2028, 0x2029, 0x0085: return .stop
        case 0x2013, 0x2014, 0xFF0C, 0x3001: return .pause
        default: break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        default: return properties.isAlphabetic || properties.numericType != nil ? .letter : .space
        }
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "'", "`", "\u{2019}", "\u{2018}", "\u{02BC}", "\u{00B4}", "\u{2032}": true
        default: false
        }
    }

    /// Curly apostrophes and Unicode hyphens as their ASCII forms.
    private static func normalisedJoiner(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if isApostrophe(scalar) { return "'" }
        return scalar == "\u{2010}" || scalar == "\u{2011}" ? "-" : scalar
    }

    /// The word without apostrophes or hyphens at either end (quotes, dangling dashes).
    private static func trimmingJoiners(_ word: Substring) -> Substring {
        // Both joiners are ASCII, so byte positions are character boundaries.
        let bytes = word.utf8
        let isJoiner = { (byte: UInt8) in byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-") }
        guard let first = bytes.firstIndex(where: { !isJoiner($0) }),
            let last = bytes.lastIndex(where: { !isJoiner($0) })
        else { return "" }
        // The last byte of a multi-byte character is not a boundary; the one after it is.
        return word[first..<bytes.index(after: last)]
    }

    private static func expand(_ word: Substring, into tokens: inout [KeywordToken]) {
        let lower = word.lowercased()
        guard word.utf8.contains(UInt8(ascii: "-")) && !keptHyphenated.contains(lower) else {
            expandPart(word, lower: lower, into: &tokens)
            return
        }
        // Split on the hyphen scalar: "-" followed by a combining mark is one Character.
        for scalars in word.unicodeScalars.split(separator: "-") {
            let part = trimmingJoiners(Substring(scalars))
            guard !part.isEmpty else { continue }
            let partLower = part.lowercased()
            switch partLower {
            case "ish": continue
            case "haired": tokens.append(KeywordToken(word: "hair"))
            case "eyed": tokens.append(KeywordToken(word: "eyes"))
            default: expandPart(part, lower: partLower, into: &tokens)
            }
        }
    }

    private static func expandPart(_ part: Substring, lower partLower: String, into tokens: inout [KeywordToken]) {
        // A part after a hyphen or apostrophe may start with a combining mark, which has nothing to combine with.
        guard let start = part.unicodeScalars.firstIndex(where: { classify($0) != .mark }) else { return }
        let word = start == part.startIndex ? part : Substring(part.unicodeScalars[start...])
        let lower = start == part.startIndex ? partLower : word.lowercased()
        if let expansion = unpunctuatedContractions[lower] {
            tokens.append(contentsOf: expansion.map { KeywordToken(word: $0) })
            return
        }
        if word.utf8.contains(UInt8(ascii: "'")) {
            expandContraction(word, lower: lower, into: &tokens)
            return
        }
        tokens.append(KeywordToken(kind: .word, text: String(word), lower: lower))
    }

    private static func expandContraction(_ word: Substring, lower: String, into tokens: inout [KeywordToken]) {
        if lower.hasSuffix("n't") {
            let stem = String(lower.dropLast(3))
            let verb =
                switch stem {
                case "won": "will"
                case "ca": "can"
                case "ai": "is"
                case "sha": "shall"
                default: stem
                }
            tokens.append(KeywordToken(word: verb))
            tokens.append(KeywordToken(word: "not"))
            return
        }
        guard let apostrophe = word.lastIndex(of: "'") else {
            tokens.append(KeywordToken(kind: .word, text: String(word), lower: lower))
            return
        }
        let stem = word[..<apostrophe]
        let suffix = word[word.index(after: apostrophe)...].lowercased()
        guard !stem.isEmpty else { return }
        let stemLower = stem.lowercased()
        switch suffix {
        case "s":
            if stem.allSatisfy(\.isNumber) {
                tokens.append(KeywordToken(kind: .word, text: stem + "s", lower: stemLower + "s"))
            } else {
                tokens.append(KeywordToken(kind: .word, text: String(stem), lower: stemLower))
                // "she's" is "she is"; "Anna's" is a possessive, dropped.
                if isStems.contains(stemLower) { tokens.append(KeywordToken(word: "is")) }
            }
        case "re", "m", "ve", "ll", "d":
            tokens.append(KeywordToken(kind: .word, text: String(stem), lower: stemLower))
            let verb =
                switch suffix {
                case "re": "are"
                case "m": "am"
                case "ve": "have"
                case "ll": "will"
                default: "would"
                }
            tokens.append(KeywordToken(word: verb))
        default:
            // "o'clock", "O'Brien", "6'2": an apostrophe inside a word, kept.
            tokens.append(KeywordToken(kind: .word, text: String(word), lower: lower))
        }
    }

    /// Words after which "'s" means "is" rather than a possessive.
    private static let isStems: Set<String> = [
        "he", "she", "it", "that", "there", "here", "who", "what", "where", "this", "everyone", "someone",
        "hair", "job", "name", "beard", "build", "age", "work", "occupation", "profession", "hobby", "passion",
    ]

    /// Contractions that speech recognition sometimes writes without their apostrophe.
    private static let unpunctuatedContractions: [String: [String]] = [
        "doesnt": ["does", "not"], "dont": ["do", "not"], "didnt": ["did", "not"], "isnt": ["is", "not"],
        "arent": ["are", "not"], "wasnt": ["was", "not"], "werent": ["were", "not"], "hasnt": ["has", "not"],
        "havent": ["have", "not"], "hadnt": ["had", "not"], "wouldnt": ["would", "not"], "couldnt": ["could", "not"],
        "shouldnt": ["should", "not"], "shes": ["she", "is"], "hes": ["he", "is"], "theyre": ["they", "are"],
        "im": ["i", "am"], "ive": ["i", "have"], "gonna": ["going", "to"], "wanna": ["want", "to"],
    ]

    /// Hyphenated words that are one vocabulary entry rather than a compound to split.
    private static let keptHyphenated: Set<String> = [
        "t-shirt", "x-ray", "self-employed", "clean-shaven", "v-neck", "hi-vis", "e-commerce", "tee-shirt",
    ]
}
