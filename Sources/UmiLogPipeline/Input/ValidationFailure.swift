/// Why the validation stage (1) dropped an input line.
enum ValidationFailure: DropReason, Comparable {
    /// The line is not a JSON object.
    case invalidJSON
    /// Longer than the configured limit; not parsed at all.
    case lineTooLong
    /// `kind` is not "site", "dive" or "sighting".
    case unknownKind
    /// A required field is absent, null or blank.
    case missingField(String)
    /// A field has the wrong type or an impossible value (a date that is not a date).
    case invalidField(String)
    /// Latitude outside −90…90 or not finite.
    case latitudeOutOfRange
    /// Longitude outside −180…180 or not finite.
    case longitudeOutOfRange
    /// A site whose `source_id` an earlier line already used: the first one is kept.
    case duplicateSourceID

    var code: String {
        switch self {
        case .invalidJSON: "invalid-json"
        case .lineTooLong: "line-too-long"
        case .unknownKind: "unknown-kind"
        case .missingField(let field): "missing-\(field)"
        case .invalidField(let field): "invalid-\(field)"
        case .latitudeOutOfRange: "latitude-out-of-range"
        case .longitudeOutOfRange: "longitude-out-of-range"
        case .duplicateSourceID: "duplicate-source-id"
        }
    }

    var explanation: String {
        switch self {
        case .invalidJSON: "The line is not a JSON object."
        case .lineTooLong: "The line is longer than the limit and was not read."
        case .unknownKind: "\"kind\" is not \"site\", \"dive\" or \"sighting\"."
        case .missingField(let field): "The required field \"\(field)\" is missing or blank."
        case .invalidField(let field): "The field \"\(field)\" has the wrong type or an impossible value."
        case .latitudeOutOfRange: "The latitude is not a number between -90 and 90."
        case .longitudeOutOfRange: "The longitude is not a number between -180 and 180."
        case .duplicateSourceID: "An earlier line has the same source_id; the first one was kept."
        }
    }

    static func < (lhs: ValidationFailure, rhs: ValidationFailure) -> Bool { lhs.code < rhs.code }
}
