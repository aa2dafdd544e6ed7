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
        guard case .start(let root) = try parser.nextToken() else { throw .missingRootElement }
        var builder = XMLTreeBuilder(root: root)
        let tree = try builder.build(with: &parser, maximumBytes: nil)
        guard case .endOfDocument = try parser.nextToken() else { throw .missingRootElement }
        return tree
    }
}

/// A start tag as read: what an element starts with.
public struct StartTag: Hashable, Sendable {
    /// The name as written, prefix included, which the end tag must repeat.
    let qualifiedName: String
    /// The local name (see `XMLTree.name`).
    public let name: String
    /// The attributes, by local name, without namespace declarations.
    public let attributes: [XMLAttribute]
    /// The 1-based line of the tag.
    public let line: Int
    /// `<a/>`: the element ends with its start tag.
    public let isEmpty: Bool

    /// The value of the first attribute with this local name.
    public func attribute(_ localName: String) -> String? {
        attributes.first { $0.name == localName }?.value
    }
}

/// What the parser met next: a tag, or the end of the document. Character data is handed to
/// the caller on the way (see ``DocumentParser/nextToken(text:)``).
enum Token {
    case start(StartTag)
    /// An end tag, or the end of an empty element.
    case end
    /// Everything after the root element has been checked.
    case endOfDocument
}

/// One parse of one document: the document-level structure (prolog, the open elements, what
/// may follow the root) as a sequence of tokens. The markup inside (tags, references,
/// comments) is in `DocumentParser+Markup.swift`.
///
/// The document is either all in memory, or streamed: then `cursor` holds a window of it, more
/// is fetched before each piece of markup (so that one always fits), and what has been read is
/// dropped. A piece that fails to parse while more of the document could complete it is read
/// again with more of the document in the window, up to `XMLLimits.maximumTokenBytes`; so both
/// ways give the same tokens and the same errors.
struct DocumentParser {
    enum Place {
        case prolog
        case content
        case epilogue
        case finished
    }

    var cursor: ByteCursor
    let limits: XMLLimits
    /// Where more of a streamed document comes from; `nil` when it is all in `cursor`.
    private var input: XMLStreamInput?
    /// How much of the document the window should hold ahead of the read position.
    private var lookahead = DocumentParser.minimumLookahead
    /// Qualified names of the elements open, outermost first.
    var openNames: [String] = []
    /// The lines of their start tags.
    private var openLines: [Int] = []
    private(set) var place = Place.prolog
    /// The empty element just read, whose end is the next token.
    private var pendingEnd = false
    /// Qualified names of the attributes of the start tag being read, to reject duplicates;
    /// kept between tags so reading a tag allocates nothing for them.
    var attributeNames: [Range<Int>] = []
    /// The same names hashed, once a tag has too many for a linear search to stay cheap.
    var attributeNameSet: Set<ArraySlice<UInt8>> = []

    static let minimumLookahead = 64 * 1024

    /// A document all in memory, as checked UTF-8.
    init(bytes: [UInt8], limits: XMLLimits) {
        cursor = ByteCursor(bytes)
        self.limits = limits
    }

    /// A streamed document.
    init(input: XMLStreamInput, limits: XMLLimits) {
        cursor = ByteCursor([])
        self.input = input
        self.limits = limits
    }

    /// Whether the whole document has been fetched.
    private var haveAll: Bool { input?.isExhausted ?? true }

    /// How far into the document the read position is, in bytes of UTF-8.
    var offset: Int { cursor.discarded + cursor.position }

    /// The next tag, reading past anything before it; character data inside the root element
    /// is appended to `text` (references decoded, line breaks normalised, CDATA included).
    mutating func nextToken(text: inout [UInt8]) throws(XMLError) -> Token {
        if pendingEnd {
            pendingEnd = false
            if openNames.isEmpty { place = .epilogue }
            return .end
        }
        while true {
            try fetchAhead()
            switch place {
            case .prolog:
                if try attempt({ parser throws(XMLError) in try parser.skipPrologItem() }) { continue }
                let tag = try attempt { parser throws(XMLError) in try parser.parseStartTag() }
                return open(tag)
            case .content:
                if let token = try contentStep(text: &text) { return token }
            case .epilogue:
                if try attempt({ parser throws(XMLError) in try parser.skipEpilogueItem() }) { continue }
                place = .finished
                return .endOfDocument
            case .finished:
                return .endOfDocument
            }
        }
    }

