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
        var escaped = ""
        escape(text, for: .html, into: &escaped)
        return escaped
    }
}
