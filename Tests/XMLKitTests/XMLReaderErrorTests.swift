import Testing
import XMLKit

@Suite("XMLReader: errors and their lines")
struct XMLReaderErrorTests {
    @Test(
        "documents without an element",
        arguments: [
            ("", XMLError.emptyDocument),
            (" \n\t\r\n", .emptyDocument),
            ("\u{FEFF}", .emptyDocument),
            ("<?xml version='1.0'?>", .missingRootElement),
            ("<!-- only a comment -->\n", .missingRootElement),
            ("<!DOCTYPE a>", .missingRootElement),
        ])
    func noElement(document: String, expected: XMLError) {
        #expect(parseError(document) == expected)
    }

    @Test("text before the root element")
    func textBeforeRoot() {
        #expect(parseError("\nhello <a/>") == .malformedMarkup(expected: "the root element’s start tag, not text", line: 2))
    }

    @Test(
        "anything but white space, comments and processing instructions after the root",
        arguments: [
            ("<a/><b/>", 1),
            ("<a></a>\n\ntext", 3),
            ("<a/>\n<!-- ok -->\n</a>", 3),
            ("<a/>\n<![CDATA[x]]>", 2),
            ("<a/>\n<!DOCTYPE a>", 2),
            ("<a/>&amp;", 1),
        ])
    func contentAfterRoot(document: String, line: Int) {
        #expect(parseError(document) == .contentAfterRootElement(line: line))
    }

    @Test("a second DOCTYPE, or a DOCTYPE inside an element")
    func misplacedDoctype() {
        #expect(parseError("<!DOCTYPE a>\n<!DOCTYPE a><a/>") == .malformedMarkup(expected: "a single DOCTYPE declaration", line: 2))
        #expect(parseError("<a>\n<!DOCTYPE a></a>") == .malformedMarkup(expected: "“<!--” or “<![CDATA[” after “<!”", line: 2))
        #expect(parseError("<!ELEMENT a><a/>") == .malformedMarkup(expected: "“<!--” or “<!DOCTYPE” after “<!”", line: 1))
    }

    @Test("a processing instruction without a name")
    func emptyProcessingInstruction() {
        #expect(parseError("<??><a/>") == .malformedMarkup(expected: "a processing instruction name after “<?”", line: 1))
        #expect(parseError("<a>\n<? x?></a>") == .malformedMarkup(expected: "a processing instruction name after “<?”", line: 2))
    }

    @Test(
        "a bare ampersand, or a reference without its semicolon",
        arguments: [
            ("<a>\nfish & chips</a>", "an entity name or “#” after “&” (a literal “&” is written &amp;)", 2),
            ("<a>&amp</a>", "“;” after “&amp” (a literal “&” is written &amp;)", 1),
            ("<a>\n\nAT&T rocks</a>", "“;” after “&T” (a literal “&” is written &amp;)", 3),
            ("<a v='&'/>", "an entity name or “#” after “&” (a literal “&” is written &amp;)", 1),
            ("<a>&#;</a>", "digits or “x” after “&#” (a literal “&” is written &amp;)", 1),
            ("<a>&#x;</a>", "hexadecimal digits after “&#x” (a literal “&” is written &amp;)", 1),
            ("<a>&#X41;</a>", "digits or “x” after “&#” (a literal “&” is written &amp;)", 1),
            ("<a>&#12a;</a>", "“;” to end the character reference", 1),
        ])
    func malformedReferences(document: String, expected: String, line: Int) {
        #expect(parseError(document) == .malformedMarkup(expected: expected, line: line))
    }

    @Test("entities other than the predefined five are undefined")
    func undefinedEntities() {
        #expect(parseError("<a>\n&nbsp;</a>") == .undefinedEntity(name: "nbsp", line: 2))
        #expect(parseError("<a x='&copy;'/>") == .undefinedEntity(name: "copy", line: 1))
        #expect(parseError("<a>&AMP;</a>") == .undefinedEntity(name: "AMP", line: 1))
    }

