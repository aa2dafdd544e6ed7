import Foundation

/// One word, number or pause of a transcript, as the interpreter sees it.
struct VoiceToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case word
        /// A number written with digits ("25", "28.5", "3,000"). `digits` is set only for a plain
        /// integer, so "1 8 0" can be read digit by digit like "one eight zero".
        case number(value: Double, digits: String?)
        /// Sentence punctuation or a dash: it ends a number or a name, but is otherwise ignored.
        case pause
    }

    var kind: Kind
    /// Lower-cased and accent-free, for matching vocabulary; the digits as written for numbers.
    var key: String
    /// As transcribed, for buddy names and messages.
    var text: String
    /// Joined to the previous token by a hyphen ("twenty-five", "Mary-Jane").
    var joinedByHyphen: Bool

    var isPause: Bool {
        switch kind {
        case .pause: true
        case .word, .number: false
        }
    }

    var isWord: Bool {
        switch kind {
        case .word: true
        case .pause, .number: false
        }
    }

    static let pause = VoiceToken(kind: .pause, key: "", text: "", joinedByHyphen: false)
}
