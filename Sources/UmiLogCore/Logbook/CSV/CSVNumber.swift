/// Reads the numbers people type into spreadsheets: `18`, `-1.5`, `.5`, `2e-5`, `18,5` where
/// the comma cannot be the delimiter, optionally followed by a unit (`18 m`, `25°C`, `45 min`).
///
/// Hand-written instead of `Double(_:)`, which also takes `inf`, `nan` and hexadecimal — text
/// no dive log means as a number.
struct CSVNumber: Hashable, Sendable {
    var value: Double
    /// The unit after the number, lower-cased without surrounding spaces; empty when none.
    var unit: String

    init?(_ text: String, decimalComma: Bool) {
        let bytes = Array(text.utf8)
        var index = 0
        func skipSpaces() { while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 } }
        func digits() -> [UInt8] {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return Array(bytes[start..<index])
        }
        skipSpaces()
        var literal: [UInt8] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            literal.append(bytes[index])
            index += 1
        }
        let whole = digits()
        literal += whole
        var fraction: [UInt8] = []
        if index + 1 < bytes.count,
            bytes[index] == UInt8(ascii: ".") || (decimalComma && bytes[index] == UInt8(ascii: ",")),
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1])
        {
            index += 1
            fraction = digits()
            literal += [UInt8(ascii: ".")] + fraction
        } else if !whole.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "."),
            index + 1 == bytes.count || bytes[index + 1] == UInt8(ascii: " ")
        {
            index += 1  // "18." is 18
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return nil }
        if index + 1 < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            let mark = index
            index += 1
            var exponent: [UInt8] = [UInt8(ascii: "e")]
            if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponent.append(bytes[index])
                index += 1
            }
            let exponentDigits = digits()
            if exponentDigits.isEmpty || exponentDigits.count > 3 {
                index = mark
            } else {
                literal += exponent + exponentDigits
            }
        }
        guard let value = Double(String(decoding: literal, as: UTF8.self)), value.isFinite else { return nil }
        skipSpaces()
        self.value = value
        unit = CSVText.trimmed(String(decoding: bytes[index...], as: UTF8.self)).lowercased()
    }
}