    @Test(
        "character references to non-characters",
        arguments: [
            "&#0;", "&#x0;", "&#1;", "&#x1F;", "&#xD800;", "&#xDFFF;", "&#xFFFE;", "&#xFFFF;", "&#x110000;",
            "&#1114112;", "&#99999999999999999999;", "&#xFFFFFFFFFFFFFFFFFFFFFFFF;",
        ])
    func invalidCharacterReferences(reference: String) {
        #expect(parseError("<a>\n\(reference)</a>") == .invalidCharacterReference(reference: reference, line: 2))
    }

    @Test("the largest character reference is accepted")
    func largestCharacterReference() throws {
        #expect(try parse("<a>&#x10FFFF;&#1114111;</a>").text == "\u{10FFFF}\u{10FFFF}")
    }

    @Test("duplicate attributes, by qualified name")
    func duplicateAttributes() {
        #expect(parseError("<a x='1'\n x=\"2\"/>") == .duplicateAttribute(name: "x", line: 2))
        #expect(parseError("<a p:x='1' p:x='2'/>") == .duplicateAttribute(name: "p:x", line: 1))
        #expect(parseError("<a xmlns='u' xmlns='v'/>") == .duplicateAttribute(name: "xmlns", line: 1))
    }

    @Test(
        "malformed start tags",
        arguments: [
            ("<a>\n< b/></a>", "an element name after “<” (a literal “<” is written &lt;)", 2),
            ("<a>1 < 2</a>", "an element name after “<” (a literal “<” is written &lt;)", 1),
            ("<1a/>", "an element name after “<” (a literal “<” is written &lt;)", 1),
            ("<a x='1'y='2'/>", "white space before each attribute in the start tag <a>", 1),
            ("<a x/>", "“=” after the attribute name “x”", 1),
            ("<a x=1/>", "a quoted value for the attribute “x”", 1),
            ("<a\n x='<'/>", "&lt; instead of “<” in the value of the attribute “x”", 2),
            ("<a / >", "“>” after “/” in the start tag <a>", 1),
            ("<a $>", "an attribute name, “>” or “/>” in the start tag <a>", 1),
            ("<a>\n</>", "an element name after “</”", 2),
            ("<a></a x>", "“>” to end the end tag </a>", 1),
        ])
    func malformedTags(document: String, expected: String, line: Int) {
        #expect(parseError(document) == .malformedMarkup(expected: expected, line: line))
    }

    @Test("mismatched end tags name both tags")
    func mismatchedEndTags() {
        #expect(parseError("<a>\n<b>\n</a>") == .mismatchedEndTag(expected: "b", found: "a", line: 3))
        #expect(parseError("<u:a></a>") == .mismatchedEndTag(expected: "u:a", found: "a", line: 1))
        #expect(parseError("<a></A>") == .mismatchedEndTag(expected: "a", found: "A", line: 1))
    }

    @Test(
        "the file ends inside something, named with the line it started on",
        arguments: [
            ("<a>\n<b>text", "element <b>", 2),
            ("<a>\n\n", "element <a>", 1),
            ("<a>\n<!-- never closed", "comment", 2),
            ("<a>\n<![CDATA[ never closed", "CDATA section", 2),
            ("<?xml version='1.0'", "processing instruction", 1),
            ("<a>\n<?pi", "processing instruction", 2),
            ("\n<!DOCTYPE a [ <!ENTITY e 'x'>", "DOCTYPE declaration", 2),
            ("<!DOCTYPE a SYSTEM 'x", "DOCTYPE declaration", 1),
            ("<a\n x='1'", "start tag <a>", 1),
            ("<a x", "start tag <a>", 1),
            ("<a x=", "start tag <a>", 1),
            ("<a/", "start tag <a>", 1),
            ("<a>\n<", "tag", 2),
            ("<a x='\n1", "value of the attribute “x”", 1),
            ("<a>&am", "reference", 1),
            ("<a>&#12", "reference", 1),
            ("<a>&", "reference", 1),
            ("<a></", "end tag", 1),
            ("<a></a", "end tag </a>", 1),
        ])
    func unexpectedEnd(document: String, inside: String, line: Int) {
        #expect(parseError(document) == .unexpectedEndOfInput(inside: inside, line: line))
    }

