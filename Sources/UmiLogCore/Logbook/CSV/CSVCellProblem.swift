/// Why one cell of a row gave no value. A problem with a field a dive needs skips the row;
/// any other drops just that value.
struct CSVCellProblem: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// The cell is empty (or the row too short to have it).
        case missing
        /// Not a value of the kind the field holds.
        case unreadable
        /// A value, but one no dive has: most often the wrong units.
        case implausible
    }

    var field: CSVField
    /// The cell as written.
    var value: String
    var kind: Kind
    /// What a good value looks like ("a mm/dd/yy date").
    var expectation: String

    var skipsRow: Bool { field.isNeededForDive }

    var message: String {
        let quoted = "\"\(CSVText.excerpt(value))\""
        switch kind {
        case .missing:
            return "no \(field.displayName)"
        case .unreadable:
            return "\(field.displayName) \(quoted) is not \(expectation)"
        case .implausible:
            return "\(field.displayName) \(quoted) is not \(expectation) — are the units right?"
        }
    }
}
