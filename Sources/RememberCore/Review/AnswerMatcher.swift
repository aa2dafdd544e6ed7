import Foundation

/// Decides whether a typed quiz answer names a person.
///
/// People are quizzed mostly on first names and type on phones, so the matcher forgives what does
/// not show that the name was forgotten:
/// - case, accents and other diacritics ("zoe" for "Zoë"; also ł, ø, …), full-width and ligature
///   forms, spelled-out letters ("strauss" for "Strauß"), spacing, apostrophes, periods and
///   hyphens ("obrien" for "O'Brien");
/// - giving only the first word of the name ("Maria" for "Maria Gonzalez");
/// - one typo — a substitution, insertion, deletion or swap of two neighbouring characters — but
///   only against a name (full or first) of at least 4 characters, so that "Al" and "Ed" stay apart.
///
/// Characters are compared as user-perceived characters, so an emoji or a letter with a mark that
/// is not a diacritic counts as one character.
public struct AnswerMatcher: Sendable {
    /// Names shorter than this accept no typo.
    private static let minimumLengthForTypo = 4

    public init() {}

    /// Whether `answer` names the person called `name`: ``AnswerVerdict/exact`` when equal in the
    /// normal form, ``AnswerVerdict/closeEnough`` with one typo, otherwise ``AnswerVerdict/wrong``
    /// (also for an empty answer).
    public func verdict(answer: String, name: String) -> AnswerVerdict {
        let spelledOut = Candidates(answer: answer, name: name, expandingLetters: true)
        guard spelledOut.isComparable else { return .wrong }
        if spelledOut.isExact {
            return .exact
        }
        // "ß" is "ss" for equality, but one slip on "ß" must stay one typo, so typos are also
        // counted letter for letter.
        let letterForLetter = Candidates(answer: answer, name: name, expandingLetters: false)
        return spelledOut.hasOneTypo || letterForLetter.hasOneTypo ? .closeEnough : .wrong
    }

    /// An answer and the names it may stand for (the full name and its first word), in one normal form.
    private struct Candidates {
        let answer: [Character]
        let targets: [[Character]]

        init(answer: String, name: String, expandingLetters: Bool) {
            self.answer = Array(AnswerMatcher.normalized(answer, expandingLetters: expandingLetters))
            let fullName = AnswerMatcher.normalized(name, expandingLetters: expandingLetters)
            let firstName = fullName.split(separator: " ").first.map(String.init) ?? fullName
            targets = fullName == firstName ? [Array(fullName)] : [Array(fullName), Array(firstName)]
        }

        var isComparable: Bool {
            !answer.isEmpty && targets.contains { !$0.isEmpty }
        }

        var isExact: Bool {
            targets.contains(answer)
        }

        var hasOneTypo: Bool {
            targets.contains { target in
                target.count >= AnswerMatcher.minimumLengthForTypo
                    && AnswerMatcher.optimalStringAlignmentDistance(answer, target) == 1
            }
        }
    }

    // MARK: - Normalisation

    /// The form in which answers and names are compared: compatibility-decomposed, lower-cased,
    /// without diacritics, apostrophes, periods, hyphens or invisible characters, single-spaced.
    /// With `expandingLetters`, letters such as "ß" and "æ" are spelled out ("ss", "ae").
    static func normalized(_ text: String, expandingLetters: Bool = true) -> String {
        // Dropped before decomposition too: NFKD turns "´" into a space and a combining accent.
        let withoutIgnorables = String(text.unicodeScalars.filter { !isIgnorable($0) })
        let decomposed = withoutIgnorables.decomposedStringWithCompatibilityMapping.lowercased()

        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !isIgnorable(scalar) && !isDiacritic(scalar) {
            if let replacement = letterFolding[scalar] {
                scalars.append(replacement)
            } else if expandingLetters, let spelledOut = letterExpansion[scalar] {
                scalars.append(contentsOf: spelledOut.unicodeScalars)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    /// Apostrophes, periods, hyphens and invisible format characters: typing them or not never
    /// changes whose name it is.
    private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x27, 0x60, 0xB4, 0x2BC, 0x2018, 0x2019, 0x2032: true  // apostrophes and look-alikes
        case 0x2E, 0x2024, 0x3002, 0xFF0E: true  // periods
        case 0x2D, 0xAD, 0x2010...0x2015, 0x2212, 0xFE63, 0xFF0D: true  // hyphens and dashes
        case 0x200B, 0x2060, 0xFEFF: true  // zero-width space, word joiner, byte-order mark
        default: false
        }
    }

    /// Combining marks of the diacritical-mark blocks (accents, umlauts, cedillas, dots, …).
    /// Marks of other blocks, such as Japanese voicing marks or Indic vowel signs, change the
    /// letter itself and are kept.
    private static func isDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }

    /// Lower-case letters that carry a diacritic without decomposing into a base letter and a mark,
    /// and the final sigma, which case folding maps to σ.
    private static let letterFolding: [Unicode.Scalar: Unicode.Scalar] = [
        "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ς": "σ",
    ]

    /// Letters that people without them on their keyboard spell out.
    private static let letterExpansion: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th",
    ]

    // MARK: - Edit distance

    /// The optimal-string-alignment distance: Levenshtein plus swaps of two adjacent characters,
    /// where no substring is edited twice (so "ca" → "abc" is 3, not 2 as in full Damerau–Levenshtein).
    static func optimalStringAlignmentDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }

        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitutionCost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitutionCost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, previousPrevious[j - 2] + 1)
                }
                current[j] = best
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
