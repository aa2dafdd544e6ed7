import Foundation

/// Splits a speech transcript into words, numbers and pauses.
///
/// Speech recognisers write the same words in many ways ("25m", "twenty-five", "28,5 °C", "℃",
/// "EAN32"), so the tokenizer evens them out: compatibility-normalised Unicode, letters split from
/// digits, hyphens joining words, decimal commas, thousands separators. Anything else becomes a word
/// the interpreter reports as unrecognised; no input can make it fail.
enum VoiceTokenizer {
    static func tokens(in transcript: String) -> [VoiceToken] {
        let characters: [Character]
        if transcript.utf8.allSatisfy({ $0 < 0x80 }) {
            characters = Array(transcript)  // ASCII is already in normal form
        } else {
            // "º" (ordinal) and "˚" (ring) are often typed for "°"; NFKC would turn them into "o" and a
            // combining ring.
            let degreeFixed = String(transcript.map { $0 == "º" || $0 == "˚" ? "°" : $0 })
            characters = Array(degreeFixed.precomposedStringWithCompatibilityMapping)
        }
        var scanner = Scanner(characters: characters)
        scanner.run()
        return scanner.tokens
    }

    /// What a character does in a transcript, looked up once per character.
    private enum Class: Equatable {
        case separator, digit, word, hyphen, apostrophe, dot, comma, colon, degree, percent, slash, ampersand, pause

        init(_ character: Character) {
            if let ascii = character.asciiValue {
                self = Self.ascii[Int(ascii)]
            } else if character.isWhitespace
                || character.unicodeScalars.allSatisfy({ Self.invisibleCategories.contains($0.properties.generalCategory) })
            {
                self = .separator
            } else {
                switch character {
                case "°": self = .degree
                case "‐", "‑": self = .hyphen
                case "’", "ʼ": self = .apostrophe
                default: self = character.isPunctuation ? .pause : .word
                }
            }
        }

        private static let invisibleCategories: Set<Unicode.GeneralCategory> = [.control, .format]

        /// ASCII by table: letters and symbols (`$`, `+`, …) are word characters, punctuation pauses.
        private static let ascii: [Class] = (0..<128).map { code in
            switch UInt8(code) {
            case 0x00...0x20, 0x7F: .separator
            case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
            case UInt8(ascii: "-"): .hyphen
            case UInt8(ascii: "'"): .apostrophe
            case UInt8(ascii: "."): .dot
            case UInt8(ascii: ","): .comma
            case UInt8(ascii: ":"): .colon
            case UInt8(ascii: "%"): .percent
            case UInt8(ascii: "/"): .slash
            case UInt8(ascii: "&"): .ampersand
            case UInt8(ascii: "!"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: "*"), UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["),
                UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "_"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                .pause
            default: .word
            }
        }
    }

    private struct Scanner {
        let characters: [Character]
        let classes: [Class]
        var tokens: [VoiceToken] = []
        var position = 0
        /// A hyphen directly between two tokens, for the next token.
        var hyphenPending = false

        init(characters: [Character]) {
            self.characters = characters
            classes = characters.map(Class.init)
        }

        mutating func run() {
            while position < characters.count {
                switch classes[position] {
                case .separator:
                    hyphenPending = false
                    position += 1
                case .digit:
                    readNumber()
                case .hyphen:
                    readHyphen()
                case .word:
                    readWord()
                case .degree, .percent:
                    let text = String(characters[position])
                    append(word: text, key: text)
                    position += 1
                case .slash:
                    append(word: "/", key: "/")
                    position += 1
                case .ampersand:
                    append(word: "&", key: "and")
                    position += 1
                case .apostrophe, .dot, .comma, .colon, .pause:
                    appendPause()
                    position += 1
                }
            }
        }

        // MARK: Tokens

        private mutating func append(word text: String, key: String) {
            tokens.append(VoiceToken(kind: .word, key: key, text: text, joinedByHyphen: hyphenPending))
            hyphenPending = false
        }

        private mutating func appendPause() {
            hyphenPending = false
            if tokens.last?.isPause == false { tokens.append(.pause) }
        }

