/// What a cell looks like, before any mapping: enough to tell a header row from data and to
/// guess a column's meaning in a file without a header.
enum CSVCellShape: Hashable, Sendable {
    case empty
    /// A number, possibly with a unit (`18`, `16.2`, `18,5 m`, `45 min`).
    case number
    /// Three numbers joined by `/`, `.` or `-` (`10/1/13`, `2013-10-01`), maybe with a time.
    case date
    /// `10:34`, `45:00`, `1:17:54`: a time of day or a duration.
    case clock
    case text

    init(_ cell: String, decimalComma: Bool) {
        let trimmed = CSVText.trimmed(cell)
        if trimmed.isEmpty {
            self = .empty
        } else if CSVDateParts(trimmed) != nil {
            self = .date
        } else if Self.isClock(trimmed) {
            self = .clock
        } else if let number = CSVNumber(trimmed, decimalComma: decimalComma), Self.units.contains(number.unit) {
            self = .number
        } else {
            self = .text
        }
    }

    /// Numbers, dates and clock times: what a data row has and a header row does not.
    var isData: Bool {
        switch self {
        case .number, .date, .clock: true
        case .empty, .text: false
        }
    }

    /// Units after a number that still make a cell a number.
    private static let units: Set<String> = [
        "", "m", "ft", "min", "mins", "s", "h", "°c", "°f", "c", "f", "bar", "psi", "kg", "lb", "lbs", "l", "%", "'",
    ]

    private static func isClock(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return false }
        return parts.allSatisfy { CSVText.digits($0, maxDigits: 5) != nil }
    }
}
