import Geo

/// Writes values the way Subsurface's `save-xml.cpp` does (`'38.99 m'`, `'77:54 min'`,
/// `'32.0%'`), with one difference that matters for a lossless round trip: numbers are printed
/// with the shortest digits that read back to the same `Double`, instead of Subsurface's fixed
/// millimetre/millibar precision. For the values Subsurface itself writes both agree.
enum SubsurfaceFormat {
    /// `2.0`, `38.99`, `0.00001` — Swift's shortest round-trip digits, never in exponent form,
    /// because Subsurface's reader (and ours) stop at an `e`.
    static func decimal(_ value: Double) -> String {
        let text = "\(value)"
        guard let exponentIndex = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(text[text.index(after: exponentIndex)...])
        else { return text }
        var mantissa = String(text[..<exponentIndex])
        var sign = ""
        if mantissa.hasPrefix("-") {
            sign = "-"
            mantissa.removeFirst()
        }
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = pieces.first.map(String.init) ?? ""
        var fraction = pieces.count > 1 ? String(pieces[1]) : ""
        if fraction == "0" { fraction = "" }
        var digits = whole + fraction
        // The decimal point sits after `point` digits.
        var point = whole.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: -point + 1) + digits
            point = 1
        } else if point >= digits.count {
            digits += String(repeating: "0", count: point - digits.count + 1)
        }
        let integerPart = String(digits.prefix(point))
        var fractionPart = String(digits.dropFirst(point))
        while fractionPart.count > 1, fractionPart.hasSuffix("0") { fractionPart.removeLast() }
        return sign + integerPart + "." + (fractionPart.isEmpty ? "0" : fractionPart)
    }

    /// Like `decimal` but without a trailing `.0`: `1030` for salinity, `12` for a CNS percentage,
    /// as Subsurface prints those.
    static func trimmedDecimal(_ value: Double) -> String {
        let text = decimal(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// `77:54` (minutes may exceed 59); the caller adds ` min`.
    static func clock(_ seconds: Int) -> String {
        let minutes = String(seconds / 60)
        let rest = seconds % 60
        return minutes + ":" + (rest < 10 ? "0" : "") + String(rest)
    }

    /// `-43.342295 171.545936`.
    static func coordinate(_ coordinate: Coordinate) -> String {
        decimal(coordinate.latitude) + " " + decimal(coordinate.longitude)
    }

    /// `boat, photo`, escaping a comma inside a tag as `\,` and a backslash as `\\` so the list
    /// splits back into the same tags.
    static func tags(_ tags: [String]) -> String {
        tags.map { tag in
            var escaped = ""
            for character in tag {
                if character == "," || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }.joined(separator: ", ")
    }
}
