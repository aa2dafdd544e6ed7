/// The user-editable fields of a session, named as the user meets them (the CLI's option
/// names), so every validation message says which field is wrong.
public enum BudsField: String, CaseIterable, Sendable, Hashable, Comparable {
    case strain, type, rating, notes, brand, thc, cbd, grams, effect, method, lat, lon, place, at, image

    public static func < (lhs: BudsField, rhs: BudsField) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// One problem with one field.
public struct FieldIssue: Hashable, Sendable {
    public let field: BudsField
    public let reason: String

    public init(_ field: BudsField, _ reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `field: reason`, the form every error message takes.
    public var message: String { "\(field.rawValue): \(reason)" }
}
