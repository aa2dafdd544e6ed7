/// A small non-validating XML 1.0 reader for files users pick, such as Subsurface and UDDF logs.
///
/// It exists because Foundation's `XMLParser` on Linux crashes on some inputs. This reader
/// never traps and never recurses: every input either gives a tree or an `XMLError` that names
/// the line. It reads UTF-8, UTF-16 (with a byte order mark, or starting with `<`), and 8-bit
/// documents declared as ISO-8859-1, windows-1252 or US-ASCII. It skips the DOCTYPE but never
/// expands the entities it declares, which also rules out "billion laughs" attacks.
///
/// It is strict wherever the data could change: undefined entities, a bare `&`, bad character
/// references, `<` in attribute values, duplicate attributes, forbidden characters and invalid
/// encodings are errors. It is lenient where nothing is lost, as files from many programs must
/// be read: `--` inside comments, `]]>` in text, white space before the XML declaration, and
/// the contents of the declaration and of processing instructions (other than the encoding)
/// are not checked; non-ASCII name characters are not checked against XML's tables; and
/// namespace prefixes need not be declared, since they are removed anyway.
public enum XMLReader {
    /// Parses a whole document and returns its root element.
    public static func parse(_ bytes: [UInt8], limits: XMLLimits = .default) throws(XMLError) -> XMLTree {
        guard bytes.count <= limits.maximumBytes else {
            throw .tooLarge(byteCount: bytes.count, limit: limits.maximumBytes)
        }
        var parser = DocumentParser(bytes: try XMLEncoding.utf8Document(from: bytes), limits: limits)
        return try parser.parseDocument()
    }
}

/// An element whose start tag has been read but whose end tag has not: one entry of the
/// parser's explicit stack, which stands in for recursion so depth costs heap, not stack.
struct OpenElement {
    /// Where the qualified name is in the document, to match the end tag byte for byte.
    var qualifiedName: Range<Int>
    var name: String
    var attributes: [XMLAttribute]
    var line: Int
    var children: [XMLTree] = []
    /// Character data collected so far, as UTF-8; turned into a `String` once, at the end tag.
    var text: [UInt8] = []

    func tree() -> XMLTree {
        XMLTree(
            name: name, attributes: attributes, children: children,
            text: String(decoding: text, as: UTF8.self), line: line
        )
    }
}

/// One parse of one document: the document-level structure (prolog, the element stack,
/// what may follow the root). The markup inside (tags, references, comments) is in
/// `DocumentParser+Markup.swift`.
struct DocumentParser {
    var cursor: ByteCursor
    let limits: XMLLimits
    var stack: [OpenElement] = []
    /// Qualified names of the attributes of the start tag being read, to reject duplicates;
    /// kept between tags so reading a tag allocates nothing for them.
    var attributeNames: [Range<Int>] = []
    /// The same names hashed, once a tag has too many for a linear search to stay cheap.
    var attributeNameSet: Set<ArraySlice<UInt8>> = []

    init(bytes: [UInt8], limits: XMLLimits) {
        cursor = ByteCursor(bytes)
        self.limits = limits
    }

    mutating func parseDocument() throws(XMLError) -> XMLTree {
        try skipProlog()
        let root: XMLTree
        if let empty = try parseStartTag() {
            root = empty
        } else {
            root = try parseContent()
        }
        try skipEpilogue()
        return root
    }

    /// Moves past white space, the XML declaration, comments, processing instructions and
    /// the DOCTYPE, to the `<` of the root element.
    private mutating func skipProlog() throws(XMLError) {
        var sawMarkup = false
        var sawDoctype = false
        while true {
            cursor.skipWhitespace()
            guard let byte = cursor.current else {
                throw sawMarkup ? .missingRootElement : .emptyDocument
            }
            guard byte == XMLByte.lessThan else {
                throw .malformedMarkup(expected: "the root element’s start tag, not text", line: cursor.currentLine())
            }
            sawMarkup = true
            if cursor.byte(at: 1) == XMLByte.question {
                try skipProcessingInstruction()
            } else if cursor.startsWith(Literal.commentStart) {
                try skipComment()
            } else if cursor.startsWith(Literal.doctypeStart) {
                guard !sawDoctype else {
                    throw .malformedMarkup(expected: "a single DOCTYPE declaration", line: cursor.currentLine())
                }
                sawDoctype = true
                try skipDoctype()
            } else if cursor.byte(at: 1) == XMLByte.exclamation {
                let expected = "“<!--” or “<!DOCTYPE” after “<!”"
                throw .malformedMarkup(expected: expected, line: cursor.currentLine())
            } else {
                return
            }
        }
    }

