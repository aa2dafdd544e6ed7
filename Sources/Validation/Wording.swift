/// Numbers and counts in the words people read — messages, reports, tables — shared by the
/// apps' services (which phrase reports) and their command lines, so "1 dive" and "2 dives" or
/// "11.1" and "2" are written one way everywhere.
public enum Wording {
    /// `1 dive`, `2 dives`, `0 dives`: a count with its noun in the right number (English: the
    /// plural is the singular with `s` unless `plural` is given, as in `2 approaches`).
    public static func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// A number without a needless ".0": `11.1`, `2`, `16`. Whole values too large for `Int`
    /// (and infinities) are printed as `Double` does, because converting them would trap.
    public static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
