extension XMLWriter {
    /// `text` made safe anywhere in an HTML page: inside an element and inside an attribute
    /// value in either kind of quote. `&`, `<`, `>`, `"` and `'` become character references
    /// (`'` as `&#39;`, which every HTML version knows, unlike `&apos;`); everything else is kept
    /// as it is.
    ///
    /// HTML pages are laid out by hand — a table row `<tr><th>…</th><td>…</td></tr>` on one line,
    /// which the writer would spread over several — so they take their text from here instead
    /// of escaping it themselves: one rule, so no page forgets a character and lets a diver's
    /// note or a site's name open a tag.
    public static func escapingHTML(_ text: String) -> String {
        guard text.utf8.contains(where: { [0x26, 0x3C, 0x3E, 0x22, 0x27].contains($0) }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