    @Test("limits: depth, attributes and size")
    func limits() {
        let shallow = XMLLimits(maximumDepth: 2)
        #expect((try? parse("<a><b/></a>", limits: shallow)) != nil)
        #expect(parseError("<a><b>\n<c/></b></a>", limits: shallow) == .tooDeep(limit: 2, line: 2))
        let few = XMLLimits(maximumAttributes: 2)
        #expect((try? parse("<a x='1' y='2'/>", limits: few)) != nil)
        #expect(parseError("<a>\n<b x='1' y='2' z='3'/></a>", limits: few) == .tooManyAttributes(limit: 2, line: 2))
        let small = XMLLimits(maximumBytes: 10)
        #expect((try? parse("<a>123</a>", limits: small)) != nil)
        #expect(parseError("<a>1234</a>", limits: small) == .tooLarge(byteCount: 11, limit: 10))
    }

    @Test("every error explains itself in a sentence that names the line")
    func descriptions() {
        let cases: [(XMLError, String)] = [
            (.emptyDocument, "The file is empty."),
            (.missingRootElement, "The file contains no XML element, only comments, declarations or white space."),
            (.tooLarge(byteCount: 11, limit: 10), "The file is 11 bytes long, more than the 10 bytes that can be read."),
            (
                .unsupportedEncoding(name: "EBCDIC"),
                "The file is in the “EBCDIC” encoding, which cannot be read; supported are UTF-8, UTF-16, ISO-8859-1, ISO-8859-15, windows-1252 and US-ASCII."
            ),
            (
                .invalidUTF8(line: 3),
                "Line 3 is not valid UTF-8 text; the file may be in another encoding without saying so in its XML declaration."
            ),
            (.invalidUTF16(line: 2), "Line 2 is not valid UTF-16 text; the file may be truncated or damaged."),
            (.invalidCharacter(codePoint: 1, line: 4), "Line 4 contains the character U+0001, which XML does not allow."),
            (
                .unexpectedEndOfInput(inside: "element <dive>", line: 7),
                "The file ends in the middle of the element <dive> that starts on line 7; it may be truncated."
            ),
            (
                .malformedMarkup(expected: "“=” after the attribute name “x”", line: 5),
                "Line 5 is not well-formed XML: expected “=” after the attribute name “x”."
            ),
            (
                .mismatchedEndTag(expected: "dive", found: "dives", line: 9),
                "Line 9 has the end tag </dives> where </dive> was expected."
            ),
            (
                .undefinedEntity(name: "nbsp", line: 2),
                "Line 2 uses the entity &nbsp;, which is not defined; only &lt; &gt; &amp; &quot; &apos; and numeric character references can be used."
            ),
            (
                .invalidCharacterReference(reference: "&#0;", line: 2),
                "Line 2 has the character reference &#0;, which does not stand for a character XML allows."
            ),
            (.duplicateAttribute(name: "id", line: 6), "Line 6 gives the attribute “id” twice in the same tag."),
            (
                .contentAfterRootElement(line: 8),
                "Line 8 has content after the end of the root element; an XML file has exactly one root element."
            ),
            (.tooDeep(limit: 256, line: 300), "Line 300 nests elements more than 256 levels deep."),
            (.tooManyAttributes(limit: 1024, line: 1), "Line 1 has a tag with more than 1024 attributes."),
        ]
        for (error, description) in cases {
            #expect(error.errorDescription == description)
        }
        #expect(XMLError.invalidCharacter(codePoint: 0xFFFE, line: 1).errorDescription?.contains("U+FFFE") == true)
        #expect(XMLError.malformedMarkup(expected: "x", line: 12).line == 12)
        #expect(XMLError.emptyDocument.line == nil)
    }

    @Test("names from the document are cut short in errors")
    func longNamesAreCut() {
        let long = String(repeating: "n", count: 10_000)
        let error = parseError("<\(long)></x>")
        #expect(error == .mismatchedEndTag(expected: String(repeating: "n", count: 40) + "…", found: "x", line: 1))
        #expect(
            parseError("<a>&\(String(repeating: "ä", count: 50));</a>")
                == .undefinedEntity(name: String(repeating: "ä", count: 20) + "…", line: 1))
    }
}
