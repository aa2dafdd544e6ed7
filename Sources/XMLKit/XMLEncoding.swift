/// Turns the bytes of a file into checked UTF-8, so the parser only ever sees one encoding.
///
/// Dive logs come from many programs: most write UTF-8, some Windows tools write UTF-16 with a
/// byte order mark, and older ones declare ISO-8859-1 or windows-1252. Everything the parser
/// reads afterwards is valid UTF-8 without characters XML forbids, which is what lets it scan
/// bytes and build strings without further checks. Suunto's Dive Manager labels its exports
/// ISO-8859-15 (Latin-9), which differs from Latin-1 in eight characters such as €.
enum XMLEncoding {
    /// The document as UTF-8 without a byte order mark, checked.
    static func utf8Document(from bytes: [UInt8]) throws(XMLError) -> [UInt8] {
        let utf8: [UInt8]
        let (encoding, start) = try detect(bytes)
        switch encoding {
        case .utf8: utf8 = start == 0 ? bytes : Array(bytes[start...])
        case .utf16(let bigEndian): utf8 = try transcodeUTF16(bytes, from: start, bigEndian: bigEndian)
        case .windows1252: utf8 = transcodeWindows1252(bytes[...])
        case .latin9: utf8 = transcodeLatin9(bytes[...])
        }
        try validate(utf8)
        return utf8
    }

    /// How a document's bytes are encoded.
    enum Encoding: Equatable {
        case utf8
        case utf16(bigEndian: Bool)
        case windows1252
        case latin9
    }

