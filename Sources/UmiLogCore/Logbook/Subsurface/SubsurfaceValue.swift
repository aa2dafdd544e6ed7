import Geo

/// Reads the value strings Subsurface puts in its attributes: `'25.3 m'`, `'77:54 min'`,
/// `'32.0%'`, `'2014-04-02'`, `'-43.342295 171.545936'`, `'boat, photo'`.
///
/// Each function returns `nil` when the text holds no readable value (the caller reports it as
/// a dropped value) and throws only when a suffix names a unit other than the metric one,
/// because then every number in the file is suspect.
enum SubsurfaceValue {
    /// The longest time accepted, 100 days: keeps sums of sample intervals far from overflow.
    static let maximumSeconds = 8_640_000

    /// Where a value came from, for the error that names it.
    struct Origin {
        var field: String
        var line: Int?
    }

    // MARK: Numbers

    /// The leading decimal number of `text` (a decimal comma is tolerated); `nil` without one.
    ///
    /// Anything after the number that is not a unit name (`'1e5 m'`, `'12:30'` for a depth) makes
    /// the value unreadable rather than wrong.
    ///
    /// - Throws: `LogbookReadError.wrongUnit` when the suffix names a unit other than `unit`.
    static func number(_ text: String, unit: SubsurfaceUnit, origin: Origin) throws(LogbookReadError) -> Double? {
        guard let (value, suffix) = leadingNumber(text), try check(suffix, of: text, unit: unit, origin: origin) else {
            return nil
        }
        return value
    }

    /// A gas fraction as a percentage: `'32.0%'`, or `'0.32'` (a value up to 1 without `%` is a
    /// fraction, as Subsurface reads it). `nil` when unreadable or outside 0…100.
    static func percent(_ text: String, origin: Origin) throws(LogbookReadError) -> Double? {
        guard let (value, suffix) = leadingNumber(text), try check(suffix, of: text, unit: .percent, origin: origin) else {
            return nil
        }
        let percent = value <= 1 && suffix.isEmpty ? value * 100 : value
        return (0...100).contains(percent) ? percent : nil
    }

    /// Whether the text after a number leaves the value readable: `true` for `unit` or no
    /// suffix, `false` for junk that is no unit (`e999`, `:54`, `,5 m` after a time).
    ///
    /// - Throws: `LogbookReadError.wrongUnit` when the suffix names another unit (`ft`, `°F`, `psi`).
    private static func check(_ suffix: String, of text: String, unit: SubsurfaceUnit, origin: Origin) throws(LogbookReadError) -> Bool {
        if unit.accepts(suffix) { return true }
        guard namesUnit(suffix) else { return false }
        throw .wrongUnit(field: origin.field, value: text, expected: unit.symbol, line: origin.line)
    }

