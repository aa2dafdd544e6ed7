import Testing
import XMLKit

@Suite("XMLReader: encodings")
struct XMLEncodingTests {
    private let document = "<?xml version=\"1.0\"?>\n<log site=\"Tauchgänge €\">\r\n<dive>😀 ä</dive></log>"

    private func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    private func check(_ tree: XMLTree) {
        #expect(tree.attribute("site") == "Tauchgänge €")
        #expect(tree.child("dive")?.text == "😀 ä")
        #expect(tree.child("dive")?.line == 3)
        #expect(tree.text == "\n")
    }

    @Test("UTF-8, with and without a byte order mark")
    func utf8() throws {
        check(try XMLReader.parse(Array(document.utf8)))
        check(try XMLReader.parse([0xEF, 0xBB, 0xBF] + Array(document.utf8)))
    }

    @Test("UTF-16 in both byte orders, with a byte order mark and without")
    func utf16() throws {
        for bigEndian in [false, true] {
            for byteOrderMark in [false, true] {
                check(try XMLReader.parse(utf16(document, bigEndian: bigEndian, byteOrderMark: byteOrderMark)))
            }
        }
        let declared = "<?xml version='1.0' encoding='UTF-16'?><a>ü</a>"
        #expect(try XMLReader.parse(utf16(declared, bigEndian: false, byteOrderMark: true)).text == "ü")
    }

    @Test("broken UTF-16: odd length, unpaired surrogates")
    func brokenUTF16() {
        let good = utf16("<a>\nx</a>", bigEndian: false, byteOrderMark: true)
        #expect(parseError(bytes: good + [0x20]) == .invalidUTF16(line: 2))
        let lone = utf16("<a>\n", bigEndian: true, byteOrderMark: true) + [0xD8, 0x00, 0x00, 0x78]
        #expect(parseError(bytes: lone) == .invalidUTF16(line: 2))
        let lowFirst = utf16("<a>", bigEndian: true, byteOrderMark: true) + [0xDC, 0x00]
        #expect(parseError(bytes: lowFirst) == .invalidUTF16(line: 1))
        #expect(parseError(bytes: [0xFF, 0xFE, 0x3C]) == .invalidUTF16(line: 1))
    }

    @Test("UTF-32 is named as unsupported")
    func utf32() {
        #expect(parseError(bytes: [0xFF, 0xFE, 0x00, 0x00, 0x3C, 0, 0, 0]) == .unsupportedEncoding(name: "UTF-32"))
        #expect(parseError(bytes: [0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x3C]) == .unsupportedEncoding(name: "UTF-32"))
    }

    @Test(
        "a latin-1 declaration decodes byte 0xE4 as ä",
        arguments: [
            "ISO-8859-1", "iso-8859-1", "latin1", "Latin1", "ISO_8859-1", "windows-1252", "CP1252", "US-ASCII",
        ])
    func latin1(name: String) throws {
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<dive site='".utf8) + [0x4D, 0xE4, 0x72]
            + Array("'>Tauchg".utf8) + [0xE4] + Array("nge</dive>".utf8)
        let tree = try XMLReader.parse(bytes)
        #expect(tree.attribute("site") == "Mär")
        #expect(tree.text == "Tauchgänge")
    }

    @Test("ISO-8859-1 is read as windows-1252, as browsers do: 0x80–0x9F are € ‚ “ ” and so on")
    func windows1252() throws {
        let bytes =
            Array("<?xml version='1.0' encoding='iso-8859-1'?><a>".utf8) + [0x80, 0x82, 0x93, 0x94, 0x9F, 0x81, 0xFF]
            + Array("</a>".utf8)
        #expect(try XMLReader.parse(bytes).text == "\u{20AC}\u{201A}\u{201C}\u{201D}\u{178}\u{81}\u{FF}")
    }

    @Test("an encoding declared with single quotes and spaces around =")
    func declarationSyntax() throws {
        let bytes = Array("<?xml version='1.0' encoding = 'latin1' ?><a>".utf8) + [0xE4] + Array("</a>".utf8)
        #expect(try XMLReader.parse(bytes).text == "ä")
        #expect(try parse("<?xml version='encoding' standalone='yes'?><a>ä</a>").text == "ä")
        #expect(
            parseError("<?xml version='1.0' encoding=latin1?><a/>")
                == .malformedMarkup(expected: "a quoted encoding name after “encoding=” in the XML declaration", line: 1))
    }

    @Test("a UTF-16 label on a file without NUL bytes is the usual .NET mislabel: read as UTF-8")
    func mislabelledUTF16() throws {
        #expect(try parse("<?xml version=\"1.0\" encoding=\"utf-16\"?><a>ä</a>").text == "ä")
    }

    @Test("other declared encodings are unsupported", arguments: ["Shift_JIS", "EBCDIC", "UTF-7", "koi8-r"])
    func unsupported(name: String) {
        #expect(parseError("<?xml version='1.0' encoding='\(name)'?><a/>") == .unsupportedEncoding(name: name))
    }

    @Test(
        "invalid UTF-8 is reported with its line",
        arguments: [
            ([0xFF], 1), ([0xC0, 0x80], 1), ([0xC3], 1), ([0xE4, 0xB8], 1), ([0xED, 0xA0, 0x80], 1),
            ([0xF4, 0x90, 0x80, 0x80], 1), ([0xF8, 0x80, 0x80, 0x80, 0x80], 1), ([0x80], 1), ([0xE0, 0x80, 0x80], 1),
        ] as [([UInt8], Int)])
    func invalidUTF8(sequence: [UInt8], line: Int) {
        let bytes = Array("<a>\r\n\nx".utf8) + sequence + Array("</a>".utf8)
        #expect(parseError(bytes: bytes) == .invalidUTF8(line: 3))
        #expect(parseError(bytes: Array("<a x='".utf8) + sequence + Array("'/>".utf8)) == .invalidUTF8(line: line))
    }

    @Test("a file in latin-1 without a declaration is invalid UTF-8")
    func undeclaredLatin1() {
        #expect(parseError(bytes: Array("<a>\nTauchg".utf8) + [0xE4] + Array("nge</a>".utf8)) == .invalidUTF8(line: 2))
    }

    @Test(
        "characters XML forbids are reported anywhere, with their line",
        arguments: [
            (0x00, "\u{0}"), (0x01, "\u{1}"), (0x08, "\u{8}"), (0x0B, "\u{B}"), (0x1F, "\u{1F}"), (0xFFFE, "\u{FFFE}"), (0xFFFF, "\u{FFFF}"),
        ] as [(UInt32, String)])
    func forbiddenCharacters(codePoint: UInt32, character: String) {
        #expect(parseError("<a>\n\(character)</a>") == .invalidCharacter(codePoint: codePoint, line: 2))
        #expect(parseError("<!-- \(character) --><a/>") == .invalidCharacter(codePoint: codePoint, line: 1))
    }

    @Test("the characters XML allows, including C1 controls and the last planes")
    func allowedCharacters() throws {
        let text = "\t\u{7F}\u{85}\u{9F}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}"
        #expect(try parse("<a>\(text)</a>").text == text)
    }
}
