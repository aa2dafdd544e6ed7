import Foundation

/// A name as the user typed it, split into the parts of a vCard `N` (family; given; additional;
/// prefix; suffix), so an address book files "Robert Smith, Jr." under Smith, not under "Jr.".
///
/// The rules, for names typed in the usual Western order:
/// - Text after a comma is a suffix when every comma-separated part is one ("Jr.", "Sr.", "II",
///   "III", "IV", "PhD", "MD", "Esq.", "MBA", "MSc", "OBE"…, with or without the dot). Otherwise
///   the name is in the sorting order "Smith, Robert" (and "Smith, Robert, Jr."): family first.
/// - Without a comma, a generational or common professional suffix (Jr, Sr, II, III, IV, PhD,
///   MD, Esq) ending a name of three or more words is a suffix too ("Martin Luther King Jr").
/// - A title opening a name is the prefix ("Dr. Ana Lima"; "Dr. Lima" is a family name).
/// - The last word is the family name, with the lower-case particles before it ("Maria de la
///   Cruz" → "de la Cruz", "Vincent van Gogh" → "van Gogh"); the words before are the given name.
///   A single word is a given name only.
struct PersonNameParts: Equatable, Sendable {
    var prefix: String?
    var given: String?
    var family: String?
    var suffix: String?

    private static let suffixesAfterComma: Set<String> = [
        "jr", "sr", "ii", "iii", "iv", "v", "phd", "md", "dds", "dmd", "esq", "jd", "mba", "msc", "bsc", "ma", "ba", "ms",
        "rn", "cpa", "obe", "mbe", "cbe", "kbe", "frs", "dphil", "llm", "mp", "qc", "kc",
    ]
    /// Without a comma only the suffixes that are never a surname ("Ma", "Ms" are).
    private static let suffixesWithoutComma: Set<String> = ["jr", "sr", "ii", "iii", "iv", "phd", "md", "esq"]
    private static let prefixes: Set<String> = ["dr", "mr", "mrs", "ms", "mx", "miss", "prof", "sir", "dame", "rev", "fr"]
    private static let particles: Set<String> = [
        "de", "la", "le", "du", "des", "da", "das", "do", "dos", "di", "del", "della", "van", "von", "der", "den", "ter",
        "ten", "zu", "bin", "ibn", "al", "el", "y",
    ]

    init(prefix: String? = nil, given: String? = nil, family: String? = nil, suffix: String? = nil) {
        self.prefix = prefix
        self.given = given
        self.family = family
        self.suffix = suffix
    }

    init(_ name: String) {
        let segments = name.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let main = segments.first else {
            self.init()
            return
        }
        let words = main.split(whereSeparator: \.isWhitespace).map(String.init)
        let rest = Array(segments.dropFirst())
        if rest.isEmpty || rest.allSatisfy({ Self.suffixesAfterComma.contains(Self.bare($0)) }) {
            self = Self.parts(words: words, suffixes: rest)
        } else {
            // "Smith, Robert" and "Smith, Robert, Jr.": the family name first.
            let suffixes = rest.dropFirst()
            self.init(given: rest[0], family: main, suffix: suffixes.isEmpty ? nil : suffixes.joined(separator: ", "))
        }
    }

    private static func parts(words: [String], suffixes: [String]) -> PersonNameParts {
        var words = words
        var suffixes = suffixes
        var prefix: String?
        if suffixes.isEmpty, words.count >= 3, let last = words.last, suffixesWithoutComma.contains(bare(last)) {
            suffixes = [words.removeLast()]
        }
        if words.count >= 2, prefixes.contains(bare(words[0])) {
            prefix = words.removeFirst()
        }
        let suffix = suffixes.isEmpty ? nil : suffixes.joined(separator: ", ")
        guard words.count > 1 else {
            // "Dr. Lima" is a family name after a title; "Cher" a given name alone.
            return prefix == nil
                ? PersonNameParts(given: words.first, suffix: suffix) : PersonNameParts(prefix: prefix, family: words.first, suffix: suffix)
        }
        var start = words.count - 1
        while start > 1, particles.contains(words[start - 1]) { start -= 1 }
        return PersonNameParts(
            prefix: prefix, given: words[..<start].joined(separator: " "), family: words[start...].joined(separator: " "),
            suffix: suffix
        )
    }

    /// Lower case without dots: "Ph.D." → "phd".
    private static func bare(_ word: String) -> String {
        word.lowercased().replacingOccurrences(of: ".", with: "")
    }
}
