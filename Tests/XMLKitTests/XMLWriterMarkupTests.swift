import Testing
import XMLKit

@Suite("XMLWriter markup: start tags on their own line, > escaped in attribute values")
struct XMLWriterMarkupTests {
    @Test("an open markup element ends its line, so an empty group still spans two lines")
    func layout() {
        var writer = XMLWriter(declaration: false)
        writer.openMarkup("svg", [("width", "10")])
        writer.element("title", text: "a picture")
        writer.openMarkup("g", [("class", "empty")])
        writer.close()
        writer.openMarkup("g")
        writer.emptyMarkupElement("circle", [("r", "1")])
        writer.close()
        writer.close()
        #expect(
            writer.finish() == """
                <svg width="10">
                  <title>a picture</title>
                  <g class="empty">
                  </g>
                  <g>
                    <circle r="1"/>
                  </g>
                </svg>

                """)
    }

    @Test("attribute values escape > as well as what every attribute escapes")
    func escaping() {
        var writer = XMLWriter(declaration: false, indent: "")
        writer.emptyMarkupElement("a", [("v", "\"/><script>x</script>"), ("w", "&'<>>"), ("x", ">")])
        #expect(writer.finish() == "<a v=\"&quot;/&gt;&lt;script&gt;x&lt;/script&gt;\" w=\"&amp;&apos;&lt;&gt;&gt;\" x=\"&gt;\"/>\n")
    }

    @Test(
        "values written as markup read back exactly, forbidden characters as U+FFFD",
        arguments: [
            ("plain", "plain"), (">", ">"), (">>a>", ">>a>"), ("a > b & c < d \"e\" 'f'", "a > b & c < d \"e\" 'f'"),
            ("tab\tline\nreturn\r", "tab\tline\nreturn\r"), ("nul\u{0}", "nul\u{FFFD}"), ("é 🐠 >\u{338}", "é 🐠 >\u{338}"),
        ])
    func roundTrip(value: String, expected: String) throws {
        var writer = XMLWriter()
        writer.openMarkup("a", [("v", value)])
        writer.emptyMarkupElement("b", [("v", value)])
        writer.close()
        let tree = try XMLReader.parse(Array(writer.finish().utf8))
        #expect(tree.attribute("v") == expected)
        #expect(tree.children.first?.attribute("v") == expected)
    }
}
