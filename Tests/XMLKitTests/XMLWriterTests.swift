import Testing
import XMLKit

@Suite("XMLWriter")
struct XMLWriterTests {
    @Test("one element per line, indented by depth; an element closed at once stays on its line")
    func layout() {
        var writer = XMLWriter()
        writer.open("divelog", [("program", "umilog"), ("version", "3")])
        writer.comment("exported")
        writer.open("dives")
        writer.open("dive", [("number", "1")])
        writer.element("depth", [("max", "38.99 m")])
        writer.element("notes", text: "Blue Hole")
        writer.element("buddy", text: "")
        writer.close()
        writer.open("trip")
        writer.close()
        writer.close()
        writer.close()
        #expect(
            writer.finish() == """
                <?xml version="1.0" encoding="UTF-8"?>
                <divelog program="umilog" version="3">
                  <!-- exported -->
                  <dives>
                    <dive number="1">
                      <depth max="38.99 m"/>
                      <notes>Blue Hole</notes>
                      <buddy></buddy>
                    </dive>
                    <trip></trip>
                  </dives>
                </divelog>

                """)
        #expect(writer.output == writer.finish())
    }

    @Test("single quotes, custom indent, no declaration")
    func options() {
        var writer = XMLWriter(declaration: false, indent: "\t", quote: "'")
        writer.open("a", [("x", "it's \"q\"")])
        writer.element("b", [("y", "1")])
        writer.close()
        #expect(writer.finish() == "<a x='it&apos;s &quot;q&quot;'>\n\t<b y='1'/>\n</a>\n")
        let declared = XMLWriter(quote: "'")
        #expect(declared.finish() == "<?xml version='1.0' encoding='UTF-8'?>\n")
        #expect(XMLWriter(quote: "x").finish() == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    }

    @Test("close with nothing open does nothing; finish closes nothing")
    func unbalanced() {
        var writer = XMLWriter(declaration: false)
        writer.close()
        #expect(writer.finish() == "")
        writer.open("a")
        writer.element("b")
        #expect(writer.finish() == "<a>\n  <b/>\n")
    }

    @Test("text escapes &, <, > and CR; attribute values also quotes, tab and LF")
    func escaping() {
        var writer = XMLWriter(declaration: false)
        writer.element("a", [("v", "<&>\"'\t\n\r")], text: "<&>\"'\t\n\r")
        #expect(writer.finish() == "<a v=\"&lt;&amp;>&quot;&apos;&#9;&#10;&#13;\">&lt;&amp;&gt;\"'\t\n&#13;</a>\n")
    }

    @Test("characters XML cannot carry become U+FFFD")
    func unrepresentable() throws {
        var writer = XMLWriter(declaration: false)
        writer.element("a", [("v", "x\u{0}y")], text: "\u{1}\u{FFFF}\u{1B}")
        writer.comment("bell \u{7}")
        #expect(writer.finish() == "<a v=\"x\u{FFFD}y\">\u{FFFD}\u{FFFD}\u{FFFD}</a>\n<!-- bell \u{FFFD} -->\n")
    }

    @Test("-- in a comment is split so the comment stays well-formed")
    func commentHyphens() throws {
        var writer = XMLWriter(declaration: false)
        writer.comment("a--b---c-")
        #expect(writer.finish() == "<!-- a- -b- - -c- -->\n")
        #expect(try parse(writer.finish() + "<r/>").name == "r")
    }

    @Test("random text and attribute values read back exactly", arguments: [UInt64(1), 2, 3, 4])
    func roundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let alphabet: [String] = [
            "a", "Z", "0", " ", " ", "\t", "\n", "\r", "\"", "'", "<", ">", "&", ";", "#", "=", "/", "]", "-", "?", "!",
            "ä", "ß", "€", "\u{85}", "\u{A0}", "\u{301}", "\u{2028}", "端", "😀", "🇩🇪", "\u{10FFFF}", "\u{FFFD}",
        ]
        for _ in 0..<250 {
            var string = ""
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                string += alphabet.randomElement(using: &random)!
            }
            for quote: Character in ["\"", "'"] {
                var writer = XMLWriter(quote: quote)
                writer.open("log", [("note", string)])
                writer.element("dive", [("site", string), ("x", "1")], text: string)
                writer.close()
                let tree = try XMLReader.parse(Array(writer.finish().utf8))
                #expect(tree.attribute("note") == string, "seed \(seed): \(string.debugDescription)")
                let dive = try #require(tree.child("dive"))
                #expect(dive.attribute("site") == string, "seed \(seed): \(string.debugDescription)")
                #expect(dive.text == string, "seed \(seed): \(string.debugDescription)")
                #expect(dive.attribute("x") == "1")
            }
        }
    }

    @Test("every character XML 1.0 forbids reads back as U+FFFD, in text and in attribute values")
    func forbiddenCharactersRoundTrip() throws {
        // XML 1.0's Char production: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 and up.
        let forbidden: [Unicode.Scalar] =
            (0x00..<0x20).compactMap { value in
                [0x09, 0x0A, 0x0D].contains(value) ? nil : Unicode.Scalar(UInt32(value))
            } + ["\u{FFFE}", "\u{FFFF}"]
        for scalar in forbidden {
            let value = "a" + String(Character(scalar)) + "]]>b"
            var writer = XMLWriter()
            writer.element("t", [("v", value)], text: value)
            let tree = try XMLReader.parse(Array(writer.finish().utf8))
            let expected = "a\u{FFFD}]]>b"
            #expect(tree.attribute("v") == expected, "U+\(String(scalar.value, radix: 16))")
            #expect(tree.text == expected, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("]]> in text is written with > escaped, as XML requires in content")
    func cdataEndInText() {
        var writer = XMLWriter(declaration: false)
        writer.element("a", text: "x]]>y")
        #expect(writer.finish() == "<a>x]]&gt;y</a>\n")
    }

    @Test("a written dive log reads back with the same structure")
    func structureRoundTrip() throws {
        var writer = XMLWriter()
        writer.open("uddf", [("xmlns", "http://www.streit.cc/uddf/3.2/"), ("version", "3.2.0")])
        writer.open("profiledata")
        for index in 1...3 {
            writer.open("dive", [("id", "d\(index)")])
            writer.element("greatestdepth", text: "\(10 * index).5")
            writer.close()
        }
        writer.close()
        writer.close()
        let tree = try XMLReader.parse(Array(writer.finish().utf8))
        #expect(tree.attributes == [XMLAttribute(name: "version", value: "3.2.0")])
        #expect(tree.descendants("dive").map { $0.attribute("id") } == ["d1", "d2", "d3"])
        #expect(tree.descendants("greatestdepth").map(\.text) == ["10.5", "20.5", "30.5"])
        #expect(tree.descendants("dive").map(\.line) == [4, 7, 10])
    }
}
