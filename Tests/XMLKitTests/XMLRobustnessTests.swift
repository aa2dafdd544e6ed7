import Testing
import XMLKit

/// Hostile and broken inputs: every call must return a tree or throw an `XMLError` quickly —
/// never trap, overflow the stack or go quadratic.
@Suite("XMLReader: robustness")
struct XMLRobustnessTests {
    /// Parses and checks what an error claims: a sentence, and a line inside the input.
    private func survive(_ bytes: [UInt8], context: @autoclosure () -> String) {
        do {
            _ = try XMLReader.parse(bytes)
        } catch {
            #expect(error.errorDescription?.isEmpty == false, "\(context())")
            if let line = error.line {
                // Raw line breaks bound the real ones in every supported encoding.
                let lines = 1 + bytes.indices.filter { bytes[$0] == 0x0D || (bytes[$0] == 0x0A && ($0 == 0 || bytes[$0 - 1] != 0x0D)) }.count
                #expect((1...lines).contains(line), "\(context()): line \(line) of \(lines)")
            }
        }
    }

    /// Pieces of XML syntax, so random documents get past the first byte.
    private static let tokens: [[UInt8]] =
        [
            "<", ">", "/", "</", "/>", "a", "b:c", "=", "'", "\"", " ", "\n", "\r", "\r\n", "\t", "&", ";", "&amp;", "&#",
            "&#x", "x", "1F600", "0", "99999999999", "<!--", "-->", "--", "<![CDATA[", "]]>", "<?", "?>", "<?xml ",
            "encoding='latin1'", "encoding='utf-16'", "<!DOCTYPE", "[", "]", "<a>", "</a>", "<a x='1'>", "ä", "😀",
            "xmlns:p='u'", "p:", "&lt;",
        ].map { Array($0.utf8) } + [[0x00], [0xFF], [0xFE], [0xEF, 0xBB, 0xBF], [0xC3], [0xED, 0xA0, 0x80], [0xE4], [0x80]]

