/// Builds an XML document as text, one element per line, for exporters.
///
/// ```swift
/// var writer = XMLWriter()
/// writer.open("divelog", [("program", "umilog")])
/// writer.element("dive", [("number", "1")], text: "Blue Hole")
/// writer.close()
/// let xml = writer.finish()
/// ```
///
/// Text and attribute values are escaped so that `XMLReader` (or any XML reader) gives back
/// exactly the strings written: `&`, `<`, `>` and CR in text; `&`, `<`, both quotes, tab, LF and
/// CR in attribute values, where a reader would otherwise turn white space into spaces.
/// Characters XML 1.0 cannot carry at all (NUL, other C0 controls, U+FFFE, U+FFFF) become
/// U+FFFD, so the output is always well-formed. Names are written as given; callers pass
/// the fixed element and attribute names of the format they export.
///
/// The helpers below are `internal` rather than `private` so that extensions in this module
/// (`XMLWriter+<What>.swift`, e.g. for SVG or HTML pages) add what a format needs on top of the
/// same layout and the same escaping, instead of escaping text a second way.
public struct XMLWriter: Sendable {
    /// The document so far.
    public internal(set) var output: String
    let indent: String
    let quote: Character
    var openElements: [String] = []
    /// The last thing written is a start tag whose line has not been ended yet, so an element
    /// closed right away is written `<a></a>` rather than spread over two lines.
    var startTagPending = false

    /// - Parameters:
    ///   - declaration: Whether to begin with `<?xml version="1.0" encoding="UTF-8"?>`.
    ///   - indent: Written once per level of nesting before each line.
    ///   - quote: `"` or `'` around attribute values; any other character means `"`.
    public init(declaration: Bool = true, indent: String = "  ", quote: Character = "\"") {
        self.indent = indent
        self.quote = quote == "'" ? "'" : "\""
        output = ""
        if declaration {
            output = "<?xml version=\(self.quote)1.0\(self.quote) encoding=\(self.quote)UTF-8\(self.quote)?>\n"
        }
    }

    /// Writes a start tag; what follows goes inside it, on new lines, until `close()`.
    public mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        beginLine()
        output += "<" + name
        appendAttributes(attributes)
        output += ">"
        openElements.append(name)
        startTagPending = true
    }

    /// Writes the end tag of the innermost open element; does nothing when none is open.
    public mutating func close() {
        guard let name = openElements.popLast() else { return }
        if startTagPending {
            startTagPending = false
        } else {
            appendIndentation()
        }
        output += "</" + name + ">\n"
    }

    /// Writes a whole element on one line: `<a x="1"/>` without text, `<a>text</a>` with it.
    public mutating func element(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil) {
        beginLine()
        output += "<" + name
        appendAttributes(attributes)
        if let text {
            output += ">"
            appendEscaped(text, inAttribute: false)
            output += "</" + name + ">\n"
        } else {
            output += "/>\n"
        }
    }

    /// Writes `<!-- text -->`. A `--` in the text, which XML does not allow in comments, is
    /// written `- -`.
    public mutating func comment(_ text: String) {
        beginLine()
        output += "<!-- "
        var previousWasHyphen = false
        for scalar in text.unicodeScalars {
            if scalar == "-" && previousWasHyphen { output += " " }
            previousWasHyphen = scalar == "-"
            output.unicodeScalars.append(Self.isXMLCharacter(scalar) ? scalar : "\u{FFFD}")
        }
        output += " -->\n"
    }

    /// The document so far. Closes nothing: callers close every element they open.
    public func finish() -> String {
        output
    }

    // MARK: Helpers

    /// Ends a pending start tag's line, then indents for the current depth.
    mutating func beginLine() {
        if startTagPending {
            output += "\n"
            startTagPending = false
        }
        appendIndentation()
    }

    mutating func appendIndentation() {
        for _ in openElements.indices { output += indent }
    }

    /// Writes ` name="value"` for each pair, values escaped for the writer's quote.
    mutating func appendAttributes(_ attributes: [(String, String)]) {
        for (name, value) in attributes {
            output += " " + name + "="
            output.append(quote)
            appendEscaped(value, inAttribute: true)
            output.append(quote)
        }
    }

    /// Appends `string` escaped as text (`inAttribute: false`) or as an attribute value, with
    /// characters XML 1.0 cannot carry replaced by U+FFFD.
    mutating func appendEscaped(_ string: String, inAttribute: Bool) {
        Self.escape(string, for: inAttribute ? .attribute : .text, into: &output)
    }

    /// Where escaped text goes; each place has its own set of characters to replace.
    enum EscapeContext {
        /// XML character data: `&`, `<`, `>` and CR, and characters XML 1.0 forbids.
        case text
        /// An XML attribute value in either quote: also both quotes, tab and line feed (which a
        /// reader would turn into spaces).
        case attribute
        /// HTML text or an attribute value in either quote: `&`, `<`, `>`, `"` and `'` (as
        /// `&#39;`, which every HTML version knows, unlike `&apos;`); everything else as it is.
        case html
    }

    /// The one escaping rule of the package's writers, for each ``EscapeContext``.
    static func escape(_ string: String, for context: EscapeContext, into output: inout String) {
        let needsWork = string.utf8.contains { byte in
            byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0xEF
        }
        guard needsWork else {
            output += string
            return
        }
        let isHTML = context == .html
        let inAttribute = context == .attribute
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">" where !inAttribute: output += "&gt;"
            case "\"" where inAttribute || isHTML: output += "&quot;"
            case "'" where isHTML: output += "&#39;"
            case "'" where inAttribute: output += "&apos;"
            case "\t" where inAttribute: output += "&#9;"
            case "\n" where inAttribute: output += "&#10;"
            case "\r" where !isHTML: output += "&#13;"  // a literal CR would be read back as LF
            default: output.unicodeScalars.append(isHTML || Self.isXMLCharacter(scalar) ? scalar : "\u{FFFD}")
            }
        }
    }

    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        XMLByte.isXMLCharacter(scalar.value)
    }
}
