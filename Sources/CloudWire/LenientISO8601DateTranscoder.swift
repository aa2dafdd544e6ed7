public import Foundation
public import OpenAPIRuntime
import Validation

/// Dates on the wire: ISO 8601 with or without fractional seconds when reading; when writing,
/// fractional seconds only for dates that have them, so a client that sent whole seconds gets
/// back exactly the text it can read.
public struct LenientISO8601DateTranscoder: DateTranscoder {
    private let whole = Date.ISO8601FormatStyle()
    private let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    public init() {}

    public func encode(_ date: Date) throws -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds == seconds.rounded(.down) else { return fractional.format(date) }
        return Self.wholeSeconds(seconds) ?? whole.format(date)
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` for whole seconds from 1970 through 9999, computed from the count
    /// of days (``CivilDate``; Foundation's calendar agrees after 1582): the same
    /// text as `Date.ISO8601FormatStyle`, which costs about 2 µs a date (a near answer writes
    /// 100). `nil` outside that range, where the format style decides.
    static func wholeSeconds(_ seconds: Double) -> String? {
        guard seconds >= 0, seconds < 253_402_300_800 else { return nil }
        let total = Int(seconds)
        let (days, secondOfDay) = total.quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = CivilDate.date(daysSinceEpoch: days)
        // Written straight into the string's storage: one allocation, not an array's and then
        // the string's.
        return String(unsafeUninitializedCapacity: 20) { text in
            var end = 0
            func digits(_ value: Int, _ count: Int) {
                var value = value
                for place in stride(from: end + count - 1, through: end, by: -1) {
                    text[place] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                end += count
            }
            func mark(_ character: Unicode.Scalar) {
                text[end] = UInt8(ascii: character)
                end += 1
            }
            digits(year, 4)
            mark("-")
            digits(month, 2)
            mark("-")
            digits(day, 2)
            mark("T")
            digits(secondOfDay / 3_600, 2)
            mark(":")
            digits(secondOfDay / 60 % 60, 2)
            mark(":")
            digits(secondOfDay % 60, 2)
            mark("Z")
            return end
        }
    }

    public func decode(_ text: String) throws -> Date {
        guard let date = ISO8601DateTime.parse(text) else { throw InvalidDateError() }
        return date
    }
}

/// A request's date-time was not ISO 8601. (The decoder does not say which key held it; a cloud
/// whose bodies carry one date-time names that field in its answer.)
public struct InvalidDateError: Error {
    public init() {}
}