    @Test("20,000 random byte strings", arguments: [UInt64(11), 12])
    func randomBytes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for index in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...48, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            survive(bytes, context: "seed \(seed) bytes #\(index): \(bytes)")
        }
        for index in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                bytes += Self.tokens.randomElement(using: &random)!
            }
            survive(bytes, context: "seed \(seed) tokens #\(index): \(bytes)")
        }
    }

    static let seedDocument = Array(
        """
        <?xml version='1.0'?>
        <!DOCTYPE l [<!ENTITY e 'x'>]>
        <l p:v="1&amp;2" xmlns:p='u'>
        <d n='&#x41;'>t&lt;<![CDATA[c]]><!-- k --><?p i?></d>\r
        <e/></l>
        """.utf8)

    @Test("20,000 mutations of a valid document: flipped, inserted and deleted bytes", arguments: [UInt64(21), 22])
    func mutations(seed: UInt64) throws {
        _ = try XMLReader.parse(Self.seedDocument)
        var random = SplitMix64(seed: seed)
        for index in 0..<10_000 {
            var bytes = Self.seedDocument
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where position < bytes.count: bytes[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
                case 1: bytes.insert(Self.interesting.randomElement(using: &random)!, at: position)
                default: if position < bytes.count { bytes.remove(at: position) }
                }
            }
            survive(bytes, context: "seed \(seed) mutation #\(index): \(bytes)")
        }
    }

    private static let interesting: [UInt8] = Array("<>/&;#x'\"=!?[]-: \r\n\t".utf8) + [0x00, 0x80, 0xC3, 0xE4, 0xFF]

    @Test("truncating a valid document anywhere before the root ends is an error")
    func truncations() throws {
        let rootEnd = try #require(Self.seedDocument.lastIndex(of: UInt8(ascii: ">")))
        for length in 0...Self.seedDocument.count {
            let prefix = Array(Self.seedDocument[..<length])
            survive(prefix, context: "prefix of \(length) bytes")
            #expect((parseError(bytes: prefix) == nil) == (length > rootEnd), "prefix of \(length) bytes")
        }
    }

    @Test("nesting one level beyond the limit is tooDeep; at the limit it parses")
    func depthLimit() throws {
        let atLimit = String(repeating: "<a>", count: 256) + String(repeating: "</a>", count: 256)
        #expect(try parse(atLimit).descendants("a").count == 255)
        let beyond = String(repeating: "<a>\n", count: 257) + String(repeating: "</a>", count: 257)
        #expect(parseError(beyond) == .tooDeep(limit: 256, line: 257))
        #expect(parseError(String(repeating: "<a>", count: 256) + "<b/>") == .tooDeep(limit: 256, line: 1))
    }

    @Test("1,000,000 nested opens fail fast with an error, not a stack overflow")
    func millionOpens() {
        let bytes = Array(String(repeating: "<a>", count: 1_000_000).utf8)
        #expect(parseError(bytes: bytes) == .tooDeep(limit: 256, line: 1))
    }

    @Test("with the depth limit raised, 100,000 unclosed levels still use no recursion")
    func deepWithoutRecursion() {
        let bytes = Array(String(repeating: "<a>", count: 100_000).utf8)
        let limits = XMLLimits(maximumDepth: 1_000_000)
        #expect(parseError(bytes: bytes, limits: limits) == .unexpectedEndOfInput(inside: "element <a>", line: 1))
    }

    @Test("megabytes of the same markup byte fail at once")
    func repeatedMarkup() {
        let size = 2_000_000
        #expect(
            parseError(bytes: [UInt8](repeating: 0x3C, count: size))
                == .malformedMarkup(expected: "an element name after “<” (a literal “<” is written &lt;)", line: 1))
        #expect(
            parseError(bytes: Array("<a>".utf8) + [UInt8](repeating: 0x26, count: size))
                == .malformedMarkup(expected: "an entity name or “#” after “&” (a literal “&” is written &amp;)", line: 1))
        #expect(
            parseError(bytes: Array("<a>".utf8) + [UInt8](repeating: 0x0A, count: size))
                == .unexpectedEndOfInput(inside: "element <a>", line: 1))
        #expect(
            parseError(bytes: Array("<a><!--".utf8) + [UInt8](repeating: 0x2D, count: size))
                == .unexpectedEndOfInput(inside: "comment", line: 1))
        #expect(
            parseError(bytes: Array("<!DOCTYPE a [".utf8) + [UInt8](repeating: 0x5B, count: size))
                == .unexpectedEndOfInput(inside: "DOCTYPE declaration", line: 1))
        #expect(
            parseError(bytes: Array("<a>&#".utf8) + [UInt8](repeating: 0x39, count: size) + Array(";</a>".utf8))
                == .invalidCharacterReference(reference: "&#" + String(repeating: "9", count: 38) + "…", line: 1))
    }

    @Test("very long values, text and names parse in one pass")
    func longContent() throws {
        let long = String(repeating: "x&amp;y\t", count: 100_000)
        let tree = try parse("<a v='\(long)'>\(long)<\(String(repeating: "n", count: 100_000))/></a>")
        #expect(tree.attribute("v")?.utf8.count == 400_000)
        #expect(tree.text.utf8.count == 400_000)
        #expect(tree.children.first?.name.utf8.count == 100_000)
    }

    @Test("a billion-laughs DOCTYPE is skipped and its entities stay undefined")
    func billionLaughs() {
        var document = "<?xml version='1.0'?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            document += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        document += "]>\n<lolz>&lol9;</lolz>"
        #expect(parseError(document) == .undefinedEntity(name: "lol9", line: 14))
    }

    @Test("a thousand attributes: accepted up to the limit, duplicates still found")
    func manyAttributes() throws {
        let attributes = (0..<1024).map { " a\($0)='\($0)'" }.joined()
        #expect(try parse("<e\(attributes)/>").attributes.count == 1024)
        #expect(parseError("<e\(attributes) z='1'/>") == .tooManyAttributes(limit: 1024, line: 1))
        let withDuplicate = (0..<1000).map { " a\($0)='\($0)'" }.joined() + " a999='again'"
        #expect(parseError("<e\(withDuplicate)/>") == .duplicateAttribute(name: "a999", line: 1))
        #expect(parseError("<e a='1' b='2' a='3'/>") == .duplicateAttribute(name: "a", line: 1))
    }
}
