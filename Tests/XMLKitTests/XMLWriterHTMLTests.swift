import Testing
import XMLKit

@Suite("XMLWriter.escapingHTML: text safe in an HTML element or attribute")
struct XMLWriterHTMLTests {
    @Test(
        "the five markup characters become references",
        arguments: [
            ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"),
        ])
    func markupCharacters(character: String, reference: String) {
        #expect(XMLWriter.escapingHTML("a\(character)b") == "a\(reference)b")
    }

    @Test("a whole note keeps its words, line breaks and accents; only markup changes")
    func note() {
        #expect(
            XMLWriter.escapingHTML("Ana <Bo>\n\"Café\" & 'Ñandú' 🐠")
                == "Ana &lt;Bo&gt;\n&quot;Café&quot; &amp; &#39;Ñandú&#39; 🐠"
        )
    }

    @Test("text without markup characters comes back unchanged")
    func plain() {
        #expect(XMLWriter.escapingHTML("") == "")
        #expect(XMLWriter.escapingHTML("Salt Pier, 12.4 m\tnight") == "Salt Pier, 12.4 m\tnight")
    }

    @Test("an escaped reference is escaped again, so text that looks like markup stays text")
    func alreadyEscaped() {
        #expect(XMLWriter.escapingHTML("&amp;") == "&amp;amp;")
    }
}
