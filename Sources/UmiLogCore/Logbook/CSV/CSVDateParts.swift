/// A date cell cut into its three numbers, before a format says which is the day: `10/1/13`
/// is (10, 1, 13) with `/`; `2013-10-01 10:34` is (2013, 10, 1) with `-` and the time `10:34`.
struct CSVDateParts: Hashable, Sendable {
    var first: Int
    var second: Int
    var third: Int
    var firstDigits: Int
    var thirdDigits: Int
    var separator: Character
    /// What followed the date after a space or `T`, if anything.
    var time: String?

    init?(_ text: String) {
        let trimmed = CSVText.trimmed(text)
        var datePart = Substring(trimmed)
        if let split = trimmed.firstIndex(where: { $0 == " " || $0 == "T" || $0 == "t" }) {
            datePart = trimmed[..<split]
            time = CSVText.trimmed(String(trimmed[trimmed.index(after: split)...]))
        }
        guard let separator = datePart.first(where: { $0 == "/" || $0 == "." || $0 == "-" }) else { return nil }
        let parts = datePart.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, let first = CSVText.digits(parts[0]), let second = CSVText.digits(parts[1], maxDigits: 2),
            let third = CSVText.digits(parts[2])
        else { return nil }
        self.first = first
        self.second = second
        self.third = third
        firstDigits = parts[0].count
        thirdDigits = parts[2].count
        self.separator = separator
    }

    /// Whether the year comes first (`2013-10-01`, `2013/10/01`): unambiguous in any format.
    var isYearFirst: Bool { firstDigits == 4 }
}
