/// A wall-clock time read from a `time` cell: `10:34`, `10:34:56`, `10:34:56.5` (the fraction
/// is dropped), or with `am`/`pm` (`2:19 pm`).
struct CSVTimeOfDay: Hashable, Sendable {
    var hour: Int
    var minute: Int
    var second: Int

    init?(_ text: String) {
        var body = Substring(CSVText.trimmed(text).lowercased())
        var isAfternoon: Bool?
        for suffix in ["am", "pm", "a.m.", "p.m."] where body.hasSuffix(suffix) {
            isAfternoon = suffix.hasPrefix("p")
            body = body.dropLast(suffix.count)
            while body.last == " " { body = body.dropLast() }
            break
        }
        if let dot = body.firstIndex(of: "."), body[..<dot].filter({ $0 == ":" }).count == 2 {
            guard body[body.index(after: dot)...].allSatisfy(\.isASCIIDigit) else { return nil }
            body = body[..<dot]
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let hour = CSVText.digits(parts[0], maxDigits: 2),
            parts[1].count == 2, let minute = CSVText.digits(parts[1], maxDigits: 2), minute < 60
        else { return nil }
        var second = 0
        if parts.count == 3 {
            guard parts[2].count == 2, let value = CSVText.digits(parts[2], maxDigits: 2), value < 60 else { return nil }
            second = value
        }
        switch isAfternoon {
        case nil:
            guard hour < 24 else { return nil }
            self.hour = hour
        case false?:
            guard (1...12).contains(hour) else { return nil }
            self.hour = hour % 12
        case true?:
            guard (1...12).contains(hour) else { return nil }
            self.hour = hour % 12 + 12
        }
        self.minute = minute
        self.second = second
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