        /// Letters and any other symbol (emoji included) up to a space, digit or punctuation; an
        /// apostrophe between letters stays in the word ("it's", "O'Brien").
        private mutating func readWord() {
            let start = position
            while position < characters.count {
                switch classes[position] {
                case .word:
                    position += 1
                    continue
                case .apostrophe where position + 1 < characters.count && classes[position + 1] == .word:
                    position += 1
                    continue
                case .separator, .digit, .hyphen, .apostrophe, .dot, .comma, .colon, .degree, .percent, .slash,
                    .ampersand, .pause:
                    break
                }
                break
            }
            let text = String(characters[start..<position])
            append(word: text, key: Self.key(for: text))
        }

        /// "-2" at the start of a word is minus two; "twenty-five" joins two words; a dash on its own
        /// is a pause.
        private mutating func readHyphen() {
            let previousJoins = position > 0 && Self.joins(classes[position - 1])
            let nextJoins = position + 1 < characters.count && Self.joins(classes[position + 1])
            if position + 1 < characters.count, classes[position + 1] == .digit, !previousJoins {
                append(word: "-", key: "minus")
            } else if previousJoins, nextJoins {
                hyphenPending = true
            } else {
                appendPause()
            }
            position += 1
        }

        /// Whether a character on both sides of a hyphen makes it a joining hyphen.
        private static func joins(_ characterClass: Class) -> Bool {
            switch characterClass {
            case .digit, .word, .degree, .percent: true
            case .separator, .hyphen, .apostrophe, .dot, .comma, .colon, .slash, .ampersand, .pause: false
            }
        }

        /// Digits with an optional decimal part ("28.5", "28,5") or thousands groups ("3,000").
        /// A comma followed by exactly three digits groups thousands; otherwise it is a decimal comma.
        private mutating func readNumber() {
            let start = position
            var integerDigits = readDigits()
            var fractionDigits: String?
            var grouped = false
            while position + 1 < characters.count, fractionDigits == nil,
                classes[position] == .dot || classes[position] == .comma, classes[position + 1] == .digit
            {
                let groupEnd = position + 4
                let isThousandsGroup =
                    classes[position] == .comma && (grouped || integerDigits.count <= 3) && groupEnd <= characters.count
                    && classes[(position + 1)..<groupEnd].allSatisfy { $0 == .digit }
                    && (groupEnd == characters.count || classes[groupEnd] != .digit)
                position += 1
                if isThousandsGroup {
                    integerDigits += readDigits()
                    grouped = true
                } else {
                    fractionDigits = readDigits()
                }
            }
            // "1:10" could be an hour and ten minutes or a minute and ten seconds; kept whole so it
            // is reported rather than read as "1".
            var isClock = false
            while position + 1 < characters.count, classes[position] == .colon, classes[position + 1] == .digit {
                position += 1
                _ = readDigits()
                isClock = true
            }
            let text = String(characters[start..<position])
            let literal = integerDigits + (fractionDigits.map { "." + $0 } ?? "")
            guard !isClock, let value = Double(literal), value.isFinite else {
                append(word: text, key: text)
                return
            }
            let digits = fractionDigits == nil && !grouped ? integerDigits : nil
            tokens.append(
                VoiceToken(kind: .number(value: value, digits: digits), key: text, text: text, joinedByHyphen: hyphenPending)
            )
            hyphenPending = false
        }

        private mutating func readDigits() -> String {
            let start = position
            while position < characters.count, classes[position] == .digit { position += 1 }
            return String(characters[start..<position])
        }

        /// Lower-cased and accent-free ("Mètres" → "metres"); apostrophes made plain.
        private static func key(for text: String) -> String {
            let lower = text.lowercased()
            if lower.utf8.allSatisfy({ $0 < 0x80 }) { return lower }
            let folded = lower.folding(options: .diacriticInsensitive, locale: nil)
            return String(folded.map { $0 == "’" || $0 == "ʼ" ? "'" : $0 })
        }
    }
}
