/// One unit of a transcript as the keyword parser sees it: a word (lower-cased for matching,
/// original spelling kept for proper nouns such as places) or a mark that bounds a clause.
struct KeywordToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case word
        /// A comma, dash or bracket: ends a negation and a list item, not the sentence.
        case pause
        /// A full stop, question or exclamation mark, semicolon, colon or line break.
        case stop
        /// "actually", "I mean", "no wait"…: what follows in the sentence corrects what came before.
        case correction
    }

    var kind: Kind
    var text: String
    var lower: String
    /// Inside the scope of a "no", "not", "never", "without"… or of a doubt ("not sure if").
    var isNegated = false
    /// Inside the scope of a doubt: neither said nor denied.
    var isDoubted = false
    /// Inside a sentence that follows a correction marker.
    var isCorrective = false
    var roles: KeywordWordRoles = []

    init(kind: Kind, text: String, lower: String) {
        self.kind = kind
        self.text = text
        self.lower = lower
    }

    init(word text: String) {
        self.init(kind: .word, text: text, lower: text.lowercased())
    }

    var isWord: Bool {
        switch kind {
        case .word: true
        case .pause, .stop, .correction: false
        }
    }

    var isCapitalized: Bool { text.first?.isUppercase ?? false }
}
