import Testing
import XMLKit

@Suite("XMLReader: documents it accepts")
struct XMLReaderTests {
    @Test("an empty root element")
    func emptyRoot() throws {
        #expect(try parse("<a/>") == XMLTree(name: "a", line: 1))
        #expect(try parse("<a></a>") == XMLTree(name: "a", line: 1))
        #expect(try parse("<a />") == XMLTree(name: "a", line: 1))
    }

    @Test("text is kept per element, in order, with white space exactly as written")
    func textPerElement() throws {
        let tree = try parse("<a>x <b>y</b>\n\t z<c/> end </a>")
        #expect(tree.text == "x \n\t z end ")
        #expect(tree.children.map(\.name) == ["b", "c"])
        #expect(tree.child("b")?.text == "y")
        #expect(tree.child("c")?.text == "")
    }

    @Test("the XML declaration, processing instructions and comments around the root are skipped")
    func prologAndEpilogue() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <?xml-stylesheet href="style.xsl"?>
            <!-- exported -->
            <a><?pi inside?><!-- also inside -->text</a>
            <!-- trailing --> <?done?>

            """
        let tree = try parse(document)
        #expect(tree.name == "a")
        #expect(tree.text == "text")
        #expect(tree.line == 4)
    }

    @Test("comments may contain -- and end with --->")
    func comments() throws {
        #expect(try parse("<a>1<!-- a -- b --->2<!---->3</a>").text == "123")
    }

    @Test("CDATA sections are character data, taken literally")
    func cdata() throws {
        #expect(try parse("<a>x<![CDATA[<b>&amp;]]]]>y</a>").text == "x<b>&amp;]]y")
        #expect(try parse("<a><![CDATA[]]></a>").text == "")
        #expect(try parse("<a><![CDATA[one\r\ntwo\rthree]]></a>").text == "one\ntwo\nthree")
    }

    @Test("a DOCTYPE is skipped, internal subset included, even with ] and > inside strings and comments")
    func doctype() throws {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE divelog SYSTEM "divelog.dtd" [
              <!ENTITY site "Blue > Hole ]">
              <!ATTLIST dive number CDATA '1'>
              <!-- a ] and a > in a comment -->
              <?pi ]> ?>
            ]>
            <divelog/>
            """
        #expect(try parse(document) == XMLTree(name: "divelog", line: 8))
        #expect(try parse("<!DOCTYPE a><a/>").name == "a")
    }

    @Test("entities declared in a DOCTYPE are not expanded")
    func doctypeEntitiesAreNotExpanded() {
        #expect(parseError("<!DOCTYPE a [<!ENTITY e \"x\">]>\n<a>&e;</a>") == .undefinedEntity(name: "e", line: 2))
    }

    @Test("the five predefined entities, in text and in attribute values")
    func predefinedEntities() throws {
        let tree = try parse("<a v='&lt;&gt;&amp;&quot;&apos;'>&lt;&gt;&amp;&quot;&apos;</a>")
        #expect(tree.text == "<>&\"'")
        #expect(tree.attribute("v") == "<>&\"'")
    }

    @Test("numeric character references, decimal and hexadecimal")
    func characterReferences() throws {
        let tree = try parse("<a v='&#228;'>&#65;&#x41;&#x1F600;&#xe4;&#xE4;&#0000065;&#9;</a>")
        #expect(tree.text == "AA😀ääA\t")
        #expect(tree.attribute("v") == "ä")
    }

    @Test("a reference to CR survives end-of-line handling")
    func carriageReturnReference() throws {
        #expect(try parse("<a>x&#13;&#10;y</a>").text == "x\r\ny")
    }

    @Test("attribute values take either quote, contain the other, and allow white space around =")
    func attributeQuotes() throws {
        let tree = try parse("<a x='say \"hi\"' y = \"it's\"\n  z\t=\t'3'/>")
        #expect(
            tree.attributes == [
                XMLAttribute(name: "x", value: "say \"hi\""),
                XMLAttribute(name: "y", value: "it's"),
                XMLAttribute(name: "z", value: "3"),
            ])
    }

    @Test("attribute values are normalised: tab, LF, CR and CRLF become one space each; references do not")
    func attributeNormalisation() throws {
        let tree = try parse("<a v='a\tb\nc\r\nd\re' w='1&#10;2&#9;3&#13;4' />")
        #expect(tree.attribute("v") == "a b c d e")
        #expect(tree.attribute("w") == "1\n2\t3\r4")
    }

    @Test("attributes keep document order; the first of a local name wins")
    func attributeOrder() throws {
        let tree = try parse("<a b='1' a='2' c='3' p:a='4' xmlns:p='urn:p'/>")
        #expect(tree.attributes.map(\.name) == ["b", "a", "c", "a"])
        #expect(tree.attribute("a") == "2")
        #expect(tree.attribute("missing") == nil)
    }

    @Test("namespace prefixes are removed from element and attribute names; xmlns attributes are dropped")
    func namespaces() throws {
        let tree = try parse(
            """
            <u:dive xmlns:u="urn:uddf" xmlns="urn:default" u:id="d1" plain="p"><u:depth>5</u:depth><depth/></u:dive>
            """)
        #expect(tree.name == "dive")
        #expect(tree.attributes == [XMLAttribute(name: "id", value: "d1"), XMLAttribute(name: "plain", value: "p")])
        #expect(tree.children.map(\.name) == ["depth", "depth"])
        #expect(tree.child("depth")?.text == "5")
    }

    @Test("names may hold digits, dots, hyphens, underscores and non-ASCII letters")
    func names() throws {
        let tree = try parse("<_a.b-1 x.y-z_2='v'><tauchgänge/><端末/></_a.b-1 >")
        #expect(tree.name == "_a.b-1")
        #expect(tree.attribute("x.y-z_2") == "v")
        #expect(tree.children.map(\.name) == ["tauchgänge", "端末"])
    }

    @Test("a trailing colon is not a prefix")
    func nameEndingInColon() throws {
        #expect(try parse("<a:></a:>").name == "a:")
    }

    @Test("lines count LF, CRLF and lone CR as one break each")
    func lineNumbers() throws {
        let tree = try parse("<a>\r\n<b/>\r<c/>\n<d/>\n\r<e/>\r\n\r\n<f/></a>")
        #expect(tree.line == 1)
        #expect(tree.children.map(\.line) == [2, 3, 4, 6, 8])
    }

    @Test("CRLF and lone CR in text become LF")
    func endOfLineHandling() throws {
        #expect(try parse("<a>x\r\ny\rz\n\r</a>").text == "x\ny\nz\n\n")
    }

    @Test("white space before the declaration and around the root is accepted")
    func surroundingWhitespace() throws {
        #expect(try parse("\n  <?xml version='1.0'?>\n<a/>\n\n").line == 3)
    }

    @Test("a greater-than sign in text needs no escaping")
    func greaterThanInText() throws {
        #expect(try parse("<a>1 > 0 ]]> x</a>").text == "1 > 0 ]]> x")
    }
}
