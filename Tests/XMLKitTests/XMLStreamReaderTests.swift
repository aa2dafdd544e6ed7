import Testing

@testable import XMLKit

/// A source that hands out at most `chunk` bytes per read, so chunk boundaries fall inside
/// UTF-8 sequences, UTF-16 pairs, CRLFs and markup.
struct ChunkedSource: XMLByteSource {
    let bytes: [UInt8]
    let chunk: Int
    var position = 0

    mutating func read(maximum: Int) throws -> [UInt8] {
        let end = min(bytes.count, position + min(maximum, chunk))
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

/// The root of a streamed document as a tree, read to the document's end.
func streamedTree(_ bytes: [UInt8], chunk: Int, limits: XMLLimits = .default) throws(XMLError) -> XMLTree {
    var reader = XMLStreamReader(source: ChunkedSource(bytes: bytes, chunk: chunk), limits: limits)
    guard case .startElement(let root)? = try reader.next() else { throw .missingRootElement }
    let tree = try reader.readElement(root)
    guard try reader.next() == nil else { throw .missingRootElement }
    return tree
}

func streamedError(_ bytes: [UInt8], chunk: Int, limits: XMLLimits = .default) -> XMLError? {
    do {
        _ = try streamedTree(bytes, chunk: chunk, limits: limits)
        return nil
    } catch {
        return error
    }
}

@Suite("XMLStreamReader: the same trees and errors as XMLReader, a window at a time")
struct XMLStreamReaderTests {
    static let chunks = [1, 2, 3, 7, 64, 65_536]

    static let documents: [String] = [
        "<a/>",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<!-- c -->\r\n<!DOCTYPE a [<!ENTITY x 'y'>]>\r\n<a x='1'>t\r\nu<b>Ünïcødé €</b><![CDATA[ <raw> \r\n]]>&amp;&#x1F600;<?pi x?></a>\r\n<!-- after -->",
        "<u:uddf xmlns:u='http://www.streit.cc/uddf/3.2/'><u:dive id='d1'><u:depth>12.5</u:depth></u:dive></u:uddf>",
        "<divelog program='subsurface' version='3'>\n<dives>\n<dive number='1'>\n<sample time='0:10 min' depth='3.0 m' />\n</dive>\n</dives>\n</divelog>\n",
    ]

    @Test("well-formed documents give XMLReader's tree whatever the chunk size", arguments: chunks)
    func sameTrees(chunk: Int) throws {
        for document in Self.documents {
            let bytes = Array(document.utf8)
            #expect(try streamedTree(bytes, chunk: chunk) == XMLReader.parse(bytes), "\(document)")
        }
    }

    @Test("UTF-16 (both byte orders) and Latin-9 documents decode across chunk boundaries", arguments: chunks)
    func encodings(chunk: Int) throws {
        let text = "<a n='é'>Grüße €\r\n𝄞</a>"
        let utf16LE: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let latin9 = Array("<?xml version='1.0' encoding='ISO-8859-15'?><a>".utf8) + [0xA4, 0xE9] + Array("</a>".utf8)
        for bytes in [utf16LE, utf16BE, latin9] {
            #expect(try streamedTree(bytes, chunk: chunk) == XMLReader.parse(bytes))
        }
    }

    @Test("malformed documents give XMLReader's error, line included", arguments: chunks)
    func sameErrors(chunk: Int) {
        let broken: [[UInt8]] = [
            Array("<a>\n<b>\n</c></a>".utf8),
            Array("<a>\r\n\r\n&bogus;</a>".utf8),
            Array("<a>\n\n<b x='1' x='2'/></a>".utf8),
            Array("<a>\n<b>".utf8),
            Array("<a></a>\n<b/>".utf8),
            Array("".utf8),
            Array("<!-- only -->".utf8),
            Array("<a>\n\n".utf8) + [0xC3, 0x28] + Array("</a>".utf8),
            Array("<a>\r\n\r\n\r\n".utf8) + [0x01] + Array("</a>".utf8),
            Array("<a>\n<!-- never closed".utf8),
            Array("<a><![CDATA[ x".utf8),
        ]
        for bytes in broken {
            let expected = parseError(bytes: bytes)
            #expect(expected != nil)
            #expect(streamedError(bytes, chunk: chunk) == expected, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test("every prefix of a document is refused, as XMLReader refuses it")
    func truncations() {
        let bytes = Array(Self.documents[1].utf8)
        let end = bytes.count - " <!-- after -->".utf8.count
        for length in 0..<end {
            let prefix = Array(bytes.prefix(length))
            #expect(streamedError(prefix, chunk: 5) == parseError(bytes: prefix), "prefix \(length)")
        }
    }

    @Test("markup longer than the window is read by widening it; beyond maximumTokenBytes it is refused")
    func longTokens() throws {
        let long = String(repeating: "x", count: 300_000)
        let bytes = Array("<a>\n<!--\(long)-->\n<b v='\(long)'>\(long)</b><![CDATA[\(long)]]></a>".utf8)
        #expect(try streamedTree(bytes, chunk: 65_536) == XMLReader.parse(bytes))
        let limits = XMLLimits(maximumTokenBytes: 200_000)
        #expect(streamedError(bytes, chunk: 65_536, limits: limits) == .tokenTooLarge(limit: 200_000, line: 2))
    }

    @Test("walking by events: outer elements skipped or read, only one held at a time")
    func events() throws {
        var text = "<log><meta><v>1</v></meta>"
        for index in 0..<1_000 { text += "<dive n='\(index)'><depth>\(index)</depth></dive>" }
        text += "</log>"
        var reader = XMLStreamReader(source: ChunkedSource(bytes: Array(text.utf8), chunk: 4_096))
        guard case .startElement(let root)? = try reader.next() else {
            Issue.record("no root")
            return
        }
        #expect(root.name == "log")
        var depths: [String] = []
        while case .startElement(let tag)? = try reader.next() {
            if tag.name == "dive" {
                depths.append(try reader.readElement(tag).child("depth")?.text ?? "")
            } else {
                try reader.skipElement()
            }
        }
        #expect(depths == (0..<1_000).map(String.init))
        #expect(try reader.next() == nil)
    }

    @Test("an element larger than maximumElementBytes is refused when read as a tree")
    func elementLimit() {
        let bytes = Array("<a><b>\(String(repeating: "<c/>", count: 10_000))</b></a>".utf8)
        var reader = XMLStreamReader(source: ChunkedSource(bytes: bytes, chunk: 512), limits: XMLLimits(maximumElementBytes: 1_000))
        #expect(throws: XMLError.elementTooLarge(name: "b", limit: 1_000, line: 1)) {
            _ = try reader.next()
            guard case .startElement(let tag)? = try reader.next() else { return }
            _ = try reader.readElement(tag)
        }
    }

    @Test("the size limit is checked while reading, not after")
    func sizeLimit() {
        let bytes = Array("<a>\(String(repeating: "<b/>", count: 1_000_000))</a>".utf8)
        var reader = XMLStreamReader(source: ChunkedSource(bytes: bytes, chunk: 65_536), limits: XMLLimits(maximumBytes: 1_000_000))
        var events = 0
        do {
            while try reader.next() != nil { events += 1 }
            Issue.record("no error")
        } catch {
            #expect(error == .tooLarge(byteCount: 1_048_576, limit: 1_000_000))
        }
        // Events came out before the limit was reached: the file was never read whole.
        #expect(events > 0)
    }

    @Test("random byte strings and mutations never crash the stream reader and fail as XMLReader does", arguments: [UInt64(31), 32])
    func fuzz(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let base = Array(Self.documents[1].utf8)
        for _ in 0..<2_000 {
            var bytes = base
            for _ in 0..<Int(generator.next() % 4) + 1 {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: index)
                default: bytes.remove(at: index)
                }
            }
            let chunk = [1, 3, 16, 65_536][Int(generator.next() % 4)]
            #expect(streamedError(bytes, chunk: chunk) == parseError(bytes: bytes))
        }
    }
}