    /// The encoding of a document from its first bytes (a byte order mark, the pattern of NUL
    /// bytes, or the XML declaration), and where its text starts (after a byte order mark).
    /// `bytes` must hold the whole start of the document, declaration included.
    static func detect(_ bytes: [UInt8]) throws(XMLError) -> (Encoding, start: Int) {
        // A byte order mark decides the encoding; a declaration that disagrees with it is ignored.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return (.utf8, 3)
        } else if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            throw .unsupportedEncoding(name: "UTF-32")
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            return (.utf16(bigEndian: false), 2)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            return (.utf16(bigEndian: true), 2)
        } else if bytes.count >= 2, bytes[0] != 0, bytes[0] < 0x80, bytes[1] == 0 {
            // UTF-16 without a byte order mark (XML 1.0 appendix F): a NUL is never valid in
            // UTF-8 XML, so guessing UTF-16 here cannot turn a good document into a bad one.
            return (.utf16(bigEndian: false), 0)
        } else if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0, bytes[1] < 0x80 {
            return (.utf16(bigEndian: true), 0)
        }
        switch try declaredEncoding(in: bytes) {
        case .utf8: return (.utf8, 0)
        case .windows1252: return (.windows1252, 0)
        case .latin9: return (.latin9, 0)
        }
    }

    private enum ByteEncoding { case utf8, windows1252, latin9 }

    /// The encoding named in the XML declaration of an 8-bit document (UTF-8 when there is none).
    ///
    /// ISO-8859-1 and US-ASCII are read as windows-1252, as browsers do: files labelled latin-1
    /// by Windows programs often contain windows-1252 characters such as € in 0x80–0x9F.
    /// A declared UTF-16 in a file without NUL bytes is a common mislabel (.NET writes it when
    /// serialising to a string that is then saved as UTF-8), so it is read as UTF-8.
    private static func declaredEncoding(in bytes: [UInt8]) throws(XMLError) -> ByteEncoding {
        var index = 0
        while index < bytes.count, XMLByte.isWhitespace(bytes[index]) { index += 1 }
        let opening = Array("<?xml".utf8)
        guard bytes[index...].starts(with: opening), index + 5 < bytes.count,
            XMLByte.isWhitespace(bytes[index + 5])
        else { return .utf8 }
        let start = index + 5
        guard let end = find([XMLByte.question, XMLByte.greaterThan], in: bytes, start..<bytes.count) else {
            return .utf8  // the parser reports the unterminated declaration
        }
        guard let name = try pseudoAttribute("encoding", in: bytes, start..<end) else { return .utf8 }
        switch String(decoding: name, as: UTF8.self).lowercased() {
        case "utf-8", "utf8", "utf-16", "utf16", "utf-16le", "utf-16be":
            return .utf8
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "iso-ir-100", "cp819",
            "ibm819", "csisolatin1", "windows-1252", "cp1252", "x-cp1252", "us-ascii", "ascii",
            "iso646-us", "ansi_x3.4-1968":
            return .windows1252
        case "iso-8859-15", "iso8859-15", "iso_8859-15", "latin-9", "latin9", "l9", "csisolatin9":
            return .latin9
        default:
            throw .unsupportedEncoding(name: XMLError.excerpt(name))
        }
    }

    /// The value of `name="…"` inside an XML declaration, or nil when the declaration has none.
    private static func pseudoAttribute(
        _ name: String, in bytes: [UInt8], _ range: Range<Int>
    ) throws(XMLError) -> ArraySlice<UInt8>? {
        // The name counts only after white space, not inside another name or value.
        var searchStart = range.lowerBound
        var found: Int?
        while found == nil, let candidate = find(Array(name.utf8), in: bytes, searchStart..<range.upperBound) {
            if candidate > 0, XMLByte.isWhitespace(bytes[candidate - 1]) { found = candidate }
            searchStart = candidate + 1
        }
        guard let nameStart = found else { return nil }
        var index = nameStart + name.utf8.count
        func skipWhitespace() {
            while index < range.upperBound, XMLByte.isWhitespace(bytes[index]) { index += 1 }
        }
        let malformed = XMLError.malformedMarkup(
            expected: "a quoted \(name) name after “\(name)=” in the XML declaration",
            line: XMLByte.line(in: bytes, at: nameStart)
        )
        skipWhitespace()
        guard index < range.upperBound, bytes[index] == XMLByte.equals else { throw malformed }
        index += 1
        skipWhitespace()
        guard index < range.upperBound, bytes[index] == XMLByte.doubleQuote || bytes[index] == XMLByte.singleQuote
        else { throw malformed }
        let quote = bytes[index]
        let valueStart = index + 1
        guard let valueEnd = bytes[valueStart..<range.upperBound].firstIndex(of: quote), valueEnd > valueStart
        else { throw malformed }
        return bytes[valueStart..<valueEnd]
    }

    /// The first index in `range` where all of `literal` occurs.
    private static func find(_ literal: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard !literal.isEmpty, range.count >= literal.count else { return nil }
        for candidate in range.lowerBound...(range.upperBound - literal.count)
        where bytes[candidate..<(candidate + literal.count)].elementsEqual(literal) {
            return candidate
        }
        return nil
    }

    // MARK: Transcoding

    /// windows-1252's characters for 0x80–0x9F; the five unassigned bytes map to the C1
    /// controls of the same value, as the WHATWG encoding standard specifies.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    static func transcodeWindows1252(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            switch byte {
            case ..<0x80: output.append(byte)
            case 0x80...0x9F: XMLByte.appendUTF8(windows1252High[Int(byte - 0x80)], to: &output)
            default: XMLByte.appendUTF8(UInt32(byte), to: &output)
            }
        }
        return output
    }

    /// ISO-8859-15's characters that differ from ISO-8859-1, by byte.
    private static let latin9Differences: [UInt8: UInt32] = [
        0xA4: 0x20AC, 0xA6: 0x0160, 0xA8: 0x0161, 0xB4: 0x017D,
        0xB8: 0x017E, 0xBC: 0x0152, 0xBD: 0x0153, 0xBE: 0x0178,
    ]

    /// ISO-8859-15: Latin-1 (every byte is its own code point) except for eight characters.
    static func transcodeLatin9(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
            } else {
                XMLByte.appendUTF8(latin9Differences[byte] ?? UInt32(byte), to: &output)
            }
        }
        return output
    }

    static func transcodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) throws(XMLError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        func unit(at index: Int) -> UInt32 {
            let high = bigEndian ? bytes[index] : bytes[index + 1]
            let low = bigEndian ? bytes[index + 1] : bytes[index]
            return UInt32(high) << 8 | UInt32(low)
        }
        var index = start
        while index < bytes.count {
            guard index + 1 < bytes.count else { throw .invalidUTF16(line: XMLByte.line(in: output, at: output.count)) }
            let first = unit(at: index)
            index += 2
            switch first {
            case 0xD800...0xDBFF:
                let second = index + 1 < bytes.count ? unit(at: index) : 0
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw .invalidUTF16(line: XMLByte.line(in: output, at: output.count))
                }
                index += 2
                XMLByte.appendUTF8(0x1_0000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &output)
            case 0xDC00...0xDFFF:
                throw .invalidUTF16(line: XMLByte.line(in: output, at: output.count))
            default:
                XMLByte.appendUTF8(first, to: &output)
            }
        }
        return output
    }

    // MARK: Validation

    /// Checks that `bytes` is valid UTF-8 holding only characters XML 1.0 allows (no NUL, no
    /// C0 controls other than tab, CR and LF, no U+FFFE/U+FFFF). Surrogates and overlong forms
    /// are rejected as invalid UTF-8.
    static func validate(_ bytes: [UInt8]) throws(XMLError) {
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead >= 0x20 && lead < 0x80 {
                index += 1
                continue
            }
            if lead < 0x20 {
                guard lead == XMLByte.tab || lead == XMLByte.lineFeed || lead == XMLByte.carriageReturn else {
                    throw .invalidCharacter(codePoint: UInt32(lead), line: XMLByte.line(in: bytes, at: index))
                }
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                secondRange = 0x80...0x9F  // no surrogates
            case 0xF0:
                length = 4
                secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                secondRange = 0x80...0x8F  // nothing beyond U+10FFFF
            default: throw .invalidUTF8(line: XMLByte.line(in: bytes, at: index))
            }
            guard index + length <= count, secondRange.contains(bytes[index + 1]) else {
                throw .invalidUTF8(line: XMLByte.line(in: bytes, at: index))
            }
            for offset in 2..<max(length, 2) where bytes[index + offset] & 0xC0 != 0x80 {
                throw .invalidUTF8(line: XMLByte.line(in: bytes, at: index))
            }
            if lead == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                let codePoint = 0xFFC0 | UInt32(bytes[index + 2] & 0x3F)  // EF BF BE/BF
                throw .invalidCharacter(codePoint: codePoint, line: XMLByte.line(in: bytes, at: index))
            }
            index += length
        }
    }
}
