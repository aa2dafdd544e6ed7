/// Small text helpers shared by the CSV reader and writer.
enum CSVText {
    /// `text` without leading and trailing spaces and tabs; line breaks inside are kept.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }

    /// `text` on one line, cut to `limit` characters with an ellipsis, so an issue quoting a
    /// cell stays readable.
    static func excerpt(_ text: String, limit: Int = 40) -> String {
        let flat = String(text.map { $0.isNewline ? " " : $0 })
        return flat.count <= limit ? flat : String(flat.prefix(limit)) + "…"
    }

    /// The decimal digits of `text` as a number, `nil` unless `text` is 1…`maxDigits` ASCII digits.
    static func digits(_ text: Substring, maxDigits: Int = 4) -> Int? {
        guard !text.isEmpty, text.utf8.count <= maxDigits else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
