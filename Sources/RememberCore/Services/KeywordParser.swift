/// Turns a spoken "ramble" about a person into normalised descriptors.
///
/// The ramble is what a person says (or types) right after meeting someone: "um she's tall,
/// curly red hair, glasses, works as a nurse, she's from Lyon and she loves climbing". It may come
/// from speech recognition, so it may lack punctuation and capitals and contain fillers; the parser
/// reads it by rule, the same way every time, and returns the descriptors in the vocabulary
/// documented on `PersonKeywords`, so the same description always yields the same sketch.
///
/// What is said in a negation ("no glasses", "doesn't wear a hat", "isn't tall") is left unset.
/// When a single-valued property is said twice, the first statement stands unless a later one is
/// clearly a correction ("brown hair, actually no, black hair" gives black).
public struct KeywordParser: Sendable {
    public init() {}

    /// The descriptors found in `transcript`; empty when it says nothing recognisable.
    public func extract(from transcript: String) -> PersonKeywords {
        let text = KeywordTranscript(transcript)
        guard text.count > 0 else { return PersonKeywords() }
        var collector = KeywordCollector()
        // Phrases with a noun first, so that "big beard" or "skinny jeans" is not read as a build.
        var claimed = [Bool](repeating: false, count: text.count)
        readHairPhrases(in: text, into: &collector, claiming: &claimed)
        readGarmentPhrases(in: text, into: &collector, claiming: &claimed)
        readOtherNounPhrases(in: text, claiming: &claimed)
        readAppearanceWords(in: text, into: &collector, skipping: claimed)
        readNumbers(in: text, into: &collector)
        readProfession(in: text, into: &collector)
        readOrigin(in: text, into: &collector)
        readInterests(in: text, into: &collector)
        return collector.keywords
    }
}
