import Foundation
import Validation

/// `REV` timestamps, computed with plain calendar arithmetic so the result never depends on the device's time
/// zone, calendar or locale.
enum VCardTimestamp {
    /// Reads ISO 8601 dates and date-times in basic (`20240131T101500Z`) or extended (`2024-01-31T10:15:00.5+01:00`)
    /// form. A time without a zone is taken as UTC; a date alone means midnight UTC. `nil` when unreadable.
    static func date(from text: String) -> Date? {
        let parts = text.trimmingCharacters(in: .whitespaces).uppercased().split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count <= 2, let datePart = parts.first,
            let (year, month, day) = parseDate(datePart)
        else { return nil }
        var seconds = CivilDate.daysSinceEpoch(year: year, month: month, day: day) * 86_400
        var fraction = 0.0
        if parts.count == 2 {
            guard let time = parseTime(parts[1]) else { return nil }
            seconds += time.seconds - time.zoneOffset
            fraction = time.fraction
        }
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `YYYYMMDDTHHMMSSZ` in UTC, whole seconds (fractions are dropped); `nil` for dates outside years 1–9999.
    static func string(from date: Date) -> String? {
        let interval = date.timeIntervalSince1970.rounded(.down)
        // Years 1...9999, so the conversion to Int below cannot trap.
        guard interval.isFinite, interval >= -62_135_596_800, interval < 253_402_300_800 else { return nil }
        let seconds = Int(interval)
        let days = CivilDate.floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.date(daysSinceEpoch: days)
        let dateDigits = padded(year, 4) + padded(month, 2) + padded(day, 2)
        let timeDigits = padded(secondOfDay / 3_600, 2) + padded(secondOfDay / 60 % 60, 2) + padded(secondOfDay % 60, 2)
        return dateDigits + "T" + timeDigits + "Z"
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func parseDate(_ text: Substring) -> (year: Int, month: Int, day: Int)? {
        let digits = text.filter { $0 != "-" }
        guard digits.count == 8, let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)),
            let day = Int(digits.suffix(2)), digits.allSatisfy(\.isASCIIDigit),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        return (year, month, day)
    }

    private static func parseTime(_ text: Substring) -> (seconds: Int, fraction: Double, zoneOffset: Int)? {
        var clock = text
        var zoneOffset = 0
        if clock.hasSuffix("Z") {
            clock = clock.dropLast()
        } else if let signIndex = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = clock[clock.index(after: signIndex)...].filter { $0 != ":" }
            guard zone.count == 2 || zone.count == 4, zone.allSatisfy(\.isASCIIDigit),
                let hours = Int(zone.prefix(2)), let minutes = Int(zone.dropFirst(2).isEmpty ? "0" : zone.dropFirst(2)),
                hours < 24, minutes < 60
            else { return nil }
            zoneOffset = (hours * 3_600 + minutes * 60) * (clock[signIndex] == "-" ? -1 : 1)
            clock = clock[..<signIndex]
        }
        var fraction = 0.0
        if let separator = clock.firstIndex(where: { $0 == "." || $0 == "," }) {
            let fractionDigits = clock[clock.index(after: separator)...]
            guard !fractionDigits.isEmpty, fractionDigits.count <= 9, fractionDigits.allSatisfy(\.isASCIIDigit),
                let value = Double("0." + fractionDigits)
            else { return nil }
            fraction = value
            clock = clock[..<separator]
        }
        let digits = clock.filter { $0 != ":" }
        guard digits.count == 4 || digits.count == 6, digits.allSatisfy(\.isASCIIDigit),
            let hours = Int(digits.prefix(2)), let minutes = Int(digits.dropFirst(2).prefix(2)),
            let seconds = Int(digits.count == 6 ? digits.suffix(2) : "0"),
            hours < 24, minutes < 60, seconds <= 60
        else { return nil }
        return (hours * 3_600 + minutes * 60 + seconds, fraction, zoneOffset)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
