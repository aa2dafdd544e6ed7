/// How the dates of a CSV file are written. Day-first and month-first dates cannot be told
/// apart when both numbers are 12 or less (`10/1/13`), so the diver confirms the format the
/// proposal chose (see `CSVMapping.isDateFormatAmbiguous`).
///
/// Reading is lenient where there is no doubt: a year-first date (`2013-10-01`) is read in
/// every format; the separator may be `/`, `.` or `-`; months and days may have one digit;
/// years may have two or four digits in every format but `yyyy-mm-dd`. A two-digit year `yy`
/// is 2000 + yy below 70 and 1900 + yy from 70 (a fixed pivot, so a file reads the same every
/// year). A time after the date (`10/1/13 10:34`, `2013-10-01T10:34:00`) is read too.
public enum CSVDateFormat: String, CaseIterable, Codable, Hashable, Sendable {
    case yearMonthDay = "yyyy-mm-dd"
    case monthDayYear = "mm/dd/yyyy"
    case dayMonthYear = "dd/mm/yyyy"
    case dayMonthYearDotted = "dd.mm.yyyy"
    case monthDayShortYear = "mm/dd/yy"
    case dayMonthShortYear = "dd/mm/yy"

    /// Reads a format named as it is written in `rawValue` (`mm/dd/yy`), case-insensitive.
    public init?(name: String) {
        self.init(rawValue: CSVText.trimmed(name).lowercased())
    }

    private enum Order { case yearFirst, monthFirst, dayFirst }

    private var order: Order {
        switch self {
        case .yearMonthDay: .yearFirst
        case .monthDayYear, .monthDayShortYear: .monthFirst
        case .dayMonthYear, .dayMonthYearDotted, .dayMonthShortYear: .dayFirst
        }
    }

    /// The start a date cell names, at midnight unless the cell carries a time; `nil` when the
    /// cell is not a date in this format or names no real day.
    func start(from text: String) -> LocalDateTime? {
        guard let parts = CSVDateParts(text), let date = yearMonthDay(of: parts) else { return nil }
        var clock = CSVTimeOfDay?.none
        if let time = parts.time, !time.isEmpty {
            guard let parsed = CSVTimeOfDay(time) else { return nil }
            clock = parsed
        }
        return LocalDateTime(
            year: date.year, month: date.month, day: date.day, hour: clock?.hour ?? 0, minute: clock?.minute ?? 0,
            second: clock?.second ?? 0)
    }

    private func yearMonthDay(of parts: CSVDateParts) -> (year: Int, month: Int, day: Int)? {
        if parts.isYearFirst {
            return parts.thirdDigits <= 2 ? (parts.first, parts.second, parts.third) : nil
        }
        guard let year = Self.fullYear(parts.third, digits: parts.thirdDigits) else { return nil }
        switch order {
        case .yearFirst: return nil
        case .monthFirst: return (year, parts.first, parts.second)
        case .dayFirst: return (year, parts.second, parts.first)
        }
    }

    /// `yy` → 2000 + yy below 70, else 1900 + yy; four digits as written; other widths are not years.
    static func fullYear(_ value: Int, digits: Int) -> Int? {
        switch digits {
        case 2: value < 70 ? 2000 + value : 1900 + value
        case 4: value
        default: nil
        }
    }
}
