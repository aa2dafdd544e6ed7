public import Foundation  // LocalizedError only

/// Why `XMLReader` could not read a document: one case per distinct problem, with the 1-based
/// line where it was found, so an import can tell the user what is wrong with their file.
///
/// Names and excerpts taken from the document are cut to a few dozen characters, so a hostile
/// file cannot make an error message megabytes long.
public enum XMLError: Error, Equatable, Sendable, LocalizedError {
    /// The file has no bytes, or only white space.
    case emptyDocument
    /// The file has comments, processing instructions or a DOCTYPE but no element.
    case missingRootElement
    /// The file is larger than `XMLLimits.maximumBytes`.
    case tooLarge(byteCount: Int, limit: Int)
    /// The XML declaration names an encoding this reader does not decode.
    case unsupportedEncoding(name: String)
    /// The bytes are not valid UTF-8 (usually a file in another encoding without a declaration).
    case invalidUTF8(line: Int)
    /// A UTF-16 file (one with a byte order mark) has an odd length or an unpaired surrogate.
    case invalidUTF16(line: Int)
    /// A character XML 1.0 forbids anywhere in a document, such as a NUL or another control
    /// character, or U+FFFE/U+FFFF.
    case invalidCharacter(codePoint: UInt32, line: Int)
    /// The file stops inside something that was opened: an element, a tag, a comment, a CDATA
    /// section, a processing instruction, a DOCTYPE, an attribute value or a reference.
    /// `inside` names it (e.g. `element <dive>`), `line` is where it started.
    case unexpectedEndOfInput(inside: String, line: Int)
    /// The markup breaks XML syntax; `expected` says what should have been there.
    case malformedMarkup(expected: String, line: Int)
    /// An end tag names a different element than the innermost open one.
    case mismatchedEndTag(expected: String, found: String, line: Int)
    /// An entity reference other than the five predefined ones (`&lt;` `&gt;` `&amp;` `&quot;`
    /// `&apos;`). DOCTYPE entity declarations are deliberately not expanded.
    case undefinedEntity(name: String, line: Int)
    /// A numeric character reference to something that is not an XML character: 0, another
    /// control character, a surrogate, U+FFFE/U+FFFF, or a value beyond U+10FFFF.
    case invalidCharacterReference(reference: String, line: Int)
    /// The same attribute appears twice in one start tag.
    case duplicateAttribute(name: String, line: Int)
    /// Something other than white space, comments or processing instructions follows the root
    /// element (often a second root element, or two files pasted together).
    case contentAfterRootElement(line: Int)
    /// Elements nest deeper than `XMLLimits.maximumDepth`.
    case tooDeep(limit: Int, line: Int)
    /// One start tag has more attributes than `XMLLimits.maximumAttributes`.
    case tooManyAttributes(limit: Int, line: Int)
    /// A stream's bytes could not be read (the file went away, a disk error); `reason` is the
    /// system's message.
    case inputFailed(reason: String)
    /// One piece of markup (a tag, comment, CDATA section…) of a streamed document is longer
    /// than `XMLLimits.maximumTokenBytes`.
    case tokenTooLarge(limit: Int, line: Int)
    /// An element read as a tree from a stream is longer than `XMLLimits.maximumElementBytes`.
    case elementTooLarge(name: String, limit: Int, line: Int)

    /// The 1-based line the problem was found on, when there is one.
    public var line: Int? {
        switch self {
        case .emptyDocument, .missingRootElement, .tooLarge, .unsupportedEncoding, .inputFailed:
            return nil
        case .invalidUTF8(let line), .invalidUTF16(let line), .invalidCharacter(_, let line),
            .unexpectedEndOfInput(_, let line), .malformedMarkup(_, let line),
            .mismatchedEndTag(_, _, let line), .undefinedEntity(_, let line),
            .invalidCharacterReference(_, let line), .duplicateAttribute(_, let line),
            .contentAfterRootElement(let line), .tooDeep(_, let line), .tooManyAttributes(_, let line),
            .tokenTooLarge(_, let line), .elementTooLarge(_, _, let line):
            return line
        }
    }

    public var errorDescription: String? {
        switch self {
        case .emptyDocument:
            return "The file is empty."
        case .missingRootElement:
            return "The file contains no XML element, only comments, declarations or white space."
        case .tooLarge(let byteCount, let limit):
            return "The file is \(byteCount) bytes long, more than the \(limit) bytes that can be read."
        case .unsupportedEncoding(let name):
            return "The file is in the “\(name)” encoding, which cannot be read; "
                + "supported are UTF-8, UTF-16, ISO-8859-1, ISO-8859-15, windows-1252 and US-ASCII."
        case .invalidUTF8(let line):
            return "Line \(line) is not valid UTF-8 text; the file may be in another encoding "
                + "without saying so in its XML declaration."
        case .invalidUTF16(let line):
            return "Line \(line) is not valid UTF-16 text; the file may be truncated or damaged."
        case .invalidCharacter(let codePoint, let line):
            return "Line \(line) contains the character \(Self.format(codePoint)), which XML does not allow."
        case .unexpectedEndOfInput(let inside, let line):
            return "The file ends in the middle of the \(inside) that starts on line \(line); "
                + "it may be truncated."
        case .malformedMarkup(let expected, let line):
            return "Line \(line) is not well-formed XML: expected \(expected)."
        case .mismatchedEndTag(let expected, let found, let line):
            return "Line \(line) has the end tag </\(found)> where </\(expected)> was expected."
        case .undefinedEntity(let name, let line):
            return "Line \(line) uses the entity &\(name);, which is not defined; only &lt; &gt; "
                + "&amp; &quot; &apos; and numeric character references can be used."
        case .invalidCharacterReference(let reference, let line):
            return "Line \(line) has the character reference \(reference), "
                + "which does not stand for a character XML allows."
        case .duplicateAttribute(let name, let line):
            return "Line \(line) gives the attribute “\(name)” twice in the same tag."
        case .contentAfterRootElement(let line):
            return "Line \(line) has content after the end of the root element; "
                + "an XML file has exactly one root element."
        case .tooDeep(let limit, let line):
            return "Line \(line) nests elements more than \(limit) levels deep."
        case .tooManyAttributes(let limit, let line):
            return "Line \(line) has a tag with more than \(limit) attributes."
        case .inputFailed(let reason):
            return "The file could not be read to the end: \(reason)"
        case .tokenTooLarge(let limit, let line):
            return "Line \(line) starts a tag, comment or CDATA section longer than \(limit) bytes, which cannot be read."
        case .elementTooLarge(let name, let limit, let line):
            return "The element <\(name)> that starts on line \(line) is longer than \(limit) bytes, which cannot be read."
        }
    }

    /// The same error with its line moved down by `lines`: for problems found in a part of a
    /// streamed document whose line count started again at 1.
    func shifted(by lines: Int) -> XMLError {
        guard lines != 0 else { return self }
        switch self {
        case .invalidUTF8(let line): return .invalidUTF8(line: line + lines)
        case .invalidUTF16(let line): return .invalidUTF16(line: line + lines)
        case .invalidCharacter(let codePoint, let line): return .invalidCharacter(codePoint: codePoint, line: line + lines)
        default: return self
        }
    }

    /// A short piece of the document (a name, a reference) for a message: at most 40 bytes,
    /// cut between characters, with “…” when something was cut.
    static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        let limit = 40
        guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
        var end = bytes.startIndex + limit
        while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
        return String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self) + "…"
    }

    /// `U+0001` style, as Unicode charts write code points.
    private static func format(_ codePoint: UInt32) -> String {
        let hex = String(codePoint, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
