/// The ASCII bytes XML syntax is made of, and the byte classes the reader needs.
///
/// All of XML's markup is ASCII, and in UTF-8 every byte of a multi-byte character is 0x80 or
/// more, so the reader can scan UTF-8 a byte at a time without decoding characters.
enum XMLByte {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let exclamation: UInt8 = 0x21  // !
    static let doubleQuote: UInt8 = 0x22  // "
    static let hash: UInt8 = 0x23  // #
    static let ampersand: UInt8 = 0x26  // &
    static let singleQuote: UInt8 = 0x27  // '
    static let hyphen: UInt8 = 0x2D  // -
    static let slash: UInt8 = 0x2F  // /
    static let colon: UInt8 = 0x3A  // :
    static let semicolon: UInt8 = 0x3B  // ;
    static let lessThan: UInt8 = 0x3C  // <
    static let equals: UInt8 = 0x3D  // =
    static let greaterThan: UInt8 = 0x3E  // >
    static let question: UInt8 = 0x3F  // ?
    static let openBracket: UInt8 = 0x5B  // [
    static let closeBracket: UInt8 = 0x5D  // ]
    static let lowercaseX: UInt8 = 0x78  // x

    /// XML's white space (production S): space, tab, CR, LF. Not other Unicode spaces.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == lineFeed || byte == carriageReturn || byte == tab
    }

    /// A byte that may start a name. Every non-ASCII byte is accepted: the input is already
    /// valid UTF-8, and checking XML's exact non-ASCII name ranges would only reject files.
    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        let lowered = byte | 0x20  // folds A-Z onto a-z
        return (lowered >= 0x61 && lowered <= 0x7A) || byte == 0x5F || byte == colon || byte >= 0x80
    }

    /// A byte that may continue a name: a start byte, a digit, `-` or `.`.
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == hyphen || byte == 0x2E
    }

    /// Whether a code point is a `Char` of XML 1.0: what a character reference may produce and
    /// what a document may contain.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
        default: false
        }
    }

    /// Appends the UTF-8 form of a code point that `isXMLCharacter` accepted.
    static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case ..<0x80:
            bytes.append(UInt8(truncatingIfNeeded: value))
        case ..<0x800:
            bytes.append(0xC0 | UInt8(truncatingIfNeeded: value >> 6))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
        case ..<0x1_0000:
            bytes.append(0xE0 | UInt8(truncatingIfNeeded: value >> 12))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
        default:
            bytes.append(0xF0 | UInt8(truncatingIfNeeded: (value >> 18) & 0x07))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: (value >> 12) & 0x3F))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
        }
    }

    /// The number of line breaks in `bytes[range]`, counting CRLF and a lone CR as one break.
    /// A CRLF is counted at its LF, so one split by the end of a range is still counted once.
    static func lineBreaks(in bytes: [UInt8], _ range: Range<Int>) -> Int {
        var count = 0
        for index in range {
            let byte = bytes[index]
            guard byte <= carriageReturn else { continue }
            if byte == lineFeed {
                count += 1
            } else if byte == carriageReturn, index + 1 == bytes.count || bytes[index + 1] != lineFeed {
                count += 1
            }
        }
        return count
    }

    /// The 1-based line that `index` is on.
    static func line(in bytes: [UInt8], at index: Int) -> Int {
        1 + lineBreaks(in: bytes, 0..<min(max(index, 0), bytes.count))
    }
}