    /// ``nextToken(text:)`` for callers that do not want the character data.
    mutating func nextToken() throws(XMLError) -> Token {
        var ignored: [UInt8] = []
        return try nextToken(text: &ignored)
    }

    private mutating func open(_ tag: StartTag) -> Token {
        if tag.isEmpty {
            pendingEnd = true
        } else {
            openNames.append(tag.qualifiedName)
            openLines.append(tag.line)
        }
        place = .content
        return .start(tag)
    }

    /// One piece of content: a run of character data, a reference, a line break, or markup.
    /// Returns the token when it was a tag.
    private mutating func contentStep(text: inout [UInt8]) throws(XMLError) -> Token? {
        let runStart = cursor.position
        cursor.skipCharacterData()
        if cursor.position > runStart {
            text.append(contentsOf: cursor.bytes[runStart..<cursor.position])
            return nil
        }
        guard let byte = cursor.current else {
            // Only at the real end: otherwise `fetchAhead` found more.
            guard haveAll else { return nil }
            let name = openNames.last ?? ""
            let line = openLines.last ?? cursor.currentLine()
            throw .unexpectedEndOfInput(inside: "element <\(XMLError.excerpt(Array(name.utf8)[...]))>", line: line)
        }
        switch byte {
        case XMLByte.carriageReturn:
            text.append(XMLByte.lineFeed)
            cursor.skipCarriageReturn()
        case XMLByte.ampersand:
            let character = try attempt { parser throws(XMLError) in try parser.parseReference() }
            XMLByte.appendUTF8(character, to: &text)
        default:  // "<"
            switch cursor.byte(at: 1) {
            case XMLByte.slash:
                try attempt { parser throws(XMLError) in try parser.parseEndTag() }
                openLines.removeLast()
                if openNames.isEmpty { place = .epilogue }
                return .end
            case XMLByte.question:
                try attempt { parser throws(XMLError) in try parser.skipProcessingInstruction() }
            case XMLByte.exclamation:
                let cdata = try attempt { parser throws(XMLError) -> Range<Int>? in
                    if parser.cursor.startsWith(Literal.commentStart) {
                        try parser.skipComment()
                        return nil
                    } else if parser.cursor.startsWith(Literal.cdataStart) {
                        return try parser.parseCDATA()
                    }
                    let expected = "“<!--” or “<![CDATA[” after “<!”"
                    throw .malformedMarkup(expected: expected, line: parser.cursor.currentLine())
                }
                if let cdata { Self.appendNormalizingLineBreaks(cursor.bytes[cdata], to: &text) }
            default:
                let tag = try attempt { parser throws(XMLError) in try parser.parseStartTag() }
                return open(tag)
            }
        }
        return nil
    }

    /// Moves past one piece of what may precede the root: white space, the XML declaration, a
    /// comment, a processing instruction or the DOCTYPE. False at the `<` of the root element.
    private mutating func skipPrologItem() throws(XMLError) -> Bool {
        cursor.skipWhitespace()
        guard let byte = cursor.current else {
            if !haveAll { return true }
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
            try skipDoctype()
            sawDoctype = true
        } else if cursor.byte(at: 1) == XMLByte.exclamation {
            let expected = "“<!--” or “<!DOCTYPE” after “<!”"
            throw .malformedMarkup(expected: expected, line: cursor.currentLine())
        } else {
            return false
        }
        return true
    }

    private var sawMarkup = false
    private var sawDoctype = false