    /// A unit name starts with a letter, `°` or `%` and holds only letters, `°`, `/`, `%`,
    /// superscripts, digits and spaces (`ft`, `°F`, `cu ft`, `lb/ft3`, `kg/m³`) — but an exponent
    /// such as `e5` is a malformed number, not a unit.
    private static func namesUnit(_ suffix: String) -> Bool {
        guard let first = suffix.unicodeScalars.first, first.properties.isAlphabetic || first == "°" || first == "%" else {
            return false
        }
        if first == "e" || first == "E", let second = suffix.unicodeScalars.dropFirst().first,
            isDigit(second) || second == "+" || second == "-"
        {
            return false
        }
        return suffix.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || isDigit($0) || "°/%³² ".unicodeScalars.contains($0)
        }
    }

    /// A whole number such as a rating or a dive number; `nil` unless the text is just that.
    static func integer(_ text: String) -> Int? {
        Int(trimmed(text))
    }

    /// Splits `text` into a leading number and the trimmed rest. The number is an optional
    /// sign, digits and an optional fraction after `.` or `,`; no exponent, so the suffix check
    /// sees everything after the digits.
    private static func leadingNumber(_ text: String) -> (Double, String)? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        var literal = ""
        if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" {
            literal.unicodeScalars.append(scalars[index])
            index += 1
        }
        var digits = 0
        while index < scalars.count, isDigit(scalars[index]) {
            literal.unicodeScalars.append(scalars[index])
            index += 1
            digits += 1
        }
        if index + 1 < scalars.count, scalars[index] == "." || scalars[index] == ",", isDigit(scalars[index + 1]) {
            literal += "."
            index += 1
            while index < scalars.count, isDigit(scalars[index]) {
                literal.unicodeScalars.append(scalars[index])
                index += 1
                digits += 1
            }
        }
        guard digits > 0, let value = Double(literal), value.isFinite else { return nil }
        var rest = String.UnicodeScalarView()
        rest.append(contentsOf: scalars[index...])
        return (value, trimmed(String(rest)))
    }

    // MARK: Times

    /// A duration in seconds: `'77:54 min'` (minutes may exceed 59), `'1:17:54'`, a bare number
    /// of seconds (as Subsurface's `sampletime` reads it) or, with `allowsDotMinutes`, Diving
    /// Log's `'44.00'` meaning 44:00. `nil` when unreadable or longer than `maximumSeconds`.
    static func seconds(_ text: String, allowsDotMinutes: Bool = false, origin: Origin) throws(LogbookReadError) -> Int? {
        let scalars = Array(trimmed(text).unicodeScalars)
        var end = 0
        while end < scalars.count, isDigit(scalars[end]) || scalars[end] == ":" || scalars[end] == "." { end += 1 }
        guard end > 0 else { return nil }
        var body = String.UnicodeScalarView()
        body.append(contentsOf: scalars[..<end])
        var suffix = String.UnicodeScalarView()
        suffix.append(contentsOf: scalars[end...])
        guard try check(trimmed(String(suffix)), of: text, unit: .duration, origin: origin) else { return nil }
        var clock = String(body)
        if allowsDotMinutes, !clock.contains(":") {
            clock = clock.replacingFirst(".", with: ":")
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var values: [Int] = []
        for part in parts {
            guard (1...9).contains(part.count), part.unicodeScalars.allSatisfy(isDigit), let value = Int(part) else {
                return nil
            }
            values.append(value)
        }
        let total = values.reduce(0) { $0 * 60 + $1 }
        return total <= maximumSeconds ? total : nil
    }

    /// The start of a dive from `date` (`YYYY-MM-DD` or `DD.MM.YYYY`, optionally followed by a
    /// time) and `time` (`HH:MM:SS` or `HH:MM`); a missing time is midnight, which is how
    /// Subsurface writes it. The wall clock is kept as written, with no time zone.
    static func start(date: String, time: String?) -> LocalDateTime? {
        let pieces = trimmed(date).split(whereSeparator: { $0 == " " || $0 == "T" })
        guard let day = pieces.first, pieces.count <= 2 else { return nil }
        let year: Int
        let month: Int
        let dayOfMonth: Int
        if let parts = fields(day, separator: "-", count: 3) {
            (year, month, dayOfMonth) = (parts[0], parts[1], parts[2])
        } else if let parts = fields(day, separator: ".", count: 3) {
            (dayOfMonth, month, year) = (parts[0], parts[1], parts[2])
        } else {
            return nil
        }
        var clock = [0, 0, 0]
        let clockText = time.map { trimmed($0) } ?? pieces.dropFirst().first.map { String($0) }
        if let clockText {
            guard
                let parts = fields(Substring(clockText), separator: ":", count: 2)
                    ?? fields(Substring(clockText), separator: ":", count: 3)
            else { return nil }
            clock = parts + (parts.count == 2 ? [0] : [])
        }
        return LocalDateTime(year: year, month: month, day: dayOfMonth, hour: clock[0], minute: clock[1], second: clock[2])
    }

    /// `count` groups of 1–4 digits separated by `separator`.
    private static func fields(_ text: Substring, separator: Character, count: Int) -> [Int]? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == count else { return nil }
        var values: [Int] = []
        for part in parts {
            guard (1...4).contains(part.count), part.unicodeScalars.allSatisfy(isDigit), let value = Int(part) else {
                return nil
            }
            values.append(value)
        }
        return values
    }

    // MARK: Places and tags

    /// `'lat lon'` in decimal degrees (a comma between them is allowed). `nil` when either is
    /// unreadable or out of range.
    static func coordinate(_ text: String) -> Coordinate? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
        guard parts.count == 2, let latitude = degrees(parts[0]), let longitude = degrees(parts[1]) else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    private static func degrees(_ text: Substring) -> Double? {
        var body = text
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), pieces.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(isDigit) }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// Splits Subsurface's tag list: commas separate, `\,` is a comma inside a tag and `\\` a
    /// backslash; each tag is trimmed and empty ones are left out.
    static func tags(_ text: String) -> [String] {
        var tags: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                if character != "," && character != "\\" { current.append("\\") }
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "," {
                tags.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        tags.append(current)
        return tags.map(trimmed).filter { !$0.isEmpty }
    }

    // MARK: Helpers

    /// A one-line text (buddy, suit, a description) trimmed as Subsurface trims it, `nil` when
    /// nothing is left.
    static func line(_ text: String) -> String? {
        let trimmed = trimmed(text)
        return trimmed.isEmpty ? nil : trimmed
    }

    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        let scalars = Array(text.unicodeScalars)
        var start = 0
        var end = scalars.count
        while start < end, scalars[start].properties.isWhitespace { start += 1 }
        while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }
}

extension String {
    fileprivate func replacingFirst(_ target: Character, with replacement: Character) -> String {
        guard let index = firstIndex(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(index...index, with: String(replacement))
        return copy
    }
}
