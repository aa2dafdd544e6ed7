public import Foundation

/// A wall-clock date and time with no time zone, as dive logs record a dive's start: the time
/// on the diver's watch where the dive happened. Subsurface and UDDF store it this way, so
/// importers keep it as read and only the store turns it into an instant, in the log's time zone.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    /// Fails unless every part is in range and the day exists in that month (leap years included).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (1...9999).contains(year), (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second), (1...Self.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = min(second, 59)
    }

    /// The wall clock of `date` in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        year = parts.year ?? 1970
        month = parts.month ?? 1
        day = parts.day ?? 1
        hour = parts.hour ?? 0
        minute = parts.minute ?? 0
        second = parts.second ?? 0
    }

    /// Parses `2014-04-02T10:00:00`, `2014-04-02 10:00`, `2014-04-02` (midnight); a trailing
    /// zone (`Z`, `+02:00`) or fraction of a second is ignored — the wall clock is what counts.
    public init?(iso text: String) {
        let scalars = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard scalars.count >= 10, scalars[4] == UInt8(ascii: "-"), scalars[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        if scalars.count > 10 {
            guard scalars[10] == UInt8(ascii: "T") || scalars[10] == UInt8(ascii: " "),
                let parsedHour = number(11..<13), scalars.count > 13, scalars[13] == UInt8(ascii: ":"),
                let parsedMinute = number(14..<16)
            else { return nil }
            hour = parsedHour
            minute = parsedMinute
            if scalars.count > 16, scalars[16] == UInt8(ascii: ":") {
                guard let parsedSecond = number(17..<19) else { return nil }
                second = parsedSecond
            }
        }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The instant this wall clock names in `timeZone` (for a time skipped by a daylight-saving
    /// change, the instant just after it).
    public func date(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return calendar.date(from: parts) ?? Date(timeIntervalSince1970: 0)
    }

    /// `2014-04-02T10:00:00`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }

    /// `2014-04-02`.
    public var dateText: String { String(description.prefix(10)) }
    /// `10:00:00`.
    public var timeText: String { String(description.suffix(8)) }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension LocalDateTime: Codable {
    /// Encoded as `2014-04-02T10:00:00`, the form UDDF uses.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = LocalDateTime(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a local date-time: \(text)")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