    /// Moves past one piece of what may follow the root: white space, a comment or a processing
    /// instruction. False at the end of the document.
    private mutating func skipEpilogueItem() throws(XMLError) -> Bool {
        cursor.skipWhitespace()
        guard cursor.current != nil else { return !haveAll }
        if cursor.startsWith(Literal.commentStart) {
            try skipComment()
        } else if cursor.startsWith(Literal.processingInstructionStart) {
            try skipProcessingInstruction()
        } else {
            throw .contentAfterRootElement(line: cursor.currentLine())
        }
        return true
    }

    // MARK: Streaming

    /// Makes sure the window holds `lookahead` bytes past the read position, or the rest of
    /// the document, dropping what has been read.
    private mutating func fetchAhead() throws(XMLError) {
        guard var more = input, !more.isExhausted, cursor.bytes.count - cursor.position < lookahead else { return }
        input = nil
        defer { input = more }
        cursor.discard(before: cursor.position)
        var fetched: [UInt8] = []
        while !more.isExhausted, cursor.bytes.count + fetched.count < 2 * lookahead {
            try more.read(into: &fetched)
        }
        cursor.append(fetched)
    }

    /// Runs `step`, which reads one piece of markup from the read position. If it fails while
    /// the rest of the document is not in the window yet, the failure may only be the window's
    /// end: the piece is read again with a larger window, up to `maximumTokenBytes`.
    private mutating func attempt<Value>(_ step: (inout DocumentParser) throws(XMLError) -> Value) throws(XMLError) -> Value {
        let start = cursor.position
        while true {
            let value: Value
            do {
                value = try step(&self)
            } catch {
                guard !haveAll else { throw error }
                guard lookahead < limits.maximumTokenBytes else {
                    if case .unexpectedEndOfInput = error {
                        throw .tokenTooLarge(limit: limits.maximumTokenBytes, line: cursor.line(at: start))
                    }
                    throw error
                }
                cursor.position = start
                lookahead = min(lookahead * 4, limits.maximumTokenBytes)
                try fetchAhead()
                continue
            }
            lookahead = Self.minimumLookahead
            // A stream holds one piece at a time; a piece beyond the limit is refused even when
            // the window happened to hold it.
            if input != nil, cursor.position - start > limits.maximumTokenBytes {
                throw .tokenTooLarge(limit: limits.maximumTokenBytes, line: cursor.line(at: start))
            }
            return value
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

/// An element whose start tag has been read but whose end tag has not, while a tree is built:
/// one entry of an explicit stack, which stands in for recursion so depth costs heap, not stack.
struct OpenElement {
    var name: String
    var attributes: [XMLAttribute]
    var line: Int
    var children: [XMLTree] = []
    /// Character data collected so far, as UTF-8; turned into a `String` once, at the end tag.
    var text: [UInt8] = []

    init(_ tag: StartTag) {
        name = tag.name
        attributes = tag.attributes
        line = tag.line
    }

    func tree() -> XMLTree {
        XMLTree(
            name: name, attributes: attributes, children: children,
            text: String(decoding: text, as: UTF8.self), line: line
        )
    }
}

/// Builds the tree of one element from the parser's tokens, from its start tag (already read)
/// to its end tag.
struct XMLTreeBuilder {
    private var stack: [OpenElement]

    init(root: StartTag) {
        stack = [OpenElement(root)]
    }

    /// Reads to the element's end tag; `maximumBytes` bounds the element's size in the document.
    mutating func build(with parser: inout DocumentParser, maximumBytes: Int?) throws(XMLError) -> XMLTree {
        let root = stack[0]
        let start = parser.offset
        while let top = stack.indices.last {
            let token = try parser.nextToken(text: &stack[top].text)
            if let maximumBytes, parser.offset - start > maximumBytes {
                throw .elementTooLarge(name: XMLError.excerpt(Array(root.name.utf8)[...]), limit: maximumBytes, line: root.line)
            }
            switch token {
            case .start(let tag):
                stack.append(OpenElement(tag))
            case .end:
                let closed = stack.removeLast().tree()
                guard let parent = stack.indices.last else { return closed }
                stack[parent].children.append(closed)
            case .endOfDocument:
                break
            }
        }
        // Unreachable: the stack holds the element until its end tag returns it above.
        throw .missingRootElement
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
