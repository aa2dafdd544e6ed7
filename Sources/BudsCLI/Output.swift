/// Buds' own rendering of a value for the terminal; the rest (JSON, tables, ids, date-times,
/// counts) is CommandLineKit's and the Validation kit's, shared with every app.
enum Output {
    /// A 1-to-5 rating as five stars, filled up to the rating: `★★★★☆`.
    static func stars(_ rating: Int) -> String {
        String(repeating: "★", count: max(0, min(rating, 5))) + String(repeating: "☆", count: max(0, 5 - rating))
    }
}
