/// A vocabulary of one- or several-word phrases, each with the value it stands for, matched
/// against consecutive words of a transcript, longest phrase first ("software engineer" before
/// "engineer").
struct KeywordPhraseIndex<Value: Sendable>: Sendable {
    struct Match {
        var value: Value
        var wordCount: Int
    }

    private let phrasesByFirstWord: [String: [(words: [String], value: Value)]]

    /// - Parameter phrases: lower-case phrases, words separated by single spaces.
    init(_ phrases: [String: Value]) {
        var index: [String: [(words: [String], value: Value)]] = [:]
        for (phrase, value) in phrases {
            let words = phrase.split(separator: " ").map(String.init)
            guard let first = words.first else { continue }
            index[first, default: []].append((words, value))
        }
        // Longest first; ties broken alphabetically so the order never depends on hashing.
        phrasesByFirstWord = index.mapValues { candidates in
            candidates.sorted { lhs, rhs in
                lhs.words.count != rhs.words.count
                    ? lhs.words.count > rhs.words.count
                    : lhs.words.joined(separator: " ") < rhs.words.joined(separator: " ")
            }
        }
    }

    /// The longest phrase that starts at `start`, if any.
    func match(_ words: (Int) -> String?, at start: Int) -> Match? {
        guard let first = words(start), let candidates = phrasesByFirstWord[first] else { return nil }
        for candidate in candidates where candidate.words.indices.dropFirst().allSatisfy({ words(start + $0) == candidate.words[$0] }) {
            return Match(value: candidate.value, wordCount: candidate.words.count)
        }
        return nil
    }

    func match(in transcript: KeywordTranscript, at start: Int) -> Match? {
        match({ transcript.word(at: $0) }, at: start)
    }
}
