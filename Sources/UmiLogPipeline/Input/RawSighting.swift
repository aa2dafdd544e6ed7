/// A species sighting from the input; it must point at a dive that survives validation.
struct RawSighting: Sendable {
    var line: Int
    var id: String
    var diveID: String
    var species: String
    /// The whole input object, written back out unchanged.
    var object: JSONLineObject
}