    /// Reads everything inside the root element, whose start tag has been read, through its
    /// end tag, and returns the root. One loop with an explicit stack: nesting depth costs
    /// heap memory (bounded by `maximumDepth`), never call stack.
    private mutating func parseContent() throws(XMLError) -> XMLTree {
        while let top = stack.indices.last {
            let runStart = cursor.position
            cursor.skipCharacterData()
            if cursor.position > runStart {
                stack[top].text.append(contentsOf: cursor.bytes[runStart..<cursor.position])
            }
            guard let byte = cursor.current else {
                let open = stack[top]
                throw .unexpectedEndOfInput(inside: "element <\(cursor.excerpt(open.qualifiedName))>", line: open.line)
            }
            switch byte {
            case XMLByte.carriageReturn:
                stack[top].text.append(XMLByte.lineFeed)
                cursor.skipCarriageReturn()
            case XMLByte.ampersand:
                let character = try parseReference()
                XMLByte.appendUTF8(character, to: &stack[top].text)
            default: // "<"
                switch cursor.byte(at: 1) {
                case XMLByte.slash:
                    if let root = try parseEndTag() { return root }
                case XMLByte.question:
                    try skipProcessingInstruction()
                case XMLByte.exclamation:
                    if cursor.startsWith(Literal.commentStart) {
                        try skipComment()
                    } else if cursor.startsWith(Literal.cdataStart) {
                        let content = try parseCDATA()
                        Self.appendNormalizingLineBreaks(cursor.bytes[content], to: &stack[top].text)
                    } else {
                        let expected = "“<!--” or “<![CDATA[” after “<!”"
                        throw .malformedMarkup(expected: expected, line: cursor.currentLine())
                    }
                default:
                    if let empty = try parseStartTag() { stack[top].children.append(empty) }
                }
            }
        }
        // Unreachable: the stack holds the root until its end tag returns it above.
        throw .missingRootElement
    }

    /// Moves past what may follow the root: white space, comments and processing instructions.
    private mutating func skipEpilogue() throws(XMLError) {
        while true {
            cursor.skipWhitespace()
            guard cursor.current != nil else { return }
            if cursor.startsWith(Literal.commentStart) {
                try skipComment()
            } else if cursor.startsWith(Literal.processingInstructionStart) {
                try skipProcessingInstruction()
            } else {
                throw .contentAfterRootElement(line: cursor.currentLine())
            }
        }
    }

    /// Appends character data, turning CRLF and lone CR into LF as XML's end-of-line handling
    /// requires.
    private static func appendNormalizingLineBreaks(_ bytes: ArraySlice<UInt8>, to text: inout [UInt8]) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == XMLByte.carriageReturn {
                text.append(XMLByte.lineFeed)
                if index < bytes.endIndex, bytes[index] == XMLByte.lineFeed { index += 1 }
            } else {
                text.append(byte)
            }
        }
    }
}

/// The multi-byte markup the parser recognises.
enum Literal {
    static let commentStart = Array("<!--".utf8)
    static let commentEnd = Array("-->".utf8)
    static let cdataStart = Array("<![CDATA[".utf8)
    static let cdataEnd = Array("]]>".utf8)
    static let doctypeStart = Array("<!DOCTYPE".utf8)
    static let processingInstructionStart = Array("<?".utf8)
    static let processingInstructionEnd = Array("?>".utf8)
    static let xmlns = Array("xmlns".utf8)
    static let xmlnsPrefix = Array("xmlns:".utf8)
}
