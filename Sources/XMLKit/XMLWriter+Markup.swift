extension XMLWriter {
    /// Writes a start tag like ``open(_:_:)`` for markup a browser may read too (an SVG picture,
    /// which people paste into HTML pages): attribute values also have `>` written `&gt;`, so no
    /// value can look like the end of a tag to a lenient HTML parser, and the tag's line ends at
    /// once, so the end tag always has a line of its own (`<g …>` then `</g>`, even when nothing
    /// is written inside) and a group reads the same whether or not it is empty.
    public mutating func openMarkup(_ name: String, _ attributes: [(String, String)] = []) {
        appendMarkupTag(name, attributes, ending: ">\n")
        openElements.append(name)
    }

    /// Writes an element without content, `<a x="1"/>`, with attribute values escaped as
    /// ``openMarkup(_:_:)`` escapes them.
    public mutating func emptyMarkupElement(_ name: String, _ attributes: [(String, String)]) {
        appendMarkupTag(name, attributes, ending: "/>\n")
    }

    /// A line holding one tag: `<name`, the attributes, then `ending`.
    private mutating func appendMarkupTag(_ name: String, _ attributes: [(String, String)], ending: String) {
        beginLine()
        output += "<" + name
        appendMarkupAttributes(attributes)
        output += ending
    }

    /// ` name="value"` for each pair: the writer's own attribute escaping, with each `>` between
    /// the escaped pieces written `&gt;`.
    private mutating func appendMarkupAttributes(_ attributes: [(String, String)]) {
        for (name, value) in attributes {
            output += " " + name + "="
            output.append(quote)
            for (index, piece) in value.unicodeScalars.split(separator: ">", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { output += "&gt;" }
                appendEscaped(String(piece), inAttribute: true)
            }
            output.append(quote)
        }
    }
}
