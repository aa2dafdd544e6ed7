public import Validation

/// The user-editable fields of a session, named as the user meets them (the CLI's option
/// names), so every validation message says which field is wrong: the `Field` of the
/// journal's `FieldIssue<BudsField>`, whose message is `field: reason`.
public enum BudsField: String, CaseIterable, Sendable, Hashable, Comparable {
    case strain, type, rating, notes, brand, thc, cbd, grams, effect, method, lat, lon, place, at, image

    public static func < (lhs: BudsField, rhs: BudsField) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

extension BudsField {
    /// What an empty value given on purpose (`--at ""`) means: `nil` when it is accepted, else
    /// the problem.
    ///
    /// A form's empty field means "not given"; a command line can tell an empty value from a
    /// missing option, and an empty value where a date or a number belongs is a mistake, never
    /// a silent "now" or "none". On an edit, an empty value clears an optional field (notes,
    /// brand, THC, CBD, grams, method, place); the location and the photo have their own clear
    /// options, since half a location or an empty file name means nothing.
    public func emptyValueIssue(editing: Bool) -> FieldIssue<BudsField>? {
        switch self {
        case .strain, .type, .rating:
            return FieldIssue(self, "is required")
        case .at:
            return FieldIssue(
                self,
                "must be a date like 2026-11-20 or 2026-11-20T21:30, not empty; leave it out to "
                    + (editing ? "keep the session's time" : "mean now"))
        case .lat, .lon:
            return FieldIssue(self, "must be a number, not empty" + (editing ? "; --clear-location removes the location" : ""))
        case .thc, .cbd, .grams:
            return editing ? nil : FieldIssue(self, "must be a number, not empty; leave it out to record none")
        case .image:
            return FieldIssue(self, "needs a file, not an empty name" + (editing ? "; --remove-image removes the photo" : ""))
        case .notes, .brand, .method, .place, .effect:
            // Text: empty means none (or clears it on an edit); an empty effect is reported by
            // the draft's own rules.
            return nil
        }
    }
}
