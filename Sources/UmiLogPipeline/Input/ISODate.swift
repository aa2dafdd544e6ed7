/// Checks the `retrieved_at` of a record: an ISO 8601 date ("2025-10-18") or date-time
/// ("2025-10-18T09:30:00Z", with optional seconds, fraction and offset).
///
/// Provenance without a real date cannot be audited, so the pipeline rejects such records
/// instead of guessing. Hand-written for speed: it runs once per input line.
enum ISODate {
    /// The calendar day ("2025-10-18") of a valid value, or nil.
    static func day(of text: String) -> String? {
        var utf8 = Array(text.utf8)
        guard utf8.count >= 10 else { return nil }
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard index < utf8.count, utf8[index] >= 0x30, utf8[index] <= 0x39 else { return nil }
                value = value * 10 + Int(utf8[index] - 0x30)
            }
            return value
        }
        guard let year = digits(0..<4), utf8[4] == UInt8(ascii: "-"), let month = digits(5..<7),
            utf8[7] == UInt8(ascii: "-"), let day = digits(8..<10), (1...12).contains(month)
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...daysInMonth).contains(day), year >= 1900 else { return nil }
        if utf8.count > 10 {
            guard utf8[10] == UInt8(ascii: "T") || utf8[10] == UInt8(ascii: "t") || utf8[10] == UInt8(ascii: " "),
                let hour = digits(11..<13), hour < 24, utf8.count > 13, utf8[13] == UInt8(ascii: ":"),
                let minute = digits(14..<16), minute < 60
            else { return nil }
            var index = 16
            if index < utf8.count, utf8[index] == UInt8(ascii: ":") {
                guard let second = digits(index + 1..<index + 3), second <= 60 else { return nil }
                index += 3
                if index < utf8.count, utf8[index] == UInt8(ascii: ".") {
                    index += 1
                    let start = index
                    while index < utf8.count, utf8[index] >= 0x30, utf8[index] <= 0x39 { index += 1 }
                    guard index > start else { return nil }
                }
            }
            if index < utf8.count {
                switch utf8[index] {
                case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                    index += 1
                case UInt8(ascii: "+"), UInt8(ascii: "-"):
                    guard let offsetHours = digits(index + 1..<index + 3), offsetHours < 24 else { return nil }
                    index += 3
                    if index < utf8.count, utf8[index] == UInt8(ascii: ":") { index += 1 }
                    guard let offsetMinutes = digits(index..<index + 2), offsetMinutes < 60 else { return nil }
                    index += 2
                default:
                    return nil
                }
            }
            guard index == utf8.count else { return nil }
        }
        utf8.removeSubrange(10...)
        return String(decoding: utf8, as: UTF8.self)
    }
}
