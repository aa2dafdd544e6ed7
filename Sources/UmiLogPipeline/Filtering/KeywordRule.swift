/// One pattern of the non-dive-place filter: phrases that mark a kind of place people do not
/// dive (a stadium, a car park…), where to look for them, and words that cancel the match.
package struct KeywordRule: Sendable {
    /// Which fields a rule reads. Descriptions are only read for the unambiguous venue words:
    /// a real shore dive's description may well say "park in the car park by the pool".
    enum Scope: Sendable {
        case everywhere
        case nameAndType
        case typeOnly
    }

    /// The reported keyword ("stadium", "park", "dive-centre").
    var id: String
    /// Folded phrases ("sports centre", "estadio"), each one or more words.
    package var phrases: [String]
    var scope: Scope
    /// Words that, anywhere in the same field, mean the phrase is not what it seems
    /// ("park" in "Bonaire National Marine Park", "arena" — sand — in "Punta Arena").
    package var exemptions: [String] = []
}
