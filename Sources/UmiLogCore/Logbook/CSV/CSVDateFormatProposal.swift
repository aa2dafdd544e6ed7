/// The date format the dates of a file point to, and whether they leave it open.
struct CSVDateFormatProposal: Hashable, Sendable {
    var format: CSVDateFormat
    var isAmbiguous: Bool

    init(cells: [String]) {
        var yearFirst = 0
        var dotted = 0
        var slashed = 0
        var dayFirstEvidence = false
        var monthFirstEvidence = false
        var fourDigitYears = false
        for cell in cells {
            guard let parts = CSVDateParts(cell) else { continue }
            if parts.isYearFirst {
                yearFirst += 1
                continue
            }
            if parts.separator == "." { dotted += 1 } else { slashed += 1 }
            if parts.first > 12 { dayFirstEvidence = true }
            if parts.second > 12 { monthFirstEvidence = true }
            if parts.thirdDigits == 4 { fourDigitYears = true }
        }
        guard dotted + slashed > 0, dotted + slashed >= yearFirst else {
            format = .yearMonthDay
            isAmbiguous = false
            return
        }
        if dotted > slashed, !monthFirstEvidence {
            // Dotted dates are day-first wherever they are written.
            format = .dayMonthYearDotted
            isAmbiguous = false
            return
        }
        let dayFirst = dayFirstEvidence && !monthFirstEvidence
        switch (dayFirst, fourDigitYears) {
        case (true, true): format = .dayMonthYear
        case (true, false): format = .dayMonthShortYear
        case (false, true): format = .monthDayYear
        case (false, false): format = .monthDayShortYear
        }
        isAmbiguous = dayFirstEvidence == monthFirstEvidence
    }
}
