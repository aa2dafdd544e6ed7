/// Whitespace clean-up for text from outside: cheap when there is nothing to do, which is the
/// common case on a million records.
enum TextCleaning {
    /// `text` without leading and trailing whitespace (Unicode whitespace, line breaks included).
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        // Printable ASCII at both ends: nothing to trim (the common case, decided on two bytes).
        if (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) { return text }
        guard let start = text.firstIndex(where: { !$0.isWhitespace }),
            let end = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[start...end])
    }

    /// `text` trimmed, with every run of whitespace inside turned into one space.
    static func collapsingWhitespace(_ text: String) -> String {
        let trimmed = trimmed(text)
        guard mayNeedCollapsing(trimmed) else { return trimmed }
        return trimmed.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether `text` may hold whitespace other than single spaces, judged on its bytes: ASCII
    /// control whitespace, two spaces in a row, or a lead byte of a non-ASCII whitespace
    /// character (U+0085, U+00A0: C2; U+1680: E1; U+2000–U+205F: E2; U+3000: E3).
    private static func mayNeedCollapsing(_ text: String) -> Bool {
        var previousWasSpace = false
        for byte in text.utf8 {
            switch byte {
            case 0x20:
                if previousWasSpace { return true }
                previousWasSpace = true
            case 0x09...0x0D, 0xC2, 0xE1, 0xE2, 0xE3:
                return true
            default:
                previousWasSpace = false
            }
        }
        return false
    }
}
